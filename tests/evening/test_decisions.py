"""Decisions in one click: a dispute settled for one side's figure; closing decides each unconfirmed line."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from entry.services.decisions import Decision, dispute_settle
from entry.services.directing import IncompleteSlips, session_close
from entry.services.results import result_confirm, result_dispute
from scoring.models import SlipLine, SlipLineVersion
from tests.api.helpers import token_client
from tests.sends import result_submit
from tournaments.models import Session, Table
from tournaments.services.errors import Conflict, UserError

pytestmark = pytest.mark.django_db


def send_all(session: Session, *, confirm: bool = True) -> None:
    """Every table sends every tray of every round (N-S 7 tricks); E-W confirm unless told not to."""
    for rnd in session.rounds.order_by("number"):
        for seating in rnd.seatings.select_related("table"):
            for tray in seating.trays.all():
                line = result_submit(
                    table=seating.table,
                    tray_number=tray.number,
                    ns_tricks=7,
                    round_number=rnd.number,
                    via="director",
                ).line
                if confirm:
                    result_confirm(line=line, by="E-W")


def a_line(session: Session, table: int = 1, tray: int = 1) -> SlipLine:
    return SlipLine.objects.get(session=session, table__number=table, tray__number=tray)


def test_accepting_e_ws_figure_corrects_the_line_and_keeps_its_history(running_session: Session) -> None:
    send_all(running_session)
    line = a_line(running_session)
    SlipLine.objects.filter(pk=line.pk).update(status="entered")
    result_dispute(line=line, claimed=5, by="E-W")
    settled = dispute_settle(line=line, accept="ew", by="dir")
    assert (settled.ns_tricks, settled.status) == (5, "confirmed")
    reasons = list(
        SlipLineVersion.objects.filter(line=line).order_by("version").values_list("change", "reason")
    )
    assert reasons[-1] == ("corrected", "Dispute settled: E-W's figure accepted, N-S 5 (N-S had entered 7).")


def test_accepting_n_ss_figure_keeps_the_tricks_and_says_why(running_session: Session) -> None:
    send_all(running_session)
    line = a_line(running_session)
    SlipLine.objects.filter(pk=line.pk).update(status="entered")
    result_dispute(line=line, claimed=9, by="E-W")
    settled = dispute_settle(line=line, accept="ns", by="dir")
    assert (settled.ns_tricks, settled.status) == (7, "confirmed")
    assert (
        "N-S's figure accepted, N-S 7 (E-W said 9)" in SlipLineVersion.objects.filter(line=line).last().reason
    )


def test_a_line_no_longer_disputed_cannot_be_settled_and_a_side_must_be_named(
    running_session: Session,
) -> None:
    send_all(running_session)
    line = a_line(running_session)
    with pytest.raises(Conflict):
        dispute_settle(line=line, accept="ns")
    with pytest.raises(UserError, match="Accept N-S's figure or E-W's"):
        dispute_settle(line=line, accept="both")


def test_closing_refuses_while_a_line_is_unconfirmed_and_changes_nothing(running_session: Session) -> None:
    send_all(running_session)
    line = a_line(running_session, 2, 2)
    SlipLine.objects.filter(pk=line.pk).update(status="entered")
    with pytest.raises(IncompleteSlips) as refused:
        session_close(session=running_session)
    assert refused.value.problems == [
        "Table 2's result on tray 2 (round 1) is not confirmed: N-S entered 7. "
        "Confirm it as entered, or correct it."
    ]
    assert [x.pk for x in refused.value.undecided] == [line.pk]
    running_session.refresh_from_db()
    assert running_session.status == "running"


def test_closing_with_a_decision_for_each_unconfirmed_line_applies_them_and_keeps_history(
    running_session: Session,
) -> None:
    send_all(running_session)
    a, b = a_line(running_session, 1, 1), a_line(running_session, 2, 2)
    SlipLine.objects.filter(pk__in=[a.pk, b.pk]).update(status="entered")
    session_close(
        session=running_session, decisions=[Decision(a.pk, "confirm"), Decision(b.pk, "correct", 9)]
    )
    a.refresh_from_db(), b.refresh_from_db()
    assert (a.status, a.ns_tricks, b.status, b.ns_tricks) == ("confirmed", 7, "confirmed", 9)
    assert SlipLineVersion.objects.get(line=a).reason == "Confirmed as entered at the close."
    assert SlipLineVersion.objects.get(line=b).reason == "Corrected at the close from N-S 7 to N-S 9."
    running_session.refresh_from_db()
    assert running_session.status == "closed"


def test_a_bad_figure_in_a_decision_refuses_the_close_and_applies_no_decision(
    running_session: Session,
) -> None:
    send_all(running_session)
    a, b = a_line(running_session, 1, 1), a_line(running_session, 2, 2)
    SlipLine.objects.filter(pk__in=[a.pk, b.pk]).update(status="entered")
    with pytest.raises(UserError) as refused:
        session_close(
            session=running_session, decisions=[Decision(a.pk, "confirm"), Decision(b.pk, "correct", 14)]
        )
    assert refused.value.errors == {f"tricks-{b.pk}": "Tricks must be from 0 to 13, not 14."}  # type: ignore[attr-defined]
    a.refresh_from_db()
    assert a.status == "entered" and not SlipLineVersion.objects.filter(line=a).exists()


def test_the_close_page_asks_for_each_decision_and_names_the_line_left_undecided(
    director_client: Client, running_session: Session
) -> None:
    send_all(running_session)
    a, b = a_line(running_session, 1, 1), a_line(running_session, 2, 2)
    SlipLine.objects.filter(pk__in=[a.pk, b.pk]).update(status="entered")
    url = reverse("run:close", args=[running_session.pk])
    page = director_client.get(url).content.decode()
    assert f'name="line-{a.pk}" value="confirm"' in page and f'name="tricks-{b.pk}"' in page
    refused = director_client.post(url, {f"line-{a.pk}": "confirm"})
    assert refused.status_code == 400
    assert f'id="decide-{b.pk}"' in refused.content.decode()
    assert "Decide this result: confirm it as entered, or correct it." in refused.content.decode()
    done = director_client.post(
        url, {f"line-{a.pk}": "confirm", f"line-{b.pk}": "correct", f"tricks-{b.pk}": "8"}
    )
    assert done.status_code == 302
    b.refresh_from_db()
    assert b.ns_tricks == 8 and Session.objects.get(pk=running_session.pk).status == "closed"


def test_confirm_every_one_as_entered_is_a_decision_for_each(
    director_client: Client, running_session: Session
) -> None:
    send_all(running_session, confirm=False)
    director_client.post(reverse("run:close", args=[running_session.pk]), {"all": "confirm"})
    assert not SlipLine.objects.filter(session=running_session).exclude(status="confirmed").exists()
    assert SlipLineVersion.objects.filter(session=running_session, change="confirmed").count() == 9


def test_the_api_closes_with_decisions_and_refuses_without_naming_the_lines(
    running_session: Session, director: object
) -> None:
    send_all(running_session)
    line = a_line(running_session, 3, 3)
    SlipLine.objects.filter(pk=line.pk).update(status="entered")
    api: APIClient = token_client(director)
    url = f"/api/v1/sessions/{running_session.pk}/close/"
    refused = api.post(url, {}, format="json")
    assert refused.status_code == 400 and refused.json()["undecided"] == [line.pk]
    bad = api.post(url, {"decisions": [{"line": line.pk, "decision": "maybe"}]}, format="json")
    assert bad.status_code == 400 and "decisions" in bad.json()
    closed = api.post(url, {"decisions": [{"line": line.pk, "decision": "confirm"}]}, format="json")
    assert closed.status_code == 200 and closed.json()["status"] == "closed"


def test_a_dispute_is_settled_from_the_board_in_one_click(
    director_client: Client, running_session: Session
) -> None:
    table = Table.objects.get(session=running_session, number=2)
    tray = table.seatings.get(round__number=1).trays.get().number
    line = result_submit(table=table, tray_number=tray, ns_tricks=8).line
    result_dispute(line=line, claimed=6, by="E-W")
    board = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    assert "Accept N-S's 8" in board and "Accept E-W's 6" in board
    response = director_client.post(
        reverse("run:settle", args=[running_session.pk, line.pk]), {"accept": "ew"}
    )
    assert response.status_code == 302
    line.refresh_from_db()
    assert (line.ns_tricks, line.status) == (6, "confirmed")


def test_another_clubs_director_gets_404_on_every_decision(
    stranger_client: Client, running_session: Session
) -> None:
    send_all(running_session)
    line = a_line(running_session)
    for name in ("settle", "confirm_line"):
        assert (
            stranger_client.post(
                reverse(f"run:{name}", args=[running_session.pk, line.pk]), {"accept": "ns"}
            ).status_code
            == 404
        )
    assert (
        stranger_client.post(reverse("run:close", args=[running_session.pk]), {"all": "confirm"}).status_code
        == 404
    )
