"""Reading PBN 2.1 import format into whist deals (``tournaments.pbn``): no database."""

from __future__ import annotations

import pytest

from tournaments.pbn.cards import PACK, card_text, deal_notation, read_card
from tournaments.pbn.whist import read_deals

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
NORTH = ".63.AKQ987.A9732"


def one(text: str | bytes):  # type: ignore[no-untyped-def]
    """The only deal a text gives, asserting it was taken."""
    reading = read_deals(text)
    assert reading.ok, reading.problems
    assert len(reading.deals) == 1
    return reading.deals[0]


def refused(text: str | bytes) -> list[str]:
    """The problems of a text that must be refused."""
    reading = read_deals(text)
    assert not reading.ok
    return reading.problems


def test_it_takes_board_dealer_deal_and_trump_card() -> None:
    deal = one(f'[Board "3"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n[Trump "3D"]\n')
    assert (deal.board, deal.dealer, deal.trump) == (3, "S", "3D")
    assert deal_notation(deal.hands) == DEAL


def test_tags_may_come_in_any_order_several_on_a_line_and_across_lines() -> None:
    text = f'[Deal "{DEAL}"] [Dealer "S"]\n  [\n Board\n  "3"\n ]\n'
    assert one(text).board == 3


def test_comments_of_both_kinds_are_skipped_even_with_empty_lines_inside() -> None:
    text = (
        '{ a comment at the start\n\n[Board "9"]\n still the comment }\n'
        f'[Board "3"] ; rest of the line [Board "4"]\n[Deal "{DEAL}"] {{ a brace }} [Dealer "N"]\n'
    )
    deal = one(text)
    assert (deal.board, deal.dealer) == (3, "N")


def test_escape_lines_and_a_percent_elsewhere_are_told_apart() -> None:
    text = f'% PBN 2.1\n%[Board "9"]\n[Board "3"]\n[Event "100% whist"]\n[Deal "{DEAL}"]\n'
    assert one(text).board == 3


def test_a_tag_given_twice_in_a_game_keeps_its_first_value() -> None:
    assert one(f'[Board "3"]\n[Board "4"]\n[Deal "{DEAL}"]\n').board == 3


def test_strings_unescape_quotes_and_backslashes() -> None:
    deal = one(f'[Event "a \\"quoted\\" \\\\ name"]\n[Board "1"]\n[Deal "{DEAL}"]\n')
    assert deal.board == 1


def test_hash_inherits_the_previous_games_value() -> None:
    text = f'[Board "5"]\n[Deal "{DEAL}"]\n\n[Board "#"]\n[Deal "{DEAL}"]\n'
    reading = read_deals(text)
    assert reading.ok and [d.board for d in reading.deals] == [5]
    assert "taken once: board 5" in " ".join(reading.notes)


def test_double_hash_sets_a_value_for_every_later_game() -> None:
    other = "N:A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85 .63.AKQ987.A9732"
    text = (
        f'[Trump "##3D"]\n[Board "1"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n\n'
        f'[Board "2"]\n[Dealer "E"]\n[Deal "{other}"]\n'
    )
    reading = read_deals(text)
    assert [(d.board, d.dealer, d.trump) for d in reading.deals] == [(1, "S", "3D"), (2, "E", "3D")]


def test_a_dealer_may_not_be_inherited() -> None:
    problems = refused(f'[Dealer "##E"]\n[Board "1"]\n[Deal "{DEAL}"]\n')
    assert problems == ['Board 1 (line 1): [Dealer "##E"] may not be inherited.']


def test_a_deal_may_not_be_inherited() -> None:
    problems = refused(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "#"]\n')
    assert problems == ['Board 2 (line 5): [Deal "#"] may not be inherited.']


