"""Every PBN file written by other programs (``tests/data/pbn/``): imported, or refused naming the board.

Each file the club can import is written out again in export format; the
export passes the checker and reads back to the same deals.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from tournaments.pbn.checker import check_export
from tournaments.pbn.whist import read_deals
from tournaments.pbn.writer import ExportDeal, export_bytes

from .other_programs import EXPECTED, Refused, Taken

OTHER_PROGRAMS = Path(__file__).resolve().parents[1] / "data" / "pbn"
FILES = sorted(p.name for p in OTHER_PROGRAMS.glob("*.pbn"))


def test_every_file_of_other_programs_is_here_with_its_expected_outcome() -> None:
    assert FILES and sorted(EXPECTED) == FILES


@pytest.mark.parametrize("name", FILES)
def test_each_file_is_imported_or_refused_with_board_and_reason(name: str) -> None:
    reading = read_deals((OTHER_PROGRAMS / name).read_bytes())
    expected = EXPECTED[name]
    if isinstance(expected, Refused):
        assert not reading.ok
        assert reading.problems == expected.problems
    else:
        assert reading.ok, reading.problems
        assert [d.board for d in reading.deals] == expected.boards
        assert reading.notes == expected.notes


@pytest.mark.parametrize("name", [n for n in FILES if isinstance(EXPECTED.get(n), Taken)])
def test_each_imported_file_exported_again_is_valid_export_format(name: str) -> None:
    reading = read_deals((OTHER_PROGRAMS / name).read_bytes())
    deals = [
        ExportDeal(board=d.board, dealer=d.dealer or "N", hands=d.hands, trump=d.trump or "")
        for d in reading.deals
    ]
    data = export_bytes(event=f"Imported from {name}", date=dt.date(2026, 11, 1), deals=deals)
    assert check_export(data) == []
    again = read_deals(data)
    assert [(d.board, d.dealer, d.hands, d.trump) for d in again.deals] == [
        (d.board, d.dealer or "N", d.hands, d.trump) for d in reading.deals
    ]
