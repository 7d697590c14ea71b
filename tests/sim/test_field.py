"""Simultaneous whist: many heats scored as one field (``scoring/scorers/field.py``)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from scoring.scorers import score
from scoring.scorers.field import Field, FieldError, FieldLine, Heat, score_field
from scoring.scorers.field_matchpoints import matchpoint_table
from scoring.scorers.types import DealSlip, SlipResult, Slips
from tests.sim.examples import (
    EBU_CLUB_MP,
    EBU_CLUB_TRICKS,
    FORUM_MP,
    FORUM_TRICKS,
    NATIONWIDE_MP,
    NATIONWIDE_TRICKS,
    NEUBERG_MP,
    NEUBERG_PRINTED,
    club_of,
    neuberg_heats,
    split_heats,
)

PUBLISHED = [
    (EBU_CLUB_TRICKS, EBU_CLUB_MP, 10),
    (NATIONWIDE_TRICKS, NATIONWIDE_MP, 20),
    (FORUM_TRICKS, FORUM_MP, 18),
]


@pytest.mark.parametrize(("tricks", "mp", "top"), PUBLISHED)
@pytest.mark.parametrize("clubs", [1, 2, 3])
def test_each_published_frequency_table_is_matchpointed_across_the_field(tricks, mp, top, clubs):
    field = Field("matchpoints", split_heats(1, tricks, clubs))
    scores = field.deal_scores()[0].scores
    assert [scores[(club_of(i, clubs), str(i))] for i in range(1, len(tricks) + 1)] == mp
    assert [scores[(club_of(i, clubs), str(100 + i))] for i in range(1, len(tricks) + 1)] == [
        top - x for x in mp
    ]
    assert field.standings().summary["top"] == top
    assert matchpoint_table(tricks) == mp


@pytest.mark.parametrize(("tricks", "mp", "top"), PUBLISHED)
def test_a_pairs_percentage_is_its_matchpoints_over_the_top(tricks, mp, top):
    rows = {r.key: r for r in score_field("matchpoints", split_heats(1, tricks, 2)).standings}
    for i, points in enumerate(mp, start=1):
        assert rows[(club_of(i, 2), str(i))].score == F(100 * points, top)


def test_neubergs_ten_results_where_eleven_were_expected():
    field = Field("matchpoints", neuberg_heats())
    deal1, deal2 = field.deal_scores()
    assert field.standings().summary == {"top": 20, "most_played": 11}
    factored = [deal2.scores[(club_of(i, 3), str(i))] for i in range(1, 11)]
    assert factored == NEUBERG_MP
    assert [f"{float(x):.1f}" for x in factored] == NEUBERG_PRINTED
    assert deal1.scores[("Club 1", "1")] == 20  # the most-played deal is not factored


def test_the_two_sides_of_a_table_share_the_top_after_factoring():
    field = Field("matchpoints", neuberg_heats())
    for deal in field.deal_scores():
        for i in range(1, 12):
            club = club_of(i, 3)
            if (club, str(i)) in deal.scores:
                assert deal.scores[(club, str(i))] + deal.scores[(club, str(100 + i))] == 20


def test_a_pairs_tops_are_the_tops_of_the_deals_it_played():
    rows = {r.key: r for r in score_field("matchpoints", neuberg_heats()).standings}
    assert rows[("Club 1", "1")].extra["tops"] == 40
    assert rows[("Club 2", "11")].extra["tops"] == 20  # played deal 1 only: deal 2 is blank, not an average
    assert rows[("Club 1", "1")].score == F(100) * (20 + F(199, 10)) / 40


def random_heats(rng: random.Random, clubs: int, tables: int, deals: int) -> list[Heat]:
    """Mitchells of ``tables`` tables, every deal at every table, random tricks."""
    return [
        Heat(
            f"Club {c}",
            tuple(
                FieldLine(d, str(t), str(tables + (t + d) % tables + 1), rng.randint(0, 13))
                for d in range(1, deals + 1)
                for t in range(1, tables + 1)
            ),
        )
        for c in range(1, clubs + 1)
    ]


def table(field: Field) -> list[tuple[str, str, str, F, int, int]]:
    """The standings as plain tuples, sorted by pair."""
    return sorted(
        (r.club, r.pair, r.direction, r.score, r.rank, r.club_rank) for r in field.standings().standings
    )


@pytest.mark.parametrize("method", ["matchpoints", "trick", "exponent"])
def test_adding_heats_one_by_one_equals_scoring_them_all_at_once(method):
    heats = random_heats(random.Random(7), clubs=5, tables=4, deals=6)
    held = Field(method)
    for heat in heats:
        held.add(heat)
        held.standings()
    assert table(held) == table(Field(method, heats))
    assert held.deal_scores() == Field(method, heats).deal_scores()


@pytest.mark.parametrize("method", ["matchpoints", "trick", "exponent"])
def test_the_order_of_a_heats_lines_and_of_the_heats_does_not_matter(method):
    heats = random_heats(random.Random(8), clubs=4, tables=5, deals=4)
    rng = random.Random(9)
    shuffled = [Heat(h.club, tuple(rng.sample(h.lines, len(h.lines)))) for h in reversed(heats)]
    assert table(Field(method, heats)) == table(Field(method, shuffled))


def test_a_club_sending_again_replaces_its_heat():
    heats = random_heats(random.Random(10), clubs=3, tables=4, deals=4)
    corrected = Heat("Club 2", tuple(FieldLine(x.deal, x.ns, x.ew, 13 - x.ns_tricks) for x in heats[1].lines))
    held = Field("matchpoints", heats)
    held.standings()
    held.add(corrected)
    assert table(held) == table(Field("matchpoints", [heats[0], corrected, heats[2]]))
    held.remove("Club 2")
    assert table(held) == table(Field("matchpoints", [heats[0], heats[2]]))


def test_pooled_matchpoints_agree_with_the_clubs_matchpoint_scorer_on_one_big_slip():
    heats = random_heats(random.Random(11), clubs=3, tables=5, deals=3)
    field = Field("matchpoints", heats)
    keys = sorted({(h.club, x) for h in heats for ln in h.lines for x in (ln.ns, ln.ew)})
    number = {k: i for i, k in enumerate(keys, start=1)}
    deals = tuple(
        DealSlip(
            d,
            tuple(
                SlipResult(t, number[(h.club, ln.ns)], number[(h.club, ln.ew)], ln.ns_tricks)
                for t, (h, ln) in enumerate(((h, ln) for h in heats for ln in h.lines if ln.deal == d), 1)
            ),
        )
        for d in (1, 2, 3)
    )
    scores = score("matchpoints", Slips(tuple(number.values()), deals))
    expected = {keys[t.entrant - 1]: (t.extra["percent"], t.rank) for t in scores.entrants}
    assert {r.key: (r.score, r.rank) for r in field.standings().standings} == expected


def test_an_artificial_score_is_its_percentage_of_the_top_and_not_matchpointed_against():
    lines = [FieldLine(1, str(i), str(100 + i), t) for i, t in enumerate([9, 8, 7], start=1)]
    lines.append(FieldLine(1, "4", "104", None, F(60), F(40)))
    field = Field("matchpoints", [Heat("A", tuple(lines)), *split_heats(1, [8], 1)])
    scores = field.deal_scores()[0].scores
    assert field.standings().summary["most_played"] == 4  # 3 + 1 played, the artificial table left out
    assert scores[("A", "4")] == F(6, 10) * 6 and scores[("A", "104")] == F(4, 10) * 6
    assert scores[("A", "1")] == 6  # beat the other three N-S results


def test_exact_ties_share_the_higher_place():
    rows = score_field("matchpoints", split_heats(1, NATIONWIDE_TRICKS, 1)).standings
    # N-S 100, 90, 70 x3, 45 x2, 30, 15 x2, 0 and E-W the mirror: one ranking of 22 pairs
    assert [(r.rank, r.score) for r in rows] == [
        *[(1, 100)] * 2,
        (3, 90),
        *[(4, 85)] * 2,
        *[(6, 70)] * 4,
        *[(10, 55)] * 2,
        *[(12, 45)] * 2,
        *[(14, 30)] * 4,
        *[(18, 15)] * 2,
        (20, 10),
        *[(21, 0)] * 2,
    ]


def test_the_club_rank_is_the_heat_scored_alone_not_the_field_restricted_to_the_club():
    # Club A's pair 1 beats its clubmates but is below the strong field of club B.
    weak = Heat("A", tuple(FieldLine(1, str(i), str(10 + i), t) for i, t in enumerate([7, 5, 4], 1)))
    strong = Heat("B", tuple(FieldLine(1, str(i), str(10 + i), t) for i, t in enumerate([9, 9, 8], 1)))
    rows = {r.key: r for r in score_field("matchpoints", [weak, strong]).standings}
    assert rows[("A", "1")].club_rank == 1 and rows[("A", "1")].score == 40
    assert rows[("A", "1")].rank > rows[("B", "3")].rank
    assert rows[("A", "11")].club_rank == 5 and rows[("A", "13")].club_rank == 1


def test_trick_across_the_field_is_against_the_fields_average_of_each_side():
    field = Field("trick", split_heats(1, FORUM_TRICKS, 3))
    scores = field.deal_scores()[0].scores
    average = F(sum(FORUM_TRICKS), len(FORUM_TRICKS))
    assert scores[("Club 1", "1")] == 10 - average
    assert scores[("Club 1", "101")] == average - 10


def test_exponent_across_the_field_counts_gains_from_the_fields_lowest_score():
    field = Field("exponent", split_heats(1, FORUM_TRICKS, 3))
    scores = field.deal_scores()[0].scores
    # N-S gains 4,4,3,2,2,2,0,0,0,0 = 17; E-W gains 0,0,1,2,2,2,4,4,4,4 = 23: N-S equated by 6/10.
    assert scores[("Club 1", "1")] == 4 + F(6, 10)
    assert scores[("Club 1", "101")] == 0


def test_directions_say_which_way_each_pair_sat():
    switched = Heat("A", (FieldLine(1, "1", "2", 7), FieldLine(2, "2", "1", 6), FieldLine(1, "3", "4", 5)))
    rows = {r.pair: r.direction for r in score_field("matchpoints", [switched]).standings}
    assert rows == {"1": "NS/EW", "2": "NS/EW", "3": "NS", "4": "EW"}


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (FieldLine(1, "6", "7", 14), "outside 0..13"),
        (FieldLine(1, "1", "1", 7), "must be two pairs"),
        (FieldLine(1, "1", "5", 7), "plays the deal twice"),
        (FieldLine(1, "6", "7", None, F(50)), "no tricks and no artificial score"),
        (FieldLine(1, "6", "7", None, F(120), F(0)), "outside 0..100"),
    ],
)
def test_an_impossible_heat_is_refused_naming_the_club_and_deal(line, message):
    heat = Heat("Riverside", (FieldLine(1, "1", "2", 7), line))
    with pytest.raises(FieldError, match=message) as caught:
        Field("matchpoints", [heat])
    assert "Riverside, deal 1, line 2" in str(caught.value)


def test_the_books_methods_refuse_an_artificial_score_they_give_no_meaning():
    heat = Heat("A", (FieldLine(1, "1", "2", 7), FieldLine(1, "3", "4", None, F(55), F(45))))
    held = Field("trick", split_heats(1, [8, 6], 1))
    with pytest.raises(FieldError, match="40, 50 or 60%"):
        held.add(heat)
    assert held.clubs == ("Club 1",)
    ok = Heat("A", (FieldLine(1, "1", "2", 7), FieldLine(1, "3", "4", None, F(60), F(40))))
    held.add(ok)
    assert {r.key: r.score for r in held.standings().standings}[("A", "3")] == 1  # average-plus: +1 trick
