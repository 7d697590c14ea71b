"""A whist drive is not duplicate (each table plays its own hands, p. 24): the scorer's eye has only
``missing`` there, and a player's phone never asks before sending, whatever it sends."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from scoring.models import SlipLine
from tournaments.models import Deal, DriveChange, EntrantLink, Round, Session
from tournaments.services import running

pytestmark = pytest.mark.django_db


def _send(session: Session, table: int, winner: str, points: int) -> dict[str, object]:
    """N at this table sends who won and by how much from the phone's drive API, asking first as the duplicate
    phone's script does: the answer."""
    cache.clear()
    seats = DriveChange.objects.get(session=session, number=1).seating[str(table)]
    north = EntrantLink.objects.get(session=session, entrant__number=seats["N"]).token
    body = {"winner": winner, "points": points, "ask": True}
    sent = APIClient().post(f"/api/v1/entrant-links/{north}/drive/result/", body, format="json")
    assert sent.status_code == 201, sent.content
    duplicate_door = {"tray": sent.json()["line"]["tray"], "ns_tricks": 0, "ask": True}
    refused = APIClient().post(f"/api/v1/entrant-links/{north}/results/", duplicate_door, format="json")
    assert refused.status_code == 409 and "ask" not in refused.json(), (
        refused.content
    )  # a drive takes no tray
    return dict(sent.json())


def test_at_a_drive_the_phone_never_asks_and_the_checks_are_only_missing(
    drive_of: Callable[..., Session], director_client: Client
) -> None:
    session = drive_of(tables=4, changes=2)
    running.session_timer_set(session=session, minutes_per_tray=8, change_minutes=2)
    Round.objects.filter(session=session, number=1).update(started_at=timezone.now() - dt.timedelta(hours=3))
    Deal.objects.filter(tray__session=session).update(double_dummy={"ns": 10, "ew": 3})
    answers = [_send(session, 1, "NS", 3), _send(session, 2, "NS", 4), _send(session, 3, "EW", 3)]
    assert all("ask" not in a for a in answers)
    lines = sorted(SlipLine.objects.filter(session=session).values_list("table__number", "ns_tricks"))
    assert [t for t, _ in lines] == [1, 2, 3] and lines[2][1] <= 4  # one reads far the other way
    checks = director_client.get(f"/api/v1/sessions/{session.pk}/checks/").json()["checks"]
    assert checks and {c["kind"] for c in checks} == {"missing"}
    assert {c["table"] for c in checks} == {4}
