"""Every public page of the demo club, at phone and laptop width, shows the engine's figures.

The demo club (``build_demo``: a published Howell, a Mitchell in play) gets a
season ladder, and two more published sessions of that season as the book's
club tournaments play them (p. 46): a Howell with partners changed and a
Mitchell with its N-S and E-W fields. Each page is opened at 390 and 1366
pixels wide, must not scroll sideways, and is saved to var/screenshots; the
standings, travellers, score cards, hand records, ladder and player pages
must show exactly what the scoring engine computes from the same slips.
"""

from __future__ import annotations

import datetime as dt
import functools
from fractions import Fraction
from typing import Any

import pytest
from django.core.cache import cache
from django.utils import timezone
from public.builders import play_session

from entry.demo import build_demo
from scoring.display import gain as gain_notation
from scoring.display import number as mixed
from scoring.display import signed
from scoring.hand_records import DoubleDummy, solve
from scoring.scorers import Scores, explain, score
from scoring.scorers.exponent import tabulate
from scoring.selectors.slips import session_slips
from tests.browser.a11y import assert_accessible
from tests.browser.support import save_screenshot
from tournaments.models import Deal, Player, Series, Session

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


@pytest.fixture
def season() -> dict[str, Any]:
    """The demo club with a season of three published sessions."""
    cache.clear()
    demo = build_demo()
    series = Series.objects.create(club=demo.club, name="Autumn season 2026", best_of=2)
    Session.objects.filter(pk=demo.published.pk).update(series=series)
    players = list(Player.objects.filter(club=demo.club).order_by("pk"))
    day = demo.published.date
    howell = play_session(
        club=demo.club,
        players=players[:16],
        title="Howell pairs, partners changed",
        date=day - dt.timedelta(days=7),
        family="howell",
        deals_count=14,
        method="exponent",
        series=series,
        shift=3,
        seed=46,
    )
    mitchell = play_session(
        club=demo.club,
        players=players[:20],
        title="Mitchell pairs, five tables",
        date=day - dt.timedelta(days=14),
        family="mitchell",
        deals_count=10,
        method="trick",
        series=series,
        shift=1,
        seed=32,
    )
    # A season played over weeks: its results are final (the ladder counts final results only).
    final = timezone.now() - dt.timedelta(seconds=1)
    season = Session.objects.filter(pk__in=[demo.published.pk, howell.pk, mitchell.pk])
    season.update(published_at=final - dt.timedelta(hours=48), provisional_until=final)
    published = [Session.objects.get(pk=demo.published.pk), howell, mitchell]
    return {"club": demo.club, "series": series, "sessions": published, "running": demo.running}


def engine(session: Session) -> Scores:
    """The engine's scores of a session's slips."""
    return score(session.scoring_method, session_slips(session=session))


def check_standings(page: Any, session: Session) -> None:
    """Every standings row shows the engine's rank, total and plus/minus, written the book's way."""
    scores = engine(session)
    matchpoints = score("matchpoints", session_slips(session=session))
    mp = {t.entrant: t.extra["percent"] for t in matchpoints.entrants}
    sheet = tabulate(session_slips(session=session)) if session.scoring_method == "exponent" else None
    rows = page.locator("table.standings tr[data-entrant]")
    assert rows.count() == len(scores.entrants)
    for t in scores.entrants:
        cells = page.locator(f'table.standings tr[data-entrant="{t.entrant}"] td.fig').all_inner_texts()
        assert signed(t.plus_minus) in cells and f"{float(mp[t.entrant]):.2f}" in cells
        if sheet is not None:
            first = page.locator(f'table.standings tr[data-entrant="{t.entrant}"] td.fig').first
            shown = gain_notation(sheet.totals[t.entrant])
            raised = f"<sup>{shown.raised}</sup>" if shown.raised else ""
            assert (
                first.inner_html() == (shown.plain or shown.whole + raised)
                and Fraction(
                    page.locator(
                        f'table.standings tr[data-entrant="{t.entrant}"] td.fig'
                    ).first.get_attribute("data-exact")
                )
                == t.total
            )
    if session.movement_json["family"] == "mitchell":
        assert [t.lower() for t in page.locator("h3.field").all_inner_texts()] == ["n-s pairs", "e-w pairs"]
    else:
        top = [t.entrant for t in scores.entrants if t.rank == 1]
        first = page.locator("table.standings tr[data-entrant]").first.get_attribute("data-entrant")
        assert int(first) in top


#: Every traveller on the page, read in one call: its tray, and each line's pairs and figures' exact values.
TRAVELLERS = """() => [...document.querySelectorAll('table.slip')].map(t => ({
  tray: t.getAttribute('data-tray'),
  rows: [...t.querySelectorAll('tr[data-ns]')].map(r => ({
    ns: r.getAttribute('data-ns'), ew: r.getAttribute('data-ew'),
    exact: [...r.querySelectorAll('td.fig')].map(e => e.dataset.exact)})),
}))"""
#: The score card's rows, read in one call: each row's deal and the exact values of its scores.
CARD_ROWS = """() => [...document.querySelectorAll('li.card-row')].map(r => ({
  deal: r.getAttribute('data-deal'),
  scores: [...r.querySelectorAll('.score')].map(e => e.getAttribute('data-exact')),
}))"""


