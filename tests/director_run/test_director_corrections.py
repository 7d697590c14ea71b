"""Corrections: a reason for each change, awards, revokes (Law X), fouled and void trays (Laws III-V)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from django.test import Client
from django.urls import reverse

from entry.selectors.board import director_standings
from entry.services.directing import tray_set_status
from scoring.models import SlipLine, SlipLineVersion
from scoring.scorers import score
from scoring.selectors.slips import session_slips
from tournaments.models import Session, Tray
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def _line(session: Session, table: int, tray: int) -> SlipLine:
    return SlipLine.objects.get(session=session, table__number=table, tray__number=tray)


def _totals(session: Session) -> dict[int, str]:
    session.refresh_from_db()
    rows, problem = director_standings(session=session)
    assert not problem
    return {row["entrant"]: row["total"] for row in rows}


def test_a_correction_without_a_reason_is_refused_next_to_the_field(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 1, 1)
    response = director_client.post(
        reverse("run:line", args=[running_session.pk, line.pk]),
        {"ns_tricks": "3", "ns_revokes": "0", "ew_revokes": "0", "reason": "  "},
    )
    page = response.content.decode()
    assert response.status_code == 400
    error = page.index("Give a reason for the correction.")
    assert page.rfind('id="reason"', 0, error) > page.rfind('id="ew_revokes"', 0, error)
    assert 'name="ns_tricks" class="short" value="3"' in page
    line.refresh_from_db()
    assert line.ns_tricks != 3 and line.version == 1


def test_a_correction_keeps_the_earlier_version_and_who_made_it(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 2, 2)
    before = line.ns_tricks
    director_client.post(
        reverse("run:line", args=[running_session.pk, line.pk]),
        {"ns_tricks": "12", "ns_revokes": "0", "ew_revokes": "0", "reason": "slip misread"},
    )
    line.refresh_from_db()
    assert (line.ns_tricks, line.version) == (12, 2)
    old = SlipLineVersion.objects.get(line=line)
    assert (old.data["ns_tricks"], old.reason, old.changed_user.username) == (before, "slip misread", "dir")
    page = director_client.get(reverse("run:line", args=[running_session.pk, line.pk])).content.decode()
    assert "slip misread" in page and "Earlier versions" in page
    assert (
        "slip misread"
        in director_client.get(reverse("run:tray", args=[running_session.pk, 2])).content.decode()
    )


def test_scores_update_at_once_after_a_correction(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    before = _totals(running_session)
    line = _line(running_session, 1, 1)
    director_client.post(
        reverse("run:line", args=[running_session.pk, line.pk]),
        {"ns_tricks": "13", "ns_revokes": "0", "ew_revokes": "0", "reason": "recount"},
    )
    after = _totals(running_session)
    assert after != before
    assert after == {
        e.entrant: str(e.total) for e in score("trick", session_slips(session=running_session)).entrants
    }


def test_a_revoke_moves_tricks_by_law_x(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 1, 1)
    director_client.post(
        reverse("run:line", args=[running_session.pk, line.pk]),
        {
            "ns_tricks": str(line.ns_tricks),
            "ns_revokes": "2",
            "ew_revokes": "0",
            "reason": "N-S revoked twice",
        },
    )
    line.refresh_from_db()
    assert (line.ns_revokes, line.ew_revokes) == (2, 0)
    slip = next(
        r
        for d in session_slips(session=running_session).deals
        for r in d.results
        if r.table == 1 and d.deal == 1
    )
    assert slip.ns_revokes == 2
    scores = score("trick", session_slips(session=running_session))
    deal1 = next(d for d in scores.deals if d.deal == 1)
    # Three tricks go to E-W (two, then one), and N-S are held to at most the average.
    assert deal1.scores[line.ns.number] <= 0


def test_revokes_must_be_a_whole_number(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 1, 1)
    response = director_client.post(
        reverse("run:line", args=[running_session.pk, line.pk]),
        {"ns_tricks": "7", "ns_revokes": "two", "ew_revokes": "0", "reason": "x"},
    )
    assert response.status_code == 400 and "Revokes must be a whole number." in response.content.decode()


def test_an_average_plus_and_minus_are_awarded(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    line = _line(running_session, 3, 3)
    director_client.post(
        reverse("run:line", args=[running_session.pk, line.pk]),
        {
            "ns_tricks": "",
            "ns_award": "average-plus",
            "ew_award": "average-minus",
            "ns_revokes": "0",
            "ew_revokes": "0",
            "reason": "slow play by E-W",
        },
    )
    line.refresh_from_db()
    assert (line.ns_tricks, line.ns_award, line.ew_award) == (None, "average-plus", "average-minus")
    deal = next(d for d in score("trick", session_slips(session=running_session)).deals if d.deal == 3)
    assert deal.scores[line.ns.number] == Fraction(1) and deal.scores[line.ew.number] == Fraction(-1)


def test_an_award_for_a_tray_not_played(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session, skip=frozenset({(2, 1)}))
    url = reverse("run:award", args=[running_session.pk, 1, 2])
    refused = director_client.post(url, {"ns_award": "average", "ew_award": "average", "reason": ""})
    assert refused.status_code == 400 and "Give a reason for the award." in refused.content.decode()
    director_client.post(url, {"ns_award": "average", "ew_award": "average", "reason": "no time"})
    line = _line(running_session, 2, 1)
    assert (line.ns_award, line.ew_award, line.status) == ("average", "average", "confirmed")


def test_a_fouled_tray_gives_the_finding_table_the_average(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    fill(running_session)
    response = director_client.post(
        reverse("run:tray", args=[running_session.pk, 2]),
        {"status": "fouled", "table": "", "reason": "a card short in N"},
    )
    assert response.status_code == 400 and "Say at which table" in response.content.decode()
    table = (
        SlipLine.objects.filter(session=running_session, tray__number=2)
        .order_by("round__number")
        .last()
        .table
    )
    director_client.post(
        reverse("run:tray", args=[running_session.pk, 2]),
        {"status": "fouled", "table": str(table.number), "reason": "a card short in N"},
    )
    assert Tray.objects.get(session=running_session, number=2).status == "fouled"
    line = _line(running_session, table.number, 2)
    assert (line.ns_award, line.ew_award) == ("average", "average")
    assert "Tray fouled (Law V)" in SlipLineVersion.objects.get(line=line).reason
    page = director_client.get(reverse("run:tray", args=[running_session.pk, 2])).content.decode()
    assert "a card short in N" in page


def test_a_void_tray_scores_nothing(running_session: Session, fill: Callable[..., None]) -> None:
    fill(running_session)
    tray = Tray.objects.get(session=running_session, number=1)
    tray_set_status(tray=tray, status="void", reason="trump card misrecorded, found at the third table")
    deal = next(d for d in session_slips(session=running_session).deals if d.deal == 1)
    assert deal.void
    scored = next(d for d in score("trick", session_slips(session=running_session)).deals if d.deal == 1)
    assert all(v == 0 for v in scored.scores.values())


def test_a_tray_status_needs_a_reason(running_session: Session) -> None:
    with pytest.raises(UserError) as err:
        tray_set_status(tray=Tray.objects.get(session=running_session, number=1), status="void", reason="")
    assert err.value.field == "reason"


def test_a_line_e_w_sent_waits_on_its_page_for_n_s_to_confirm_it(
    director_client: Client, running_session: Session, fill: Callable[..., None]
) -> None:
    """Two sides to every line (p. 42): the line's page names the side that has not checked it."""
    fill(running_session)
    line = _line(running_session, 1, 1)
    SlipLine.objects.filter(pk=line.pk).update(status="entered", entered_side="EW")
    page = director_client.get(reverse("run:line", args=[running_session.pk, line.pk])).content.decode()
    assert "N-S have not confirmed this result." in page and "E-W have not confirmed" not in page
    SlipLine.objects.filter(pk=line.pk).update(entered_side="NS")
    page = director_client.get(reverse("run:line", args=[running_session.pk, line.pk])).content.decode()
    assert "E-W have not confirmed this result." in page
