"""Idempotency keys: an entrant's (all its phones' alike) or the director's own, bound to what they asked;
422 otherwise. A table's link sends nothing: a phone sends by the pass it was given there."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from entry.services.corrections import result_correct
from scoring.models import SlipLine
from tests.phones import follower_api
from tournaments.models import EntrantLink, PhonePass, Session, Table
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def send(url: str, key: Any, **body: Any) -> Any:
    """POST a result to a phone's API with an Idempotency-Key header."""
    return Client().post(
        url, data=json.dumps(body), content_type="application/json", headers={"Idempotency-Key": str(key)}
    )


def pass_url(session: Session, number: int, side: str = "NS") -> str:
    """The results endpoint of a phone's pass: it said at table ``number``'s link that it is the entrant
    sitting on ``side`` there in round 1."""
    return follower_api(session.tables.get(number=number), side, 1) + "results/"


def entrant_url(session: Session, number: int) -> str:
    """The results endpoint of an entrant's own (printed) link."""
    link = EntrantLink.objects.get(session=session, entrant__number=number, side="")
    return f"/api/v1/entrant-links/{link.token}/results/"


def lines(session: Session) -> list[tuple[int, int, int | None]]:
    """Every slip line as (tray, table, N-S tricks)."""
    rows = SlipLine.objects.filter(session=session).values_list("tray__number", "table__number", "ns_tricks")
    return sorted(rows)


def test_the_same_key_with_the_same_request_is_a_replay(running_session: Session) -> None:
    url = pass_url(running_session, 1)
    first, again = send(url, "k1", tray=1, ns_tricks=8), send(url, "k1", tray=1, ns_tricks=8)
    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["replayed"] is True and again.json()["line"]["id"] == first.json()["line"]["id"]
    assert lines(running_session) == [(1, 1, 8)]


@pytest.mark.parametrize(
    "changed",
    [{"tray": 2, "ns_tricks": 8}, {"tray": 1, "ns_tricks": 9}, {"tray": 1, "ns_tricks": 8, "ns_revokes": 1}],
)
def test_the_same_key_asking_something_else_is_a_422_never_a_replay(
    running_session: Session, changed: dict[str, Any]
) -> None:
    url = pass_url(running_session, 1)
    assert send(url, "k1", tray=1, ns_tricks=8).status_code == 201
    response = send(url, "k1", **changed)
    assert response.status_code == 422
    assert "replayed" not in response.json() and "idempotency_key" in response.json()
    assert lines(running_session) == [(1, 1, 8)]


def test_an_entrant_learns_nothing_of_another_entrants_key(running_session: Session) -> None:
    assert send(pass_url(running_session, 1), "shared", tray=1, ns_tricks=8).status_code == 201
    other = send(pass_url(running_session, 2), "shared", tray=2, ns_tricks=6)
    assert other.status_code == 201 and other.json()["replayed"] is False
    assert "another" not in other.content.decode()
    assert lines(running_session) == [(1, 1, 8), (2, 2, 6)]


def test_an_entrant_that_moved_on_gets_its_stored_line_for_its_key(running_session: Session) -> None:
    url = entrant_url(running_session, 1)
    assert send(url, "pair-1", tray=1, ns_tricks=8, round=1).status_code == 201
    sessions.session_advance(session=running_session)
    again = send(url, "pair-1", tray=1, ns_tricks=8, round=1)
    assert again.status_code == 200 and again.json()["replayed"] is True
    assert send(url, "pair-1", tray=1, ns_tricks=7, round=1).status_code == 422
    assert lines(running_session) == [(1, 1, 8)]


