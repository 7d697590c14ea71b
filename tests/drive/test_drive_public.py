"""A whist drive's public pages (p. 24): players ranked alone, shared places marked, no traveling slips.

Progressive whist "is not duplicate": every table plays its own deal, so a
drive has no traveling slips to publish (its deals are on each player's
score card), its players are ranked one by one though they score by the
pairs they form deal by deal, the book names no tie-break (equal totals
share a place, "=3", and cut for the prize), and the evening is counted in
changes.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from entry.services.directing import session_close, session_publish
from entry.services.drive import drive_enter
from tournaments.models import Session

pytestmark = pytest.mark.django_db

CHANGES = 4


def played(drive_of: Callable[..., Session]) -> Session:
    """A drive of two tables and four changes, every change won alike: equal totals, published."""
    session = drive_of(tables=2, changes=CHANGES)
    for _ in range(CHANGES):
        drive_enter(session=session, table_number=1, winner="NS", points=2)
        drive_enter(session=session, table_number=2, winner="EW", points=2)
    session_close(session=session)
    return session_publish(session=session, standings=True, travellers=True, hand_records=False)


def places_expected(entrants: list[dict[str, object]]) -> dict[str, str]:
    """Player number -> the place the page must show: "=3" for a shared rank, "3" alone."""
    shared = Counter(e["total"] for e in entrants)
    return {str(e["entrant"]): f"{'=' if shared[e['total']] > 1 else ''}{e['rank']}" for e in entrants}


def test_the_results_page_ranks_players_and_equal_totals_share_a_marked_place(
    drive_of: Callable[..., Session],
) -> None:
    session = played(drive_of)
    args = [session.club.slug, session.pk]
    scores = Client().get(reverse("public:results_json", args=args)).json()
    by_total: dict[str, set[int]] = {}
    for e in scores["entrants"]:
        by_total.setdefault(e["total"], set()).add(e["rank"])
    assert all(len(ranks) == 1 for ranks in by_total.values())  # equal totals, one rank (the JSON too)
    api = Client().get(f"/api/v1/public/clubs/{args[0]}/sessions/{args[1]}/standings/").json()
    assert [(e["entrant"], e["rank"]) for e in api["entrants"]] == [
        (e["entrant"], e["rank"]) for e in scores["entrants"]
    ]
    page = Client().get(reverse("public:session", args=args)).content.decode()
    shown = dict(re.findall(r'data-entrant="(\d+)">\s*<td class="num rank">([^<]*)</td>', page))
    expected = places_expected(scores["entrants"])
    assert shown == expected and any(p.startswith("=") for p in expected.values())
    assert "<th>Player</th>" in page and "<th>Pair</th>" not in page
    assert "that player's score card: every deal" in page and "pair's" not in page
    assert "Won − lost" in page


def test_a_drive_has_no_travellers_tab_and_its_header_counts_changes_and_deals(
    drive_of: Callable[..., Session],
) -> None:
    session = played(drive_of)
    args = [session.club.slug, session.pk]
    page = Client().get(reverse("public:session", args=args)).content.decode()
    head = page[page.index('<header class="pub-head">') : page.index("</nav>", page.index("pub-head"))]
    assert ">Travellers<" not in head
    assert f"8 players, 2 tables, {CHANGES} changes, 8 deals" in head
    assert "round" not in head and "trays" not in head
    assert Client().get(reverse("public:travellers", args=args)).status_code == 404
    assert Client().get(reverse("public:tray", args=[*args, 1])).status_code == 404


def test_a_players_score_card_lists_his_deals_and_his_shared_place(drive_of: Callable[..., Session]) -> None:
    session = played(drive_of)
    args = [session.club.slug, session.pk]
    scores = Client().get(reverse("public:results_json", args=args)).json()
    expected = places_expected(scores["entrants"])
    for number in (1, 5):
        card = Client().get(reverse("public:card", args=[*args, number])).content.decode()
        assert f'<b id="card-rank">{expected[str(number)]}</b>' in card
        assert "Deal " in card and "/t/" not in card and ">Tray " not in card
        assert "The deals add up to" in card and ">Travellers<" not in card


def test_the_directors_head_counts_the_drives_changes(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2, changes=CHANGES)
    page = director_client.get(reverse("run:drive", args=[session.pk])).content.decode()
    assert f"2 tables · 1 of {CHANGES} changes" in page and "1 round" not in page
