"""Trick and exponent across a field from frequency tables (``field_tricks.py``) score exactly as the
pooled traveling slip scored by the club's own scorers (``field_slips.py``)."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest

from scoring.scorers.field import Field, FieldLine, Heat
from scoring.scorers.field_slips import PoolSlips
from scoring.scorers.field_tricks import PoolTricks

METHODS = ["trick", "exponent"]
AWARDS = [F(40), F(50), F(60)]


def rough_heat(rng: random.Random, club: str, deals: int) -> Heat:
    """A heat with an odd pair sitting out each deal, pairs sitting either way, some deals not played,
    tables of a deal given artificial scores (40, 50, 60%), and a deal with artificial scores only."""
    pairs = [str(p) for p in range(1, 2 * rng.randint(1, 4) + 2)]  # an odd number of pairs
    lines = []
    for deal in range(1, deals + 1):
        if rng.random() < 0.2:
            continue  # this club did not play the deal
        seated = rng.sample(pairs, len(pairs) - 1 - 2 * rng.randint(0, (len(pairs) - 3) // 2))
        for ns, ew in zip(seated[::2], seated[1::2], strict=True):
            if rng.random() < 0.12:
                lines.append(FieldLine(deal, ns, ew, None, rng.choice(AWARDS), rng.choice(AWARDS)))
            else:
                lines.append(FieldLine(deal, ns, ew, min(13, max(0, 6 + deal % 5 - 2 + rng.randint(-3, 3)))))
    lines.append(FieldLine(deals + 1, pairs[0], pairs[1], None, F(50), F(50)))  # a deal nobody played
    return Heat(club, tuple(lines))


def mitchell(rng: random.Random, club: str, tables: int, deals: int) -> Heat:
    """Every deal at every table, N-S pairs stay: everybody is scored on the same deals."""
    return Heat(
        club,
        tuple(
            FieldLine(d, str(t), str(tables + (t + d) % tables + 1), rng.randint(0, 13))
            for d in range(1, deals + 1)
            for t in range(1, tables + 1)
        ),
    )


def everything(field: Field) -> tuple[object, ...]:
    """The standings row by row, every figure, the summary and each deal's scores."""
    scores = field.standings()
    rows = sorted(
        (r.club, r.pair, r.direction, r.score, r.total, r.plus_minus, r.rank, r.club_rank, dict(r.extra))
        for r in scores.standings
    )
    return rows, dict(scores.summary), field.deal_scores()


def fields(method: str, heats: list[Heat]) -> tuple[Field, Field]:
    """The fast field and the plain pooled slip over the same heats."""
    return Field(method, heats), Field(method, heats, pool=PoolSlips(method))


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("seed", range(12))
def test_a_rough_field_scores_as_the_pooled_slip_does(method, seed):
    rng = random.Random(seed)
    heats = [rough_heat(rng, f"Club {c}", deals=rng.randint(1, 6)) for c in range(1, rng.randint(2, 5))]
    fast, plain = fields(method, heats)
    assert isinstance(fast._pool, PoolTricks)
    assert everything(fast) == everything(plain)


@pytest.mark.parametrize("method", METHODS)
def test_a_mitchell_field_ranks_by_total_as_the_pooled_slip_does(method):
    rng = random.Random(33)
    heats = [mitchell(rng, f"Club {c}", tables=rng.randint(3, 6), deals=5) for c in range(1, 5)]
    fast, plain = fields(method, heats)
    assert everything(fast) == everything(plain)


@pytest.mark.parametrize("method", METHODS)
def test_heats_added_replaced_and_removed_one_by_one_score_as_the_pooled_slip_does(method):
    rng = random.Random(1900)
    heats = [rough_heat(rng, f"Club {c}", deals=4) for c in range(1, 5)]
    fast, plain = Field(method), Field(method, pool=PoolSlips(method))
    for heat in heats:
        fast.add(heat)
        plain.add(heat)
        assert everything(fast) == everything(plain)
    again = rough_heat(rng, "Club 2", deals=4)
    fast.add(again)
    plain.add(again)
    assert everything(fast) == everything(plain)
    fast.remove("Club 3")
    plain.remove("Club 3")
    assert everything(fast) == everything(plain)


def test_a_deal_played_at_different_numbers_of_tables_carries_exponents_over_their_lcm():
    # Deal 1 at 3 tables, deal 2 at 2: pair "1" sits N-S on both and is equated on both.
    heat = Heat(
        "A",
        (
            FieldLine(1, "1", "2", 7),
            FieldLine(1, "3", "4", 8),
            FieldLine(1, "5", "6", 9),
            FieldLine(2, "1", "2", 5),
            FieldLine(2, "3", "4", 8),
        ),
    )
    fast, plain = fields("exponent", [heat])
    assert everything(fast) == everything(plain)
    row = next(r for r in fast.standings().standings if r.pair == "1")
    # deal 1: N-S gains 0,1,2 = 3, E-W 2,1,0 = 3: no equating; deal 2: N-S 0,3 = 3, E-W 3,0 = 3.
    assert row.total == 0 and row.extra["tables"] == 6


def test_an_award_is_worth_its_tricks_and_the_larger_columns_total_over_the_tables():
    heat = Heat(
        "A",
        (FieldLine(1, "1", "2", 9), FieldLine(1, "3", "4", 6), FieldLine(1, "5", "6", None, F(60), F(40))),
    )
    scores = Field("exponent", [heat]).deal_scores()[0].scores
    # N-S gains 3, 0 = 3; E-W 0, 3 = 3; the larger column's total 3 over 2 tables.
    assert scores[("A", "5")] == 1 + F(3, 2) and scores[("A", "6")] == -1 + F(3, 2)
    trick = Field("trick", [heat]).deal_scores()[0].scores
    assert trick[("A", "5")] == 1 and trick[("A", "6")] == -1 and trick[("A", "1")] == F(3, 2)
