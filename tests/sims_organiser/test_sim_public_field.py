"""The published field is worked out once and kept; the public reads it a page at a time, throttled.

Every anonymous view of the event's page used to rank the whole field again, counting ties by
rescanning every row (8,000 pairs: seconds a view). Now publishing keeps each pair's placings
(``SimPlacing``); the event's page reads only the page it shows (``FIELD_PAGE_ROWS`` pairs, with
links to the others), the field file and the public API read the kept rows, and none of them scores or
ranks anything. The page and the file count against the address's ``public`` throttle like every other
public page (a 429 past the rate, here through real HTTP). The pairs are named as their club's heat
gave them; an event not published yet says so, and hands held say until when.
"""

from __future__ import annotations

import dataclasses
import re
import urllib.error
import urllib.request
from typing import Any

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from infra.security import PublicRateThrottle
from sims import selectors, services
from sims.models import SimEvent, SimPlacing
from tests.sims_organiser.sim_builders import heat_lines, make_event
from tournaments.models import Club
from tournaments.pbn.results import results_bytes

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr data-club="([^"]*)" data-pair="([^"]*)"')
TABLES = 60


def named_heat(site: str, seed: int, tables: int = TABLES, prefix: str = "Player") -> bytes:
    """A club's Mitchell heat of six deals whose rows name each pair ("Player Bath 3")."""
    lines = [
        dataclasses.replace(
            line, ns_names=f"{prefix} {site} {line.ns}", ew_names=f"{prefix} {site} {line.ew}"
        )
        for line in heat_lines(seed, tables=tables)
    ]
    return results_bytes(site=site, event="Autumn sim", date=None, lines=lines)


def field_of(club: Club, clubs: tuple[str, ...] = ("Bath", "Wells"), publish: bool = True) -> SimEvent:
    """An event whose clubs each sent a 60-table heat (240 pairs in all), published."""
    event = make_event(club)
    for seed, name in enumerate(clubs, start=1):
        sim_club, _ = services.sim_club_add(event=event, name=name)
        services.heat_receive(event=event, sim_club=sim_club, data=named_heat(name, seed), via="file")
    if publish:
        services.event_publish(event=event)
    return event


def page_rows(body: str) -> list[tuple[str, str]]:
    return ROW.findall(body)


def test_publishing_keeps_every_pairs_placings_once_in_the_fields_order(club: Club) -> None:
    event = field_of(club)
    assert event.field_size == 240
    for method in event.methods:
        kept = list(SimPlacing.objects.filter(event=event, method=method).order_by("position"))
        assert [(p.sim_club.name, p.pair, p.rank, p.club_place) for p in kept] == [
            (r["club"], r["pair"], r["rank"], r["club_place"])
            for r in selectors.standings_rows(event, method)
        ]
    services.event_reopen(event=event)
    assert not SimPlacing.objects.filter(event=event).exists() and event.field_size == 0


def test_no_public_view_scores_or_ranks_the_field(club: Club, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once published, the event's page, its field file and the public API read only what was kept."""
    event = field_of(club)
    cache.clear()

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a public view scored or ranked the field")

    for name in ("scored", "read_heats", "standings_rows", "frequency"):
        monkeypatch.setattr(selectors, name, refused)
    url = reverse("sims_public:event", args=[event.ref])
    first = Client().get(url)
    assert first.status_code == 200
    rows = page_rows(first.content.decode())
    assert len(rows) == 2 * selectors.FIELD_PAGE_ROWS, "one page of each method's field"
    last = Client().get(url + "?page=3")
    assert last.status_code == 200 and len(page_rows(last.content.decode())) == 2 * 40
    whole = Client().get(reverse("sims_public:field", args=[event.ref]))
    assert whole.status_code == 200
    api = APIClient().get(f"/api/v1/sims/{event.ref}/")
    assert api.status_code == 200 and api.json()["pairs"] == 240
    assert [len(rows) for rows in api.json()["fields"].values()] == [240, 240]


def test_the_page_reads_only_the_rows_it_shows(club: Club) -> None:
    event = field_of(club)
    url = reverse("sims_public:event", args=[event.ref])
    with CaptureQueriesContext(connection) as queries:
        assert Client().get(url + "?page=2").status_code == 200
    read = [q["sql"] for q in queries.captured_queries if "sims_simplacing" in q["sql"]]
    assert len(read) == len(event.methods)
    assert all('"position" >= 100' in sql and '"position" < 200' in sql for sql in read), read


def test_the_pages_link_to_one_another(club: Club) -> None:
    event = field_of(club)
    url = reverse("sims_public:event", args=[event.ref])
    first = Client().get(url).content.decode()
    assert "Pairs 1–100 of 240" in first and 'href="?page=2#field" rel="next"' in first
    assert 'href="?page=3#field">3</a>' in first and 'aria-current="page">1</a>' in first
    last = Client().get(url + "?page=3").content.decode()
    assert "Pairs 201–240 of 240" in last and 'href="?page=2#field" rel="prev"' in last
    assert 'rel="next"' not in last
    assert "Pairs 201–240" in Client().get(url + "?page=999").content.decode(), "past the last: the last"
    assert "Pairs 1–100" in Client().get(url + "?page=two").content.decode(), "not a number: the first"
    rows = page_rows(Client().get(url + "?page=2").content.decode())
    kept = SimPlacing.objects.filter(event=event, method="matchpoints", position__gte=100, position__lt=200)
    assert rows[:100] == [(p.sim_club.name, p.pair) for p in kept.order_by("position")]


def test_the_public_page_names_each_pair_as_its_heat_gave_it_and_a_heat_sent_again_renames(
    club: Club,
) -> None:
    event = field_of(club, clubs=("Bath",), publish=False)
    event = services.event_publish(event=event)
    url = reverse("sims_public:event", args=[event.ref])
    body = Client().get(url).content.decode()
    assert '<span class="nl pair-names">Player Bath 1</span>' in body
    services.event_reopen(event=event)
    bath = event.clubs.get()
    renamed = named_heat("Bath", 1, prefix="Member")
    services.heat_receive(event=event, sim_club=bath, data=renamed, via="file")
    services.event_publish(event=event)
    again = Client().get(url).content.decode()
    assert '<span class="nl pair-names">Member Bath 1</span>' in again and "Player Bath 1" not in again
    row = APIClient().get(f"/api/v1/sims/{event.ref}/").json()["fields"]["matchpoints"][0]
    assert row["names"] == f"Member Bath {row['pair']}"


def test_before_publishing_the_api_and_the_page_say_it_is_not_published_yet(club: Club) -> None:
    event = field_of(club, clubs=("Bath",), publish=False)
    api = APIClient().get(f"/api/v1/sims/{event.ref}/")
    assert api.status_code == 404 and api.json() == {
        "detail": "This simultaneous event is not published yet."
    }
    assert APIClient().get("/api/v1/sims/no-such-sim/").json() == {"detail": "No such simultaneous event."}
    page = Client().get(reverse("sims_public:event", args=[event.ref])).content.decode()
    assert "The results are not published yet." in page and "Player Bath" not in page


def test_published_hands_held_until_the_release_time_say_until_when(club: Club) -> None:
    event = field_of(club, clubs=("Bath",))
    page = Client().get(reverse("sims_public:event", args=[event.ref])).content.decode()
    when = event.release_at.strftime("%-d %b %Y")
    assert "The hands are held until " + when in page and 'id="hands"' not in page


@pytest.mark.parametrize("name", ["sims_public:event", "sims_public:field"])
def test_the_event_page_and_its_field_file_are_throttled_by_address(
    live_server: Any, club: Club, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through real HTTP: past the public rate, 429 with Retry-After, as every other public page."""
    event = field_of(club, clubs=("Bath",))
    rates = {**PublicRateThrottle.THROTTLE_RATES, "public": "2/min"}
    monkeypatch.setattr(PublicRateThrottle, "THROTTLE_RATES", rates)
    cache.clear()
    url = live_server.url + reverse(name, args=[event.ref])
    codes, after = [], ""
    for _ in range(3):
        try:
            with urllib.request.urlopen(url, timeout=30) as response:
                codes.append(response.status)
        except urllib.error.HTTPError as error:
            codes.append(error.code)
            after = error.headers.get("Retry-After", "")
    assert codes == [200, 200, 429] and after.isdigit()
