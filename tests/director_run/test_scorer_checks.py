"""The scorer's eye through its doors: the API's checks and answers, the live board, the close page."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from entry.selectors.board import director_standings
from entry.services.directing import round_enter
from infra.security import DirectorRateThrottle
from scoring.models import CheckAnswer, SlipLine, SlipLineVersion
from tournaments.models import Deal, Session
from tournaments.services import sessions
from tournaments.services.deals import trays_deal

pytestmark = pytest.mark.django_db


def _play(session: Session, odd: dict[tuple[int, int], int], upto: int = 3) -> None:
    """Every table's line of rounds 1..``upto``: N-S 7, or ``odd[(table, tray)]``."""
    for rnd in session.rounds.filter(number__lte=upto).order_by("number"):
        entries = {
            (s.table.number, tray.number): str(odd.get((s.table.number, tray.number), 7))
            for s in rnd.seatings.select_related("table")
            for tray in s.trays.all()
        }
        outcome = round_enter(session=session, round_number=rnd.number, entries=entries)
        assert not outcome.errors, outcome.errors


SWAPPED = {(1, 1): 9, (2, 1): 10, (3, 1): 4}


def _checks(client: Client, session: Session) -> list[dict[str, Any]]:
    response = client.get(f"/api/v1/sessions/{session.pk}/checks/")
    assert response.status_code == 200
    return response.json()["checks"]


def test_the_api_lists_a_line_entered_the_other_way(
    director_client: Client, running_session: Session
) -> None:
    _play(running_session, SWAPPED)
    [check] = _checks(director_client, running_session)
    assert (check["tray"], check["table"], check["kind"], check["answered"]) == (1, 3, "swapped", False)
    assert check["sentence"] == (
        "Table 3, tray 1: N-S 4 where the other tables made 9 or 10; did N-S enter E-W's count?"
    )


def _line(session: Session, table: int, tray: int) -> SlipLine:
    return SlipLine.objects.get(session=session, table__number=table, tray__number=tray)


def _totals(session: Session) -> dict[int, str]:
    session.refresh_from_db()
    rows, problem = director_standings(session=session)
    assert not problem
    return {row["entrant"]: row["total"] for row in rows}


def test_marking_a_line_right_keeps_who_and_when_and_answers_the_check(
    director_client: Client, running_session: Session
) -> None:
    _play(running_session, SWAPPED)
    line = _line(running_session, 3, 1)
    response = director_client.post(
        f"/api/v1/sessions/{running_session.pk}/checks/",
        {"line": line.pk, "kind": "swapped", "answer": "right"},
        content_type="application/json",
    )
    assert response.status_code == 200
    [check] = response.json()["checks"]
    assert check["answered"] and check["answer"] == "right" and check["answered_by"] == "dir"
    assert check["answered_at"]
    line.refresh_from_db()
    assert (line.ns_tricks, line.version) == (4, 1)
    assert CheckAnswer.objects.get(line=line).answered_user.username == "dir"
    assert _checks(director_client, running_session)[0]["answered"]


