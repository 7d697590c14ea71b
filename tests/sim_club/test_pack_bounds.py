"""A simultaneous event's pack of ``MAX_PACK_BYTES`` is taken, one byte more is refused, page and API alike.

The real bound (2,000,000 bytes) is cheap to try: a real pack padded with
the spaces JSON allows after its last brace, to the limit and one past.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from simclub_build import dealt_text, seated, sim_pack_bytes

from tests.api.helpers import token_client
from tournaments.models import Club, Player, Session
from tournaments.pbn.pack import MAX_PACK_BYTES

pytestmark = pytest.mark.django_db

RELEASE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)
TOO_LARGE = "This file is larger than a pack can be (2 MB)."


def pack_of(club: Club, players: list[Player], size: int) -> bytes:
    """A real pack of exactly ``size`` bytes."""
    data = sim_pack_bytes(
        dealt_text(seated(club, players, title="The organiser's"), seed=99), release_at=RELEASE
    )
    assert len(data) < size
    return data + b" " * (size - len(data))


@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
def test_the_trays_page_takes_a_pack_of_the_limit_and_refuses_one_byte_more(
    director_client: Client, club: Club, players: list[Player], draft: Session, extra: int
) -> None:
    data = pack_of(club, players, MAX_PACK_BYTES + extra)
    url = reverse("director:trays_sim_pack", args=[draft.pk])
    response = director_client.post(url, {"file": SimpleUploadedFile("pack.json", data)})
    draft.refresh_from_db()
    if extra:
        assert response.status_code == 400 and TOO_LARGE in response.content.decode()
        assert draft.sim_pack is None
    else:
        assert response.status_code == 302 and draft.sim_pack is not None


@pytest.mark.parametrize("extra", [0, 1], ids=["at the limit", "one past"])
@pytest.mark.parametrize("how", ["file", "text"])
def test_the_api_takes_a_pack_of_the_limit_and_refuses_one_byte_more(
    director: Any, club: Club, players: list[Player], draft: Session, extra: int, how: str
) -> None:
    data = pack_of(club, players, MAX_PACK_BYTES + extra)
    url = f"/api/v1/sessions/{draft.pk}/sim-pack/"
    api = token_client(director)
    if how == "file":
        response = api.post(url, {"file": SimpleUploadedFile("pack.json", data)}, format="multipart")
    else:
        response = api.post(url, {"pack": data.decode()}, format="json")
    draft.refresh_from_db()
    if extra:
        assert response.status_code == 400 and (draft.sim_pack is None)
        assert response.json() == {"pack": [TOO_LARGE]}
    else:
        assert response.status_code == 200, response.json()
        assert draft.sim_pack is not None