def check_travellers(page: Any, session: Session) -> None:
    """Each line's two scores are the engine's scores of its two pairs on that tray."""
    deals = {d.deal: d.scores for d in engine(session).deals}
    for table in page.evaluate(TRAVELLERS):
        tray = int(table["tray"])
        for row in table["rows"]:
            shown = [Fraction(x) for x in row["exact"]]
            assert shown == [deals[tray][int(row["ns"])], deals[tray][int(row["ew"])]]


def check_card(page: Any, session: Session, entrant: int) -> None:
    """Each tray on the card is the engine's explained score; the sum is the total."""
    slips = session_slips(session=session)
    for row in page.evaluate(CARD_ROWS):
        account = explain(session.scoring_method, slips, entrant, int(row["deal"]))
        assert len(row["scores"]) == 1, row  # one score a row (a locator would refuse two)
        assert Fraction(row["scores"][0]) == account.score
    total = next(t.total for t in engine(session).entrants if t.entrant == entrant)
    assert page.locator("#card-total").inner_text() == mixed(total)


@functools.cache
def double_dummy(hands: str, trump_card: str, dealer: str) -> DoubleDummy:
    """endplay's answer for a deal, solved once a process (the hands pages are checked at both widths)."""
    return solve(hands=hands, trump_card=trump_card, dealer=dealer)


def check_hands(page: Any, session: Session) -> None:
    """Each deal's double-dummy line is endplay's answer for whist."""
    for deal in Deal.objects.filter(tray__session=session).select_related("tray"):
        dd = double_dummy(deal.hands, deal.trump, deal.dealer)
        text = page.locator(f"#deal-{deal.tray.number} .dd-line").inner_text()
        assert f"N-S {dd.ns}, E-W {dd.ew} tricks" in text


def check_ladder(page: Any, data: dict[str, Any]) -> None:
    """Each player's ladder figure: the best two session plus/minus figures from the engine."""
    figures: dict[int, list[Fraction]] = {}
    for session in data["sessions"]:
        totals = {t.entrant: t.plus_minus for t in engine(session).entrants}
        for entrant in session.entrants.prefetch_related("members"):
            for m in entrant.members.all():
                figures.setdefault(m.player_id, []).append(totals[entrant.number])
    for player_id, values in figures.items():
        best = sum(sorted(values, reverse=True)[:2], Fraction(0))
        cell = page.locator(f'tr[data-player="{player_id}"] td.fig b')
        assert cell.inner_text() == signed(best)


def pages(data: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(name, path, check) for every public page of the club, one of each per session."""
    club = data["club"].slug
    out: list[tuple[str, str, Any]] = [
        ("home", "/", None),
        ("club", f"/c/{club}/", None),
        ("ladder", f"/c/{club}/ladder/{data['series'].pk}/", lambda p: check_ladder(p, data)),
    ]
    for i, s in enumerate(data["sessions"]):
        base = f"/c/{club}/s/{s.pk}/"
        top = next(t.entrant for t in engine(s).entrants if t.rank == 1)
        out += [
            (f"s{i}-results", base, lambda p, s=s: check_standings(p, s)),
            (f"s{i}-travellers", base + "travellers/", lambda p, s=s: check_travellers(p, s)),
            (f"s{i}-tray", base + "t/3/", lambda p, s=s: check_travellers(p, s)),
            (f"s{i}-card", base + f"e/{top}/", lambda p, s=s, top=top: check_card(p, s, top)),
            (f"s{i}-hands", base + "hands/", lambda p, s=s: check_hands(p, s)),
        ]
    player = data["sessions"][0].entrants.first().members.first().player
    out.append(("player", f"/c/{club}/p/{player.pk}/", None))
    return out


def test_every_public_page_of_the_demo_club_at_phone_and_laptop_width(
    live_server: Any, phone: Any, laptop: Any, season: dict[str, Any]
) -> None:
    listing = pages(season)
    for width, page in (("phone", phone), ("laptop", laptop)):
        for name, path, check in listing:
            response = page.goto(live_server.url + path)
            assert response is not None and response.status == 200, path
            overflow = page.evaluate("document.scrollingElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"{path} scrolls sideways by {overflow}px at {width} width"
            if check is not None:
                check(page)
            save_screenshot(page, f"public-{width}-{name}")
            assert_accessible(page, f"{name} at {width} width")


def test_the_running_session_is_nowhere_public(live_server: Any, laptop: Any, season: dict[str, Any]) -> None:
    running = season["running"]
    club = season["club"].slug
    response = laptop.goto(f"{live_server.url}/c/{club}/s/{running.pk}/")
    assert response is not None and response.status == 404
    laptop.goto(f"{live_server.url}/c/{club}/")
    assert laptop.locator(f'a[href="/c/{club}/s/{running.pk}/"]').count() == 0
    assert "in play" in laptop.locator("#upcoming").locator("..").inner_text()
