"""The organiser's field: scored from the stored heats, coalesced (once per change of heats), read-only."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from infra.reads import keeping_reads
from scoring.scorers.field import Field, FieldScores, score_field
from sims import selectors, services
from sims.models import SimEvent
from tests.sims_organiser.sim_builders import engine_heat, heat_file, make_event
from tournaments.models import Club

pytestmark = pytest.mark.django_db


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Each time the selectors score a field, its method."""
    made: list[str] = []

    def field(method: str, heats: Any) -> Field:
        made.append(method)
        return Field(method, heats)

    monkeypatch.setattr(selectors, "Field", field)
    return made


def read_field(event: SimEvent) -> FieldScores:
    """The field as one request reads it: an edge, which keeps what the read offered (``infra.reads``)."""
    with keeping_reads():
        return selectors.field(event, "matchpoints")


def test_the_field_is_scored_once_per_change_of_its_heats(club: Club, counted: list[str]) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    wells, _ = services.sim_club_add(event=event, name="Wells")
    services.heat_receive(event=event, sim_club=bath, data=heat_file("Bath", 1), via="file")
    for _ in range(5):
        read_field(event)
    assert counted == ["matchpoints"]
    services.heat_receive(event=event, sim_club=wells, data=heat_file("Wells", 2), via="file")
    late = read_field(event)
    assert counted == ["matchpoints"] * 2 and {r.club for r in late.standings} == {"Bath", "Wells"}
    services.heat_receive(event=event, sim_club=wells, data=heat_file("Wells", 3), via="file")
    again = read_field(event)
    expected = score_field(
        "matchpoints",
        [engine_heat("Bath", heat_file("Bath", 1)), engine_heat("Wells", heat_file("Wells", 3))],
    )
    assert again == expected and len(counted) == 3


def test_a_withdrawn_club_is_left_out_of_the_field_and_the_checks(club: Club, counted: list[str]) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    services.sim_club_add(event=event, name="Wells")
    services.heat_receive(event=event, sim_club=bath, data=heat_file("Somewhere Else", 1), via="file")
    assert {r.club for r in selectors.field(event, "trick").standings} == {"Bath"}
    assert selectors.checks(event) == ["Wells is taking part but has not sent its heat."]
    services.sim_club_withdraw(sim_club=bath)
    assert selectors.field(event, "trick").standings == ()
    assert selectors.frequency(event) == {}


def test_reads_write_nothing(club: Club) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    services.heat_receive(event=event, sim_club=bath, data=heat_file("Bath", 1), via="file")
    with CaptureQueriesContext(connection) as queries:
        selectors.field(event, "matchpoints")
        selectors.checks(event)
        selectors.deal_records(event)
        selectors.placings(event, "bath", "1")
    assert not [
        q for q in queries.captured_queries if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")
    ]


def test_a_pairs_two_placings(club: Club) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    wells, _ = services.sim_club_add(event=event, name="Wells")
    services.heat_receive(event=event, sim_club=bath, data=heat_file("Bath", 1), via="file")
    services.heat_receive(event=event, sim_club=wells, data=heat_file("Wells", 2), via="file")
    scores = selectors.field(event, "matchpoints")
    for row in scores.standings:
        rank, score, club_place = selectors.placings(event, row.club, row.pair)
        tied = sum(1 for r in scores.standings if r.rank == row.rank) > 1
        assert rank == f"{'=' if tied else ''}{selectors.ordinal(row.rank)} of 12"
        assert isinstance(score, Fraction) and score == row.score
        field = [r for r in scores.standings if r.club == row.club and r.direction == row.direction]
        place = 1 + sum(1 for r in field if r.club_rank < row.club_rank)
        shared = sum(1 for r in field if r.club_rank == row.club_rank) > 1
        way = {"NS": "N-S", "EW": "E-W"}[row.direction]
        assert club_place == f"{'=' if shared else ''}{selectors.ordinal(place)} of 3 {way}"
    assert (
        selectors.ordinal(1) == "1st" and selectors.ordinal(12) == "12th" and selectors.ordinal(23) == "23rd"
    )
