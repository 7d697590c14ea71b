"""Choosing a movement: each choice in the director's words, plans told apart, a scoring method advised."""

from __future__ import annotations

import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.display import plural
from tournaments.models import Club, Player, Session
from tournaments.movements import FAMILIES
from tournaments.movements.advice import ADVICE
from tournaments.movements.recommend import recommend, times
from tournaments.services import sessions, setup


def test_counts_are_written_as_words_never_as_time_s() -> None:
    assert [times(n) for n in (1, 2, 3)] == ["once", "twice", "3 times"]
    assert [plural(n, "table") for n in (1, 4)] == ["1 table", "4 tables"]
    for kind, entrants in (("pairs", 8), ("pairs", 10), ("fours", 5), ("individuals", 8)):
        for r in recommend(session_kind=kind, entrants=entrants, deals_available=24):
            assert "(s)" not in r.reason + r.meets + r.compared, r


def test_a_mitchell_says_who_meets_whom_and_who_is_compared_in_plain_words() -> None:
    mitchell = next(
        r for r in recommend(session_kind="pairs", entrants=10, deals_available=20) if r.family == "mitchell"
    )
    assert mitchell.meets == "N-S pairs stay N-S and meet every E-W pair; two N-S pairs never meet"
    assert mitchell.compared == "N-S pairs are compared only with N-S pairs, E-W only with E-W (p. 36)"


def test_the_howell_default_is_named_as_the_plan_it_is_and_plans_of_equal_figures_are_told_apart() -> None:
    recs = {(r.family, r.variant): r for r in recommend(session_kind="pairs", entrants=8, deals_available=21)}
    assert recs[("howell", None)].aliases == ("plan3",)
    assert recs[("howell", None)].first_trays == (1, 8, 15)
    assert recs[("howell", "plan2")].first_trays == (1, 2, 3)


def test_every_family_has_the_books_scoring_method_and_its_reason() -> None:
    assert set(ADVICE) == set(FAMILIES)
    for advice in ADVICE.values():
        assert "(p" in advice.reason


@pytest.mark.django_db
def test_the_setup_page_defines_balance_and_preselects_the_advised_method(
    director_client: Client, club: Club, roster: list[Player]
) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Pairs")
    setup.entrants_add(session=session, rows=[(i, roster[2 * i : 2 * i + 2]) for i in range(8)])
    response = director_client.get(reverse("director:setup", args=[session.pk]), {"deals": 21})
    page = response.content.decode()
    assert 'id="balance-defined"' in page and "<b>Qf</b>, the quality factor, is 100 when" in page
    assert response.context["movement_form"]["scoring_method"].value() == "exponent"
    assert "Howell Pair System, plan 3" in page
    assert "Table 1 starts with trays 1, 2, 3" in page
    assert "1 time(s)" not in page


@pytest.mark.django_db
def test_a_seated_session_keeps_the_method_the_director_chose(
    director_client: Client, club: Club, roster: list[Player]
) -> None:
    session = sessions.session_create(club=club, date=dt.date(2026, 12, 1), title="Pairs")
    setup.entrants_add(session=session, rows=[(i, roster[2 * i : 2 * i + 2]) for i in range(8)])
    setup.session_setup_choose(session=session, family="howell", deals=14, scoring_method="howell")
    page = director_client.get(reverse("director:setup", args=[session.pk])).content.decode()
    assert Session.objects.get(pk=session.pk).scoring_method == "howell"
    assert "The book advises another method" in page
