"""The engine's fast paths give exactly the results it gave before them.

Whole-number shortcuts, fractions made once and shared, sums by
denominator, ranks by whole numbers: each must change nothing. Random
sessions (revokes, adjusted scores, laws, void deals, sit-outs; pairs,
individuals, teams) are scored by every method twice, by the engine as it
is and by its earlier plain versions (``engine_before.py``): the standings,
every figure's exact value and type, the scores JSON, and any refusal must
be the same.
"""

from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction
from typing import Any

from engine_before import engine_before, gain_value
from engine_before import exact_sum as exact_sum_before
from engine_before import rank as rank_before
from engine_before import scores_to_json as scores_to_json_before
from hypothesis import given, settings
from hypothesis import strategies as st
from pair_slips import sessions

from scoring.scorers import METHODS, ScoringError, Slips, score, scores_to_json
from scoring.scorers.common import exact_sum, rank
from scoring.scorers.exponent import ExponentGain
from scoring.scorers.irregularities import IRREGULARITIES
from scoring.scorers.types import DealSlip, Seat, SlipResult

fractions = st.fractions(min_value=-50, max_value=50, max_denominator=24)
numbers = st.one_of(fractions, st.integers(-50, 50).map(Fraction))


@st.composite
def marked(draw: st.DrawFn, slips: Slips) -> Slips:
    """The slips with some deals void and some lines under a law."""
    deals = []
    for deal in slips.deals:
        if draw(st.integers(0, 9)) == 0:
            deal = replace(deal, void=True)
        if deal.results and draw(st.integers(0, 4)) == 0:
            index = draw(st.integers(0, len(deal.results) - 1))
            code = draw(st.sampled_from(sorted(IRREGULARITIES)))
            lines = list(deal.results)
            lines[index] = replace(lines[index], law=code)
            deal = replace(deal, results=tuple(lines))
        deals.append(deal)
    return replace(slips, deals=tuple(deals))


@st.composite
def pair_sessions(draw: st.DrawFn) -> Slips:
    """Pairs: plain, revoked, adjusted, under a law, void, with sit-outs."""
    plain = draw(st.booleans())
    slips = draw(
        sessions(revokes=not plain and draw(st.booleans()), adjusted=not plain and draw(st.booleans()))
    )
    return slips if plain else draw(marked(slips))


@st.composite
def individual_sessions(draw: st.DrawFn) -> Slips:
    """Individuals: the players seated afresh at random for each deal, some sitting out."""
    players = tuple(range(1, draw(st.integers(4, 14)) + 1))
    deals = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        order = draw(st.permutations(players))
        lines = []
        for t in range(draw(st.integers(1, len(players) // 4))):
            n, e, s, w = order[4 * t : 4 * t + 4]
            seats: dict[Seat, int] = {"N": n, "E": e, "S": s, "W": w}
            lines.append(SlipResult(t + 1, n, e, draw(st.integers(0, 13)), seats=seats))
        deals.append(DealSlip(number, tuple(lines)))
    return Slips(players, tuple(deals))


@st.composite
def team_sessions(draw: st.DrawFn) -> Slips:
    """Teams: team t's N-S pair at table t against another team's E-W pair."""
    teams = draw(st.integers(2, 8))
    deals = []
    for number in range(1, draw(st.integers(1, 3)) + 1):
        shift = draw(st.integers(1, teams - 1))
        lines = tuple(
            SlipResult(t, t, (t - 1 + shift) % teams + 1, draw(st.integers(0, 13)))
            for t in range(1, teams + 1)
        )
        deals.append(DealSlip(number, lines))
    return Slips(tuple(range(1, teams + 1)), tuple(deals))


@st.composite
def club_team_sessions(draw: st.DrawFn) -> Slips:
    """Pairs in teams of two pairs (k and n + k), for the club system."""
    pairs = draw(sessions(max_pairs=10, uneven=False))
    half = len(pairs.entrants) // 2
    if half < 1:
        return pairs
    teams = {k: (k, half + k) for k in range(1, half + 1)}
    if len(pairs.entrants) % 2:
        teams[1] = (*teams[1], len(pairs.entrants))
    return Slips(tuple(teams), pairs.deals, teams)


def outcome(method: str, slips: Slips, *, before: bool = False) -> tuple[Any, ...]:
    """The standings and their JSON (written in order), or the refusal."""
    try:
        scores = score(method, slips)
    except ScoringError as exc:
        return ("refused", type(exc).__name__, str(exc))
    written = scores_to_json_before(scores) if before else scores_to_json(scores)
    return ("scored", scores, json.dumps(written))


def every_figure(scores: Any) -> list[Any]:
    """Every number a method reports."""
    figures: list[Any] = [v for d in scores.deals for v in d.scores.values()]
    for t in scores.entrants:
        figures += [t.total, *([] if t.plus_minus is None else [t.plus_minus]), *t.extra.values()]
    return figures + list(scores.summary.values())


def same_as_before(slips: Slips, kinds: set[str]) -> None:
    """Every method of these kinds scores the slips exactly as before."""
    for name, method in METHODS.items():
        if method.kind not in kinds:
            continue
        now = outcome(name, slips)
        with engine_before():
            then = outcome(name, slips, before=True)
        assert now == then, name
        if now[0] == "scored":
            assert all(type(v) is Fraction for v in every_figure(now[1])), name


@settings(max_examples=150, deadline=None)
@given(pair_sessions())
def test_every_pair_method_scores_exactly_as_before(slips):
    same_as_before(slips, {"pairs"})


@settings(max_examples=40, deadline=None)
@given(individual_sessions())
def test_the_individual_methods_score_exactly_as_before(slips):
    same_as_before(slips, {"individuals"})


@settings(max_examples=40, deadline=None)
@given(st.one_of(team_sessions(), club_team_sessions()))
def test_the_team_methods_score_exactly_as_before(slips):
    same_as_before(slips, {"teams"})


@given(st.lists(st.one_of(numbers, st.integers(-50, 50)), max_size=30))
def test_fractions_add_up_exactly_as_before(values):
    total = exact_sum(values)
    assert total == exact_sum_before(Fraction(v) for v in values) == sum(values, Fraction(0))
    assert type(total) is Fraction


@given(st.dictionaries(st.integers(1, 40), numbers, max_size=20), st.booleans())
def test_places_are_given_exactly_as_before(keys, higher):
    assert rank(keys, higher_is_better=higher) == rank_before(keys, higher_is_better=higher)


@given(numbers, numbers, st.integers(1, 30))
def test_an_equated_gain_is_worth_exactly_what_it_was(whole, exponent, tables):
    gain = ExponentGain(whole, exponent, tables)
    assert gain.value == gain_value(gain) and type(gain.value) is Fraction
