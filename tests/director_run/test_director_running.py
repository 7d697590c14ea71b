"""Running: entry on a table's behalf, substitutes, phantoms, table links, who moves the room on."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from entry.selectors.board import slips_missing
from entry.services.directing import entrant_make_phantom
from entry.services.results import table_round
from scoring.models import SlipLine, Via
from scoring.selectors.slips import session_slips
from tests.sends import result_submit
from tournaments.models import Player, Seat, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.errors import UserError
from tournaments.services.running import seat_substitute

pytestmark = pytest.mark.django_db


def _tray(session: Session, table: int, rnd: int) -> int:
    return session.rounds.get(number=rnd).seatings.get(table__number=table).trays.get().number


def _box(session: Session, table: int, rnd: int) -> str:
    return f"t{table}-{_tray(session, table, rnd)}"


def test_the_director_enters_a_round_for_the_tables(
    director_client: Client, running_session: Session
) -> None:
    url = reverse("run:enter", args=[running_session.pk, 1])
    response = director_client.post(
        url, {_box(running_session, t, 1): str(5 + t) for t in (1, 2, 3)}, follow=True
    )
    assert "Saved 3 results for round 1" in response.content.decode()
    lines = SlipLine.objects.filter(session=running_session).order_by("table__number")
    assert [ln.ns_tricks for ln in lines] == [6, 7, 8]
    assert all(ln.entered_via == Via.DIRECTOR and ln.status == "confirmed" for ln in lines)


def test_bad_tricks_are_refused_next_to_their_box_and_the_rest_saved(
    director_client: Client, running_session: Session
) -> None:
    url = reverse("run:enter", args=[running_session.pk, 1])
    bad = _box(running_session, 2, 1)
    response = director_client.post(url, {_box(running_session, 1, 1): "7", bad: "14"})
    page = response.content.decode()
    assert response.status_code == 400
    assert f'id="{bad}-error"' in page and "Tricks must be from 0 to 13, not 14." in page
    assert f'name="{bad}" value="14"' in page
    assert SlipLine.objects.filter(session=running_session).count() == 1


def test_a_table_that_plays_a_tray_late_keeps_working(
    director_client: Client, running_session: Session
) -> None:
    running_session.tables_advance = False
    running_session.save()
    sessions.session_advance(session=running_session)
    sessions.session_advance(session=running_session)
    running_session.refresh_from_db()
    director_client.post(
        reverse("run:enter", args=[running_session.pk, 1]), {_box(running_session, 2, 1): "9"}
    )
    line = SlipLine.objects.get(session=running_session)
    assert (line.round.number, line.table.number, line.ns_tricks) == (1, 2, 9)
    table = running_session.tables.get(number=2)
    result_submit(table=table, tray_number=_tray(running_session, 2, 3), ns_tricks=4)


def test_a_substitute_takes_the_seat_from_that_round_on(
    director_client: Client, running_session: Session, club: Any
) -> None:
    leaving = Player.objects.get(name="Player 3")
    sub = club_services.player_create(club=club, name="Sub Stitute")
    response = director_client.post(
        reverse("run:tables", args=[running_session.pk]),
        {
            "form": "substitute",
            "player_out": leaving.pk,
            "player_in": sub.pk,
            "from_round": "2",
        },
        follow=True,
    )
    assert "Sub Stitute plays for Player 3 from round 2" in response.content.decode()
    seats = Seat.objects.filter(round__session=running_session)
    assert seats.filter(player=leaving, round__number=1).count() == 1
    assert not seats.filter(player=leaving, round__number__gte=2).exists()
    assert seats.filter(player=sub).count() == 2
    assert running_session.entrants.get(number=2).members.filter(player=leaving).exists()


def test_a_substitute_already_playing_is_refused_next_to_the_field(
    director_client: Client, running_session: Session
) -> None:
    leaving, busy = Player.objects.get(name="Player 3"), Player.objects.get(name="Player 5")
    response = director_client.post(
        reverse("run:tables", args=[running_session.pk]),
        {
            "form": "substitute",
            "player_out": leaving.pk,
            "player_in": busy.pk,
            "from_round": "1",
        },
    )
    page = response.content.decode()
    assert response.status_code == 400
    assert "Player 5 already plays in round 1." in page
    position = page.index("Player 5 already plays")
    assert page.rfind('id="player_in"', 0, position) > page.rfind('id="player_out"', 0, position)


def test_a_substitution_needs_a_round_that_exists(running_session: Session, club: Any) -> None:
    sub = club_services.player_create(club=club, name="Late Comer")
    with pytest.raises(UserError) as err:
        seat_substitute(
            session=running_session,
            player_out=Player.objects.get(name="Player 1"),
            player_in=sub,
            from_round=9,
        )
    assert err.value.field == "from_round"


def test_a_late_pair_becomes_a_phantom_and_its_opponents_take_averages(
    director_client: Client, running_session: Session
) -> None:
    pair = running_session.entrants.get(number=6)
    response = director_client.post(
        reverse("run:tables", args=[running_session.pk]), {"form": "phantom", "entrant": pair.pk}, follow=True
    )
    assert "is now a phantom" in response.content.decode()
    pair.refresh_from_db()
    assert pair.is_phantom
    assert not Seat.objects.filter(seating__ew=pair, direction__in=["E", "W"], player__isnull=False).exists()
    assert Seat.objects.filter(seating__ew=pair, direction="N", player__isnull=False).count() == 3
    # Nobody owes a tray against the phantom, and its tables move on past it.
    phantom_tables = {(s.table.number, s.round.number) for s in Seating.objects.filter(ew=pair)}
    owed = {(m.table, m.round) for m in slips_missing(session=running_session)}
    assert len(owed) == 6 and not owed & phantom_tables
    seating = running_session.rounds.get(number=1).seatings.get(ew=pair)
    assert table_round(table=seating.table) == 2
    # The pair it would have met in round 1 takes the average on that tray, once others have played it.
    tray = seating.trays.get().number
    elsewhere = Seating.objects.filter(trays__number=tray, round__session=running_session).exclude(
        pk=seating.pk
    )
    for other in elsewhere:
        table = other.table
        for rnd in range(1, other.round.number + 1):
            result_submit(
                table=table,
                tray_number=_tray(running_session, table.number, rnd),
                ns_tricks=7,
                via=Via.DIRECTOR,
                as_director=True,
            )
    slips = session_slips(session=running_session)
    deal = next(d for d in slips.deals if d.deal == tray)
    assert 6 not in slips.entrants
    assert [(a.entrant, a.reason) for a in deal.averages] == [(seating.ns.number, "opponents absent")]


def test_a_pair_with_results_is_not_late(running_session: Session) -> None:
    result_submit(
        table=running_session.tables.get(number=1), tray_number=_tray(running_session, 1, 1), ns_tricks=7
    )
    seating = running_session.rounds.get(number=1).seatings.get(table__number=1)
    with pytest.raises(UserError) as err:
        entrant_make_phantom(entrant=seating.ew)
    assert err.value.field == "entrant" and "already has results" in err.value.message


def test_a_revoked_link_stops_working_and_a_new_one_works(
    director_client: Client, client: Client, running_session: Session
) -> None:
    table = running_session.tables.get(number=2)
    old = table.token
    director_client.post(reverse("run:table_link", args=[running_session.pk, 2]), {"do": "revoke"})
    assert client.get(reverse("table:home", args=[old])).status_code == 404
    director_client.post(reverse("run:table_link", args=[running_session.pk, 2]), {"do": "new"})
    table.refresh_from_db()
    assert table.token != old and not table.token_revoked
    assert client.get(reverse("table:home", args=[table.token])).status_code == 200
    assert client.get(reverse("table:home", args=[old])).status_code == 404


@pytest.mark.parametrize(
    "form,field", [("substitute", "player_out"), ("substitute", "player_in"), ("phantom", "entrant")]
)
def test_an_id_of_thousands_of_digits_is_a_choice_not_made(
    director_client: Client, running_session: Session, form: str, field: str
) -> None:
    """Python refuses to read a number of over 4,300 digits (a ValueError): the page says what is missing."""
    posted = {"form": form, "player_out": "1", "player_in": "2", "entrant": "1", "from_round": "1"}
    response = director_client.post(
        reverse("run:tables", args=[running_session.pk]), {**posted, field: "9" * 5000}
    )
    assert response.status_code == 400 and "Choose" in response.content.decode()
