"""A design through the API is bounded: its search runs in a process of its own, ends by its deadline in a
memory it cannot pass, stops when the director asks, says why it ended, and never holds up the next.

The search is ``python -m tournaments.design_child`` under ``services.design_runner``: its own address
space (``DESIGN_MEMORY_MB``) and processor time, killed past its seconds and ``DESIGN_GRACE_SECONDS``,
asked to stop (SIGTERM) within ``PROGRESS_EVERY_SECONDS`` of the director's asking. A design never taken
up, or unheard past its time, is reported failed (``DESIGN_QUEUE_SECONDS``, ``DESIGN_SILENT_SECONDS``).
"""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from tournaments import tasks
from tournaments.models import Club
from tournaments.services import design_runner, designs

pytestmark = pytest.mark.django_db

BASE = "/api/v1/clubs/test/movements/designs/"
EIGHT = {"kind": "pairs", "pairs": 8, "rounds": 7, "seconds": 5}


def begin(api: APIClient, **ask: Any) -> str:
    """A design begun through the API: its id."""
    answer = api.post(BASE, {**EIGHT, **ask}, format="json")
    assert answer.status_code == 202, answer.content
    return str(answer.json()["design_id"])


def status(api: APIClient, design_id: str) -> dict[str, Any]:
    answer = api.get(f"{BASE}{design_id}/")
    assert answer.status_code == 200
    return dict(answer.json())


def finished(api: APIClient, design_id: str, wall: float = 60) -> dict[str, Any]:
    """The design once the designer has done with it (the designer thread waited for, within ``wall``)."""
    tasks.designer_idle().result(timeout=wall)
    return status(api, design_id)


def the_next_design_runs(api: APIClient) -> None:
    """A design begun after: taken up, stopped at once, done with a movement."""
    design_id = begin(api)
    assert api.post(f"{BASE}{design_id}/stop/").status_code == 200
    done = finished(api, design_id)
    assert done["state"] == "done" and done["movement"]["entrants"] == 8, done


@pytest.mark.slow
def test_thirty_pairs_in_thirty_rounds_end_by_their_seconds_in_bounded_memory_and_the_next_design_runs(
    director_api: APIClient, club: Club
) -> None:
    """The size whose tables' numbering once looped for ever, eating memory until the server was killed."""
    started = time.monotonic()
    design_id = begin(director_api, pairs=30, rounds=30, seconds=5)
    done = finished(director_api, design_id, wall=120)
    assert time.monotonic() - started < 5 + design_runner.DESIGN_GRACE_SECONDS + 10
    assert done["state"] == "done", done
    assert done["stop_reason"] == "finished" and "ended on its own" in done["ended"]
    assert 0 < done["peak_mb"] < design_runner.DESIGN_MEMORY_MB
    assert done["took"] < 5 + design_runner.DESIGN_GRACE_SECONDS
    assert done["movement"]["entrants"] == 30 and len(done["movement"]["rounds"]) == 30
    the_next_design_runs(director_api)


