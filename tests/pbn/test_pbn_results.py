"""A session's results as PBN 2.1 with a ScoreTable (``tournaments/pbn/results.py``)."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction as F

import pytest

from tournaments.pbn.cards import read_deal, whole_deal
from tournaments.pbn.checker import check_export
from tournaments.pbn.results import ResultLine, ResultsFileError, read_results, results_bytes
from tournaments.pbn.writer import ExportDeal

LINES = [
    ResultLine(1, "1", "5", 8, table=1, round=1),
    ResultLine(1, "2", "6", 13, table=2, round=1),
    ResultLine(1, "3", "7", None, table=3, round=1, ns_percent=F(60), ew_percent=F(115, 2)),
    ResultLine(2, "1", "6", 0, table=1, round=2),
    ResultLine(2, "12A", "Visitors 2", 7, table=2, round=2),
]


def one_suit_each() -> ExportDeal:
    """North all spades, East all hearts, South all diamonds, West all clubs."""
    suit = "AKQJT98765432"
    hands, _ = whole_deal(read_deal(f"N:{suit}... .{suit}.. ..{suit}. ...{suit}").hands)
    return ExportDeal(board=1, dealer="N", hands=hands, trump="AS")


def written(deals: tuple[ExportDeal, ...] = ()) -> bytes:
    return results_bytes(
        site="Riverside Whist", event="Autumn sim", date=dt.date(2026, 11, 4), lines=LINES, deals=deals
    )


@pytest.mark.parametrize("deals", [(), (one_suit_each(),)])
def test_the_results_file_passes_the_export_format_checker(deals):
    assert check_export(written(deals)) == []


@pytest.mark.parametrize("deals", [(), (one_suit_each(),)])
def test_written_results_read_back_as_they_were(deals):
    heat = read_results(written(deals))
    assert heat.club == "Riverside Whist"
    assert heat.event == "Autumn sim" and heat.date == "2026.11.04"
    assert heat.lines == tuple(LINES)
    assert list(heat.by_board()) == [1, 2]


def test_the_result_is_written_as_the_result_tag_writes_ns_tricks():
    text = written().decode("iso-8859-1")
    assert '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Result;Percentage_NS;Percentage_EW"]' in text
    assert '1 1 1 5 "NS 8" - -\r\n' in text
    assert "3 1 3 7 - ^60 ^57.5\r\n" in text
    assert '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Result"]\r\n1 2 1 6 "NS 0"\r\n' in text
    assert '"Visitors 2"' in text
    assert '[Site "Riverside Whist"]' in text


HAND_WRITTEN = """% PBN 2.1
[Event "Autumn sim"]
[Site "Hilltop Duplicate Whist"]
[Date "2026.11.05"]
[Board "3"]
[Dealer "E"]
[ScoreTable "Table\\\\2R;+PairId_NS\\\\3R;PairId_EW\\\\3R;Round;Result\\\\8L;Percentage_NS;Percentage_EW"]
 1   1  11 1 "NS 8"   -  -
 2   2  12 1 "EW 6"   -  -
 3   3  13 1
 "^NS 9 EW 4" - -
 4   4  14 1 -        ^50 ^50

[Board "4"]
[ScoreTable "PairId_EW;PairId_NS;Result"] ; columns in another order
12 1 "EW 13"
"""


def test_a_hand_written_table_in_the_standards_column_format_is_read():
    heat = read_results(HAND_WRITTEN.replace("\n", "\r\n"))
    assert heat.club == "Hilltop Duplicate Whist"
    assert [(x.board, x.table, x.ns, x.ew, x.ns_tricks) for x in heat.lines] == [
        (3, 1, "1", "11", 8),
        (3, 2, "2", "12", 7),
        (3, 3, "3", "13", 9),
        (3, 4, "4", "14", None),
        (4, None, "1", "12", 0),
    ]
    assert heat.lines[3].ns_percent == heat.lines[3].ew_percent == 50


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('"NS 8"', '"8"'), "board 3, row 1: the result '8' does not say whose tricks; write \"NS 8\""),
        (('"NS 8"', '"NS 14"'), "board 3, row 1: the result 'NS 14': tricks are 0 to 13"),
        (('"^NS 9 EW 4"', '"NS 9 EW 5"'), "do not make 13"),
        (("^50 ^50", "^50 -"), "board 3, row 4: an artificial score (Result '-') needs its Percentage_EW"),
        (('[Site "Hilltop Duplicate Whist"]', '[Site "?"]'), "the [Site] tag must name the club"),
        (('12 1 "EW 13"', '12 1 "EW 13" 5'), "board 4: the ScoreTable's 4 elements are not whole rows"),
        (("PairId_EW;PairId_NS", "PairId_EW;Pair"), "board 4: the ScoreTable has no column PairId_NS"),
    ],
)
def test_a_wrong_results_file_is_refused_naming_the_board_and_row(change, message):
    with pytest.raises(ResultsFileError) as caught:
        read_results(HAND_WRITTEN.replace(*change))
    assert message in str(caught.value)


def test_a_file_of_deals_alone_holds_no_results():
    with pytest.raises(ResultsFileError, match="no ScoreTable"):
        read_results('[Board "1"]\n[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. -"]\n')
