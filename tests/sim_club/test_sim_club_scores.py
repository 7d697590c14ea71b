"""A pair's place at its club is shown with its score there, and every page says which ranking is which.

From the tryout: a pair at 51.85% was "3rd of 11" at the club while a pair at 53.70% was "4th", because
the club place is the pair's place in its club's own results that night (its heat scored alone) and the
percentage beside it is the field's. The pages now name the two rankings and give the club's own figure
beside the club place (the heat scored alone by the same method, as the engine ranks it), so the two
columns cannot be read as one ranking; the club's page says that its own percentage counts a tray sat
out as 50% (the book's average for a pair sitting out) where the field leaves it out.
"""

from __future__ import annotations

import html
import json
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient
from test_sim_placings import CLUB, Sim, build, publish_session

from scoring.scorers.field import Field
from scoring.selectors.heat import heat_site, session_results_pbn
from sims import selectors, services
from sims.club_field import sim_field_import
from sims.models import SimEvent, SimPlacing
from tests.sims_organiser.sim_builders import engine_heat, heat_file
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db
LEGEND = "its place in the club's own results that night, in its field"


def alone(name: str, data: bytes, method: str) -> dict[str, Fraction]:
    """Each pair's score in its heat scored as a field of its own."""
    heat = engine_heat(name, data)
    return {r.pair: r.score for r in Field(method, [heat]).standings().standings}


def test_the_engine_gives_each_pair_its_score_in_its_heat_scored_alone() -> None:
    bath, wells = heat_file("Bath", 1), heat_file("Wells", 11)
    for method in ("matchpoints", "trick", "exponent"):
        field = Field(method, [engine_heat("Bath", bath), engine_heat("Wells", wells)]).standings()
        for club, data in (("Bath", bath), ("Wells", wells)):
            mine = {r.pair: r.club_score for r in field.standings if r.club == club}
            assert mine == alone(club, data, method), (method, club)
        assert any(r.club_score != r.score for r in field.standings), "the field's figure is another"


@pytest.fixture
def sim(club: Club, players: list[Player], director: Any) -> Sim:
    county = club_services.club_create(name="County Whist Association", slug="county")
    club_services.director_add(club=county, user=director)
    found = build(county, club, players)
    found.session = publish_session(found.session)
    services.event_publish(event=found.event)
    return found


def session_heat(session: Session) -> bytes:
    """The club's heat file, as it sent it."""
    return session_results_pbn(session=session, site=heat_site(session))


def club_scores(sim: Sim, method: str) -> dict[str, str]:
    """Our pairs' club scores as the organiser's field gives them now."""
    return {
        r["pair"]: r["club_score"] for r in selectors.standings_rows(sim.event, method) if r["club"] == CLUB
    }


def test_the_published_placings_keep_the_club_score_and_every_page_shows_it(
    sim: Sim, director_client: Client
) -> None:
    want = club_scores(sim, "matchpoints")
    heat = session_heat(sim.session)
    assert want == {p: f"{float(s):.2f}" for p, s in alone(CLUB, heat, "matchpoints").items()}
    kept = SimPlacing.objects.filter(event=sim.event, method="matchpoints", sim_club__name=CLUB)
    assert {p.pair: p.club_score for p in kept} == want
    public = html.unescape(Client().get(reverse("sims_public:event", args=[sim.event.ref])).content.decode())
    assert LEGEND in public and "Club %" in public
    club_page = Client().get(reverse("public:session", args=[sim.session.club.slug, sim.session.pk]))
    box = html.unescape(club_page.content.decode().split('id="sim-placings"')[1])
    assert LEGEND in box and "counts it as 50%" in box and "(pp. 42, 44, 46)" in box
    url = reverse("sims:event", args=[sim.event.organiser.slug, sim.event.ref])
    organiser = html.unescape(director_client.get(url).content.decode())
    close = html.unescape(director_client.get(reverse("run:close", args=[sim.session.pk])).content.decode())
    for score in want.values():
        assert f'data-label="Club %">{score}</td>' in public
        assert f'data-label="Club">{float(score):.1f}%</td>' in box
        assert f'<td class="num">{score}</td>' in organiser
    assert "<th>At the club</th>" in organiser and "two rankings, not one" in organiser
    assert '<th class="num">Club</th>' in close and "the club's own results that night" in close
    rows = APIClient().get(f"/api/v1/sims/{sim.event.ref}/").json()["fields"]["matchpoints"]
    assert {r["pair"]: r["club_score"] for r in rows if r["club"] == CLUB} == want


def test_a_field_file_brought_from_elsewhere_keeps_the_club_score_and_names(sim: Sim) -> None:
    body = json.loads(Client().get(reverse("sims_public:field", args=[sim.event.ref])).content)
    want = club_scores(sim, "matchpoints")
    SimEvent.objects.filter(pk=sim.event.pk).delete()  # the event is organised elsewhere: its file brought
    kept = sim_field_import(session=Session.objects.get(pk=sim.session.pk), data=body)
    rows = kept["methods"]["matchpoints"]["rows"]
    assert {r["pair"]: r["club_score"] for r in rows} == want
    assert all(r["names"] for r in rows)


@pytest.mark.parametrize("score", ["", "1e999", "x", "9" * 31, 5])
def test_a_field_files_club_score_is_a_figure_or_nothing(sim: Sim, score: Any) -> None:
    body = json.loads(Client().get(reverse("sims_public:field", args=[sim.event.ref])).content)
    SimEvent.objects.filter(pk=sim.event.pk).delete()
    for row in body["fields"]["matchpoints"]:
        row["club_score"] = score
    session = Session.objects.get(pk=sim.session.pk)
    if score == "":
        assert sim_field_import(session=session, data=body)["methods"]["matchpoints"]["rows"]
        return
    with pytest.raises(services.UserError, match="is not one"):
        sim_field_import(session=session, data=body)
