"""A session that plays a simultaneous event's pack keeps the pack's deals, and a pack that does not fit
the session is refused in the director's words, at the top of the trays page as well as beside the form.

The tryout: one click of "Deal all trays again" on a session that played a pack replaced the event's
deals with random ones while the page still said the pack's deals were on the trays; a pack of 24 deals
for a movement of 20 trays was refused with line numbers of a PBN inside the JSON nobody sees, and the
refusal sat below the fold with no banner.
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
from tournaments.models import Club, Deal, Player, Session
from tournaments.services import seating
from tournaments.services.pbn import pbn_export
from tournaments.services.sim_pack import sim_pack_import

pytestmark = pytest.mark.django_db

RELEASE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)
SAME_AT_EVERY_CLUB = "deals are the same at every club taking part"


def pbn_of(session: Session) -> str:
    """The session's deals, as a PBN file a director might import."""
    return pbn_export(session=session)


def hands_of(session: Session) -> dict[int, tuple[str, str, str]]:
    """Tray number -> (hands, dealer, trump)."""
    rows = Deal.objects.filter(tray__session=session).values_list("tray__number", "hands", "dealer", "trump")
    return {n: (h, d, t) for n, h, d, t in rows}


@pytest.fixture
def playing(club: Club, players: list[Player], draft: Session) -> Session:
    """The draft session playing the organiser's pack (deals dealt in another session of the club)."""
    text = dealt_text(seated(club, players, title="The organiser's"), seed=99)
    return sim_pack_import(session=draft, data=sim_pack_bytes(text, release_at=RELEASE))


def test_the_trays_page_offers_no_dealing_over_the_pack_and_refuses_a_post_with_the_reason(
    playing: Session, director_client: Client
) -> None:
    before = hands_of(playing)
    page = director_client.get(reverse("director:trays", args=[playing.pk])).content.decode()
    assert "Deal all trays again" not in page
    assert reverse("director:trays_deal", args=[playing.pk]) not in page
    assert reverse("director:pbn_import", args=[playing.pk]) not in page
    assert reverse("director:trays_clear", args=[playing.pk]) not in page
    assert 'id="pack-deals-held"' in page
    for name in ("trays_deal", "trays_clear"):
        done = director_client.post(reverse(f"director:{name}", args=[playing.pk]), follow=True)
        body = done.content.decode()
        assert SAME_AT_EVERY_CLUB in body and "take the pack away first" in body, name
    pbn = director_client.post(
        reverse("director:pbn_import", args=[playing.pk]),
        {"file": SimpleUploadedFile("d.pbn", pbn_of(playing).encode())},
    )
    assert SAME_AT_EVERY_CLUB in pbn.content.decode()
    trumps = reverse("director:trays_trump", args=[playing.pk])
    trump = director_client.post(trumps, {"suit": "S"}, follow=True)
    assert SAME_AT_EVERY_CLUB in trump.content.decode()
    assert hands_of(playing) == before


def test_the_api_refuses_to_deal_import_clear_or_edit_over_the_pack(playing: Session, director: Any) -> None:
    api, before = token_client(director), hands_of(playing)
    base = f"/api/v1/sessions/{playing.pk}"
    dealt = api.post(f"{base}/trays/deal/")
    assert dealt.status_code == 400 and SAME_AT_EVERY_CLUB in dealt.json()["deal"][0]
    cleared = api.post(f"{base}/trays/clear/")
    assert cleared.status_code == 400 and SAME_AT_EVERY_CLUB in cleared.json()["deal"][0]
    imported = api.post(f"{base}/pbn/", {"pbn": pbn_of(playing)}, format="json")
    assert imported.status_code == 400 and SAME_AT_EVERY_CLUB in imported.json()["pbn"][0]
    other = "AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    edited = api.patch(f"{base}/trays/1/deal/", {"hands": f"N:{other}"}, format="json")
    assert edited.status_code == 400 and SAME_AT_EVERY_CLUB in edited.json()["hands"][0]
    moved = api.patch(f"{base}/trays/1/deal/", {"dealer": "W" if before[1][1] != "W" else "E"}, format="json")
    assert moved.status_code == 400
    declared = api.post(f"{base}/trump/", {"suit": "H"}, format="json")
    assert declared.status_code == 400 and SAME_AT_EVERY_CLUB in declared.json()["suit"][0]
    assert hands_of(playing) == before


