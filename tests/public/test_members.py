"""What members read: a void tray explained, the ladder's rule, the book's tests kept back."""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from itertools import pairwise
from types import SimpleNamespace
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from public.builders import play_session

from entry.services.directing import tray_set_status
from scoring.selectors.people import SessionResult, results_chart, series_ladder_public
from tournaments.models import Club, Player, Series, Session
from tournaments.services import sessions
from tournaments.services.errors import UserError
from tournaments.services.ladder import series_ladder_rule

pytestmark = pytest.mark.django_db


def publish(session: Session) -> Session:
    """Publish a closed session with every switch on."""
    session = sessions.session_publish_switches(
        session=session, standings=True, travellers=True, hand_records=True
    )
    return sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)


def test_a_void_tray_is_explained_where_the_places_are(
    client: Client, club: Club, members: list[Player]
) -> None:
    session = play_session(
        club=club,
        players=members,
        title="Void tray",
        date=dt.date(2026, 11, 16),
        deals_count=10,
        publish=None,
    )
    tray = session.trays.get(number=4)
    tray_set_status(tray=tray, status="void", reason="the cards were found short")
    publish(session)
    page = client.get(reverse("public:session", args=[club.slug, session.pk])).content.decode()
    note = page.index("Why some totals count fewer trays")
    assert note < page.index('<table class="data standings')
    assert "Tray 4 is void" in page and "scored on 9 trays and the others on 10" in page


def test_the_book_s_tests_are_on_the_director_s_standings_not_the_public_s(
    client: Client, director_client: Client, published_howell: Session
) -> None:
    public = client.get(reverse("public:session", args=[published_howell.club.slug, published_howell.pk]))
    director = director_client.get(reverse("run:close", args=[published_howell.pk]))
    assert "The book&#x27;s tests" not in public.content.decode()
    assert "The book&#x27;s tests" in director.content.decode()
    assert 'id="director-standings"' in director.content.decode()


def test_the_director_s_standings_use_the_results_page_s_figures_with_the_denominator_written_in(
    director_client: Client, published_howell: Session
) -> None:
    """The figures of the results page, but a gain's raised numerator is written over the tables in play
    on the director's page, never as a bare power (tests/director_run/test_director_standings_words.py)."""
    text = director_client.get(reverse("run:close", args=[published_howell.pk])).content.decode()
    block = text[text.index('id="director-standings"') :]
    assert 'class="num fig' in block and "<sup>" not in block


@pytest.fixture
def three_sessions(club: Club, members: list[Player]) -> tuple[Series, list[Player]]:
    """A season of three published Howells: all twelve members play twice, a thirteenth player once."""
    series = Series.objects.create(club=club, name="Spring ladder")
    guest = Player.objects.create(club=club, name="Guest Once")
    everyone = [*members[:11], guest]
    for i, players in enumerate((members, members, everyone)):
        play_session(
            club=club,
            players=players,
            title=f"Session {i + 1}",
            date=dt.date(2026, 3, 2 + 7 * i),
            deals_count=10,
            series=series,
            shift=i,
            seed=60 + i,
        )
    return series, [*members, guest]


def test_the_ladder_ranks_only_players_who_meet_the_attendance_rule(
    client: Client, three_sessions: tuple[Series, list[Player]]
) -> None:
    series, _ = three_sessions
    series_ladder_rule(series=series, min_sessions=2, best_of=2)
    series.refresh_from_db()
    ladder = series_ladder_public(series=series)
    guest = next(r for r in ladder.rows if r.player.name == "Guest Once")
    assert not guest.ranked and guest.rank == 0 and ladder.rows[-1] == guest
    assert ladder.ranked[0].rank == 1 and all(r.played >= 2 for r in ladder.ranked)
    page = client.get(reverse("public:ladder", args=[series.club.slug, series.pk])).content.decode()
    assert "best 2 sessions count (of 3 so far)" in page and "ranked after playing 2 sessions" in page
    assert page.index("Not yet ranked") < page.index("Guest Once")


def test_without_a_rule_everyone_is_ranked_from_the_first_session(three_sessions: tuple[Series, Any]) -> None:
    series, _ = three_sessions
    ladder = series_ladder_public(series=series)
    assert all(r.ranked for r in ladder.rows)
    assert "every player is ranked from their first session" in ladder.rule


@pytest.mark.parametrize("bad", ["0", "-1", "two", "501"])
def test_a_ladder_rule_out_of_range_is_refused_with_a_clear_message(club: Club, bad: str) -> None:
    series = Series.objects.create(club=club, name="Spring ladder")
    with pytest.raises(UserError) as refused:
        series_ladder_rule(series=series, min_sessions=bad, best_of="")
    assert refused.value.field == "min_sessions"


def test_the_director_sets_the_ladder_s_rule_on_the_series_page(director_client: Client, club: Club) -> None:
    series = Series.objects.create(club=club, name="Spring ladder")
    response = director_client.post(
        reverse("director:series_ladder", args=[series.pk]), {"min_sessions": "3", "best_of": ""}
    )
    assert response.status_code == 302
    series.refresh_from_db()
    assert (series.min_sessions, series.best_of) == (3, None)
    refused = director_client.post(
        reverse("director:series_ladder", args=[series.pk]), {"min_sessions": "x"}, follow=True
    )
    assert "Give a whole number of sessions" in refused.content.decode()


def test_the_ladder_rule_over_the_api(director_client: Client, club: Club) -> None:
    series = Series.objects.create(club=club, name="Spring ladder")
    url = f"/api/v1/series/{series.pk}/ladder-rule/"
    ok = director_client.post(url, {"min_sessions": 2, "best_of": None}, content_type="application/json")
    assert ok.status_code == 200 and ok.json()["min_sessions"] == 2
    bad = director_client.post(url, {"min_sessions": 0}, content_type="application/json")
    assert bad.status_code == 400 and "min_sessions" in bad.json()


def _result(day: int, percent: int) -> SessionResult:
    """A player's result in a made-up session, for the chart."""
    when = dt.date(2026, 1, 1) + dt.timedelta(days=7 * day)
    session = SimpleNamespace(pk=day, date=when, title=f"Session {day}")
    return SessionResult(session, 1, "", 1, 8, Fraction(0), Fraction(0), Fraction(percent), True)


def test_one_session_is_a_sentence_not_a_chart(client: Client, club: Club, members: list[Player]) -> None:
    assert results_chart([_result(1, 55)]) is None
    play_session(club=club, players=members, title="Only one", date=dt.date(2026, 11, 16), deals_count=10)
    text = client.get(reverse("public:player", args=[club.slug, members[0].pk])).content.decode()
    assert 'id="one-session"' in text and "<svg" not in text


def test_fifty_sessions_keep_their_figures_and_dates_apart() -> None:
    chart = results_chart([_result(i, 40 + (i * 7) % 25) for i in range(50)])
    assert chart is not None and len(chart.bars) == 50
    labelled = [b for b in chart.bars if b.value]
    assert len(labelled) == 2, "the best and the latest only"
    dated = [b for b in chart.bars if b.label]
    assert len(dated) <= 9
    gaps = [b.cx - a.cx for a, b in pairwise(dated)]
    assert min(gaps) > 60, "dates at least 60 units apart on a 640-unit chart"
    assert all(b.w > 4 for b in chart.bars)
