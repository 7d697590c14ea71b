"""Setting up a session: entrants, movement, start; refusals with a reason."""

from __future__ import annotations

import datetime as dt

import pytest

from tournaments.models import Club, Player, Seat, Session
from tournaments.services import sessions
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def test_a_pair_of_one_player_is_refused(draft_session: Session, club: Club) -> None:
    extra = Player.objects.create(club=club, name="Lone")
    with pytest.raises(UserError) as err:
        sessions.entrant_create(session=draft_session, players=[extra])
    assert "2 players" in err.value.message


def test_the_same_player_in_two_pairs_is_refused(draft_session: Session, players: list[Player]) -> None:
    newcomer = Player.objects.create(club=draft_session.club, name="New")
    with pytest.raises(UserError) as err:
        sessions.entrant_create(session=draft_session, players=[players[0], newcomer])
    assert "Already entered" in err.value.message


def test_a_player_of_another_club_is_refused(draft_session: Session) -> None:
    other = Club.objects.create(name="Other", slug="other")
    a, b = (Player.objects.create(club=other, name=n) for n in "AB")
    with pytest.raises(UserError):
        sessions.entrant_create(session=draft_session, players=[a, b])


def test_fixing_the_movement_seats_every_player(seated_session: Session) -> None:
    assert seated_session.rounds.count() == 3 and seated_session.tables.count() == 3
    assert seated_session.trays.count() == 3
    assert Seat.objects.filter(round__session=seated_session, player__isnull=False).count() == 3 * 3 * 4


def test_the_session_cannot_start_without_a_movement(draft_session: Session) -> None:
    with pytest.raises(UserError) as err:
        sessions.session_start(session=draft_session)
    assert "movement" in err.value.message


def test_the_movement_cannot_change_once_running(running_session: Session) -> None:
    from tests.conftest import mitchell_three_tables
    from tournaments.services import seating

    with pytest.raises(UserError):
        seating.movement_fix(session=running_session, movement=mitchell_three_tables())


def test_a_movement_for_another_number_of_pairs_is_refused(club: Club, players: list[Player]) -> None:
    from tests.conftest import mitchell_three_tables
    from tournaments.services import seating

    session = sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Short")
    sessions.entrant_create(session=session, players=players[:2])
    with pytest.raises(UserError) as err:
        seating.movement_fix(session=session, movement=mitchell_three_tables())
    assert "6 pairs" in err.value.message


def test_the_status_runs_draft_running_closed_published(running_session: Session) -> None:
    assert running_session.status == Session.Status.RUNNING
    s = sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    s = sessions.session_set_status(session=s, status=Session.Status.PUBLISHED)
    assert s.status == Session.Status.PUBLISHED
    with pytest.raises(UserError):
        sessions.session_set_status(session=s, status=Session.Status.RUNNING)
