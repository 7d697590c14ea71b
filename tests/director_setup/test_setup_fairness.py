"""The movement page says how fair the movement is, and arrow-switches a Mitchell into one field.

The measure is the amount of competition (``tournaments/movements/balance.py``);
the Mitchell is the book's (W. H. Barney, *Whist and Duplicate Whist*, 1900,
p. 31), whose N-S and E-W pairs are never compared until a round is switched.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from setup_helpers import pair_up

from scoring.selectors.layout import direction_fields
from tournaments.models import Club, Session
from tournaments.services import club as club_services
from tournaments.services import seating, sessions

pytestmark = pytest.mark.django_db


def ten_pairs(club: Club, session: Session) -> None:
    pair_up(session, [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(20)])


def test_a_mitchell_shows_its_figures_and_is_switched_to_one_field(
    director_client: Client, club: Club, empty_session: Session
) -> None:
    ten_pairs(club, empty_session)
    seating.movement_fix(session=empty_session, family="mitchell")
    page = director_client.get(reverse("director:setup", args=[empty_session.pk]))
    html = page.content.decode()
    assert "How fair it is" in html and "Qf 46.00" in html and "from 0 to 5" in html
    assert 'class="matrix"' in html and "Switch round 1" in html
    empty_session.refresh_from_db()
    assert direction_fields(empty_session) is not None  # two fields, two winners
    before = empty_session.movement_json["rounds"][0]["tables"][0]

    done = director_client.post(reverse("director:movement_switch", args=[empty_session.pk]), follow=True)
    assert "Arrow switch in round 1" in done.content.decode()
    empty_session.refresh_from_db()
    after = empty_session.movement_json["rounds"][0]["tables"][0]
    assert (after["ns"], after["ew"]) == (before["ew"], before["ns"])
    assert empty_session.movement_params["switch"] == [1]
    assert direction_fields(empty_session) is None  # one field, one winner
    row = empty_session.rounds.get(number=1).seatings.get(table__number=1)
    assert (row.ns.number, row.ew.number) == (before["ew"], before["ns"])
    again = director_client.get(reverse("director:setup", args=[empty_session.pk])).content.decode()
    assert "Arrow-switched in round 1" in again and "Switch round 1" not in again

    twice = director_client.post(reverse("director:movement_switch", args=[empty_session.pk]), follow=True)
    assert "no fixed lines to switch" in twice.content.decode()


def test_a_howell_shows_its_figures_and_offers_no_switch(
    director_client: Client, club: Club, empty_session: Session
) -> None:
    ten_pairs(club, empty_session)
    seating.movement_fix(session=empty_session, family="howell")
    html = director_client.get(reverse("director:setup", args=[empty_session.pk])).content.decode()
    assert "How fair it is" in html and "Switch round" not in html


def test_a_started_session_is_not_switched(director_client: Client, running_session: Session) -> None:
    answer = director_client.post(reverse("director:movement_switch", args=[running_session.pk]), follow=True)
    assert answer.status_code == 200
    running_session.refresh_from_db()
    assert "switch" not in (running_session.movement_params or {})


def test_a_started_mitchell_offers_no_switch(
    director_client: Client, club: Club, empty_session: Session
) -> None:
    """Its movement is fixed once it starts: the page shows its figures, not a button that is refused."""
    ten_pairs(club, empty_session)
    seating.movement_fix(session=empty_session, family="mitchell")
    sessions.session_start(session=empty_session)
    html = director_client.get(reverse("director:setup", args=[empty_session.pk])).content.decode()
    assert "How fair it is" in html and "Qf 46.00" in html
    switch = reverse("director:movement_switch", args=[empty_session.pk])
    assert "Switch round" not in html and switch not in html


def test_the_guide_cards_say_how_fair_the_movement_is(
    director_client: Client, club: Club, empty_session: Session
) -> None:
    from tests.security.test_pdf_long_words import pdf_text

    ten_pairs(club, empty_session)
    seating.movement_fix(session=empty_session, family="mitchell")
    response = director_client.get(reverse("director:print_pdf", args=[empty_session.pk, "cards"]))
    assert response.status_code == 200
    text = pdf_text(response.content)
    assert "How fair it is" in text and "Qf 46.00" in text


def mitchell_of(club: Club, session: Session, tables: int) -> None:
    """The session seated by the Mitchell System at this many tables (p. 31; an even number by mod1)."""
    people = [club_services.player_create(club=club, name=f"Member {i:03d}") for i in range(4 * tables)]
    pair_up(session, people)
    variant = "" if tables % 2 else "mod1"
    seating.movement_fix(session=session, family="mitchell", variant=variant, deals=tables)


@pytest.mark.parametrize(("tables", "offered"), [(15, True), (16, False)])
def test_the_switch_is_searched_up_to_fifteen_tables(
    director_client: Client, club: Club, empty_session: Session, tables: int, offered: bool
) -> None:
    """At the bound the best switch is offered; just past it the page says why none is, at once (at 31
    tables the search made the Set up page take 20 seconds), and a switch asked for by hand is refused
    with the reason, the movement unchanged."""
    mitchell_of(club, empty_session, tables)
    html = director_client.get(reverse("director:setup", args=[empty_session.pk])).content.decode()
    assert ("Switch round" in html) is offered
    assert ('id="switch-note"' in html) is not offered
    if offered:
        return
    assert "searched for up to 15 tables; at 16 it would take minutes" in html
    empty_session.refresh_from_db()
    before = empty_session.movement_json
    refused = director_client.post(reverse("director:movement_switch", args=[empty_session.pk]), follow=True)
    assert refused.status_code == 200
    assert "The best arrow switch is searched for up to 15 tables, not 16" in refused.content.decode()
    empty_session.refresh_from_db()
    assert empty_session.movement_json == before and "switch" not in (empty_session.movement_params or {})