def test_taking_the_pack_away_frees_the_deals(playing: Session, director: Any) -> None:
    api = token_client(director)
    assert api.delete(f"/api/v1/sessions/{playing.pk}/sim-pack/").status_code == 204
    assert api.post(f"/api/v1/sessions/{playing.pk}/trays/deal/").status_code == 200


def test_another_pack_still_replaces_the_pack(
    club: Club, players: list[Player], playing: Session, director_client: Client
) -> None:
    text = dealt_text(seated(club, players, title="A second organiser's"), seed=7)
    upload = SimpleUploadedFile("pack.json", sim_pack_bytes(text, release_at=RELEASE))
    done = director_client.post(reverse("director:trays_sim_pack", args=[playing.pk]), {"file": upload})
    assert done.status_code == 302
    theirs = Deal.objects.filter(tray__session__title="A second organiser's")
    assert {n: h for n, (h, _, _) in hands_of(playing).items()} == dict(
        theirs.values_list("tray__number", "hands")
    )


def test_a_pack_of_more_deals_than_trays_is_refused_in_the_directors_words_at_the_top(
    club: Club, players: list[Player], draft: Session, director_client: Client
) -> None:
    bigger = seated(club, players, title="Eight deals")
    seating.movement_fix(session=bigger, family="mitchell", deals=12)
    text = dealt_text(bigger)
    upload = SimpleUploadedFile("pack.json", sim_pack_bytes(text, release_at=RELEASE))
    refused = director_client.post(reverse("director:trays_sim_pack", args=[draft.pk]), {"file": upload})
    body = refused.content.decode()
    said = (
        "The pack has 12 deals; this session&#x27;s movement plays 6 trays. Seat the session by a movement"
        " of 12 trays (its set-up page, 2. Movement), or ask the organiser for a pack of 6."
    )
    assert refused.status_code == 400 and said in body
    assert "line" not in said and "(line" not in body
    banner = body.split('<div class="messages">', 1)[1].split("</div>", 1)[0]
    assert "The pack was not imported: the pack has 12 deals" in banner
    draft.refresh_from_db()
    assert draft.sim_pack is None


def test_a_pbn_file_refused_is_said_at_the_top_too(draft: Session, director_client: Client) -> None:
    refused = director_client.post(
        reverse("director:pbn_import", args=[draft.pk]),
        {"file": SimpleUploadedFile("d.pbn", b'[Board "40"]\n[Deal "N:AKQ"]\n')},
    )
    body = refused.content.decode()
    banner = body.split('<div class="messages">', 1)[1].split("</div>", 1)[0]
    assert "The PBN file was not imported: " in banner


def test_a_session_seated_again_keeps_the_packs_deals_on_their_trays(playing: Session, director: Any) -> None:
    before = hands_of(playing)
    api = token_client(director)
    again = api.post(
        f"/api/v1/sessions/{playing.pk}/movement/", {"family": "mitchell", "deals": 6}, format="json"
    )
    assert again.status_code == 200, again.content
    assert hands_of(playing) == before and len(before) == 6


def test_a_movement_of_fewer_trays_than_the_pack_has_deals_is_refused(
    playing: Session, director: Any
) -> None:
    before = hands_of(playing)
    api = token_client(director)
    fewer = api.post(
        f"/api/v1/sessions/{playing.pk}/movement/", {"family": "mitchell", "deals": 3}, format="json"
    )
    assert fewer.status_code == 400 and "leave some of the event" in fewer.json()["family"][0]
    assert hands_of(playing) == before
