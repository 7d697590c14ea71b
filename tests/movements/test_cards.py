"""Movement cards (p. 39) and the phone page's move sentence, derived from any movement."""

from __future__ import annotations

import pytest

from tournaments.movements import generate
from tournaments.movements.cards import (
    by_rounds,
    guide_card,
    guide_cards,
    number_word,
    ordinal,
    table_move_sentence,
)
from tournaments.movements.design import design_pairs

#: The specimen movement card, p. 39, as the North player reads it.
SPECIMEN_NORTH = """EIGHT PAIRS. TABLE 2.
Original North and South Pair, No. 6.
Original East and West Pair, No. 3.
Original Deals, Nos. 4, 5.
SCHEDULE.
1st Round | Pair 6 | vs. | Pair 3 | Deal 4
2d Round | Pair 7 | vs. | Pair 4 | Deal 5
3d Round | Pair 1 | vs. | Pair 5 | Deal 6
4th Round | Pair 2 | vs. | Pair 6 | Deal 7
5th Round | Pair 3 | vs. | Pair 7 | Deal 1
6th Round | Pair 4 | vs. | Pair 1 | Deal 2
7th Round | Pair 5 | vs. | Pair 2 | Deal 3
NORTH — Go next to Table 4, East.
(Take deal just played to Table 1.)"""


def test_the_eight_pair_card_for_table_two_is_the_books_specimen():
    card = guide_card(generate("howell", pairs=8), 2)
    assert card.text("N") == SPECIMEN_NORTH


def test_the_south_line_printed_upside_down_reads_table_four_west():
    card = guide_card(generate("howell", pairs=8), 2)
    assert card.moves["S"] == "SOUTH — Go next to Table 4, West."
    assert card.text("S").splitlines()[-2] == "SOUTH — Go next to Table 4, West."


def test_the_east_and_west_lines_follow_pair_three_after_pair_two():
    card = guide_card(generate("howell", pairs=8), 2)
    assert card.moves["E"] == "EAST — Go next to Table 3, East."
    assert card.moves["W"] == "WEST — Go next to Table 3, West."


def test_the_pivot_keeps_its_seat():
    card = guide_card(generate("howell", pairs=8), 1)
    assert card.moves["N"] == "NORTH — Keep your seat."
    assert card.originals[-1] == "Original Deals, Nos. 1, 2, 3."


def test_mitchell_cards_send_ew_up_a_table_and_deals_down():
    m = generate("mitchell", tables=5)
    card = guide_card(m, 3)
    assert card.header == "TEN PAIRS. TABLE 3."
    assert card.moves["N"] == "NORTH — Keep your seat."
    assert card.moves["E"] == "EAST — Go next to Table 4, East."
    assert card.tray_move == "(Take deal just played to Table 2.)"


def test_a_move_that_changes_from_round_to_round_is_given_round_by_round_in_the_schedule():
    """Issue: the card read "NORTH — Go next to Table 4, North; after the 1st Round, go next to Table 4,
    East; ...": which move after which round was anybody's guess."""
    card = guide_cards(generate("mitchell", tables=4, variant="mod1"))[0]
    assert card.headings[-2:] == ("N. & S. next", "E. & W. next")
    assert [row.split(" | ")[-1] for row in card.schedule] == [
        "Table 2, E-W",
        "Table 3, E-W",
        "Table 2, E-W",
        "",
    ]
    assert card.moves["E"] == 'EAST — Go where "E. & W. next" says; at an N-S place, sit North.'
    assert card.moves["S"] == 'SOUTH — Go where "N. & S. next" says; at an E-W place, sit West.'


def test_a_players_moves_that_change_name_the_rounds_they_follow():
    assert by_rounds(
        {1: "Go next to Table 4, East", 2: "Go next to Table 4, North", 3: "Go next to Table 4, North"}
    ) == ("After round 1, go next to Table 4, East; after rounds 2-3, go next to Table 4, North.")
    assert by_rounds({1: "Keep your seat", 2: "Keep your seat"}) == "Keep your seat."


