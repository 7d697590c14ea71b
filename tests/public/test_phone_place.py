"""Once the results are published, a pair's phone says where the pair came, not only "see the results".

The phone that follows a pair (its printed link, or a pass claimed at a
table) reads the published standings as the public does: the pair's place
in its field and the figures of its score card ("=2nd of 3 N-S: tricks 38,
+/− −2, 45.83%"), then the link to all the results. A table's own link is a
place, not a pair: it says only that the results are out.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.scorers.field_places import ordinal
from scoring.selectors.public import results_layout
from tournaments.models import EntrantLink, Session

pytestmark = pytest.mark.django_db


def phone_page(token: str) -> str:
    """The phone's page (its main part, as the page's script asks it)."""
    answer = Client().get(reverse("phone:home", args=[token]), headers={"X-Table-Partial": "1"})
    assert answer.status_code == 200
    return answer.content.decode()


def test_a_pairs_phone_says_its_place_once_the_results_are_published(published_mitchell: Session) -> None:
    layout = results_layout(session=published_mitchell)
    assert layout is not None
    standings, _ = layout
    rows = {r.entrant: (f, r) for f in standings.fields for r in f.rows}
    for link in EntrantLink.objects.filter(session=published_mitchell, side=""):
        field, row = rows[link.entrant.number]
        page = phone_page(link.token)
        said = re.search(r'Pair \d+ came <b id="results-place">([^<]*)</b>', page)
        assert said, page
        tied = "=" if row.place.startswith("=") else ""
        where = f"{tied}{ordinal(row.rank)} of {len(field.rows)} {field.field}: tricks "
        assert said.group(1).startswith(where) and said.group(1).endswith("%"), said.group(1)
        assert f"Pair {link.entrant.number} came" in page and ">All the results</a>" in page
        state = APIClient().get(reverse("entrant-link-state", args=[link.token])).json()
        assert state["results_place"] == said.group(1).replace("&#x27;", "'")


def test_a_tables_own_link_says_only_that_the_results_are_out(
    client: Any, published_mitchell: Session
) -> None:
    table = published_mitchell.tables.get(number=1)
    page = client.get(f"/t/{table.token}/", headers={"X-Table-Partial": "1"}).content.decode()
    assert "see the results</a>" in page and "results-place" not in page


def test_before_publishing_the_phone_names_no_place(running_session: Session) -> None:
    link = EntrantLink.objects.filter(session=running_session, side="").first()
    assert link is not None
    page = phone_page(link.token)
    assert "results-place" not in page and "The results are published" not in page
