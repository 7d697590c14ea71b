"""Close and publish: what is missing, scoring, the switches, and no change to a published session."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from entry.services.directing import session_close, session_publish
from entry.services.results import result_dispute
from scoring.models import SlipLine
from scoring.scorers import score, scores_to_json
from scoring.selectors.slips import session_slips
from tournaments.models import Session
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db
Fill = Callable[..., None]


def _tray(session: Session, table: int, rnd: int) -> int:
    return session.rounds.get(number=rnd).seatings.get(table__number=table).trays.get().number


def test_closing_lists_exactly_what_is_missing(
    director_client: Client, running_session: Session, fill: Fill
) -> None:
    tray = _tray(running_session, 3, 2)
    fill(running_session, skip=frozenset({(3, tray)}))
    page = director_client.get(reverse("run:close", args=[running_session.pk])).content.decode()
    assert f"Table 3 has not sent tray {tray} (round 2)." in page
    response = director_client.post(reverse("run:close", args=[running_session.pk]))
    assert response.status_code == 400
    assert f"Table 3 has not sent tray {tray} (round 2)." in response.content.decode()
    running_session.refresh_from_db()
    assert running_session.status == "running"


def test_a_disputed_line_stops_the_close_with_both_counts(running_session: Session, fill: Fill) -> None:
    fill(running_session)
    line = SlipLine.objects.get(session=running_session, table__number=1, tray__number=1)
    SlipLine.objects.filter(pk=line.pk).update(status="entered")
    result_dispute(line=line, claimed=line.ns_tricks - 1, by="E-W")
    with pytest.raises(UserError) as err:
        session_close(session=running_session)
    assert err.value.problems == [  # type: ignore[attr-defined]
        f"Table 1's result on tray 1 (round 1) is disputed: N-S entered {line.ns_tricks}, "
        f"E-W say {line.ns_tricks - 1}."
    ]


def test_closing_scores_the_session_and_publishing_shows_the_standings(
    director_client: Client, client: Client, running_session: Session, fill: Fill
) -> None:
    fill(running_session)
    director_client.post(reverse("run:close", args=[running_session.pk]))
    running_session.refresh_from_db()
    assert running_session.status == "closed"
    expected = scores_to_json(score("trick", session_slips(session=running_session)))
    assert running_session.snapshots.first().scores == expected
    director_client.post(
        reverse("run:publish", args=[running_session.pk]), {"standings": "on", "travellers": "on"}
    )
    running_session.refresh_from_db()
    assert running_session.status == "published"
    assert (
        running_session.publish_standings,
        running_session.publish_travellers,
        running_session.publish_hand_records,
    ) == (True, True, False)
    public = client.get(reverse("public:session", args=["test", running_session.pk])).content.decode()
    for row in expected["entrants"]:
        assert f'data-entrant="{row["entrant"]}"' in public and f'data-exact="{row["plus_minus"]}"' in public


def test_publishing_needs_something_to_show(
    director_client: Client, running_session: Session, fill: Fill
) -> None:
    fill(running_session)
    session_close(session=running_session)
    response = director_client.post(reverse("run:publish", args=[running_session.pk]), {})
    assert (
        response.status_code == 400 and "Choose at least one thing to publish." in response.content.decode()
    )


def test_a_change_to_a_published_session_is_refused_until_it_is_reopened(
    director_client: Client, running_session: Session, fill: Fill
) -> None:
    fill(running_session)
    session_close(session=running_session)
    running_session.club.provisional_hours = 0  # final as soon as published: no correction without reopening
    running_session.club.save()
    session_publish(session=running_session, standings=True, travellers=False, hand_records=False)
    line = SlipLine.objects.get(session=running_session, table__number=2, tray__number=2)
    url = reverse("run:line", args=[running_session.pk, line.pk])
    data = {"ns_tricks": "1", "ns_revokes": "0", "ew_revokes": "0", "reason": "late claim"}
    refused = director_client.post(url, data)
    assert refused.status_code == 400 and "reopen them" in refused.content.decode()
    for name, args, post in (
        ("tray", [2], {"status": "void", "reason": "x"}),
        ("award", [2, 2], {"ns_award": "average", "ew_award": "average", "reason": "x"}),
    ):
        response = director_client.post(reverse(f"run:{name}", args=[running_session.pk, *args]), post)
        assert response.status_code == 400 and "reopen them, with a reason" in response.content.decode(), name
    line.refresh_from_db()
    assert line.ns_tricks != 1
    director_client.post(reverse("run:reopen", args=[running_session.pk]), {"reason": "a late claim"})
    running_session.refresh_from_db()
    assert running_session.status == "closed"
    director_client.post(url, data)
    line.refresh_from_db()
    assert line.ns_tricks == 1


def test_a_line_e_w_sent_and_n_s_never_confirmed_is_put_to_the_director_as_e_w_sent_it(
    director_client: Client, running_session: Session, fill: Fill
) -> None:
    """Two sides to every line (p. 42): the close page says which side entered a line left unchecked."""
    fill(running_session)
    line = SlipLine.objects.get(session=running_session, table__number=1, tray__number=1)
    SlipLine.objects.filter(pk=line.pk).update(status="entered", entered_side="EW")
    page = director_client.get(reverse("run:close", args=[running_session.pk])).content.decode()
    said = page.split(f'id="decide-{line.pk}"', 1)[1].split("</p>", 1)[0]
    assert f"E-W entered N-S <b>{line.ns_tricks}</b> (E-W {line.ew_tricks})." in said, said
    assert "N-S entered" not in said
