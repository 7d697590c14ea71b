"""Two sends of a session's score cards at once (a double click, the page and the API): one mails.

On PostgreSQL only, as ``test_races``: threads released together by a barrier. The send takes the
session's row before it decides and records (``scoring.services.score_cards``), so the second sees the
first's record and is refused; nobody gets their card twice.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.core import mail
from django.db import connection
from public.builders import play_session

from scoring.models import ScoreCardSend
from scoring.services.score_cards import score_cards_send
from tests.security.test_races import race
from tournaments.models import Club, Session
from tournaments.services import club as club_services
from tournaments.services.errors import Conflict

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite serialises every writer"),
]


@pytest.fixture
def closed_session(club: Club) -> Session:
    """Six pairs played and closed, every player with an address."""
    players = [
        club_services.player_create(club=club, name=f"Member {i:02d}", email=f"m{i}@example.org")
        for i in range(1, 13)
    ]
    return play_session(
        club=club,
        players=players,
        title="Race",
        date=dt.date(2026, 11, 9),
        family="mitchell",
        deals_count=6,
        publish=None,
    )


def test_two_sends_at_once_mail_each_player_once(closed_session: Session) -> None:
    answers = race(
        lambda: score_cards_send(session=closed_session), lambda: score_cards_send(session=closed_session)
    )
    kinds = sorted(kind for kind, _ in answers)
    assert kinds == ["ok", "refused"], answers
    refused = next(value for kind, value in answers if kind == "refused")
    assert isinstance(refused, Conflict) and "sent already" in refused.message
    assert len(mail.outbox) == 12 and sorted(m.to[0] for m in mail.outbox) == sorted(
        f"m{i}@example.org" for i in range(1, 13)
    )
    assert list(ScoreCardSend.objects.values_list("number", flat=True)) == [1]
