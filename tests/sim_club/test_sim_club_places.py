"""A pair's place at its club in a simultaneous event is its place in its own club field, as its club's
results page gives it, everywhere; and the phone and the club's page read only their own rows.

A club's Mitchell has two fields, N-S and E-W, each with its winner (W. H. Barney, *Whist and
Duplicate Whist*, 1900, p. 31). The "at the club" placing used to pool them, so that a pair 2nd of its
field on the club's own results page read "4th of 6 at the club" on its phone. Now the phone, the
club's public page, the organiser's page and the event's public page all give the pair's place in its
club field ("=2nd of 3 N-S"), the one the club's results page gives. None of them ranks anything on a
view, and a phone reads only its own pair's placing. A field brought from another server is bounded
as the organiser's is.
"""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient
from test_sim_placings import CLUB, Sim, build, phone, publish_session

from scoring.scorers.field_places import ordinal
from sims import club_field, selectors, services
from sims.club_field import sim_field_import
from sims.models import SimEvent
from tests.sims_organiser.sim_builders import heat_file
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db

TABLE = re.compile(r'<table class="data standings[^"]*" data-field="([^"]*)">(.*?)</table>', re.S)
ROW = re.compile(r'<tr[^>]*data-entrant="(\d+)"[^>]*>\s*<td class="num rank">([^<]*)</td>', re.S)


@pytest.fixture
def sim(club: Club, players: list[Player], director: Any) -> Sim:
    """Our club's Mitchell played on the pack and published, Wells's heat beside it, the field published
    (our director directs the organising club too)."""
    county = club_services.club_create(name="County Whist Association", slug="county")
    club_services.director_add(club=county, user=director)
    found = build(county, club, players)
    found.session = publish_session(found.session)
    services.event_publish(event=found.event)
    return found


def results_page_places(session: Session) -> dict[str, tuple[str, str]]:
    """Pair -> (its field, its place) as the club's own public results page gives them."""
    body = Client().get(reverse("public:session", args=[session.club.slug, session.pk])).content.decode()
    out = {}
    for title, table in TABLE.findall(body):
        way = title.split()[0] if title[:3] in ("N-S", "E-W") else ""
        for entrant, place in ROW.findall(table):
            out[entrant] = (way, place.strip())
    return out


def moved_elsewhere(sim: Sim) -> dict[str, Any]:
    """The published field's file, the event then moved off this server (the club imports the file)."""
    data = Client().get(reverse("sims_public:field", args=[sim.event.ref]))
    assert data.status_code == 200
    SimEvent.objects.filter(pk=sim.event.pk).delete()
    body: dict[str, Any] = json.loads(data.content)
    return body


def as_club_place(field: str, place: str, of: int) -> str:
    """The results page's "=2" in the N-S field of 3, as the placings write it: "=2nd of 3 N-S"."""
    number = int(place.lstrip("="))
    return f"{'=' if place.startswith('=') else ''}{ordinal(number)} of {of}" + (f" {field}" if field else "")


def test_every_page_gives_the_pair_its_place_in_its_club_field_as_the_clubs_results_page_does(
    sim: Sim, director_client: Client
) -> None:
    assert sim.session.scoring_method == "matchpoints"
    places = results_page_places(sim.session)
    assert {way for way, _ in places.values()} == {"N-S", "E-W"}, "a Mitchell: two fields"
    sizes = {way: sum(1 for w, _ in places.values() if w == way) for way in ("N-S", "E-W")}
    want = {pair: as_club_place(way, place, sizes[way]) for pair, (way, place) in places.items()}
    # The phone, pair by pair.
    for pair, place in want.items():
        _, seen = phone(sim.session, int(pair))
        assert seen[0]["club"] == place and seen[0]["text"].endswith(f"{place} at the club"), seen[0]
    # The club's public page, the organiser's page, the event's public page and its API.
    club_page = Client().get(reverse("public:session", args=[sim.session.club.slug, sim.session.pk]))
    box = html.unescape(club_page.content.decode().split('id="sim-placings"')[1])
    organiser = director_client.get(reverse("sims:event", args=[sim.event.organiser.slug, sim.event.ref]))
    public = Client().get(reverse("sims_public:event", args=[sim.event.ref])).content.decode()
    rows = APIClient().get(f"/api/v1/sims/{sim.event.ref}/").json()["fields"]["matchpoints"]
    ours = {r["pair"]: r for r in rows if r["club"] == CLUB}
    for pair, place in want.items():
        assert f'<span class="no">{pair}</span>' in box and f'data-label="At the club">{place}</td>' in box
        assert ours[pair]["club_place"] == place
        assert f'<td class="fig">{place}</td>' in html.unescape(organiser.content.decode())
        assert f'data-label="At the club">{place}</td>' in html.unescape(public)
    assert organiser.status_code == 200


