"""Teams of more than eight (pp. 56-59): entered pair by pair with their team, seated, played, scored."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction

import pytest

from entry.services.directing import round_enter, session_close, session_publish
from scoring.models import SlipLine
from scoring.scorers import score
from scoring.selectors.slips import session_slips
from tournaments.models import Club, Entrant, EntrantKind, Player, Session
from tournaments.services import deals, seating, sessions, setup
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def teams_session(
    club: Club, roster: list[Player], per_team: list[int], title: str = "Club teams"
) -> Session:
    """A session of teams of more than eight; team i has ``per_team[i]`` pairs, entered alternately."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 1), title=title, entrant_kind=EntrantKind.TEAMS
    )
    people = iter(roster)
    rows, teams = [], {}
    order = [t for k in range(max(per_team)) for t, n in enumerate(per_team, start=1) if k < n]
    for row, team in enumerate(order, start=1):
        rows.append((row, [next(people), next(people)]))
        teams[row] = team
    setup.entrants_add(session=session, rows=rows, teams=teams)
    return session


def play_every_tray(session: Session) -> None:
    """Enter every table's N-S tricks on every tray, round by round, as the director's sheet would."""
    for rnd in session.rounds.order_by("number"):
        entries = {
            (s.table.number, t.number): str((2 * s.table.number + 3 * t.number) % 10 + 2)
            for s in rnd.seatings.select_related("table")
            for t in s.trays.all()
        }
        assert not round_enter(session=session, round_number=rnd.number, entries=entries).errors


def test_a_new_session_of_teams_is_scored_by_the_club_system(club: Club) -> None:
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 1), title="Teams", entrant_kind=EntrantKind.TEAMS
    )
    assert session.scoring_method == "team-club"


def test_the_club_system_seats_team_one_north_south_at_odd_tables_and_scores_the_teams(
    club: Club, roster: list[Player]
) -> None:
    session = teams_session(club, roster, [4, 4])
    movement = seating.movement_fix(session=session, family="club-teams")
    pairs = {e.number: e for e in session.entrants.filter(kind=Entrant.Kind.PAIR)}
    # Team 1's pairs are numbered first, whatever order they were entered in.
    assert [pairs[n].team.number for n in range(1, 9)] == [1, 1, 1, 1, 2, 2, 2, 2]
    first = movement.rounds[0].tables
    assert [(t.ns, t.ew) for t in first] == [(1, 5), (6, 2), (3, 7), (8, 4)]
    deals.trays_deal(session=session)
    session = sessions.session_start(session=session)
    play_every_tray(session)
    session_close(session=session)
    snapshot = session.snapshots.first()
    expected = score("team-club", session_slips(session=session))
    assert {e["entrant"] for e in snapshot.scores["entrants"]} == {1, 2}
    assert [Fraction(e["total"]) for e in snapshot.scores["entrants"]] == [t.total for t in expected.entrants]
    assert sum(Fraction(e["total"]) for e in snapshot.scores["entrants"]) == 0
    session_publish(session=session, standings=True, travellers=True, hand_records=False)
    assert SlipLine.objects.filter(session=session).count() == 8 * 4


def test_three_teams_and_a_progressive_match_seat_and_score_through_the_same_services(
    club: Club, roster: list[Player]
) -> None:
    three = teams_session(club, roster, [4, 4, 4], "Three teams")
    with pytest.raises(UserError, match=r"plays? tray 17 twice|play tray \d+ twice"):
        seating.movement_fix(session=three, family="three-teams", variant="meet-all")
    seating.movement_fix(session=three, family="three-teams", variant="total-tricks")
    deals.trays_deal(session=three)
    three = sessions.session_start(session=three)
    play_every_tray(three)
    session_close(session=three)
    assert {e["entrant"] for e in three.snapshots.first().scores["entrants"]} == {1, 2, 3}
    match = teams_session(club, roster[:12], [3, 3], "Progressive match")
    seating.movement_fix(session=match, family="team-progressive", deals=6)
    deals.trays_deal(session=match)
    match = sessions.session_start(session=match)
    play_every_tray(match)
    session_close(session=match)
    assert {e["entrant"] for e in match.snapshots.first().scores["entrants"]} == {1, 2}