def test_lower_case_and_ranks_in_any_order_are_read() -> None:
    deal = one('[Board "1"]\n[dealer "x"]\n[Deal "w:2tkq.ta.24j65.58 - a8654.kq5.t.qjt6 j973.j98742.3.k4"]\n')
    assert deal.hands["W"] == ["KS", "QS", "TS", "2S", "AH", "TH", "JD", "6D", "5D", "4D", "2D", "8C", "5C"]


def test_a_partial_deal_with_one_hand_missing_is_completed() -> None:
    reading = read_deals(f'[Board "1"]\n[Deal "N:{NORTH} - J973.J98742.3.K4 KQT2.AT.J6542.85"]\n')
    assert reading.ok
    assert deal_notation(reading.deals[0].hands) == DEAL
    assert reading.notes == ["Board 1: East's hand was not given; it is the 13 cards left."]


def test_a_partial_deal_with_two_hands_missing_is_refused_naming_the_board() -> None:
    problems = refused(f'[Board "7"]\n[Deal "N:{NORTH} - J973.J98742.3.K4 -"]\n')
    assert problems == [
        "Board 7 (line 2): only North and South given; a tray needs all four hands "
        "(three, and the fourth follows)."
    ]


@pytest.mark.parametrize(
    ("board", "shown"),
    [
        ("²", "'²'"),
        ("٣", "'٣'"),
        ("99999999999999999999999999", "'999999999999…'"),
        ("0", "'0'"),
        ("-1", "'-1'"),
        ("1.5", "'1.5'"),
        ("10000", "'10000'"),
    ],
)
def test_a_board_number_that_is_not_a_small_whole_number_is_refused(board: str, shown: str) -> None:
    problems = refused(f'[Board "{board}"]\n[Deal "{DEAL}"]\n')
    assert problems == [f"Game 1 (line 2): the board number {shown} is not a whole number from 1 to 9999."]


def test_a_deal_with_no_board_number_is_refused() -> None:
    assert refused(f'[Deal "{DEAL}"]\n') == [
        "Game 1 (line 1): a deal with no board number: say which tray it goes on with [Board]."
    ]


@pytest.mark.parametrize(
    ("deal", "reason"),
    [
        ("N:AKQ.J.T.9 x y z", "East's hand 'x' does not have four suits"),
        ("X:- - - -", "'X:- - - -' is not a deal (it begins with N:, E:, S: or W:)"),
        (DEAL.replace("K4", "KQ"), "Q♣ is dealt twice"),
        (DEAL.replace("A9732", "A973"), "a hand has 13 cards; here North 12 cards"),
        (DEAL.replace(".A9732", ".A9732 extra"), "a deal has four hands, given or '-'; this one has 5"),
        ("N:- - - -", "no hand is given; a tray needs all four hands (three, and the fourth follows)"),
        ("N:AKQJ... ...AKQJ .AKQJ.. ..AKQJ.", "an end position (hands of 4 cards), not a whole deal"),
        ("N:V.63.AKQ987.A9732 - - -", "North's hand has 'V', which is not a rank"),
    ],
)
def test_a_false_deal_is_refused_with_its_reason(deal: str, reason: str) -> None:
    assert refused(f'[Board "2"]\n[Deal "{deal}"]\n') == [f"Board 2 (line 2): {reason}."]


def test_the_trump_card_must_be_in_the_dealers_hand() -> None:
    problems = refused(f'[Board "1"]\n[Dealer "N"]\n[Deal "{DEAL}"]\n[Trump "AS"]\n')
    assert problems == [
        "Board 1 (line 3): the trump card A♠ is not in the dealer's (North's) hand; "
        "the trump card is the last card dealt, to the dealer (Law III)."
    ]


@pytest.mark.parametrize("written", ["3D", "D3", "3d", "d3"])
def test_the_trump_card_is_read_either_way_round(written: str) -> None:
    assert one(f'[Board "1"]\n[Dealer "S"]\n[Deal "{DEAL}"]\n[Trump "{written}"]\n').trump == "3D"


def test_a_file_without_trump_cards_leaves_the_trump_unknown() -> None:
    assert one(f'[Board "1"]\n[Deal "{DEAL}"]\n').trump is None


