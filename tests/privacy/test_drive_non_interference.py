"""A whist drive's phones learn nothing of another table's deal before the change is complete (p. 24).

In a drive every table plays its own deal, so the folded slip of duplicate
becomes: a player's phone shows only his own table's result until every
table of the change has sent. Then the next change is seated (it follows
from the results), and the phones may show everything of the change that
is complete: the move, the running score.

A drive of four tables and three changes, the running score shown, is
played from the players' own pages; around every send and every check,
every answer of every player's phone (his drive page, his drive API and
its stamp; the ordinary phone page and API of his link too, with every
tray's traveller), every bare table link and every public page is collected. A
viewer not seated at the acting table must get the same answers before and
after, unless that send completed the change.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.cache import cache
from django.test import Client
from privacy.viewers import Viewer, _text, answers, public_urls, viewers_of

from scoring.models import SlipLine
from tournaments.models import DriveChange, EntrantLink, Session, Table

pytestmark = [pytest.mark.django_db, pytest.mark.slow]


def drive_answers(viewer: Viewer, session: Session, public: list[str], trays: list[int]) -> dict[str, str]:
    """Everything the viewer can ask; a player's phone also his drive page, his drive API and its stamp."""
    found = answers(viewer, session, public, trays)
    if viewer.kind == "entrant":
        c = viewer.client
        found["drive page"] = _text(c.get(f"/d/{viewer.token}/"))
        found["drive stamp"] = _text(c.get(f"/api/v1/entrant-links/{viewer.token}/drive/stamp/"))
        found["drive api"] = _text(c.get(f"/api/v1/entrant-links/{viewer.token}/drive/"))
        cache.clear()
    return found


def at_table(viewer: Viewer, session: Session, change: DriveChange, table: int) -> bool:
    """Whether the viewer plays at (or is the bare link of) the acting table in this change."""
    if viewer.kind == "table":
        return Table.objects.get(pk=viewer.table_id).number == table
    if viewer.kind == "entrant":
        number = EntrantLink.objects.get(token=viewer.token).entrant.number
        return number in change.seating[str(table)].values()
    return False


def act(session: Session, change: DriveChange, table: int, kind: str) -> bool:
    """N sends a result, or E checks it, from their own pages; True when the send completed the change."""
    seats = change.seating[str(table)]
    who = seats["N"] if kind == "send" else seats["E"]
    token = EntrantLink.objects.get(session=session, entrant__number=who).token
    cache.clear()
    if kind == "send":
        body = {
            "winner": "NS" if (table + change.number) % 2 else "EW",
            "points": (table * change.number) % 7 + 1,
        }
        response = Client().post(
            f"/api/v1/entrant-links/{token}/drive/result/", json.dumps(body), content_type="application/json"
        )
    else:
        response = Client().post(
            f"/api/v1/entrant-links/{token}/drive/check/", json.dumps({}), content_type="application/json"
        )
    assert response.status_code in (200, 201), response.content
    return SlipLine.objects.filter(round=change.round).count() == len(change.seating)


def test_a_drive_shows_a_player_only_his_own_tables_result_until_the_change_is_complete(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=4, changes=3)
    session = Session.objects.get(pk=session.pk)
    session.show_running_score = True
    session.save(update_fields=["show_running_score"])
    viewers = viewers_of(session)
    public = public_urls(session)
    checks = 0
    for number in (1, 2, 3):
        change = DriveChange.objects.get(session=session, number=number)
        trays = sorted(session.trays.values_list("number", flat=True))
        seen = {v.name: drive_answers(v, session, public, trays) for v in viewers}
        plan = [(t, kind) for t in range(1, 5) for kind in (("send", "check") if t < 4 else ("send",))]
        for table, kind in plan:
            completed = act(session, change, table, kind)
            if completed:
                break
            for viewer in viewers:
                if at_table(viewer, session, change, table):
                    seen[viewer.name] = drive_answers(viewer, session, public, trays)
                    continue
                after = drive_answers(viewer, session, public, trays)
                assert after == seen[viewer.name], (
                    f"{viewer.name} learnt something of table {table}'s deal in change {number} ({kind})"
                )
                checks += 1
    assert checks > 250


def test_once_the_change_is_complete_every_phone_shows_its_move_and_the_running_score(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=2)
    Session.objects.filter(pk=session.pk).update(show_running_score=True)
    change = DriveChange.objects.get(session=session, number=1)
    for table in (1, 2, 3):
        act(session, change, table, "send")
    for link in EntrantLink.objects.filter(session=session):
        cache.clear()
        state: dict[str, Any] = Client().get(f"/api/v1/entrant-links/{link.token}/drive/").json()
        assert state["change"] == 2 and state["move"].startswith("Your side")
        assert state["running_changes"] == 1 and any(r["me"] for r in state["running"])
