"""The tables' running score: the director is told when, in this movement, it can first move.

Issue: in a Mitchell no tray is complete before the last round (its trays travel round the whole room),
which the default hides, so the tables never saw a running score and nothing told the director.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from tests.api.helpers import token_client
from tournaments.models import Session
from tournaments.selectors import running_score_reach

pytestmark = pytest.mark.django_db


def test_a_mitchells_trays_are_complete_only_in_its_last_round(running_session: Session) -> None:
    reach = running_score_reach(session=running_session)
    assert (reach.first_round, reach.rounds) == (3, 3)
    running_session.running_score_hidden_rounds = 0
    assert not running_score_reach(session=running_session).never
    running_session.running_score_hidden_rounds = 1
    reach = running_score_reach(session=running_session)
    assert reach.never and "no tray is complete before round 3 of 3 (hide no round" in reach.warning()


def test_the_tables_page_and_its_save_say_the_tables_would_never_see_it(
    director_client: Client, running_session: Session
) -> None:
    url = reverse("run:tables", args=[running_session.pk])
    saved = director_client.post(url, {"form": "running", "show": "on", "hidden_rounds": "1"}, follow=True)
    body = saved.content.decode()
    assert "the tables will never see it: in this movement no tray is complete before round 3 of 3" in body
    assert (
        'id="running-never"' in body and "In this movement the first tray is complete in round 3 of 3" in body
    )
    fine = director_client.post(url, {"form": "running", "show": "on", "hidden_rounds": "0"}, follow=True)
    assert "never see it" not in fine.content.decode()


def test_the_api_gives_the_first_round_and_the_warning(running_session: Session, director: object) -> None:
    api = token_client(director)
    url = f"/api/v1/sessions/{running_session.pk}/publishing/"
    body = api.patch(url, {"running_score": True, "running_score_hidden_rounds": 1}, format="json").json()
    assert body["running_score_first_round"] == 3 and "never see it" in body["running_score_warning"]
    body = api.patch(url, {"running_score_hidden_rounds": 0}, format="json").json()
    assert body["running_score_warning"] == ""
