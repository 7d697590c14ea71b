"""A simultaneous event's pack imported into a session: the service, the trays page and the API.

Issue 33: a club "takes part with a pack the organiser gives it (a file to
import ...), plays the deals in its own session with its own movement". The
pack's deals go on the trays; the event and its release time are kept on the
session, the key never shown; a pack that cannot be taken is refused whole
with one sentence, never a 5xx.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, transaction
from django.test import Client
from django.urls import reverse
from simclub_build import KEY, dealt_text, pack_session, seated, sim_pack_bytes

from tests.api.helpers import token_client
from tournaments.models import ActionLog, Club, Deal, Player, Session
from tournaments.services import club as club_services
from tournaments.services import sessions
from tournaments.services.errors import UserError
from tournaments.services.sim_pack import sim_pack_import, sim_pack_remove

pytestmark = pytest.mark.django_db

RELEASE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)


def organisers_deals(club: Club, players: list[Player]) -> str:
    """Deals dealt elsewhere (another session of the club stands in for the organiser's)."""
    return dealt_text(seated(club, players, title="The organiser's"), seed=99)


def test_the_pack_puts_its_deals_on_the_trays_and_keeps_the_event(
    club: Club, players: list[Player], draft: Session
) -> None:
    text = organisers_deals(club, players)
    session = sim_pack_import(session=draft, data=sim_pack_bytes(text, release_at=RELEASE))
    theirs = dict(
        Deal.objects.filter(tray__session__title="The organiser's").values_list("tray__number", "hands")
    )
    ours = dict(Deal.objects.filter(tray__session=draft).values_list("tray__number", "hands"))
    assert ours == theirs and len(ours) == 6
    session.refresh_from_db()
    assert session.hands_release_at == RELEASE
    assert session.sim_pack == {
        "ref": "autumn-sim-2026",
        "event": "Autumn Simultaneous Pairs",
        "organiser": "County Whist Association",
        "club": "Edgewood Whist Club",
        "methods": ["matchpoints", "trick"],
        "results_url": "",
        "key": KEY,
        "plays_from": "2026-11-02",
        "plays_to": "2026-11-08",
        "release_at": "2026-11-09T20:00:00+00:00",
    }
    assert ActionLog.objects.filter(session=draft, action="sim.pack.import").count() == 1
    sim_pack_remove(session=session)
    session.refresh_from_db()
    assert session.sim_pack is None and session.hands_release_at is None
    assert dict(Deal.objects.filter(tray__session=draft).values_list("tray__number", "hands")) == theirs


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"not json at all", "it is not JSON"),
        (b'{"format": "something-else"}', "format is not clubwhist-sim-pack"),
        (b"x" * 2_000_001, "larger than a pack can be"),
    ],
)
def test_a_file_that_is_not_a_pack_is_refused_with_its_sentence(
    draft: Session, data: bytes, says: str
) -> None:
    with pytest.raises(UserError) as refused:
        sim_pack_import(session=draft, data=data)
    assert says in refused.value.message and refused.value.field == "pack"
    draft.refresh_from_db()
    assert draft.sim_pack is None and not Deal.objects.filter(tray__session=draft).exclude(hands="").exists()


def test_deals_that_do_not_fit_the_trays_are_refused_whole(draft: Session) -> None:
    hands = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    board = f'[Board "9"]\n[Dealer "N"]\n[Deal "N:{hands}"]\n'
    with pytest.raises(UserError) as refused:
        sim_pack_import(session=draft, data=sim_pack_bytes(board, release_at=RELEASE))
    said = refused.value.message
    assert "deals are numbered 9; this session's trays are numbered 1-6" in said and "line" not in said
    draft.refresh_from_db()
    assert draft.sim_pack is None and draft.hands_release_at is None


def test_a_played_or_closed_session_takes_no_pack(club: Club, players: list[Player]) -> None:
    heat = pack_session(club, players, release_at=RELEASE, publish=False)
    data = sim_pack_bytes(dealt_text(seated(club, players, title="Other")), release_at=RELEASE)
    with pytest.raises(UserError, match="closed"):
        sim_pack_import(session=heat, data=data)
    reopened = sessions.session_set_status(session=heat, status=Session.Status.RUNNING)
    with pytest.raises(UserError, match="has results already"):
        sim_pack_import(session=reopened, data=data)