def test_a_designed_movement_s_cards_say_who_sits_out_and_where_that_pair_comes_in():
    """Tryout: the designed movement's cards did not show who sits out nor where the pair sitting out
    comes in (pair 11 in round 1, pair 5 leaving Table 2)."""
    m = design_pairs(11, 10, 2, seconds=60, seed=3, steps=300)
    cards = guide_cards(m)
    assert all(c.headings[-1] == "Sits out" for c in cards)
    for r in m.rounds[:-1]:
        (who,) = r.sitout
        comes_in = next(t for t in m.rounds[r.number].tables if who in (t.ns, t.ew))
        side = "N-S" if comes_in.ns == who else "E-W"
        cell = cards[0].schedule[r.number - 1].split(" | ")[-1]
        assert cell == f"Pair {who}, then Table {comes_in.table}, {side}"
    leaving = [(c.table, row) for c in cards for row in c.schedule if "| sit out |" in f"{row} |"]
    assert leaving, "the card of the table a pair leaves to sit out says so in its row"


def test_cards_cover_every_table_and_seat_of_any_movement():
    for m in (generate("clay", tables=6), generate("snow", tables=3), generate("safford", pairs=12)):
        cards = guide_cards(m)
        assert [c.table for c in cards] == list(range(1, m.tables + 1))
        assert all(set(c.moves) == {"N", "E", "S", "W"} for c in cards)
        assert all(len(c.schedule) == len(m.rounds) for c in cards)


def test_a_pair_due_to_sit_out_is_told_so_and_where_to_come_back():
    card = guide_card(generate("howell", pairs=7), 3)
    assert card.moves["E"] == "EAST — Sit out the next round."
    # pair 1 sits out first and comes back in the seat of pair 7 (8-pair schedule, p. 39)
    assert card.sitout_move == "SITTING OUT — Go next to Table 3, North and South."
    assert card.text("E").endswith(card.sitout_move)


def test_players_by_seat_get_their_own_cards():
    m = generate("individual", players=8)
    card = guide_card(m, 1)
    assert card.header == "EIGHT PLAYERS. TABLE 1."
    assert card.schedule[0] == "1st Round | N 4 | E 1 | S 2 | W 8 | Deals 1, 2"
    assert card.moves["N"] == "NORTH — Go next to Table 2, East."  # Howell's table of changes, p. 27
    assert card.moves["W"] == "WEST — Keep your seat."


def test_the_phone_sentence_says_who_goes_where():
    m = generate("mitchell", tables=5)
    assert table_move_sentence(m, 2, 1) == "N-S stay; E-W go to Table 3, East-West; tray 2 goes to Table 1."
    h = generate("howell", pairs=8)
    assert table_move_sentence(h, 2, 1) == (
        "N-S go to Table 4, East-West; E-W go to Table 3, East-West; tray 4 goes to Table 1."
    )
    assert table_move_sentence(h, 2, 7) == "Last round: the session is over."


def test_the_phone_sentence_handles_sets_and_players():
    s = generate("snow", tables=3, deals=9)
    assert table_move_sentence(s, 1, 1) == "N-S stay; E-W go to Table 2, East-West; trays go to Table 3."
    i = generate("individual", players=8)
    assert table_move_sentence(i, 1, 1).startswith("N goes to Table 2, East; ")


@pytest.mark.parametrize(
    ("n", "word", "nth"),
    [(8, "eight", "8th"), (21, "twenty-one", "21st"), (22, "twenty-two", "22d"), (13, "thirteen", "13th"),
     (36, "thirty-six", "36th"), (3, "three", "3d")],
)  # fmt: skip
def test_numbers_are_written_the_books_way(n, word, nth):
    assert number_word(n) == word
    assert ordinal(n) == nth


def test_deals_no_table_plays_again_are_said_to_be_so_not_left_blank():
    """Tryout: where the deals just played go next was a blank cell when no table plays them again (the
    book's table of changes, p. 27, says "does not move" in words where there is no move)."""
    parallel = {c.table: c for c in guide_cards(generate("parallel", pairs=8))}
    card = parallel[1]
    deals_next = card.headings.index("Deals next")
    cells = [row.split(" | ")[deals_next] for row in card.schedule]
    assert cells[:4] == ["Table 3", "Table 4", "Table 3", "not played again"]
    assert cells[-1] == "not played again", "the last round's deals go nowhere either"
    snow = {c.table: c for c in guide_cards(generate("snow", pairs=5))}
    first = snow[1].schedule[0].split(" | ")[snow[1].headings.index("Deals next")]
    assert first == "1: Table 2; 2: not played again; 3: not played again"
    for m in (generate("mitchell", pairs=5), generate("clay", pairs=7), generate("parallel", pairs=11)):
        for c in guide_cards(m):
            column = c.headings.index("Deals next")
            rows = [row.split(" | ") for row in c.schedule]
            assert all(cells[column] for cells in rows if cells[1] != "not played"), (c.table, c.schedule)
