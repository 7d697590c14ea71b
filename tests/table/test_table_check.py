"""E-W check the N-S entry: on their own phone, or on the same phone by a deliberate step; or dispute it."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.models import SlipLine
from tournaments.models import ActionLog, Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def message(body: dict[str, Any]) -> str:
    """A refusal's sentence, as the phones' API writes it: ``detail``, or the field's first message."""
    if "detail" in body:
        return str(body["detail"])
    return str(next(iter(body.values()))[0])


@pytest.fixture
def sent(phone: Any) -> Any:
    """Table 1 has sent tray 1: N-S 8."""
    assert phone.send(1, 8, key="sent-1").status_code == 201
    return phone


def test_the_opponents_check_on_their_own_phone(sent: Any, make_phone: Any, running_session: Session) -> None:
    ew = make_phone(running_session.tables.get(number=1), "EW", 1)
    html = ew.page().content.decode()
    assert "E-W, please check." in html and "Hand the phone to E-W" not in html
    response = ew.post("confirm", tray=1, version=1)
    assert response.status_code == 200
    line = SlipLine.objects.get(session=running_session)
    assert line.status == "confirmed" and line.confirmed_by == "pair 2 (E-W phone)"


def test_the_sending_phone_checks_only_after_handing_over(sent: Any) -> None:
    html = sent.page().content.decode()
    assert (
        '<details class="handover"><summary class="btn big secondary">Hand the phone to E-W</summary>' in html
    )
    start = html.index('<details class="handover">')
    assert html.index("E-W, please check.") > start  # the check sits behind the deliberate step


def test_a_check_is_idempotent(sent: Any, running_session: Session) -> None:
    assert sent.post("confirm", tray=1).status_code == 200
    assert sent.post("confirm", tray=1).status_code == 200
    assert SlipLine.objects.get(session=running_session).status == "confirmed"


def test_a_check_of_a_changed_result_is_refused(sent: Any, running_session: Session) -> None:
    response = sent.post("confirm", tray=1, version=7)
    assert response.status_code == 409
    assert SlipLine.objects.get(session=running_session).status == "entered"


def test_a_check_of_a_tray_not_sent_is_not_found(phone: Any) -> None:
    assert phone.post("confirm", tray=1).status_code == 404
    assert phone.post("confirm", tray="x").status_code == 404


def test_a_disagreement_goes_to_the_director(sent: Any, running_session: Session) -> None:
    response = sent.post("dispute", tray=1, claimed=7)
    assert response.status_code == 200
    line = SlipLine.objects.get(session=running_session)
    assert (line.status, line.ns_tricks, line.version) == ("disputed", 8, 2)
    assert line.history.get().reason == "pair 2 (E-W, on pair 1's phone handed across) claim N-S 7"
    log = ActionLog.objects.get(action="result.dispute")
    assert log.data["claimed"] == 7 and log.data["stored"] == 8


def test_a_repeated_dispute_changes_nothing_more(sent: Any, running_session: Session) -> None:
    sent.post("dispute", tray=1, claimed=7)
    assert sent.post("dispute", tray=1, claimed=7).status_code == 200
    assert SlipLine.objects.get(session=running_session).version == 2


def test_a_dispute_needs_a_count_from_0_to_13(sent: Any, running_session: Session) -> None:
    response = sent.post("dispute", tray=1, claimed=14)
    assert response.status_code == 400 and "claimed" in response.json()
    assert SlipLine.objects.get(session=running_session).status == "entered"


def test_a_disputed_result_cannot_be_checked_from_the_table(sent: Any, running_session: Session) -> None:
    sent.post("dispute", tray=1, claimed=7)
    assert sent.post("confirm", tray=1).status_code == 409
    assert SlipLine.objects.get(session=running_session).status == "disputed"


def test_a_checked_result_cannot_be_disputed_from_the_table(sent: Any, running_session: Session) -> None:
    sent.post("confirm", tray=1)
    assert sent.post("dispute", tray=1, claimed=7).status_code == 409
    assert SlipLine.objects.get(session=running_session).status == "confirmed"


def test_nothing_is_checked_once_the_session_is_closed(sent: Any, running_session: Session) -> None:
    sessions.session_set_status(session=running_session, status="closed")
    assert sent.post("confirm", tray=1).status_code == 400
    assert sent.post("dispute", tray=1, claimed=7).status_code == 400
    assert SlipLine.objects.get(session=running_session).status == "entered"


def test_a_closed_sessions_check_says_nothing_of_the_line(sent: Any, running_session: Session) -> None:
    """Issue 30, hole 4: a line checked before the close, then corrected, is not shown to a phone that
    checks it again once only the standings are published (the public sees no line)."""
    assert sent.post("confirm", tray=1).status_code == 200
    sessions.session_set_status(session=running_session, status="closed")
    sessions.session_set_status(session=running_session, status="published")
    sessions.session_publish_switches(session=running_session, standings=True)
    for action, body in (("confirm", {}), ("dispute", {"claimed": 5}), ("amend", {"ns_tricks": 5})):
        answer = sent.post(action, tray=1, **body)
        assert answer.status_code == 400, action
        assert "ns_tricks" not in answer.content.decode() and "8" not in message(answer.json())


def test_the_plain_forms_check_and_dispute_without_javascript(sent: Any, running_session: Session) -> None:
    response = sent.client.post(f"{sent.base}trays/1/dispute/", {"claimed": "6"}, follow=True)
    assert b"your count went to the director" in response.content
    assert SlipLine.objects.get(session=running_session).status == "disputed"
    response = sent.client.post(f"{sent.base}trays/1/confirm/", {"version": "2"}, follow=True)
    assert b"disputed; the director will settle it" in response.content