def test_the_trays_page_imports_the_pack_and_says_the_hands_are_held_back(
    club: Club, players: list[Player], draft: Session, director_client: Client
) -> None:
    text = organisers_deals(club, players)
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    page = director_client.get(reverse("director:trays", args=[draft.pk]))
    assert url in page.content.decode() and "Simultaneous event pack" in page.content.decode()
    assert "Import the pack" in page.content.decode() and "This session plays" not in page.content.decode()
    upload = SimpleUploadedFile("pack.json", sim_pack_bytes(text, release_at=RELEASE))
    done = director_client.post(url, {"file": upload}, follow=True)
    body = done.content.decode()
    assert (
        done.status_code == 200 and "Autumn Simultaneous Pairs" in body and "County Whist Association" in body
    )
    assert "held back until" in body and "9 November 2026, 20:00" in body and KEY not in body
    assert re.search(r"played \d{1,2} \w{3} \d{4} to \d{1,2} \w{3} \d{4}", body), "dates shown as dates"
    bad = director_client.post(url, {"file": SimpleUploadedFile("pack.json", b"[1, 2")})
    assert bad.status_code == 400 and "it is not JSON" in bad.content.decode()
    none = director_client.post(url, {})
    assert none.status_code == 400 and "Choose the pack file" in none.content.decode()
    removed = director_client.post(reverse("director:trays_sim_pack_remove", args=[draft.pk]), follow=True)
    assert "no longer plays" in removed.content.decode()
    draft.refresh_from_db()
    assert draft.sim_pack is None


def test_the_api_takes_the_pack_as_a_file_or_as_text_and_never_echoes_the_key(
    club: Club, players: list[Player], draft: Session, director: Any
) -> None:
    api = token_client(director)
    url = f"/api/v1/sessions/{draft.pk}/sim-pack/"
    data = sim_pack_bytes(organisers_deals(club, players), release_at=RELEASE)
    by_text = api.post(url, {"pack": data.decode()}, format="json")
    assert by_text.status_code == 200, by_text.content
    assert by_text.json()["event"] == "Autumn Simultaneous Pairs" and KEY not in by_text.content.decode()
    assert by_text.json()["hands_release_at"] == "2026-11-09T20:00:00+00:00"
    assert api.delete(url).status_code == 204
    assert api.delete(url).status_code == 400
    by_file = api.post(url, {"file": SimpleUploadedFile("pack.json", data)}, format="multipart")
    assert by_file.status_code == 200 and by_file.json()["club"] == "Edgewood Whist Club"
    assert KEY not in by_file.content.decode()


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("{not json", "application/json"),
        (json.dumps({"pack": "not a pack"}), "application/json"),
        (json.dumps({"pack": {"format": 1}}), "application/json"),
        (json.dumps({}), "application/json"),
        (json.dumps({"pack": "x" * 2_000_001}), "application/json"),
        ("pack=abc", "application/x-www-form-urlencoded"),
    ],
)
def test_bad_input_to_the_api_is_a_400_with_a_sentence(
    draft: Session, director: Any, body: str, kind: str
) -> None:
    response = token_client(director).post(f"/api/v1/sessions/{draft.pk}/sim-pack/", body, content_type=kind)
    assert response.status_code == 400 and response.json(), response.content
    draft.refresh_from_db()
    assert draft.sim_pack is None


def test_the_api_refuses_a_closed_session_and_another_clubs_director_gets_404(
    club: Club, players: list[Player], director: Any, django_user_model: Any
) -> None:
    heat = pack_session(club, players, release_at=RELEASE, publish=False)
    url = f"/api/v1/sessions/{heat.pk}/sim-pack/"
    data = sim_pack_bytes(dealt_text(seated(club, players, title="Other")), release_at=RELEASE).decode()
    closed = token_client(director).post(url, {"pack": data}, format="json")
    assert closed.status_code == 400 and "closed" in closed.json()["pack"][0]
    other = django_user_model.objects.create_user(username="other", password="pw-for-tests-only")
    club_services.director_add(club=club_services.club_create(name="Other Club", slug="other"), user=other)
    assert token_client(other).post(url, {"pack": data}, format="json").status_code == 404
    assert token_client(other).delete(url).status_code == 404


def test_the_database_keeps_a_pack_and_its_release_time_together(draft: Session) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=draft.pk).update(hands_release_at=RELEASE)
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=draft.pk).update(sim_pack={"ref": "x"})
    with pytest.raises(IntegrityError), transaction.atomic():
        Session.objects.filter(pk=draft.pk).update(sim_sends=1)
    Session.objects.filter(pk=draft.pk).update(sim_pack={"ref": "x"}, hands_release_at=RELEASE)