def test_an_entrants_keys_are_shared_by_its_printed_link_and_every_pass_and_not_the_tables(
    running_session: Session, director: Any
) -> None:
    """Pair 1's keys are pair 1's, whichever of its links sends: its printed link and a second phone's
    pass (claimed with the code) replay the first pass's send. The director's key of the same name, in
    the director's own scope, is no replay of it (the tray was sent already: 409)."""
    first = send(pass_url(running_session, 1), "same", tray=1, ns_tricks=8, round=1)
    assert first.status_code == 201
    for url in (entrant_url(running_session, 1), pass_url(running_session, 1)):
        again = send(url, "same", tray=1, ns_tricks=8, round=1)
        assert again.status_code == 200 and again.json()["replayed"] is True
        assert again.json()["line"]["id"] == first.json()["line"]["id"]
        assert send(url, "same", tray=1, ns_tricks=7, round=1).status_code == 422
    assert PhonePass.objects.filter(link__entrant__number=1, ended_at__isnull=True).count() == 2
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    theirs = api.post(
        url, {"table": 1, "tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="same"
    )
    assert theirs.status_code == 409  # the director's keys are the table's: not a replay of the pair's send
    assert lines(running_session) == [(1, 1, 8)]


def test_the_directors_key_asking_for_another_table_is_a_422(running_session: Session, director: Any) -> None:
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    first = api.post(url, {"table": 1, "tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="d1")
    again = api.post(url, {"table": 1, "tray": 1, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="d1")
    other = api.post(url, {"table": 2, "tray": 2, "ns_tricks": 8}, format="json", HTTP_IDEMPOTENCY_KEY="d1")
    assert (first.status_code, again.status_code, other.status_code) == (201, 200, 422)
    assert send(pass_url(running_session, 2), "d1", tray=2, ns_tricks=6).status_code == 201
    assert lines(running_session) == [(1, 1, 8), (2, 2, 6)]


def test_the_plain_form_reusing_a_key_for_another_tray_stores_nothing(running_session: Session) -> None:
    table: Table = running_session.tables.get(number=1)
    phone = Client()
    claimed = phone.post(f"/t/{table.token}/claim", {"entrant": "1"})
    assert claimed.status_code == 302
    home = claimed["Location"]
    phone.post(home, {"tray": 1, "ns_tricks": 8, "key": "form-key"})
    response = phone.post(home, {"tray": 2, "ns_tricks": 5, "key": "form-key"}, follow=True)
    assert "already used for a different result" in response.content.decode()
    assert lines(running_session) == [(1, 1, 8)]


def test_the_database_keeps_a_key_once_per_scope(running_session: Session, director: Any) -> None:
    """A phone's key in its entrant's scope (``entrant-link:<id>``); the director's API's in the
    director's (``user:<id>``)."""
    send(pass_url(running_session, 1), "once", tray=1, ns_tricks=8)
    line = SlipLine.objects.get(session=running_session)
    link = EntrantLink.objects.get(session=running_session, entrant__number=1, side="")
    assert (line.idempotency_scope, line.idempotency_key) == (f"entrant-link:{link.pk}", "once")
    assert len(line.idempotency_fingerprint) == 64
    api = APIClient()
    api.force_authenticate(director)
    url = f"/api/v1/sessions/{running_session.pk}/slips/"
    api.post(url, {"table": 2, "tray": 2, "ns_tricks": 6}, format="json", HTTP_IDEMPOTENCY_KEY="once")
    theirs = SlipLine.objects.get(session=running_session, table__number=2)
    assert (theirs.idempotency_scope, theirs.idempotency_key) == (f"user:{director.pk}", "once")


def test_a_retry_after_close_is_answered_with_no_more_than_the_phone_may_see_now(
    running_session: Session, director: Any
) -> None:
    """N-S's phone sends, E-W check it, the director closes, corrects the line and publishes the standings
    alone; N-S's offline queue then sends the same key and body again. The retry is answered (a replay,
    200), but with the line as that send stored it: not the director's correction, nor who checked it,
    which the public does not see (the travellers are not published); and no traveller."""
    url = pass_url(running_session, 1)
    first = send(url, "queued", tray=1, ns_tricks=8)
    assert first.status_code == 201
    checked = Client().post(
        follower_api(running_session.tables.get(number=1), "EW", 1) + "trays/1/confirm/",
        data=json.dumps({"version": first.json()["line"]["version"]}),
        content_type="application/json",
    )
    assert checked.status_code == 200 and checked.json()["confirmed_by"]
    sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    line = SlipLine.objects.get(session=running_session, tray__number=1)
    result_correct(line=line, reason="N-S made seven", ns_tricks=7, by="the director")
    sessions.session_publish_switches(session=running_session, standings=True, travellers=False)
    sessions.session_set_status(session=running_session, status=Session.Status.PUBLISHED)
    again = send(url, "queued", tray=1, ns_tricks=8)
    assert again.status_code == 200 and again.json()["replayed"] is True
    told = again.json()["line"]
    assert (told["id"], told["ns_tricks"], told["ew_tricks"], told["version"]) == (
        first.json()["line"]["id"],
        8,
        5,
        1,
    )
    assert (told["status"], told["confirmed_by"], told["confirmed_at"]) == ("entered", "", None)
    assert again.json()["traveller"] is None
    assert "seven" not in again.content.decode() and "director" not in again.content.decode()
    assert lines(running_session) == [(1, 1, 7)]


def test_a_plain_forms_retry_after_close_tells_the_count_it_sent(running_session: Session) -> None:
    """The phone's page without JavaScript retries its form after the close and the director's correction:
    the page says what that send stored, not the corrected count."""
    table: Table = running_session.tables.get(number=1)
    phone = Client()
    home = phone.post(f"/t/{table.token}/claim", {"entrant": "1"})["Location"]
    phone.post(home, {"tray": 1, "ns_tricks": 8, "key": "form-retry"})
    sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    line = SlipLine.objects.get(session=running_session, tray__number=1)
    result_correct(line=line, reason="N-S made seven", ns_tricks=7, by="the director")
    page = phone.post(home, {"tray": 1, "ns_tricks": 8, "key": "form-retry"}, follow=True).content.decode()
    assert "Tray 1 sent: N-S 8, E-W 5." in page and "N-S 7" not in page
    assert lines(running_session) == [(1, 1, 7)]