def test_another_clubs_director_is_told_404_and_nobody_401(
    stranger_client: Client, client: Client, running_session: Session
) -> None:
    _play(running_session, SWAPPED)
    url = f"/api/v1/sessions/{running_session.pk}/checks/"
    line = _line(running_session, 3, 1)
    body = {"line": line.pk, "kind": "swapped", "answer": "swap"}
    assert stranger_client.get(url).status_code == 404
    assert stranger_client.post(url, body, content_type="application/json").status_code == 404
    assert client.get(url).status_code == 401
    line.refresh_from_db()
    assert line.ns_tricks == 4


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"kind": "late", "answer": "swap"}, "kind"),
        ({"kind": "swapped", "answer": "undo"}, "answer"),
        ({"kind": "swapped", "answer": "correct"}, "ns_tricks"),
        ({"kind": "swapped", "answer": "correct", "ns_tricks": 14}, "ns_tricks"),
        ({"kind": "far_from_field", "answer": "swap"}, "kind"),
    ],
)
def test_a_bad_answer_is_refused_with_a_clear_error_and_changes_nothing(
    director_client: Client, running_session: Session, body: dict[str, Any], field: str
) -> None:
    _play(running_session, SWAPPED)
    line = _line(running_session, 3, 1)
    response = director_client.post(
        f"/api/v1/sessions/{running_session.pk}/checks/",
        {"line": line.pk, **body},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert field in str(response.json())
    line.refresh_from_db()
    assert (line.ns_tricks, line.version) == (4, 1) and not CheckAnswer.objects.exists()


def test_a_line_with_no_check_cannot_be_answered(director_client: Client, running_session: Session) -> None:
    _play(running_session, SWAPPED)
    line = _line(running_session, 1, 1)
    response = director_client.post(
        f"/api/v1/sessions/{running_session.pk}/checks/",
        {"line": line.pk, "kind": "swapped", "answer": "swap"},
        content_type="application/json",
    )
    assert response.status_code == 400 and "has no swapped check now" in str(response.json())
    line.refresh_from_db()
    assert line.ns_tricks == 9


def test_a_swap_answered_from_the_board_changes_the_line_its_history_and_the_standings(
    director_client: Client, running_session: Session
) -> None:
    _play(running_session, SWAPPED)
    board = reverse("run:board", args=[running_session.pk])
    page = director_client.get(board).content.decode()
    sentence = "Table 3, tray 1: N-S 4 where the other tables made 9 or 10; did N-S enter E-W&#x27;s count?"
    assert sentence in page and "Swap it" in page and "Mark it right" in page and "Correct it" in page
    polled = director_client.get(reverse("run:board_json", args=[running_session.pk])).json()
    assert [c["table"] for c in polled["needs"]["checks"]] == [3] and "Swap it" in polled["needs_html"]
    before = _totals(running_session)
    line = _line(running_session, 3, 1)
    answer = reverse("run:check_answer", args=[running_session.pk, line.pk])
    response = director_client.post(answer, {"kind": "swapped", "answer": "swap", "next": board}, follow=True)
    assert "Swapped: the line now reads N-S 9" in response.content.decode()
    line.refresh_from_db()
    assert (line.ns_tricks, line.version) == (9, 2)
    old = SlipLineVersion.objects.get(line=line)
    assert old.data["ns_tricks"] == 4 and "swapped" in old.reason and old.changed_user.username == "dir"
    assert _totals(running_session) != before
    assert sentence not in director_client.get(board).content.decode()
    assert CheckAnswer.objects.get(line=line).answer == "swapped"


def test_the_close_page_lists_the_checks_before_publishing(
    director_client: Client, running_session: Session
) -> None:
    _play(running_session, SWAPPED)
    close = reverse("run:close", args=[running_session.pk])
    page = director_client.get(close).content.decode()
    assert "Lines to look at before publishing" in page and "Table 3, tray 1: N-S 4" in page
    line = _line(running_session, 3, 1)
    answer = reverse("run:check_answer", args=[running_session.pk, line.pk])
    director_client.post(answer, {"kind": "swapped", "answer": "correct", "ns_tricks": "8", "next": close})
    line.refresh_from_db()
    assert line.ns_tricks == 8
    assert "Table 3, tray 1: N-S" not in director_client.get(close).content.decode()


def test_the_double_dummy_judges_a_tray_too_small_for_its_field(
    director_client: Client, running_session: Session
) -> None:
    _play(running_session, {(1, 1): 4}, upto=1)  # round 1: one line a tray
    assert _checks(director_client, running_session) == []
    Deal.objects.filter(tray__session=running_session, tray__number=1).update(double_dummy={"ns": 9, "ew": 4})
    [check] = _checks(director_client, running_session)
    assert check["kind"] == "swapped"
    assert (
        check["sentence"]
        == "Table 1, tray 1: N-S 4 where the hands make 9 double dummy; did N-S enter E-W's count?"
    )


def test_a_table_late_with_its_line_is_one_missing_check(
    director_client: Client, running_session: Session
) -> None:
    running_session.tables_advance = False
    running_session.save()
    entries = {(2, _tray(running_session, 2)): "7", (3, _tray(running_session, 3)): "7"}
    assert not round_enter(session=running_session, round_number=1, entries=entries).errors
    sessions.session_advance(session=running_session)
    [check] = _checks(director_client, running_session)
    tray = _tray(running_session, 1)
    assert (check["kind"], check["table"], check["tray"], check["line"]) == ("missing", 1, tray, None)
    assert check["sentence"] == f"Table 1, tray {tray}: no line yet, and round 1's time is up; was it played?"
    page = director_client.get(reverse("run:board", args=[running_session.pk])).content.decode()
    assert "Table 1 is late" in page and "no line yet" not in page  # one flag, the board's


def _tray(session: Session, table: int) -> int:
    return session.rounds.get(number=1).seatings.get(table__number=table).trays.get().number


def test_the_checks_are_in_the_api_schema(director_client: Client) -> None:
    schema = director_client.get("/api/v1/schema/?format=json").json()
    path = schema["paths"]["/api/v1/sessions/{id}/checks/"]
    assert {"get", "post"} <= set(path)


def test_the_double_dummy_is_solved_in_the_background_once_play_begins(
    seated_session: Session, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CHECKS_SOLVE_DURING_PLAY = True
    trays_deal(session=seated_session, rng=random.Random(1900))
    session = sessions.session_start(session=seated_session)
    assert not Deal.objects.filter(tray__session=session, double_dummy__isnull=False).exists()
    with django_capture_on_commit_callbacks(execute=True):
        assert not round_enter(session=session, round_number=1, entries={(1, _tray(session, 1)): "7"}).errors
    solved = Deal.objects.filter(tray__session=session, double_dummy__isnull=False)
    assert solved.count() == 3
    [deal] = [d for d in solved if d.tray.number == _tray(session, 2)]
    Deal.objects.filter(pk=deal.pk).update(double_dummy=None)
    with django_capture_on_commit_callbacks(execute=True):
        round_enter(session=session, round_number=1, entries={(2, _tray(session, 2)): "7"})
    assert not Deal.objects.get(pk=deal.pk).double_dummy  # asked once in a while, not at every send


def test_the_answers_are_within_the_directors_rate(
    director_client: Client, running_session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    _play(running_session, SWAPPED)
    monkeypatch.setattr(DirectorRateThrottle, "THROTTLE_RATES", {"director": "3/min"})
    monkeypatch.setattr(DirectorRateThrottle, "timer", lambda self: 6000.0)
    url = f"/api/v1/sessions/{running_session.pk}/checks/"
    body = {"line": _line(running_session, 3, 1).pk, "kind": "swapped", "answer": "right"}
    answers = [director_client.post(url, body, content_type="application/json").status_code for _ in range(3)]
    assert answers == [200, 200, 200]
    refused = director_client.post(url, body, content_type="application/json")
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    assert CheckAnswer.objects.count() == 1  # a second answer to the same version is the first's


@pytest.mark.parametrize(
    ("form", "said"),
    [
        ({"kind": "swapped", "answer": "correct", "ns_tricks": "lots"}, "N-S tricks"),
        ({"kind": "swapped", "answer": "correct", "ns_tricks": "14"}, "N-S tricks"),
        ({"kind": "nonsense", "answer": "right"}, "has no nonsense check now"),
        ({"kind": "swapped", "answer": ""}, "An answer is one of swap, correct, right."),
    ],
)
def test_a_bad_answer_from_the_board_is_said_at_the_top_and_changes_nothing(
    director_client: Client, running_session: Session, form: dict[str, str], said: str
) -> None:
    _play(running_session, SWAPPED)
    line = _line(running_session, 3, 1)
    answer = reverse("run:check_answer", args=[running_session.pk, line.pk])
    response = director_client.post(answer, form, follow=True)
    assert response.status_code == 200 and said in response.content.decode()
    line.refresh_from_db()
    assert (line.ns_tricks, line.version) == (4, 1) and not CheckAnswer.objects.exists()


@pytest.mark.parametrize(
    ("published", "answered"),
    [
        (dt.timedelta(hours=1), 200),  # provisional: answered as a correction would be
        (dt.timedelta(hours=-1), 400),  # final: reopened first, as for a correction
    ],
)
def test_a_line_is_marked_right_on_published_results_only_while_they_are_provisional(
    director_client: Client, running_session: Session, published: dt.timedelta, answered: int
) -> None:
    _play(running_session, SWAPPED)
    line = _line(running_session, 3, 1)
    now = timezone.now()
    Session.objects.filter(pk=running_session.pk).update(
        status=Session.Status.PUBLISHED,
        published_at=now - dt.timedelta(hours=3),
        provisional_until=now + published,
    )
    response = director_client.post(
        f"/api/v1/sessions/{running_session.pk}/checks/",
        {"line": line.pk, "kind": "swapped", "answer": "right"},
        content_type="application/json",
    )
    assert response.status_code == answered, response.content
    if answered == 400:
        said = "The results are final; reopen them, with a reason, before answering a check."
        assert said in str(response.json())
        assert not CheckAnswer.objects.filter(line=line).exists()
    else:
        assert CheckAnswer.objects.get(line=line).answer == CheckAnswer.Answer.RIGHT
