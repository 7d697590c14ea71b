"""A session's results for a simultaneous event: the director's PBN 2.1 ScoreTable file, scored as a field.

Issue: simultaneous whist. A club's heat goes to the organiser as PBN with a
``ScoreTable`` per board; ``python manage.py sim score`` scores the heats as
one field. The file is the director's alone, published or not.
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from public.builders import play_session
from rest_framework.test import APIClient

from entry.services.directing import tray_set_status
from entry.services.results import result_award, result_correct
from scoring.models import SlipLine
from scoring.selectors.heat import session_result_lines, session_results_pbn
from scoring.selectors.standings import entrant_names
from tests.api.helpers import table_client, token_client
from tournaments.models import Club, Player, Session, Tray
from tournaments.pbn.checker import check_export
from tournaments.pbn.results import ResultLine, read_results
from tournaments.services import club as club_services
from tournaments.services.pbn import export_deals

pytestmark = pytest.mark.django_db


def played(club: Club, players: list[Player], *, seed: int = 11) -> Session:
    """A three-table Mitchell of six deals, every tray played and confirmed, closed, not published."""
    return play_session(
        club=club,
        players=players,
        title="Autumn simultaneous",
        date=dt.date(2026, 11, 4),
        family="mitchell",
        deals_count=6,
        method="matchpoints",
        seed=seed,
        publish=None,
    )


@pytest.fixture
def heat(club: Club, members: list[Player]) -> Session:
    return played(club, members)


def slip_rows(session: Session) -> set[tuple[int, str, str, int | None, int, int]]:
    """Every slip line as (board, N-S pair, E-W pair, N-S tricks, table, round), from the database."""
    lines = SlipLine.objects.filter(session=session).values_list(
        "tray__number", "ns__number", "ew__number", "ns_tricks", "table__number", "round__number"
    )
    return {(b, str(ns), str(ew), tricks, t, r) for b, ns, ew, tricks, t, r in lines}


def test_a_played_mitchell_exports_as_a_checked_file_read_back_to_its_slips(heat: Session) -> None:
    data = session_results_pbn(session=heat)
    assert check_export(data) == []
    back = read_results(data)
    assert (back.club, back.event, back.date) == ("Test Whist Club", "Autumn simultaneous", "2026.11.04")
    assert back.lines == tuple(session_result_lines(session=heat))
    assert {(x.board, x.ns, x.ew, x.ns_tricks, x.table, x.round) for x in back.lines} == slip_rows(heat)
    assert len(back.lines) == 18 and sorted(back.by_board()) == [1, 2, 3, 4, 5, 6]
    text = data.decode("iso-8859-1")
    assert '[ScoreTable "Table;Round;PairId_NS;PairId_EW;Result;Names_NS;Names_EW"]' in text
    names = entrant_names(session=heat)
    assert back.names() == {str(n): text for n, text in names.items()}, "each pair named as its page names it"
    assert sum(text.count(f'[Deal "{seat}:') for seat in "NESW") == 6


def test_an_award_is_written_as_each_sides_share_of_a_top(heat: Session) -> None:
    line = SlipLine.objects.filter(session=heat, tray__number=2).order_by("table__number").first()
    assert line is not None
    table = line.table.number
    result_award(
        session=heat,
        table_number=table,
        tray_number=2,
        ns_award="average-plus",
        ew_award="average-minus",
        reason="a slow table",
    )
    data = session_results_pbn(session=heat)
    assert check_export(data) == []
    back = read_results(data)
    awarded = [x for x in back.lines if x.board == 2 and x.table == table]
    ns, ew = str(line.ns.number), str(line.ew.number)
    names = entrant_names(session=heat)
    assert awarded == [
        ResultLine(2, ns, ew, None, table, line.round.number, F(60), F(40), names[int(ns)], names[int(ew)])
    ]
    assert "^60 ^40" in data.decode("iso-8859-1")
    others = [x for x in back.lines if x.board != 2 or x.table != table]
    assert len(others) == 17 and all(x.ns_tricks is not None and x.ns_percent is None for x in others)


def test_a_void_tray_is_left_out(heat: Session) -> None:
    tray = Tray.objects.get(session=heat, number=3)
    tray_set_status(tray=tray, status=Tray.Status.VOID, reason="fouled at two tables")
    data = session_results_pbn(session=heat)
    assert check_export(data) == []
    back = read_results(data)
    assert sorted(back.by_board()) == [1, 2, 4, 5, 6] and len(back.lines) == 15


def test_the_director_downloads_it_from_the_close_page(heat: Session, director_client: Client) -> None:
    page = director_client.get(reverse("run:close", args=[heat.pk]))
    url = reverse("run:results_pbn", args=[heat.pk])
    assert url in page.content.decode() and "Results for a simultaneous event (PBN)" in page.content.decode()
    response = director_client.get(url)
    assert response.status_code == 200 and response["Content-Type"] == "application/octet-stream"
    assert response["Content-Disposition"] == f'attachment; filename="test-2026-11-04-{heat.pk}-results.pbn"'
    assert response.content == session_results_pbn(session=heat)


def test_the_api_serves_the_same_file_to_the_director(heat: Session, director: Any) -> None:
    response = token_client(director).get(f"/api/v1/sessions/{heat.pk}/results.pbn")
    assert response.status_code == 200 and response["Content-Type"] == "application/octet-stream"
    assert response.content == session_results_pbn(session=heat)
    json_only = token_client(director).get(
        f"/api/v1/sessions/{heat.pk}/results.pbn", HTTP_ACCEPT="application/json"
    )
    assert json_only.status_code == 200 and json_only.content == response.content


def test_nobody_else_gets_it(heat: Session, stranger_client: Client, django_user_model: Any) -> None:
    url = reverse("run:results_pbn", args=[heat.pk])
    assert stranger_client.get(url).status_code == 404
    anonymous = Client().get(url)
    assert anonymous.status_code == 302 and "/login" in anonymous["Location"]
    api = f"/api/v1/sessions/{heat.pk}/results.pbn"
    stranger = django_user_model.objects.get(username="other")
    assert token_client(stranger).get(api).status_code == 404
    assert table_client(heat.tables.get(number=1)).get(api).status_code == 401
    assert APIClient().get(api).status_code == 401
    public = Client().get(f"/c/{heat.club.slug}/s/{heat.pk}/results.pbn")
    assert public.status_code == 404


def test_a_session_still_running_is_refused(
    club: Club, members: list[Player], director_client: Client, director: Any
) -> None:
    session = play_session(
        club=club, players=members, title="Running", date=dt.date(2026, 11, 4), family="mitchell",
        deals_count=6, method="matchpoints", publish=None,
    )  # fmt: skip
    session.status = Session.Status.RUNNING
    session.save(update_fields=["status"])
    page = director_client.get(reverse("run:results_pbn", args=[session.pk]), follow=True)
    assert page.redirect_chain[-1][0] == reverse("run:close", args=[session.pk])
    assert "Close the session first" in page.content.decode()
    api = token_client(director).get(f"/api/v1/sessions/{session.pk}/results.pbn")
    assert api.status_code == 400 and "Close the session first" in api.json()["non_field_errors"][0]
    with pytest.raises(CommandError, match="Close the session first"):
        call_command("export_results", str(session.pk), "--pbn", "unused.pbn")


def test_the_command_writes_the_file(heat: Session, tmp_path: Path) -> None:
    path = tmp_path / "heat.pbn"
    out = io.StringIO()
    call_command("export_results", str(heat.pk), "--pbn", str(path), stdout=out)
    assert path.read_bytes() == session_results_pbn(session=heat)
    assert out.getvalue().strip() == f"Wrote 18 results to {path}."


def test_two_clubs_heats_of_the_same_deals_are_scored_as_one_field(
    club: Club, members: list[Player], tmp_path: Path
) -> None:
    other = club_services.club_create(name="Riverside Whist", slug="riverside")
    people = [club_services.player_create(club=other, name=f"Rider {i:02d}") for i in range(1, 13)]
    ours, theirs = played(club, members, seed=11), played(other, people, seed=11)
    assert [d.hands for d in export_deals(ours)] == [d.hands for d in export_deals(theirs)]
    paths = []
    for session in (ours, theirs):
        path = tmp_path / f"{session.club.slug}.pbn"
        call_command("export_results", str(session.pk), "--pbn", str(path), stdout=io.StringIO())
        paths.append(str(path))
    out, err = io.StringIO(), io.StringIO()
    call_command("sim", "score", "matchpoints", *paths, "--check", stdout=out, stderr=err)
    rows = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert len(rows) == 12 and err.getvalue() == ""
    # One ranking of the twelve pairs of both clubs; the same deals played alike, each pair ties its twin.
    assert sorted(int(r["rank"]) for r in rows) == [1, 1, 3, 3, 5, 5, 7, 7, 9, 9, 11, 11]
    twins: dict[tuple[str, str], set[tuple[str, str, str]]] = {}
    for r in rows:
        twins.setdefault((r["pair"], r["direction"]), set()).add((r["club"], r["rank"], r["percentage"]))
    for (pair, _), seen in twins.items():
        assert {club for club, _, _ in seen} == {"Test Whist Club", "Riverside Whist"}, pair
        assert len({(rank, pct) for _, rank, pct in seen}) == 1, pair
    # Their table 1 makes every trick of tray 1: our pairs' scores on it are compared with theirs too.
    line = SlipLine.objects.get(session=theirs, tray__number=1, table__number=1)
    result_correct(line=line, reason="slip misread", ns_tricks=0 if line.ns_tricks == 13 else 13)
    call_command("export_results", str(theirs.pk), "--pbn", paths[1], stdout=io.StringIO())
    out = io.StringIO()
    call_command("sim", "score", "matchpoints", *paths, stdout=out)
    after = list(csv.DictReader(io.StringIO(out.getvalue())))
    assert ours_of(after) != ours_of(rows) and len(after) == 12


def ours_of(rows: list[dict[str, str]]) -> dict[tuple[str, str], str]:
    """Our club's pairs' percentages in a ranking."""
    return {(r["pair"], r["direction"]): r["percentage"] for r in rows if r["club"] == "Test Whist Club"}
