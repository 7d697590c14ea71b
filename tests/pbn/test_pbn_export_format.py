"""PBN 2.1 export format: what the writer writes, and what the checker catches (no database)."""

from __future__ import annotations

import datetime as dt
import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tournaments.pbn.cards import PACK, SEATS, sort_hand
from tournaments.pbn.checker import check_export
from tournaments.pbn.whist import read_deals
from tournaments.pbn.writer import MANDATORY, ExportDeal, export_bytes, tag

HANDS = {
    "N": sort_hand(["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S", "5S", "4S", "3S", "2S"]),
    "E": sort_hand([r + "H" for r in "AKQJT98765432"]),
    "S": sort_hand([r + "D" for r in "AKQJT98765432"]),
    "W": sort_hand([r + "C" for r in "AKQJT98765432"]),
}


def good(**kwargs: object) -> bytes:
    """Two trays in export format, the second dealt by East with a trump card and a comment."""
    deals = [
        ExportDeal(board=1, dealer="N", hands=HANDS),
        ExportDeal(board=2, dealer="E", hands=HANDS, trump="KH", comment="Double dummy, hearts trumps"),
    ]
    return export_bytes(event="Club night", date=dt.date(2026, 11, 1), deals=deals, **kwargs)  # type: ignore[arg-type]


def test_the_writer_writes_mandatory_tags_in_order_then_supplemental_ones() -> None:
    text = good().decode("iso-8859-1")
    lines = text.split("\r\n")
    assert lines[:2] == ["% PBN 2.1", "% EXPORT"]
    assert [line[1 : line.index(" ")] for line in lines[2:17]] == list(MANDATORY)
    second = lines[lines.index("") + 1 :]
    assert second[10] == '[Deal "E:.AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432 AKQJT98765432..."]'
    assert second[15:17] == ['[Trump "KH"]', "{Double dummy, hearts trumps}"]
    assert check_export(good()) == []


def test_the_writer_keeps_to_iso_8859_1_and_escapes_strings() -> None:
    deals = [ExportDeal(board=1, dealer="S", hands=HANDS)]
    data = export_bytes(event='Soirée "♣" \\ night', date=None, deals=deals)
    assert b'[Event "Soir\xe9e \\"?\\" \\\\ night"]' in data
    assert b'[Date "????.??.??"]' in data
    assert check_export(data) == []


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (b"\r\n", b"\n", "line 1: ends with '\\n', not CR LF (2.3)"),
        (b"% EXPORT\r\n", b"", "line 1: no '% EXPORT' line says the file is in export format (2.4)"),
        (
            b'[Site "?"]\r\n',
            b"",
            "line 3: the 15 mandatory tags must come first, in order; missing Site (3.4)",
        ),
        (
            b'[Event "Club night"]',
            b'[Event  "Club night"]',
            'line 3: not a tag pair alone on its line as [Name "value"] (3.3)',
        ),
        (b'[Event "Club night"]', b'[Event "Club\tnight"]', "line 3: a tab; export format has none (2.3)"),
        (b'[Dealer "N"]', b'[Dealer "n"]', 'line 11: [Dealer "n"] is not a value export format allows (3.4)'),
        (b'[Board "1"]', b'[Board "#"]', 'line 6: [Board "#"] inherits; this app\'s exports never do (4.8)'),
        (
            b'[Date "2026.11.01"]',
            b'[Date "1.11.2026"]',
            'line 5: [Date "1.11.2026"] is not a value export format allows (3.4)',
        ),
        (
            b'[Vulnerable "None"]',
            b'[Vulnerable "-"]',
            'line 12: [Vulnerable "-"] is not a value export format allows (3.4)',
        ),
        (
            b'[Deal "N:AKQJ',
            b'[Deal "N:KAQJ',
            "line 13: the ranks KAQJT98765432 are not in descending order (3.4.11)",
        ),
        (b'[Deal "N:', b'[Deal "S:', "line 13: [Deal] begins with S, not the dealer N (3.4.11)"),
        (b"\r\n\r\n[Event", b"\r\n[Event", "line 18: [Event] occurs more than once in a game (3.4)"),
        (b"{Double dummy, hearts trumps}", b"{Double dummy", "line 35: a '{' comment is never closed (3.8)"),
        (
            b'[Trump "KH"]',
            b'[Zed "1"]\r\n[Trump "KH"]',
            "line 19: the supplemental tags are not sorted by name (3.4)",
        ),
    ],
)
def test_the_checker_names_the_line_and_the_rule_broken(old: bytes, new: bytes, problem: str) -> None:
    data = good()
    assert old in data
    assert problem in check_export(data.replace(old, new, 1))


def test_the_checker_refuses_a_line_over_255_characters() -> None:
    data = good().replace(b"{Double dummy, hearts trumps}", b"{" + b"x" * 300 + b"}")
    assert "line 35: 304 characters with CR LF; at most 255 (2.3)" in check_export(data)


def test_the_checker_refuses_control_characters_and_a_card_dealt_twice() -> None:
    data = good().replace(b'"Club night"', b'"Club\x85night"', 1).replace(b"N:AKQJT", b"N:AAQJT", 1)
    problems = check_export(data)
    assert "line 3: the control character 133 (2.2)" in problems
    assert "line 13: a card is dealt twice (3.4.11)" in problems


def deal_of(seed: int) -> dict[str, list[str]]:
    """A random deal, 13 cards a hand."""
    pack = sorted(PACK)
    random.Random(seed).shuffle(pack)
    return {s: sort_hand(pack[13 * i : 13 * i + 13]) for i, s in enumerate(SEATS)}


@settings(max_examples=60, deadline=None)
@given(
    seeds=st.lists(st.integers(0, 10**9), min_size=1, max_size=8),
    dealers=st.lists(st.sampled_from(SEATS), min_size=8, max_size=8),
    title=st.text(max_size=120),
)
@example(seeds=[0], dealers=["N"] * 8, title="#")  # would inherit the Event of a previous game (4.8)
@example(seeds=[0], dealers=["N"] * 8, title="##Spring pairs")
@example(seeds=[0], dealers=["N"] * 8, title="#12 club night")
def test_any_deals_and_any_title_export_valid_and_read_back(
    seeds: list[int], dealers: list[str], title: str
) -> None:
    deals = []
    for board, seed in enumerate(seeds, start=1):
        hands, dealer = deal_of(seed), dealers[board - 1]
        deals.append(ExportDeal(board=board, dealer=dealer, hands=hands, trump=hands[dealer][seed % 13]))
    data = export_bytes(event=title, date=dt.date(2026, 1, 31), deals=deals)
    assert check_export(data) == []
    back = read_deals(data)
    assert [(d.board, d.dealer, d.hands, d.trump) for d in back.deals] == [
        (d.board, d.dealer, d.hands, d.trump) for d in deals
    ]


@pytest.mark.parametrize(
    ("title", "written"),
    [("#", "?"), ("##Spring pairs", "Spring pairs"), ("#12 club night", "#12 club night")],
)
def test_a_title_pbn_would_read_as_inherited_is_written_plainly(title: str, written: str) -> None:
    assert tag("Event", title) == f'[Event "{written}"]'
