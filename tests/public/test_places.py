"""Every page and export that shows a session's places shows the same places.

A plain Mitchell, whose pairs keep their direction all evening, has two fields and two winners,
N-S and E-W, each ranked apart (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 31); a Howell
and a team match have one field. Ties share the higher place, written "=2". The places are read
here from the results page, the director's close page, the score cards, the player pages, the CSV,
the JSON, the PDF, the public and the director's API, the running score and the club's home page,
and checked against the engine's ranks taken field by field.
"""

from __future__ import annotations

import csv
import datetime as dt
import html
import io
import json
import re
from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from public.builders import play_session

from scoring import exports
from scoring.scorers import EntrantTotal, get_method, score
from scoring.selectors.places import places_of
from scoring.selectors.slips import session_slips
from scoring.selectors.standings import entrant_names, running_score
from tournaments.models import Club, EntrantMember, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db

#: entrant -> (field, place): field "" for one field, else "N-S" or "E-W"; place "1", "=2", ...
Places = dict[int, tuple[str, str]]

TABLE = re.compile(r'<table class="data standings[^"]*" data-field="([^"]*)">(.*?)</table>', re.S)
ROW = re.compile(r'<tr[^>]*data-entrant="(\d+)"[^>]*>\s*<td class="num rank">([^<]*)</td>', re.S)


def way(title: str) -> str:
    """ "N-S pairs" -> "N-S"; a page's one field ("all", "") -> ""."""
    return title.split()[0] if title[:3] in ("N-S", "E-W") else ""


def written(pairs: list[tuple[int, str, int]]) -> Places:
    """(entrant, field, place number) -> places written the book's way: a shared place "=2"."""
    shared = Counter((field, number) for _, field, number in pairs)
    return {e: (f, ("=" if shared[f, n] > 1 else "") + str(n)) for e, f, n in pairs}


def expected_places(session: Session) -> Places:
    """The engine's ranks taken field by field: a pair that kept one direction all evening is ranked
    only against the pairs of its direction."""
    scores = score(session.scoring_method, session_slips(session=session))
    ways: dict[int, set[str]] = {}
    for rnd in session.movement_json["rounds"]:
        for table in rnd["tables"]:
            for key, side in (("ns", "N-S"), ("ew", "E-W")):
                ways.setdefault(table.get(key), set()).add(side)
    two = get_method(scores.method).kind == "pairs" and all(
        len(ways[t.entrant]) == 1 for t in scores.entrants
    )
    field = {t.entrant: next(iter(ways[t.entrant])) if two else "" for t in scores.entrants}
    pairs = [
        (
            t.entrant,
            field[t.entrant],
            1 + sum(o.rank < t.rank for o in scores.entrants if field[o.entrant] == f),
        )
        for t in scores.entrants
        for f in [field[t.entrant]]
    ]
    return written(pairs)


def page_places(body: str) -> Places:
    """The places on a page laid out by ``public/_standings.html``."""
    out = {}
    for title, rows in TABLE.findall(body):
        for entrant, place in ROW.findall(rows):
            out[int(entrant)] = (way(title), place.strip())
    return out


def from_rows(rows: list[dict[str, Any]]) -> Places:
    """Places from rows with an in-field rank and a field (CSV, JSON): ties are equal ranks in one field."""
    return written([(int(r["entrant"]), r.get("field") or "", int(r["rank"])) for r in rows])


def results_page(client: Client, s: Session) -> Places:
    return page_places(client.get(reverse("public:session", args=[s.club.slug, s.pk])).content.decode())


def close_page(director: Client, s: Session) -> Places:
    return page_places(director.get(reverse("run:close", args=[s.pk])).content.decode())


def results_csv(client: Client, s: Session) -> Places:
    body = client.get(reverse("public:results_csv", args=[s.club.slug, s.pk])).content.decode()
    return from_rows(list(csv.DictReader(io.StringIO(body))))


def results_json(client: Client, s: Session) -> Places:
    body = client.get(reverse("public:results_json", args=[s.club.slug, s.pk])).content
    return from_rows(json.loads(body)["entrants"])


def public_api(client: Client, s: Session) -> Places:
    body = client.get(f"/api/v1/public/clubs/{s.club.slug}/sessions/{s.pk}/standings/").json()
    return from_rows(body["entrants"])


def director_api(director: Client, s: Session) -> Places:
    return from_rows(director.get(f"/api/v1/sessions/{s.pk}/standings/").json()["entrants"])


def results_pdf(client: Client, s: Session, monkeypatch: pytest.MonkeyPatch) -> Places:
    """The places the PDF's standings tables are drawn with, each under its field's heading."""
    drawn: list[tuple[str, Any]] = []
    para, table = exports._para, exports._table
    monkeypatch.setattr(
        exports, "_para", lambda text, style: drawn.append(("para", text)) or para(text, style)
    )
    monkeypatch.setattr(exports, "_table", lambda rows, *a: drawn.append(("table", rows)) or table(rows, *a))
    assert client.get(reverse("public:results_pdf", args=[s.club.slug, s.pk])).status_code == 200
    out, title = {}, ""
    for kind, what in drawn:
        if kind == "para":
            title = what
        elif what[0][0] == "Rank":
            out |= {int(row[1].split()[0]): (way(title), row[0]) for row in what[1:]}
    return out


def score_cards(client: Client, s: Session, entrants: list[int]) -> Places:
    out = {}
    for e in entrants:
        body = client.get(reverse("public:card", args=[s.club.slug, s.pk, e])).content.decode()
        found = re.search(r'<b id="card-rank"(?: data-field="([^"]*)")?>([^<]*)</b>', body)
        assert found, e
        out[e] = (found.group(1) or "", found.group(2))
    return out