def test_no_club_view_ranks_and_a_phone_reads_only_its_own_pair(
    sim: Sim, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a view ranked the field")

    for name in ("scored", "read_heats", "standings_rows", "published_field"):
        monkeypatch.setattr(selectors, name, refused)
    with CaptureQueriesContext(connection) as queries:
        _, seen = phone(sim.session, 2)
    assert [p["pair"] for p in seen] == ["2", "2"]
    read = [q["sql"] for q in queries.captured_queries if "sims_simplacing" in q["sql"]]
    assert read and all('"sims_simplacing"."pair" = ' in sql for sql in read), read
    page = Client().get(reverse("public:session", args=[sim.session.club.slug, sim.session.pk]))
    assert page.status_code == 200 and 'id="sim-placings"' in page.content.decode()


def test_a_field_brought_from_elsewhere_is_placed_by_club_field_too(sim: Sim) -> None:
    """An organiser whose file pools N-S and E-W in its club ranks (an older app): placed by field here."""
    body = moved_elsewhere(sim)
    for rows in body["fields"].values():
        for row in rows:
            del row["club_place"], row["club_field"]
    mine = [r for r in body["fields"]["matchpoints"] if r["club"] == CLUB]
    for pooled, row in enumerate(sorted(mine, key=lambda r: float(r["score"]), reverse=True), start=1):
        row["club_rank"] = pooled  # 1 to 6 over both directions
    sim_field_import(session=sim.session, data=body)
    places = results_page_places(sim.session)
    for pair, (way, _place) in places.items():
        _, seen = phone(sim.session, int(pair))
        assert seen[0]["club"].endswith(f"of 3 {way}"), seen[0]


def test_a_field_brought_from_elsewhere_is_bounded(sim: Sim, monkeypatch: pytest.MonkeyPatch) -> None:
    body = moved_elsewhere(sim)
    rows = body["fields"]["matchpoints"]
    many = rows + [{**rows[0], "pair": str(100 + n)} for n in range(120)]
    ours = sum(1 for r in many if r["club"] == CLUB)
    with pytest.raises(UserError, match=f"gives {CLUB} {ours} rows, and a heat has at most 120 pairs"):
        sim_field_import(session=sim.session, data={**body, "fields": {"matchpoints": many}})
    twice = [*rows, next(r for r in rows if r["club"] == CLUB)]
    with pytest.raises(UserError, match="each once"):
        sim_field_import(session=sim.session, data={**body, "fields": {"matchpoints": twice}})
    monkeypatch.setattr(club_field, "MAX_FIELD_PAIRS", len(rows) - 1)
    with pytest.raises(UserError, match=f"has {len(rows)} pairs, and a field has at most {len(rows) - 1}"):
        sim_field_import(session=sim.session, data=body)
    assert Session.objects.get(pk=sim.session.pk).sim_placings is None


def test_the_clubs_public_api_says_its_hands_are_held_until_the_release_time(sim: Sim) -> None:
    base = f"/api/v1/public/clubs/{sim.session.club.slug}/sessions/{sim.session.pk}/"
    when = sim.session.hands_release_at
    assert when is not None
    deals = APIClient().get(base + "deals/")
    assert deals.status_code == 404
    assert deals.json() == {"detail": f"The hand records are held until {when.isoformat()}."}
    detail = APIClient().get(base).json()
    assert detail["published"]["hand_records"] is False
    assert detail["hands_held_until"].replace("Z", "+00:00") == when.isoformat()


def test_a_heat_sent_again_while_published_is_refused_and_changes_nothing(sim: Sim) -> None:
    before = phone(sim.session, 1)[1]
    with pytest.raises(UserError):
        services.heat_receive(
            event=sim.event, sim_club=sim.clubs["Bath"], data=heat_file("Bath", 3), via="file"
        )
    assert phone(sim.session, 1)[1] == before
    assert SimEvent.objects.get(pk=sim.event.pk).field_size == 12
