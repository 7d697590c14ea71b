"""Individual matches: the deficiency of each aggregate scored against the players (pp. 27, 30-31)."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pair_slips import by_entrant

from scoring.scorers import score
from scoring.scorers.types import AverageAward, DealSlip, Seat, SlipError, SlipResult, Slips

SEATS: tuple[Seat, ...] = ("N", "E", "S", "W")
# p. 27, Howell's table of changes, first arrangement (the stationary West at table 1 is 8).
FIRST_ARRANGEMENT: tuple[dict[Seat, int], ...] = (
    {"N": 4, "E": 1, "S": 2, "W": 8},
    {"N": 5, "E": 3, "S": 6, "W": 7},
)
# p. 30, twelve players, first round.
TWELVE_FIRST: tuple[dict[Seat, int], ...] = (
    {"N": 12, "S": 1, "E": 6, "W": 8},
    {"N": 2, "S": 9, "E": 10, "W": 7},
    {"N": 4, "S": 3, "E": 5, "W": 11},
)


def arrangements(first: tuple[dict[Seat, int], ...], players: int) -> list[tuple[dict[Seat, int], ...]]:
    """Each numbered player takes the seat just left by the next lower number (1 follows the last)."""
    out = [first]
    for _ in range(players - 2):
        where = {p: (t, s) for t, seats in enumerate(out[-1]) for s, p in seats.items()}
        new = [dict(seats) for seats in out[-1]]
        for p in range(1, players):
            t, s = where[players - 1 if p == 1 else p - 1]
            new[t][s] = p
        out.append(tuple(new))
    return out


def seated(table: int, seats: dict[Seat, int], tricks: int) -> SlipResult:
    return SlipResult(table=table, ns=seats["N"], ew=seats["E"], ns_tricks=tricks, seats=seats)


def match(first, players: int, deals_per_round: int, tricks) -> Slips:
    """An individual match: every deal of a round played at every table."""
    deals = []
    number = 0
    for arrangement in arrangements(first, players):
        for _ in range(deals_per_round):
            number += 1
            lines = tuple(seated(t + 1, seats, tricks(number, t)) for t, seats in enumerate(arrangement))
            deals.append(DealSlip(number, lines))
    return Slips(tuple(range(1, players + 1)), tuple(deals))


def test_howell_s_changes_bring_every_player_to_partner_every_other_once():
    partners = set()
    for arrangement in arrangements(FIRST_ARRANGEMENT, 8):
        for seats in arrangement:
            partners |= {frozenset((seats["N"], seats["S"])), frozenset((seats["E"], seats["W"]))}
    assert partners == {frozenset(c) for c in combinations(range(1, 9), 2)}


def test_the_aggregate_deficiency_of_a_round_is_scored_against_the_players_making_it():
    # deals 1 and 2: table 1 N-S make 7 and 6 (13), table 2 N-S 5 and 9 (14)
    tricks = {(1, 0): 7, (1, 1): 5, (2, 0): 6, (2, 1): 9}
    slips = Slips(
        tuple(range(1, 9)),
        tuple(
            DealSlip(d, tuple(seated(t + 1, FIRST_ARRANGEMENT[t], tricks[d, t]) for t in range(2)))
            for d in (1, 2)
        ),
    )
    rows = by_entrant(score("individual", slips).entrants)
    # N-S: 4 & 2 are one short of 5 & 6; E-W: table 2 (3 & 7) 8 + 4 = 12, one short of 6 + 7
    assert {p: rows[p].total for p in rows} == {4: 1, 2: 1, 5: 0, 6: 0, 1: 0, 8: 0, 3: 1, 7: 1}
    assert {p for p in rows if rows[p].rank == 1} == {5, 6, 1, 8}
    # deal by deal against the side that made the top aggregate: -2 then +3
    deals = score("individual", slips).deals
    assert (deals[0].scores[4], deals[1].scores[4]) == (-2, 3)


def test_with_one_deal_a_round_the_deficiency_is_the_top_less_one_s_own():
    slips = match(FIRST_ARRANGEMENT, 8, 1, lambda d, t: 8 if t == 0 else 5)
    first = score("individual", slips).deals[0].scores
    assert first == {4: 0, 2: 0, 5: 3, 6: 3, 1: 3, 8: 3, 3: 0, 7: 0}


def test_twelve_players_are_charged_against_the_top_aggregate_of_three_tables():
    slips = match(TWELVE_FIRST, 12, 3, lambda d, t: (7, 5, 6)[t])
    first = score("individual", slips).deals[0].scores
    assert (first[12], first[1]) == (0, 0)  # top N-S
    assert (first[2], first[9], first[4], first[3]) == (2, 2, 1, 1)
    assert (first[10], first[7], first[5], first[11], first[6]) == (0, 0, 1, 1, 2)


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(0, 13), min_size=28, max_size=28))
def test_in_every_comparison_the_n_s_and_e_w_deficiencies_are_equal(values):
    slips = match(FIRST_ARRANGEMENT, 8, 2, lambda d, t: values[2 * (d - 1) + t])
    scores = score("individual", slips)
    for r in range(7):
        deals = scores.deals[2 * r : 2 * r + 2]
        ns = [p for seats in arrangements(FIRST_ARRANGEMENT, 8)[r] for p in (seats["N"], seats["S"])]
        ew = [p for seats in arrangements(FIRST_ARRANGEMENT, 8)[r] for p in (seats["E"], seats["W"])]
        ns_lost = sum(d.scores[p] for d in deals for p in ns)
        ew_lost = sum(d.scores[p] for d in deals for p in ew)
        assert ns_lost == ew_lost >= 0
    rows = score("individual", slips).entrants
    assert min(rows, key=lambda r: r.total).rank == 1


def test_an_individual_match_needs_the_seats():
    slips = Slips((1, 2, 3, 4), (DealSlip(1, (SlipResult(1, 1, 2, 7),)),))
    with pytest.raises(SlipError, match=r"deal 1, line 1 \(table 1\): .*seats"):
        score("individual", slips)


def test_a_player_sitting_out_is_charged_the_average_deficiency():
    slips = match(FIRST_ARRANGEMENT, 8, 1, lambda d, t: 8 if t == 0 else 5)
    one = slips.deals[0]
    slips = Slips((*slips.entrants, 9), (DealSlip(1, one.results, (AverageAward(9),)),))
    scores = score("individual", slips).deals[0].scores
    assert scores[9] == sum(v for p, v in scores.items() if p != 9) / 8