def player_pages(client: Client, s: Session) -> tuple[Places, Places]:
    """The places on each player's page and in the API's player results (their entrant's place)."""
    pages, api = {}, {}
    ranked = {}
    for m in EntrantMember.objects.filter(session=s).select_related("entrant", "entrant__team"):
        ranked[m.player_id] = m.entrant.team.number if m.entrant.team_id else m.entrant.number
    for player, entrant in ranked.items():
        body = client.get(reverse("public:player", args=[s.club.slug, player])).content.decode()
        found = re.search(r"rank (=?\d+) of \d+(?: (N-S|E-W) pairs)?", body)
        assert found, body
        pages[entrant] = (found.group(2) or "", found.group(1))
        rows = client.get(f"/api/v1/public/clubs/{s.club.slug}/players/{player}/results/").json()["results"]
        api[entrant] = next((r.get("direction") or "", r["rank"]) for r in rows if r["session"]["id"] == s.pk)
    return pages, api


def running(s: Session) -> Places:
    """The running score over complete trays: every tray of a played session."""
    board = running_score(session=s)
    assert board is not None
    return {r.entrant: (r.field, r.place) for r in board.rows}


def assert_every_place_agrees(
    client: Client, director: Client, s: Session, monkeypatch: pytest.MonkeyPatch
) -> Places:
    """Each page and export's places are the engine's, field by field; returns them."""
    expected = expected_places(s)
    numbers = {e: (f, p.lstrip("=")) for e, (f, p) in expected.items()}
    players_page, players_api = player_pages(client, s)
    read: dict[str, Callable[[], Places]] = {
        "results page": lambda: results_page(client, s),
        "close page": lambda: close_page(director, s),
        "results.csv": lambda: results_csv(client, s),
        "results.json": lambda: results_json(client, s),
        "public API": lambda: public_api(client, s),
        "director API": lambda: director_api(director, s),
        "results.pdf": lambda: results_pdf(client, s, monkeypatch),
        "score cards": lambda: score_cards(client, s, sorted(expected)),
        "player pages": lambda: players_page,
        "running score": lambda: running(s),
    }
    for name, places in read.items():
        assert places() == expected, name
    assert {e: (f, str(p)) for e, (f, p) in players_api.items()} == numbers
    return expected


def winners_on_home_page(client: Client, s: Session) -> str:
    body = client.get(reverse("public:club", args=[s.club.slug])).content.decode()
    found = re.search(
        r'<span class="winners small"><span class="muted">Winners</span>(.*?)</span>\s*</span>', body, re.S
    )
    assert found, body
    return html.unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def assert_home_names_each_fields_winners(client: Client, s: Session, places: Places) -> None:
    text = winners_on_home_page(client, s)
    names = entrant_names(session=s)
    for field in sorted({f for f, _ in places.values()}):
        firsts = [e for e, (f, p) in places.items() if f == field and p.lstrip("=") == "1"]
        assert firsts
        for e in firsts:
            assert names[e] in text, (field, names[e], text)
        if field:
            assert f"{field}: " in text, text
    others = [e for e, (_, p) in places.items() if p.lstrip("=") != "1"]
    assert not any(names[e] in text for e in others), text


def test_a_mitchell_has_two_fields_and_every_page_agrees(
    client: Client, director_client: Client, published_mitchell: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    places = assert_every_place_agrees(client, director_client, published_mitchell, monkeypatch)
    assert {f for f, _ in places.values()} == {"N-S", "E-W"}
    assert_home_names_each_fields_winners(client, published_mitchell, places)


def test_a_howell_has_one_field_and_every_page_agrees(
    client: Client, director_client: Client, published_howell: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    places = assert_every_place_agrees(client, director_client, published_howell, monkeypatch)
    assert {f for f, _ in places.values()} == {""}
    assert_home_names_each_fields_winners(client, published_howell, places)


@pytest.fixture
def team_match(club: Club) -> Session:
    """Four teams of four, a team match (match score, then trick score, p. 49)."""
    players = [club_services.player_create(club=club, name=f"Player {i:02d}") for i in range(1, 17)]
    return play_session(
        club=club,
        players=players,
        title="Teams",
        date=dt.date(2026, 11, 2),
        family="fours-howell",
        deals_count=None,
        method="team-match",
        entrant_kind="fours",
        size=4,
    )


def test_a_team_match_has_one_field_and_every_page_agrees(
    client: Client, director_client: Client, team_match: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    places = assert_every_place_agrees(client, director_client, team_match, monkeypatch)
    assert {f for f, _ in places.values()} == {""}
    assert_home_names_each_fields_winners(client, team_match, places)


def test_ties_share_the_higher_place_written_with_an_equals_sign() -> None:
    lines = ((1, 9, 1), (2, 7, 2), (3, 7, 2), (4, 5, 4), (5, 8, 1))
    rows = [EntrantTotal(e, Fraction(t), None, r) for e, t, r in lines]
    places = places_of(rows, {1: "N-S", 2: "N-S", 3: "N-S", 4: "N-S", 5: "E-W"})
    assert [(p.entrant, p.field, p.text) for p in places.rows] == [
        (1, "N-S", "1"),
        (2, "N-S", "=2"),
        (3, "N-S", "=2"),
        (4, "N-S", "4"),
        (5, "E-W", "1"),
    ]
    assert places.winners() == (("N-S", (1,)), ("E-W", (5,)))
    one = places_of(rows, None)
    assert [p.text for p in one.rows] == ["=1", "=1", "=3", "=3", "5"]