def test_a_dealer_that_is_not_a_seat_is_refused() -> None:
    problems = refused(f'[Board "1"]\n[Dealer "Black"]\n[Deal "{DEAL}"]\n')
    assert problems == ["Board 1 (line 3): the dealer 'Black' is not N, E, S or W."]


def test_the_same_board_with_another_deal_is_refused() -> None:
    other = DEAL.replace("N:", "E:")
    problems = refused(f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "1"]\n[Deal "{other}"]\n')
    assert problems == ["Board 1 (line 5): game 2 gives board 1 another deal than game 1 (line 2)."]


def test_bridge_tags_are_left_and_named() -> None:
    text = (
        f'[Event "E"]\n[Board "1"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n[Contract "5HX"]\n'
        '[Auction "N"]\n1D 1S 3H =1= 4S\n[Note "1:weak"]\n[Play "W"]\nSK H3 S4 S3\n*\n'
    )
    reading = read_deals(text)
    assert reading.ok
    assert reading.notes == [
        "Not taken, as a whist tray has no use for them: Auction, Contract, Note, Play, Vulnerable."
    ]


def test_a_tag_pair_broken_anywhere_refuses_the_file_naming_the_line() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Event No_quotes]\n\n[Event "open\n\njunk here\n'
    assert refused(text) == [
        "Game 2 (line 4): [Event] has no value in quotes.",
        "Game 3 (line 6): the value of [Event] is not closed with '\"'.",
        "Game 4 (line 8): 'junk' is not a tag pair.",
    ]


def test_an_unclosed_brace_comment_is_refused() -> None:
    assert refused(f'[Board "1"]\n[Deal "{DEAL}"]\n{{ never closed\n') == [
        "Board 1 (line 3): a '{' comment is never closed with '}'."
    ]


def test_latin1_and_utf8_with_or_without_bom_read_alike() -> None:
    text = f'[Event "Soirée à Liège"]\n[Board "1"]\n[Deal "{DEAL}"]\n'
    for data in (text.encode("iso-8859-1"), text.encode("utf-8"), b"\xef\xbb\xbf" + text.encode("utf-8")):
        assert one(data).board == 1


def test_crlf_cr_and_lf_line_ends_read_alike() -> None:
    text = f'[Board "1"]\n[Deal "{DEAL}"]\n\n[Board "2"]\n[Deal "{DEAL.replace("N:", "E:")}"]\n'
    for end in ("\r\n", "\r", "\n"):
        assert [d.board for d in read_deals(text.replace("\n", end)).deals] == [1, 2]


@pytest.mark.parametrize(
    ("data", "problem"),
    [
        ("x".encode("utf-16"), "This file is UTF-16 text; save it as ISO-8859-1 or UTF-8 and try again."),
        (b"\x00\x01\x02binary", "This is not a PBN text file: it has NUL bytes (a binary file?)."),
        (b"", "There is no board with a [Deal] in this file."),
        (b"\x89PNG\r\n\x1a\n\xff\xfe", "Game 1 (line 1): '\\x89PNG' is not a tag pair."),
    ],
)
def test_what_is_not_pbn_text_is_refused_clearly(data: bytes, problem: str) -> None:
    assert refused(data)[0] == problem


def test_a_refusal_lists_at_most_thirty_problems_and_counts_the_rest() -> None:
    text = "\n\n".join(f'[Board "{n}"]\n[Deal "N:- - - -"]' for n in range(1, 41))
    message = read_deals(text).message().split("\n")
    assert len(message) == 31 and message[-1] == "... and 10 more problems."


def test_cards_are_written_with_their_suit_symbol() -> None:
    assert [card_text(c) for c in ("KC", "TH", "2S", "AD")] == ["K♣", "10♥", "2♠", "A♦"]
    assert card_text("6X") == "" and read_card("10c") == "TC" and len(PACK) == 52
