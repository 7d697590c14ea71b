"""The folded slip: a table sees a tray's traveller only after sending its own result on it.

Checked through every table endpoint that can show a result: the page, its
partial refresh, the state JSON, and the answers to send, check and dispute.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tournaments.models import Session

pytestmark = pytest.mark.django_db


@pytest.fixture
def others_sent(make_phone: Any, running_session: Session) -> Any:
    """Tables 2 and 3 have sent trays 2 and 3 in round 1 (trays table 1 plays later)."""
    assert make_phone(running_session.tables.get(number=2)).send(2, 11).status_code == 201
    assert make_phone(running_session.tables.get(number=3)).send(3, 12).status_code == 201
    return make_phone(running_session.tables.get(number=1))


def unfolded_in_html(html: str) -> set[int]:
    """The trays whose slip the page shows unfolded."""
    return {int(n) for n in re.findall(r'id="tray-(\d+)"(?:(?!</article>).)*class="slip"', html, re.S)}


def unfolded_in_state(state: dict[str, Any]) -> set[int]:
    """The trays whose traveller the state JSON carries."""
    cards = [c for part in ("now", "just_played") if state[part] for c in state[part]["trays"]]
    return {c["number"] for c in cards if c["traveller"] is not None}


def test_nothing_is_unfolded_before_the_table_sends(others_sent: Any) -> None:
    assert unfolded_in_html(others_sent.page().content.decode()) == set()
    assert unfolded_in_html(others_sent.page(**{"X-Table-Partial": "1"}).content.decode()) == set()
    assert unfolded_in_state(others_sent.state().json()) == set()


def test_a_table_link_unfolds_nothing_even_after_its_table_sends(
    others_sent: Any, make_phone: Any, running_session: Session
) -> None:
    assert others_sent.send(1, 8).status_code == 201
    place = make_phone.bare(running_session.tables.get(number=1))
    html, state = place.page().content.decode(), place.state().json()
    assert unfolded_in_html(html) == set() and "traveller" not in state and "ns_tricks" not in str(state)
    assert 'class="score-pair"' not in html


def test_a_phone_following_its_pair_unfolds_only_the_trays_that_pair_played(
    others_sent: Any, make_phone: Any, running_session: Session
) -> None:
    pair = make_phone(running_session.tables.get(number=1))
    body = pair.send(1, 8).json()
    assert {line["table"] for line in body["traveller"]} == {1}
    assert unfolded_in_html(pair.page().content.decode()) == {1}
    state = pair.state().json()
    assert unfolded_in_state(state) == {1}
    assert state["now"]["trays"][0]["number"] == 3  # round 2: tray 3, which table 3 has sent
    assert state["now"]["trays"][0]["traveller"] is None
    assert "12" not in str(state["now"]["trays"][0])


def test_the_next_tray_unfolds_with_every_table_so_far_once_the_pair_sends_it(
    others_sent: Any, make_phone: Any, running_session: Session
) -> None:
    pair = make_phone.following(running_session, 1)
    pair.send(1, 8)
    body = pair.send(3, 6).json()
    assert sorted((line["table"], line["ns_tricks"]) for line in body["traveller"]) == [(1, 6), (3, 12)]
    assert unfolded_in_state(pair.state().json()) >= {3}


def test_the_opponents_phone_unfolds_the_tray_their_table_sent(
    others_sent: Any, make_phone: Any, running_session: Session
) -> None:
    others_sent.send(1, 8)
    east_west = make_phone.following(running_session, 2)
    assert unfolded_in_state(east_west.state().json()) == {1}
    other = make_phone.following(running_session, 4)
    assert unfolded_in_state(other.state().json()) == {2}, "pair 4 played tray 2 at table 2"


def test_check_dispute_and_conflict_answers_carry_only_this_tables_line(
    others_sent: Any, make_phone: Any, running_session: Session
) -> None:
    others_sent.send(1, 8)
    second = make_phone(running_session.tables.get(number=1))
    conflict = second.send(1, 9).json()
    assert conflict["stored"]["tray"] == 1 and "traveller" not in conflict
    checked = others_sent.post("confirm", tray=1).json()
    assert checked["table"] == 1 and checked["tray"] == 1 and "traveller" not in checked
    assert others_sent.post("confirm", tray=2).status_code == 404  # table 2's line is not table 1's
    assert others_sent.post("dispute", tray=3, claimed=1).status_code == 404


def test_the_running_score_shows_only_when_the_director_allows(
    others_sent: Any, running_session: Session
) -> None:
    others_sent.send(1, 8)
    assert others_sent.state().json()["running"] is None
    assert "Running score" not in others_sent.page().content.decode()
    Session.objects.filter(pk=running_session.pk).update(show_running_score=True)
    state = others_sent.state().json()
    assert state["running_trays"] == [], "no tray is complete: every table plays each tray once"
    assert "Running score" in others_sent.page().content.decode()


def test_the_running_score_counts_only_complete_trays(make_phone: Any, running_session: Session) -> None:
    Session.objects.filter(pk=running_session.pk).update(show_running_score=True)
    phones = {n: make_phone(running_session.tables.get(number=n)) for n in (1, 2, 3)}
    for table, tray in ((1, 1), (2, 2), (3, 3), (1, 3), (2, 1), (3, 2)):
        assert phones[table].send(tray, 7).status_code == 201
    before = phones[2].state().json()
    assert before["running_trays"] == [], "each tray still has a table to play it"
    assert phones[1].send(2, 9).status_code == 201  # table 1 plays tray 2 last, in round 3
    after = phones[2].state().json()
    assert after["running_trays"] == [2]
    totals = {row["entrant"]: row["total"] for row in after["running"]}
    assert totals[1] == "1⅓" and totals[6] == "−1⅓", "pair 1 (v pair 6) took 9 where the others took 7"
