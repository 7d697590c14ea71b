"""The figures on the public pages and exports are the scoring engine's, to the last fraction."""

from __future__ import annotations

import csv
import io
import json
import re
from fractions import Fraction
from typing import Any

import pytest
from django.urls import reverse

from entry.services.results import result_correct
from scoring.display import gain as gain_notation
from scoring.display import number as mixed
from scoring.display import signed
from scoring.models import ScoreSnapshot, SlipLine
from scoring.scorers import explain, score, scores_to_json
from scoring.scorers.exponent import tabulate
from scoring.selectors.slips import session_slips
from scoring.selectors.standings import entrant_names
from scoring.services.standings import KEEP_SNAPSHOTS
from tournaments.models import Session
from tournaments.selectors import slips_version
from tournaments.services import sessions

pytestmark = pytest.mark.django_db

ROW = re.compile(r'<tr[^>]*data-entrant="(\d+)"[^>]*>(.*?)</tr>', re.S)
CELL = re.compile(r'<td class="num fig[^"]*" data-exact="([^"]*)"[^>]*>(.*?)</td>')


def gain_html(gain: Any) -> str:
    """An equated gain as the pages set it: the whole gain, its exponent raised beside."""
    shown = gain_notation(gain)
    if shown.plain:
        return shown.plain
    return shown.whole + (f"<sup>{shown.raised}</sup>" if shown.raised else "")


RANK = re.compile(r'<td class="num rank">=?(\d+)</td>')  # a shared place is written "=2"


def engine(session: Session) -> Any:
    """The engine's scores of the session's slips, by its method."""
    return score(session.scoring_method, session_slips(session=session))


def page_rows(client: Any, session: Session) -> dict[int, tuple[int, list[tuple[str, str]]]]:
    """Entrant -> (rank shown, [(exact, text) of each figure]) from the results page."""
    body = client.get(reverse("public:session", args=[session.club.slug, session.pk])).content.decode()
    return {int(e): (int(RANK.search(row).group(1)), CELL.findall(row)) for e, row in ROW.findall(body)}


def test_exponent_results_page_shows_the_engines_gains_totals_and_plus_minus(
    client: Any, published_howell: Session
) -> None:
    expected = engine(published_howell)
    sheet = tabulate(session_slips(session=published_howell))
    rows = page_rows(client, published_howell)
    assert set(rows) == {t.entrant for t in expected.entrants}
    for t in expected.entrants:
        rank, cells = rows[t.entrant]
        assert rank == t.rank
        gains, in_tricks, pm, _percent = cells
        assert gains == (str(t.total), gain_html(sheet.totals[t.entrant]))
        assert in_tricks == (str(t.total), mixed(t.total))
        assert pm == (str(t.plus_minus), signed(t.plus_minus))


def test_mitchell_has_a_north_south_and_an_east_west_field(client: Any, published_mitchell: Session) -> None:
    expected = {t.entrant: t for t in engine(published_mitchell).entrants}
    body = client.get(reverse("public:session", args=[published_mitchell.club.slug, published_mitchell.pk]))
    text = body.content.decode()
    assert "N-S pairs" in text and "E-W pairs" in text
    rows = page_rows(client, published_mitchell)
    for side in ({1, 3, 5}, {2, 4, 6}):
        best = min(expected[e].rank for e in side)
        for e in side:
            rank, cells = rows[e]
            assert rank == 1 + sum(1 for o in side if expected[o].rank < expected[e].rank)
            assert (rank == 1) == (expected[e].rank == best)
            assert cells[0][0] == str(expected[e].extra["tricks"])
            assert cells[1] == (str(expected[e].plus_minus), signed(expected[e].plus_minus))


def test_howell_has_one_field(client: Any, published_howell: Session) -> None:
    body = client.get(reverse("public:session", args=[published_howell.club.slug, published_howell.pk]))
    assert "N-S pairs" not in body.content.decode()


def test_modern_percentage_beside_is_the_engines_matchpoint_percentage(
    client: Any, published_mitchell: Session
) -> None:
    matchpoints = score("matchpoints", session_slips(session=published_mitchell))
    mp = {t.entrant: t.extra["percent"] for t in matchpoints.entrants}
    for entrant, (_rank, cells) in page_rows(client, published_mitchell).items():
        assert Fraction(cells[-1][0]) == mp[entrant]
        assert cells[-1][1] == f"{float(mp[entrant]):.2f}"


def test_travellers_show_each_lines_score_as_the_engine_gave_it(
    client: Any, published_howell: Session
) -> None:
    expected = {d.deal: d.scores for d in engine(published_howell).deals}
    body = client.get(reverse("public:travellers", args=[published_howell.club.slug, published_howell.pk]))
    text = body.content.decode()
    lines = re.findall(r'data-tray="(\d+)">.*?</table>', text, re.S)
    assert len(lines) == len(expected)
    for tray, table in re.findall(r'<table class="data slip" data-tray="(\d+)">(.*?)</table>', text, re.S):
        for ns, ew, row in re.findall(r'<tr data-ns="(\d+)" data-ew="(\d+)">(.*?)</tr>', table, re.S):
            shown = [Fraction(x) for x, _ in CELL.findall(row)]
            assert shown == [expected[int(tray)][int(ns)], expected[int(tray)][int(ew)]]


