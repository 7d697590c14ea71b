"""Recommending a movement for a session, best first by the book's preference (pp. 35-36)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.movements import FAMILIES, MovementUserError, generate
from tournaments.movements.analysis import analyse
from tournaments.movements.recommend import RANK, ranking_reasons, recommend, sort_key


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
    assert recs == sorted(recs, key=sort_key)
    order = [(not r.duplicate, r.tray_by_tray, r.fields) for r in recs]
    assert order == sorted(order)  # duplicate first, whole rounds before tray by tray, one field before two
    reasons = ranking_reasons(recs)
    assert len(reasons) == len(recs) and all(w.endswith(".") for w in reasons)


def test_fourteen_pairs_play_whole_rounds_first_and_each_card_says_why_it_stands_there():
    """14 pairs, 28 deals: a Howell or Mitchell of whole rounds before a Safford of 25 changes of one tray."""
    recs = recommend(session_kind="pairs", entrants=14, deals_available=28)
    families = [r.family for r in recs]
    assert recs[0].family in ("howell", "mitchell") and not recs[0].tray_by_tray
    safford = recs[families.index("safford")]
    assert safford.tray_by_tray and safford.changes == 25
    assert families.index("mitchell") < families.index("safford")
    reasons = dict(zip(((r.family, r.variant) for r in recs), ranking_reasons(recs), strict=True))
    assert reasons[("safford", None)] == (
        "After the movements that play the deals in rounds of several trays: this one changes tables "
        "after every tray, 25 changes in all."
    )
    assert reasons[("mitchell", None)].startswith("After the movements with one field")
    assert reasons[("progressive", "fourth")].startswith("Last: nobody is compared with anybody")


def test_the_balance_is_the_quality_factor_in_words_within_each_field_of_a_mitchell():
    listed = recommend(session_kind="pairs", entrants=14, deals_available=28)
    recs = {(r.family, r.variant): r for r in listed}
    mitchell, howell = recs[("mitchell", None)], recs[("howell", None)]
    assert (mitchell.fields, mitchell.qf) == (2, 100.0)
    assert mitchell.balance_words.startswith("Qf 100 of 100 within each field (100 is perfect).")
    assert (howell.fields, howell.qf) == (1, 91.3)
    assert howell.balance_words.startswith("Qf 91.3 of 100 (100 is perfect)")
    assert recs[("progressive", "fourth")].qf is None


def test_four_players_are_offered_the_books_mnemonic_duplicate():
    """The same four play every deal twice (p. 26): a tray replayed is its design, not a fault."""
    recs = recommend(session_kind="individuals", entrants=4, deals_available=16)
    assert (recs[0].family, recs[0].variant) == ("mnemonic", None)
    assert recs[0].trays == 16 and recs[0].rounds == 2
    assert "adversaries who held the same cards" in recs[0].compared


def test_seat_based_systems_are_counted_in_players_for_a_pairs_session() -> None:
    """Eight pairs are sixteen players: four-pair matches (8 players, p. 27) do not fit them."""
    from tournaments.movements.recommend import recommend

    families = {r.family for r in recommend(session_kind="pairs", entrants=8, deals_available=28)}
    assert "four-pair" not in families
    four_pairs = {r.family for r in recommend(session_kind="pairs", entrants=4, deals_available=24)}
    assert "four-pair" in four_pairs
