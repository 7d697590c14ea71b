"""The laws at a table (pp. 61-62): one action each for the director, on the line with its history.

Each test names the law it shows: cards left in the tray (Law III, Sec. 2
(d); Law V, Sec. 2), a wrong trump card (Law IV, Secs. 8-10), irregular
hands on the overplay (Law V, Sec. 1). The session is the three-table
Mitchell of ``tests/conftest.py`` (every tray at three tables) and, for the
"fewer than three tables" rule, a two-table movement written out here.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from entry.services.laws import law_record
from scoring.models import SlipLine, SlipLineVersion
from scoring.scorers import explain, score
from scoring.selectors.cards import score_card
from scoring.selectors.slips import session_slips
from scoring.selectors.standings import entrant_names
from scoring.selectors.travellers import traveller_lines
from scoring.visibility import DIRECTOR, sight
from tournaments.models import Club, Player, Session
from tournaments.movements.types import Movement, Round, TableAssignment
from tournaments.services import seating, sessions
from tournaments.services.errors import NotFound, UserError

pytestmark = pytest.mark.django_db


def _line(session: Session, table: int, tray: int) -> SlipLine:
    return SlipLine.objects.get(session=session, table__number=table, tray__number=tray)


def _deal_scores(session: Session, method: str, tray: int) -> dict[int, Fraction]:
    scores = score(method, session_slips(session=session))
    return dict(next(d.scores for d in scores.deals if d.deal == tray))


def _law(session: Session, table: int, tray: int, law: str | None, reason: str = "seen at the table") -> Any:
    return law_record(session=session, table_number=table, tray_number=tray, law=law, reason=reason, by="dir")


@pytest.fixture
def two_tables(club: Club, players: list[Player]) -> Session:
    """Four pairs at two tables, two trays, each tray at both tables: fewer than three tables in play."""
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 2), title="Two tables")
    for a, b in zip(players[0:8:2], players[1:8:2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    rounds = (
        Round(1, (TableAssignment(1, (1,), ns=1, ew=2), TableAssignment(2, (2,), ns=3, ew=4))),
        Round(2, (TableAssignment(1, (2,), ns=1, ew=2), TableAssignment(2, (1,), ns=3, ew=4))),
    )
    seating.movement_fix(session=session, movement=Movement("custom", 4, 2, 2, rounds))
    return sessions.session_start(session=session)


def test_cards_left_in_the_tray_on_the_overplay_give_that_table_the_average_law_v_2(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 2, 1)
    was = line.ns_tricks
    _law(running_session, 2, 1, "V.2", "two cards found in the tray after the first trick")
    line.refresh_from_db()
    assert line.law == "V.2" and line.version == 2 and line.ns_tricks == was
    kept = SlipLineVersion.objects.get(line=line, version=1)
    assert kept.change == "law" and kept.data["ns_tricks"] == was and kept.data["law"] is None
    assert kept.reason == "two cards found in the tray after the first trick"
    scores = _deal_scores(running_session, "trick", 1)
    assert scores[line.ns.number] == 0 and scores[line.ew.number] == 0  # the average: no gain, no loss


def test_cards_left_in_the_tray_on_the_original_play_call_a_new_deal_law_iii_2d(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    _law(running_session, 1, 1, "III.2d")
    assert _deal_scores(running_session, "trick", 1) == {}
    account = explain("trick", session_slips(session=running_session), 1, 1)
    assert "Law III, Sec. 2 (d)" in account.text and "new deal" in account.text


def test_a_wrong_trump_corrected_before_play_leaves_the_score_standing_law_iv_8(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    before = _deal_scores(running_session, "trick", 2)
    _law(running_session, 3, 2, "IV.8")
    assert _line(running_session, 3, 2).law == "IV.8"
    assert _deal_scores(running_session, "trick", 2) == before


def test_law_iv_8_needs_the_tables_result_first(running_session: Session) -> None:
    with pytest.raises(UserError, match="leaves the score standing"):
        _law(running_session, 1, 1, "IV.8")
    assert not SlipLine.objects.filter(session=running_session).exists()


def test_a_wrong_trump_found_after_the_overplay_began_gives_the_average_at_three_tables_law_iv_9(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 3, 3)
    _law(running_session, 3, 3, "IV.9")
    scores = _deal_scores(running_session, "trick", 3)
    assert scores[line.ns.number] == 0 and scores[line.ew.number] == 0


def test_under_three_tables_a_wrong_trump_or_irregular_hands_call_a_new_deal_law_iv_9_law_v_1(
    two_tables: Session, fill: Callable[..., None]
) -> None:
    fill(two_tables)
    _law(two_tables, 2, 1, "IV.9")
    _law(two_tables, 1, 2, "V.1")
    slips = session_slips(session=two_tables)
    assert all(not d.scores for d in score("trick", slips).deals)
    assert "fewer than three tables" in explain("trick", slips, 1, 2).text


def test_a_wrong_trump_recorded_and_found_at_the_next_table_calls_a_new_deal_law_iv_10_next(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session, skip=frozenset({(2, 1)}))
    line = _law(running_session, 2, 1, "IV.10-next", "the slip said KH, the dealer held KC")
    assert line.ns_tricks is None and line.law == "IV.10-next"
    assert _deal_scores(running_session, "trick", 1) == {}


def test_a_wrong_trump_played_at_other_tables_gives_the_original_table_the_average_law_iv_10(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 1, 2)
    _law(running_session, 1, 2, "IV.10")
    scores = _deal_scores(running_session, "match", 2)
    assert scores[line.ns.number] == 1 and scores[line.ew.number] == 1  # the average, in match points


def test_irregular_hands_found_on_the_overplay_give_a_table_that_did_not_play_the_average_law_v_1(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session, skip=frozenset({(3, 1)}))
    line = _law(running_session, 3, 1, "V.1", "North held 12 cards; rectified and passed on")
    assert line.ns_tricks is None and line.status == SlipLine.Status.CONFIRMED
    scores = _deal_scores(running_session, "trick", 1)
    assert scores[line.ns.number] == 0 and scores[line.ew.number] == 0


def test_a_law_that_decides_the_score_sets_aside_the_lines_revokes_and_awards_keeping_them_in_history(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 1, 1)
    SlipLine.objects.filter(pk=line.pk).update(ns_revokes=1)
    _law(running_session, 1, 1, "V.1")
    line.refresh_from_db()
    assert line.ns_revokes == 0
    assert SlipLineVersion.objects.get(line=line, version=1).data["ns_revokes"] == 1


def test_clearing_the_law_from_a_line_that_carried_only_the_law_removes_it_and_keeps_its_version(
    running_session: Session,
) -> None:
    line = _law(running_session, 2, 2, "V.1")
    assert _law(running_session, 2, 2, None, "found to be the wrong table") is None
    assert not SlipLine.objects.filter(pk=line.pk).exists()
    kept = SlipLineVersion.objects.get(session=running_session, tray_number=2, table_number=2)
    assert kept.change == "removed" and kept.data["law"] == "V.1"


def test_it_refuses_an_unknown_law_a_missing_reason_and_a_table_not_at_the_tray(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    with pytest.raises(UserError, match="Unknown law"):
        _law(running_session, 1, 1, "XII.1")
    with pytest.raises(UserError, match="reason"):
        _law(running_session, 1, 1, "V.2", " ")
    with pytest.raises(NotFound):
        _law(running_session, 9, 1, "V.2")
    assert not SlipLine.objects.filter(session=running_session).exclude(law=None).exists()


def test_the_law_page_applies_a_law_and_the_tray_page_names_it(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    url = reverse("run:law", args=[running_session.pk, 1, 2])
    page = director_client.get(url).content.decode()
    assert "Law V, Sec. 2 (cards left in the tray on the overplay)" in page
    assert "this table takes the average score for the deal" in page
    response = director_client.post(url, {"law": "V.2", "reason": "a card left in the tray"})
    assert response.status_code == 302
    tray = director_client.get(reverse("run:tray", args=[running_session.pk, 1])).content.decode()
    assert "Law V, Sec. 2 (cards left in the tray on the overplay)" in tray
    line = director_client.get(
        reverse("run:line", args=[running_session.pk, _line(running_session, 2, 1).pk])
    )
    assert "is recorded on this line" in line.content.decode()


def test_the_law_page_says_a_new_deal_under_three_tables(
    director_client: Client, two_tables: Session
) -> None:
    page = director_client.get(reverse("run:law", args=[two_tables.pk, 1, 1])).content.decode()
    assert "only 2 tables in play: a new deal" in page


def test_a_refused_law_shows_the_page_again_with_the_message_and_loses_nothing(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    url = reverse("run:law", args=[running_session.pk, 1, 2])
    response = director_client.post(url, {"law": "V.2", "reason": ""})
    assert response.status_code == 400
    assert "Say what happened at the table" in response.content.decode()
    assert _line(running_session, 2, 1).law is None


def test_another_clubs_director_gets_404_on_the_law_page(
    stranger_client: Client, running_session: Session
) -> None:
    url = reverse("run:law", args=[running_session.pk, 1, 1])
    assert stranger_client.get(url).status_code == 404
    assert stranger_client.post(url, {"law": "V.2", "reason": "x"}).status_code == 404


def test_travellers_and_score_cards_name_the_law(running_session: Session, fill: Callable[..., None]) -> None:
    fill(running_session)
    line = _line(running_session, 2, 1)
    _law(running_session, 2, 1, "V.2")
    lines = traveller_lines(
        session=running_session, tray=1, sight=sight(viewer=DIRECTOR, session=running_session)
    )
    assert lines is not None
    assert [t.law for t in lines if t.table == 2] == [
        "Law V, Sec. 2 (cards left in the tray on the overplay)"
    ]
    slips = session_slips(session=running_session)
    scores = score("trick", slips)
    names = entrant_names(session=running_session)
    rows = score_card(method="trick", slips=slips, scores=scores, entrant=line.ns.number, names=names)
    assert [r.law for r in rows if r.deal == 1] == ["Law V, Sec. 2 (cards left in the tray on the overplay)"]


def test_a_new_deal_still_shows_on_the_score_card_with_no_score(
    running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 1, 1)
    _law(running_session, 1, 1, "III.2d")
    slips = session_slips(session=running_session)
    rows = score_card(
        method="trick",
        slips=slips,
        scores=score("trick", slips),
        entrant=line.ns.number,
        names=entrant_names(session=running_session),
    )
    row = next(r for r in rows if r.deal == 1)
    assert row.law.startswith("Law III, Sec. 2 (d)") and row.score.text == "—"
