"""Recommending a movement for a session, best first by the book's preference (pp. 35-36)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import FAMILIES, MovementUserError, generate
from tournaments.movements.analysis import analyse
from tournaments.movements.recommend import RANK, recommend


def test_eight_pairs_are_offered_an_all_play_all_system_first():
    recs = recommend(session_kind="pairs", entrants=8, deals_available=28)
    assert recs[0].family in ("howell", "safford", "howell-snow")
    assert recs[0].balance == 1.0 and recs[0].trays == 28
    families = [r.family for r in recs]
    assert families.index("howell") < families.index("mitchell")
    assert families[-1] == "progressive"


def test_snow_comes_before_mitchell_when_applicable():
    recs = recommend(session_kind="pairs", entrants=10, deals_available=25)
    families = [r.family for r in recs]
    assert "snow" in families
    assert families.index("howell") < families.index("snow") < families.index("mitchell")
    snow = recs[families.index("snow")]
    assert (snow.trays, snow.rounds, snow.tables) == (25, 5, 5)


def test_every_recommendation_can_be_generated_and_fits_the_deals():
    recs = recommend(session_kind="pairs", entrants=13, deals_available=30)
    assert recs
    for r in recs:
        assert r.trays <= 30
        m = generate(r.family, pairs=13, deals=r.trays, variant=r.variant)
        a = analyse(m)
        assert a.sound and max(a.sitouts_per_round) == r.sitouts_per_round
        assert r.reason.endswith(".") and r.pages


def test_an_odd_pair_shows_its_sit_out():
    recs = recommend(session_kind="pairs", entrants=9, deals_available=27)
    howell = next(r for r in recs if r.family == "howell")
    assert howell.sitouts_per_round == 1 and howell.trays == 27


def test_systems_of_other_kinds_are_not_offered_for_pairs():
    recs = recommend(session_kind="pairs", entrants=8, deals_available=30)
    assert all("pairs" in FAMILIES[r.family].session_kinds for r in recs)


def test_other_kinds_of_session_are_served_through_their_families():
    kinds = {k for f in FAMILIES.values() for k in f.session_kinds if k != "pairs"}
    if not kinds:
        pytest.skip("no team or individual family registered")
    for kind in kinds:
        for r in recommend(session_kind=kind, entrants=16, deals_available=60):
            assert kind in FAMILIES[r.family].session_kinds


def test_it_refuses_an_unknown_kind_of_session():
    with pytest.raises(MovementUserError, match="unknown kind"):
        recommend(session_kind="quartets", entrants=8, deals_available=20)


def test_the_ranking_follows_the_book():
    assert RANK["safford"] == RANK["howell"] < RANK["snow"] < RANK["mitchell"] < RANK["progressive"]


@settings(max_examples=12, deadline=None)
@given(pairs=st.integers(3, 24), deals=st.integers(1, 40))
def test_recommendations_are_sorted_sound_and_within_the_deals(pairs, deals):
    recs = recommend(session_kind="pairs", entrants=pairs, deals_available=deals)
    assert all(r.trays <= deals for r in recs)
    ranks = [RANK.get(r.family, 1) for r in recs]
    assert ranks == sorted(ranks)


def test_seat_based_systems_are_counted_in_players_for_a_pairs_session() -> None:
    """Eight pairs are sixteen players: four-pair matches (8 players, p. 27) do not fit them."""
    from tournaments.movements.recommend import recommend

    families = {r.family for r in recommend(session_kind="pairs", entrants=8, deals_available=28)}
    assert "four-pair" not in families
    four_pairs = {r.family for r in recommend(session_kind="pairs", entrants=4, deals_available=24)}
    assert "four-pair" in four_pairs