def test_score_card_rows_are_the_engines_explanations_and_add_to_the_total(
    client: Any, published_howell: Session
) -> None:
    slips = session_slips(session=published_howell)
    total = next(t.total for t in engine(published_howell).entrants if t.entrant == 2)
    body = client.get(reverse("public:card", args=[published_howell.club.slug, published_howell.pk, 2]))
    text = body.content.decode()
    deals = re.findall(r'<li class="card-row" data-deal="(\d+)">(.*?)</li>', text, re.S)
    assert deals
    for deal, row in deals:
        account = explain("exponent", slips, 2, int(deal))
        assert Fraction(re.search(r'data-exact="([^"]+)"', row).group(1)) == account.score
        if account.compared_with:
            assert "Compared with these" in row
    assert f'data-exact="{total}">{mixed(total)}<' in text


def test_score_card_of_an_entrant_not_in_the_session_is_404(client: Any, published_howell: Session) -> None:
    url = reverse("public:card", args=[published_howell.club.slug, published_howell.pk, 99])
    assert client.get(url).status_code == 404


def test_json_export_is_the_scores_json_of_the_engine(client: Any, published_howell: Session) -> None:
    url = reverse("public:results_json", args=[published_howell.club.slug, published_howell.pk])
    expected = scores_to_json(engine(published_howell))
    expected.pop("checks", None)  # the book's internal tests are the director's
    got = json.loads(client.get(url).content)
    names = entrant_names(session=published_howell)
    assert [row.pop("name") for row in got["entrants"]] == [names[r["entrant"]] for r in got["entrants"]]
    said = {key: got.pop(key) for key in ("provisional_until", "final", "results_status", "changes")}
    assert said == {"provisional_until": None, "final": True, "results_status": "Final", "changes": []}
    assert got == expected


def mixed_value(text: str) -> Fraction:
    """A mixed number as the CSV writes one ("-3 6/7", "0 6/7", "7"), read back exactly."""
    whole, _, rest = text.partition(" ")
    size = abs(Fraction(whole)) + Fraction(rest or 0)
    return -size if whole.startswith("-") else size


def test_csv_export_has_a_row_per_entrant_with_exact_figures(
    client: Any, published_mitchell: Session
) -> None:
    url = reverse("public:results_csv", args=[published_mitchell.club.slug, published_mitchell.pk])
    rows = list(csv.DictReader(io.StringIO(client.get(url).content.decode())))
    expected = {t.entrant: t for t in engine(published_mitchell).entrants}
    assert len(rows) == len(expected)
    field = {int(row["entrant"]): row["field"] for row in rows}
    for row in rows:
        t = expected[int(row["entrant"])]
        mine = [o for o in expected.values() if field[o.entrant] == row["field"]]  # ranked in its field
        assert (mixed_value(row["total_exact"]), mixed_value(row["plus_minus_exact"]), int(row["rank"])) == (
            t.total,
            t.plus_minus,
            1 + sum(1 for o in mine if o.rank < t.rank),
        )
        assert row["field"] in ("N-S", "E-W")
        for name in ["total", "plus_minus", *(k for k in row if k.startswith("tray "))]:
            assert "/" not in row[name], (name, row[name])  # a spreadsheet would read "10/7" as a date
        for name in ["total_exact", "plus_minus_exact"]:
            assert "/" not in row[name] or " " in row[name], (name, row[name])  # "1 3/7", never "10/7"
        assert abs(float(row["total"]) - float(t.total)) < 1e-4


def test_pdf_and_pbn_exports(client: Any, published_howell: Session) -> None:
    args = [published_howell.club.slug, published_howell.pk]
    pdf = client.get(reverse("public:results_pdf", args=args))
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    pbn = client.get(reverse("public:deals_pbn", args=args)).content.decode()
    assert pbn.count("[Deal ") == published_howell.trays.count()
    assert "{Double dummy," in pbn


def test_a_correction_shows_on_the_pages_once_recomputed(client: Any, published_howell: Session) -> None:
    session = sessions.session_set_status(session=published_howell, status=Session.Status.CLOSED)
    line = SlipLine.objects.filter(session=session).order_by("tray__number", "table__number").first()
    result_correct(line=line, ns_tricks=13 - line.ns_tricks if line.ns_tricks != 6 else 13, reason="miscount")
    session = sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    expected = engine(session)
    rows = page_rows(client, session)
    for t in expected.entrants:
        assert rows[t.entrant][1][2][0] == str(t.plus_minus)


def test_a_correction_is_rescored_by_the_celery_task_into_one_new_snapshot(
    client: Any, published_howell: Session, django_capture_on_commit_callbacks: Any
) -> None:
    session = sessions.session_set_status(session=published_howell, status=Session.Status.CLOSED)
    line = SlipLine.objects.filter(session=session).order_by("tray__number", "table__number").last()
    before = ScoreSnapshot.objects.filter(session=session).count()
    with django_capture_on_commit_callbacks(execute=True):
        result_correct(line=line, ns_tricks=(line.ns_tricks + 3) % 14, reason="slip misread")
    session.refresh_from_db()
    newest = ScoreSnapshot.objects.filter(session=session).latest()
    assert newest.source_version == slips_version(session_id=session.pk)
    assert ScoreSnapshot.objects.filter(session=session).count() in (before + 1, KEEP_SNAPSHOTS)
    assert ScoreSnapshot.objects.filter(session=session).count() <= 2 * KEEP_SNAPSHOTS
    assert newest.scores == scores_to_json(engine(session))


def test_club_home_lists_recent_results_with_winners_and_the_ladder(
    client: Any, published_mitchell: Session, published_howell: Session
) -> None:
    text = client.get(reverse("public:club", args=[published_howell.club.slug])).content.decode()
    assert "Published Mitchell" in text and "Published Howell" in text
    assert "Winter ladder" in text and "best 1 session counts" in text