def test_teams_of_unequal_sizes_or_the_wrong_count_are_refused_with_the_reason(
    club: Club, roster: list[Player]
) -> None:
    session = teams_session(club, roster, [3, 2])
    with pytest.raises(UserError, match=r"same number of pairs.*Team 1 3, Team 2 2"):
        seating.movement_fix(session=session, family="club-teams")
    with pytest.raises(UserError, match="brings 3 teams together; the session has 2"):
        seating.movement_fix(session=session, family="three-teams")


def test_a_pair_without_a_team_is_refused_and_every_row_is_named(club: Club, roster: list[Player]) -> None:
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 1), title="Teams", entrant_kind=EntrantKind.TEAMS
    )
    rows = [(1, roster[0:2]), (2, roster[2:4]), (3, [roster[4]])]
    with pytest.raises(UserError) as err:
        setup.entrants_add(session=session, rows=rows, teams={1: 1, 2: 9})
    assert err.value.errors == {  # type: ignore[attr-defined]
        "r2_team": "Choose team 1 to 3, not 9.",
        "r3_team": "Choose the pair's team.",
    }
    assert not session.entrants.exists()


def test_teams_are_entered_seated_played_closed_and_published_from_the_pages(
    director_client, client, club: Club, roster: list[Player]
) -> None:
    from django.urls import reverse

    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 1), title="Club match", entrant_kind=EntrantKind.TEAMS
    )
    form = director_client.get(reverse("director:setup", args=[session.pk])).context["entrants_form"]
    data = {}
    for row in range(1, 9):
        data[f"r{row}_team"] = str(1 + (row - 1) % 2)
        data[f"r{row}_1"] = str(roster[2 * row - 2].pk)
        data[f"r{row}_2"] = str(roster[2 * row - 1].pk)
    assert "r1_team" in form.fields
    assert (
        director_client.post(reverse("director:setup_entrants", args=[session.pk]), data).status_code == 302
    )
    page = director_client.get(reverse("director:setup", args=[session.pk])).content.decode()
    assert "Club system (teams of more than eight)" in page and "Team 1 ·" in page
    choice = {"choice": "club-teams||8", "scoring_method": "team-club"}
    assert (
        director_client.post(reverse("director:setup_movement", args=[session.pk]), choice).status_code == 302
    )
    session.refresh_from_db()
    assert session.movement_family == "club-teams" and session.tables.count() == 4
    director_client.post(reverse("director:trays_deal", args=[session.pk]))
    assert director_client.get(reverse("director:print_pdf", args=[session.pk, "cards"])).status_code == 200
    director_client.post(reverse("run:start", args=[session.pk]))
    session.refresh_from_db()
    for rnd in session.rounds.all():
        entries = {
            f"t{s.table.number}-{t.number}": str(6 + (s.table.number + t.number) % 3)
            for s in rnd.seatings.select_related("table")
            for t in s.trays.all()
        }
        assert (
            director_client.post(reverse("run:enter", args=[session.pk, rnd.number]), entries).status_code
            == 302
        )
    assert director_client.get(reverse("run:board", args=[session.pk])).status_code == 200
    director_client.post(reverse("run:close", args=[session.pk]))
    close = director_client.get(reverse("run:close", args=[session.pk])).content.decode()
    assert "Team 1" in close and "Team 2" in close
    director_client.post(reverse("run:publish", args=[session.pk]), {"standings": "on", "travellers": "on"})
    public = client.get(reverse("public:session", args=[club.slug, session.pk])).content.decode()
    assert "Team 1" in public and 'data-entrant="2"' in public


def test_the_api_enters_a_pair_with_its_team(club: Club, roster: list[Player], director) -> None:
    from tests.api.helpers import token_client

    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 1), title="Teams", entrant_kind=EntrantKind.TEAMS
    )
    api = token_client(director)
    url = f"/api/v1/sessions/{session.pk}/entrants/"
    made = api.post(url, {"players": [roster[0].pk, roster[1].pk], "team": 2}, format="json")
    assert made.status_code == 201 and made.json()["team"] is not None
    missing = api.post(url, {"players": [roster[2].pk, roster[3].pk]}, format="json")
    assert missing.status_code == 400 and missing.json() == {"team": ["Choose the pair's team."]}