def test_a_search_past_its_memory_is_reported_failed_and_the_next_design_runs(
    director_api: APIClient, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(design_runner, "DESIGN_MEMORY_MB", 12)  # less than the engine needs to load
    design_id = begin(director_api)
    failed = finished(director_api, design_id)
    assert failed["state"] == "failed" and failed["stop_reason"] == "memory", failed
    assert "ran past its memory limit (12 MB)" in failed["said"] and failed["movement"] is None
    assert failed["peak_mb"] is None or failed["peak_mb"] <= 12  # as read while it lived
    monkeypatch.undo()
    the_next_design_runs(director_api)


def test_stop_now_stops_the_search_within_about_a_second_keeping_the_best_found(
    director_api: APIClient, club: Club
) -> None:
    design_id = begin(director_api, pairs=16, rounds=15, seconds=60)
    deadline = time.monotonic() + 30
    while (now := status(director_api, design_id))["qf"] is None:
        assert time.monotonic() < deadline, now
        time.sleep(0.05)
    assert now["state"] == "running" and "Qf so far" in now["said"] and now["fairness"]["fair"] is True
    asked = time.monotonic()
    assert director_api.post(f"{BASE}{design_id}/stop/").status_code == 200
    while (now := status(director_api, design_id))["state"] not in ("done", "failed"):
        assert time.monotonic() - asked < 5, now
        time.sleep(0.05)
    # Read within PROGRESS_EVERY_SECONDS, heeded at once, or killed DESIGN_STOP_SECONDS after: about a second.
    assert time.monotonic() - asked < 2
    assert now["state"] == "done" and now["stop_reason"] == "stopped", now
    assert "stopped when you asked" in now["ended"] and now["movement"]["entrants"] == 16
    tasks.designer_idle().result(timeout=30)
    the_next_design_runs(director_api)


def test_a_search_killed_at_its_deadline_keeps_the_best_it_reported(
    director_api: APIClient, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search still at work when its seconds and the grace are over is killed, not waited for."""
    # Killed 5 s into a search of 30: time enough, on a loaded machine, for its first best.
    monkeypatch.setattr(design_runner, "DESIGN_GRACE_SECONDS", -25)
    design_id = begin(director_api, pairs=16, rounds=15, seconds=30)
    done = finished(director_api, design_id)
    assert done["state"] == "done" and done["stop_reason"] == "deadline", done
    assert done["took"] < 15 and done["movement"]["entrants"] == 16
    assert done["qf"] == pytest.approx(done["movement"]["balance"]["qf"], abs=0.005)
    monkeypatch.undo()  # the next design has its whole grace again
    the_next_design_runs(director_api)


def test_a_search_whose_process_dies_is_reported_failed_with_a_sentence_and_the_next_runs(
    director_api: APIClient, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(design_runner, "DESIGN_CHILD", "tournaments.no_such_designer")
    design_id = begin(director_api)
    failed = finished(director_api, design_id)
    assert failed["state"] == "failed" and failed["stop_reason"] == "crashed", failed
    assert failed["said"] == (
        "The search stopped: the designer's process ended without an answer (an error on the server). "
        "Search again."
    )
    monkeypatch.undo()
    the_next_design_runs(director_api)


def test_a_design_never_taken_up_is_reported_failed_and_the_club_may_search_again(
    director_api: APIClient, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its process gone (a server restarted): queued past ``DESIGN_QUEUE_SECONDS``, then running unheard."""
    lost = designs.design_begin(club=club, ask=designs.design_ask(**{**EIGHT, "pairs": "8"}))
    assert director_api.post(BASE, EIGHT, format="json").status_code == 400  # one at a time
    later = time.time() + designs.DESIGN_QUEUE_SECONDS + 1
    monkeypatch.setattr(designs.time, "time", lambda: later)
    failed = status(director_api, lost.id)
    assert failed["state"] == "failed" and "did not take it up within 15 minutes" in failed["said"]
    monkeypatch.undo()
    the_next_design_runs(director_api)
    running = designs.design_save(
        club.pk, designs.replace(lost, id="f" * 32, state="running", running_since=time.time() - 3600)
    )
    assert "stopped answering" in status(director_api, running.id)["said"]


def test_the_books_movement_that_fits_is_offered_first_and_the_figures_are_the_movements(
    director_api: APIClient, club: Club
) -> None:
    """Eight pairs in seven rounds: the book's Howell (Qf 100, fair) is named before the designer's."""
    design_id = begin(director_api, seconds=5)
    done = finished(director_api, design_id)
    assert done["state"] == "done" and done["stop_reason"] == "finished"
    assert [b["family"] for b in done["book"]][:1] == ["howell"] and done["book"][0]["qf"] == 100.0
    assert "choose it on the session's movement page" in done["book"][0]["said"]
    found = done["movement"]
    assert done["qf"] == pytest.approx(found["balance"]["qf"], abs=0.005)
    assert done["fairness"] == found["fairness"] and found["fairness"]["fair"] is True
    assert found["fairness"]["sitouts"] == {str(p): 0 for p in range(1, 9)}


def test_a_design_beyond_the_designers_waiting_room_is_refused_and_nothing_is_kept(
    director_api: APIClient, club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every club's designs wait for the one designer thread: past ``DESIGNS_WAITING_MOST`` one is refused
    at once (no design recorded, the club free to ask again) rather than left to wait for ever."""
    monkeypatch.setattr(tasks, "DESIGNS_WAITING_MOST", 0)
    refused = director_api.post(BASE, EIGHT, format="json")
    assert refused.status_code == 400 and "busy with other clubs' searches" in refused.content.decode()
    assert cache.get(designs.running_key(club.pk)) is None
    monkeypatch.undo()
    the_next_design_runs(director_api)
