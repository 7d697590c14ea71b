"""Whatever a client sends to the evening's new doors: a clear refusal, never a 5xx, nothing lost."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import SlipLine
from tests.api.helpers import token_client
from tests.phones import seated_pass
from tests.sends import result_submit
from tournaments.models import DirectorCall, Session

pytestmark = pytest.mark.django_db

GARBAGE = [
    {},
    {"accept": "both", "minutes_per_tray": "-3", "change_minutes": "1e9", "all": "yes"},
    {"line-1": "maybe", "tricks-1": "fourteen", "line-x": "confirm", "line-99999999999999999999": "confirm"},
    {"minutes_per_tray": "9" * 40, "change_minutes": "\x00", "next": "https://elsewhere.example/"},
]
JSON_GARBAGE = [
    None,
    {"decisions": "all"},
    {"decisions": [{"line": "x"}]},
    {"decisions": [{"line": 1, "decision": "correct", "ns_tricks": 99}]},
    {"accept": ["ns"]},
    {"minutes_per_tray": 10**30, "change_minutes": None},
    [1, 2, 3],
]


def test_the_director_pages_refuse_garbage_clearly_and_change_nothing(
    director_client: Client, running_session: Session
) -> None:
    table = running_session.tables.get(number=1)
    tray = table.seatings.get(round__number=1).trays.get().number
    line = result_submit(table=table, tray_number=tray, ns_tricks=8).line
    DirectorCall.objects.create(session=running_session, table=table, round_number=1)
    call = DirectorCall.objects.get()
    pk = running_session.pk
    urls = [
        reverse("run:close", args=[pk]),
        reverse("run:timer", args=[pk]),
        reverse("run:clock_restart", args=[pk]),
        reverse("run:settle", args=[pk, line.pk]),
        reverse("run:confirm_line", args=[pk, 10**6]),
        reverse("run:call_answer", args=[pk, call.pk + 1]),
        reverse("director:setup_entrants", args=[pk]),
    ]
    for url in urls:
        for body in GARBAGE:
            response = director_client.post(url, body)
            assert response.status_code < 500, (url, body, response.status_code)
            if response.status_code in (301, 302):
                assert response["Location"].startswith("/"), "never sent to another host"
    line.refresh_from_db()
    running_session.refresh_from_db()
    assert (line.ns_tricks, line.status, running_session.status) == (8, "entered", "running")
    assert SlipLine.objects.filter(session=running_session).count() == 1


def test_the_phones_and_the_api_refuse_garbage_with_4xx(running_session: Session, director: object) -> None:
    table = running_session.tables.get(number=1)
    follower = seated_pass(table)  # a pair's phone, by the pass it was given at the table's link
    phone = Client()
    for url in (
        f"/t/{table.token}/call",
        f"/api/v1/tables/{table.token}/clock/",
        f"/p/{follower}/call",
        f"/api/v1/entrant-links/{follower}/clock/",
        "/t/%00/call",
        "/api/v1/entrant-links/nope/clock/",
    ):
        for body in GARBAGE:
            response = phone.post(url, body) if url.endswith("call") else phone.get(url, body)
            assert response.status_code < 500, (url, body)
    api: APIClient = token_client(director)
    pk = running_session.pk
    for url, method in (
        (f"/api/v1/sessions/{pk}/close/", "post"),
        (f"/api/v1/sessions/{pk}/timer/", "put"),
        (f"/api/v1/sessions/{pk}/slips/1/settle/", "post"),
        (f"/api/v1/sessions/{pk}/calls/1/answer/", "post"),
        (f"/api/v1/tables/{table.token}/call/", "post"),
        (f"/api/v1/entrant-links/{follower}/call/", "post"),
    ):
        for body in JSON_GARBAGE:
            response = getattr(api, method)(url, body, format="json")
            assert response.status_code < 500, (url, body, response.status_code)
    running_session.refresh_from_db()
    assert running_session.status == "running" and running_session.minutes_per_tray == 0
