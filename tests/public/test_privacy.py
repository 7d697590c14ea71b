"""Nothing unpublished is reachable from any public page or export.

Every URL pattern of the public site is opened with a session that is not
published (in play; closed; published with every switch off; switched on
but closed): each page and export of that session is a 404, and the pages
that are not about one session (club, player, ladder) do not name it, its
players or its figures. Then each switch is shown to open its own pages and
no others.
"""

from __future__ import annotations

import datetime as dt
import json
import random
from typing import Any

import pytest
from django.urls import reverse
from public.builders import pair_up, play_all, play_session

from scoring.urls_public import urlpatterns
from tournaments.models import Club, Player, Series, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.django_db

SESSION_PAGES = [p.name for p in urlpatterns if "pk" in p.pattern.converters]


def _secret_players(club: Club) -> list[Player]:
    return [club_services.player_create(club=club, name=f"Secret Player {i:02d}") for i in range(1, 13)]


def _unpublished(club: Club, how: str, series: Series) -> Session:
    """A played session that the public must not see, in one of four ways."""
    people = _secret_players(club)
    title = f"Secret session {how}"
    date = dt.date(2026, 10, 1)
    if how == "running":
        session = sessions.session_create(club=club, date=date, title=title, series=series)
        for a, b in pair_up(people):
            sessions.entrant_create(session=session, players=[a, b])
        seating.movement_fix(session=session, family="mitchell", deals=6)
        deals.trays_deal(session=session)
        session = sessions.session_start(session=session)
        play_all(session, random.Random(3), rounds=2)
        return sessions.session_publish_switches(
            session=session, standings=True, travellers=True, hand_records=True
        )
    publish = {"closed": None, "switched off": (False, False, False)}.get(how)
    session = play_session(
        club=club,
        players=people,
        title=title,
        date=date,
        family="mitchell",
        deals_count=6,
        method="trick",
        series=series,
        publish=publish,
        seed=5,
    )
    if how == "switched on, closed":
        session = sessions.session_publish_switches(
            session=session, standings=True, travellers=True, hand_records=True
        )
    return session


def _kwargs(name: str, session: Session, player: Player, series: Series) -> dict[str, Any]:
    pattern = next(p for p in urlpatterns if p.name == name)
    values = {
        "club": session.club.slug,
        "pk": session.pk,
        "tray": 1,
        "entrant": 1,
        "player": player.pk,
        "series": series.pk,
    }
    return {key: values[key] for key in pattern.pattern.converters}


@pytest.mark.parametrize("how", ["running", "closed", "switched off", "switched on, closed"])
def test_no_public_url_shows_an_unpublished_session(client: Any, club: Club, how: str) -> None:
    series = Series.objects.create(club=club, name="Secret series")
    session = _unpublished(club, how, series)
    player = Player.objects.get(club=club, name="Secret Player 01")
    assert session.slip_lines.exists()
    for pattern in urlpatterns:
        url = reverse(f"public:{pattern.name}", kwargs=_kwargs(pattern.name, session, player, series))
        response = client.get(url)
        if pattern.name in SESSION_PAGES or pattern.name in ("player", "ladder"):
            assert response.status_code == 404, url
            continue
        body = response.content.decode()
        assert response.status_code == 200, url
        assert "Secret" not in body, url


def test_every_session_page_of_a_published_session_opens(client: Any, published_mitchell: Session) -> None:
    player = published_mitchell.entrants.first().members.first().player
    for name in [*SESSION_PAGES, "player", "ladder", "club", "home"]:
        kwargs = _kwargs(name, published_mitchell, player, published_mitchell.series)
        url = reverse(f"public:{name}", kwargs=kwargs)
        assert client.get(url).status_code == 200, url


SWITCHES = {
    "standings": {"session", "results_csv", "results_json", "results_pdf"},
    "travellers": {"session", "travellers", "tray"},
    "hand_records": {"session", "hands", "deals_pbn"},
}


@pytest.mark.parametrize("switch", sorted(SWITCHES))
def test_each_switch_opens_only_its_own_pages(
    client: Any, club: Club, members: list[Player], switch: str
) -> None:
    session = play_session(
        club=club,
        players=members,
        title="One switch",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        publish=(switch == "standings", switch == "travellers", switch == "hand_records"),
    )
    player = members[0]
    series = Series.objects.create(club=club, name="S")
    for name in SESSION_PAGES:
        response = client.get(reverse(f"public:{name}", kwargs=_kwargs(name, session, player, series)))
        expected = 200 if name in SWITCHES[switch] else 404
        assert response.status_code == expected, (name, switch)


def test_the_results_page_of_unpublished_standings_says_so_and_shows_no_figures(
    client: Any, club: Club, members: list[Player]
) -> None:
    session = play_session(
        club=club,
        players=members,
        title="Travellers only",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        publish=(False, True, False),
    )
    body = client.get(reverse("public:session", args=[club.slug, session.pk])).content.decode()
    assert "not published yet" in body
    assert "data-entrant" not in body and "data-exact" not in body
    travellers = client.get(reverse("public:travellers", args=[club.slug, session.pk])).content.decode()
    assert "data-exact" not in travellers, "line scores are standings: not shown while those are unpublished"


def test_standings_alone_give_totals_and_places_but_no_per_deal_scores(
    client: Any, club: Club, members: list[Player]
) -> None:
    session = play_session(
        club=club,
        players=members,
        title="Standings only",
        date=dt.date(2026, 11, 2),
        family="mitchell",
        deals_count=6,
        method="trick",
        publish=(True, False, False),
    )
    args = [club.slug, session.pk]
    scores = json.loads(client.get(reverse("public:results_json", args=args)).content)
    assert scores["entrants"] and scores["deals"] == [] and "checks" not in scores
    header = client.get(reverse("public:results_csv", args=args)).content.decode().splitlines()[0]
    assert "rank" in header and "tray" not in header
    api = client.get(f"/api/v1/public/clubs/{club.slug}/sessions/{session.pk}/standings/").json()
    assert api["entrants"] and api["deals"] == []
    published = sessions.session_publish_switches(session=session, travellers=True)
    assert json.loads(client.get(reverse("public:results_json", args=args)).content)["deals"]
    assert published.publish_travellers
