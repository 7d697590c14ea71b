"""A simultaneous field is bounded by its event: a heat's deals and pairs, the field's pairs, the clubs.

A heat was bounded by nothing but the file's size: a 1 MB heat of 12 deals, or a field of 8,000
pairs, cost seconds on every view. Now a heat has only the event's deals and at most
``MAX_HEAT_PAIRS`` pairs (two a table of the largest hall the app seats), a field at most
``MAX_FIELD_PAIRS``, an event at most ``MAX_CLUBS`` clubs; each is refused with a sentence, at the
limit taken and just past it refused, through the API a club's app sends with and the organiser's page.
The organiser's uploads are read a chunk at a time, refused as soon as they pass ``PBN_MAX_BYTES``.
"""

from __future__ import annotations

import dataclasses
import io
import re
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile, TemporaryUploadedFile, UploadedFile
from django.test import Client
from django.test.utils import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from sims import pages, services
from sims.models import MAX_HEAT_PAIRS, SimEvent, SimHeat
from tests.sims_organiser.sim_builders import heat_file, heat_lines, make_event
from tournaments.models import Club
from tournaments.pbn.results import ResultLine, results_bytes
from tournaments.pbn.writer import ExportDeal, export_text
from tournaments.services.deals import deal_cards
from tournaments.services.errors import UserError

pytestmark = pytest.mark.django_db


def send(ref: str, key: str, data: bytes) -> Any:
    """A club's app sending its heat with its key."""
    return APIClient().post(
        f"/api/v1/sims/{ref}/heats/", {"pbn": data.decode("latin-1")}, format="json", HTTP_X_SIM_KEY=key
    )


def test_a_heat_of_the_most_pairs_is_taken_and_one_table_more_is_refused(club: Club) -> None:
    event = make_event(club)
    _, key = services.sim_club_add(event=event, name="Bath")
    tables = MAX_HEAT_PAIRS // 2
    assert tables == 60
    over = send(event.ref, key, heat_file("Bath", 1, tables=tables + 1))
    assert over.status_code == 400
    assert over.json()["pbn"] == ["The heat has 122 pairs: a heat has at most 120 (60 tables)."]
    assert not SimHeat.objects.exists()
    taken = send(event.ref, key, heat_file("Bath", 1, tables=tables))
    assert taken.status_code == 200 and SimHeat.objects.get().pairs == 120


def test_a_heat_of_deals_not_the_events_or_a_pair_id_too_long_is_refused(club: Club) -> None:
    event = make_event(club)
    _, key = services.sim_club_add(event=event, name="Bath")
    beyond = send(event.ref, key, heat_file("Bath", 1, boards=range(1, 13)))
    assert beyond.status_code == 400 and "board 7, not one of the event's deals" in beyond.json()["pbn"][0]
    long = "P" * 21
    lines = [ResultLine(b, long, "2", 7, 1, 1) for b in range(1, 7)]
    data = results_bytes(site="Bath", event="Sim", date=None, lines=lines)
    named = send(event.ref, key, data)
    assert named.status_code == 400 and "a pair id has at most 20 characters" in named.json()["pbn"][0]
    assert not SimHeat.objects.exists()


def test_a_field_is_bounded_a_heat_sent_again_counted_once(
    club: Club, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "MAX_FIELD_PAIRS", 12)
    event = make_event(club)
    keys = {name: services.sim_club_add(event=event, name=name)[1] for name in ("Bath", "Wells", "Frome")}
    assert send(event.ref, keys["Bath"], heat_file("Bath", 1)).status_code == 200
    assert send(event.ref, keys["Wells"], heat_file("Wells", 2)).status_code == 200
    assert send(event.ref, keys["Wells"], heat_file("Wells", 3)).status_code == 200, "its own 6 replaced"
    full = send(event.ref, keys["Frome"], heat_file("Frome", 4))
    assert full.status_code == 400
    assert full.json()["pbn"] == ["The field would have 18 pairs with this heat: a field has at most 12."]
    assert SimHeat.objects.count() == 2


def test_an_event_takes_so_many_clubs(
    club: Club, director_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(services, "MAX_CLUBS", 2)
    event = make_event(club)
    url = reverse("sims:club_add", args=[club.slug, event.ref])
    assert director_client.post(url, {"name": "Bath"}).status_code == 200
    assert director_client.post(url, {"name": "Wells"}).status_code == 200
    refused = director_client.post(url, {"name": "Frome"})
    assert refused.status_code == 400 and "An event takes at most 2 clubs." in refused.content.decode()
    assert event.clubs.count() == 2


# --- The organiser's uploads -------------------------------------------------------------------------


def padded(data: bytes, size: int) -> bytes:
    """A PBN file padded with comment lines of a hundred characters to exactly ``size`` bytes."""
    lines, rest = divmod(size - len(data), 102)
    assert lines >= 1, "room for one comment line at least"
    tail = b"%" + b" " * (rest + 99) + b"\r\n"
    return data + (b"%" + b" " * 99 + b"\r\n") * (lines - 1) + tail


def six_deals() -> bytes:
    """Six deals as the app exports them."""
    deals = [ExportDeal(b, "N", *deal_cards(dealer="N")) for b in range(1, 7)]
    return export_text(event="Sim", date=None, deals=deals).encode("iso-8859-1")


def create(client: Client, club: Club, data: bytes) -> Any:
    form = {
        "name": "Sim from a file",
        "plays_from": "2026-11-02",
        "plays_to": "2026-11-06",
        "release_at": "2026-11-07T22:00",
        "methods": ["matchpoints"],
        "file": SimpleUploadedFile("deals.pbn", data),
    }
    return client.post(reverse("sims:list", args=[club.slug]), form)


@override_settings(PBN_MAX_BYTES=20_000)
def test_a_deals_file_at_the_limit_is_taken_and_one_byte_more_refused(
    club: Club, director_client: Client
) -> None:
    assert len(padded(six_deals(), 20_000)) == 20_000
    over = create(director_client, club, padded(six_deals(), 20_001))
    assert over.status_code == 400
    assert "The file has 20,001 bytes; a PBN file may have at most 20,000" in over.content.decode()
    assert not SimEvent.objects.exists()
    assert create(director_client, club, padded(six_deals(), 20_000)).status_code == 302
    assert SimEvent.objects.get().name == "Sim from a file"


@override_settings(PBN_MAX_BYTES=20_000)
def test_a_heat_file_at_the_limit_is_read_and_one_byte_more_refused(
    club: Club, director_client: Client
) -> None:
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    url = reverse("sims:heat", args=[club.slug, event.ref, bath.pk])
    over = director_client.post(
        url, {"file": SimpleUploadedFile("h.pbn", padded(heat_file("Bath", 1), 20_001))}
    )
    assert over.status_code == 400 and "at most 20,000" in over.content.decode()
    at = SimpleUploadedFile("h.pbn", padded(heat_file("Bath", 1), 20_000))
    assert director_client.post(url, {"file": at}).status_code == 302
    assert SimHeat.objects.get().pairs == 6


class Endless(io.RawIOBase):
    """A file of ``size`` bytes made as they are read, counting what is read (nothing held)."""

    def __init__(self, size: int) -> None:
        self.size, self.read_bytes = size, 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        n = min(len(buffer), self.size - self.read_bytes)
        buffer[:n] = b" " * n
        self.read_bytes += n
        return n


@override_settings(PBN_MAX_BYTES=1_000_000)
def test_a_much_larger_upload_is_read_no_further_than_the_limit_and_a_chunk() -> None:
    """400 MB, its size not said (as a handler streaming it would not know): the reading stops once past
    the limit, so memory holds the limit and one chunk at most."""
    stream = Endless(400_000_000)
    upload = UploadedFile(io.BufferedReader(stream), name="huge.pbn", size=0)
    with pytest.raises(UserError, match=re.escape("a PBN file may have at most 1,000,000")):
        pages.upload_bytes(upload)
    assert 1_000_000 < stream.read_bytes <= 1_000_000 + pages.UPLOAD_CHUNK + io.DEFAULT_BUFFER_SIZE


def test_an_upload_that_says_it_is_too_large_is_not_read_at_all() -> None:
    stream = Endless(3_000_000)
    upload = UploadedFile(io.BufferedReader(stream), name="big.pbn", size=3_000_000)
    with pytest.raises(UserError, match="The file has 3,000,000 bytes"):
        pages.upload_bytes(upload)
    assert stream.read_bytes == 0


def test_the_page_reads_an_upload_past_the_limit_no_further_than_a_chunk(
    club: Club, director_client: Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the page, 2.8 MB (kept in a temporary file, and within the request's own bound): nothing of it
    is read past the limit and a chunk (before, the whole file was read, then refused)."""
    read: list[int] = []

    def counting(file: Any) -> Any:
        def reading(*args: Any) -> bytes:
            data: bytes = file.read(*args)
            read.append(len(data))
            return data

        return reading

    # Past FILE_UPLOAD_MAX_MEMORY_SIZE the server keeps an upload in a temporary file: count its reads.
    monkeypatch.setattr(TemporaryUploadedFile, "read", property(lambda self: counting(self.file)))
    refused = create(director_client, club, padded(six_deals(), 2_800_000))
    assert refused.status_code == 400 and "a PBN file may have at most 1,000,000" in refused.content.decode()
    assert sum(read) <= 1_000_000 + pages.UPLOAD_CHUNK, read


def test_a_heat_with_nul_characters_is_refused_as_a_file_or_kept_without_them_as_text(
    club: Club, director_client: Client
) -> None:
    """PostgreSQL keeps no NUL in text or JSON: a file holding one is refused with its sentence (and the
    API refuses one in its JSON); a text given to the service is read with them taken out, the pairs'
    names and the club's too, and publishes."""
    event = make_event(club)
    bath, _ = services.sim_club_add(event=event, name="Bath")
    lines = [dataclasses.replace(x, ns_names="Ada Bee", ew_names="Cy Dee") for x in heat_lines(1)]
    data = results_bytes(site="Bath", event="Sim", date=None, lines=lines)
    data = data.replace(b"Ada Bee", b"Ada\x00 Bee").replace(b'[Site "Bath"]', b'[Site "Ba\x00th"]')
    url = reverse("sims:heat", args=[club.slug, event.ref, bath.pk])
    refused = director_client.post(url, {"file": SimpleUploadedFile("h.pbn", data)})
    assert refused.status_code == 400 and "it has NUL bytes" in refused.content.decode()
    services.heat_receive(event=event, sim_club=bath, data=data.decode("latin-1"), via="file")
    heat = SimHeat.objects.get()
    assert "\x00" not in heat.pbn and heat.names["1"] == "Ada Bee" and heat.pairs == 6
    services.event_publish(event=event)
    assert APIClient().get(f"/api/v1/sims/{event.ref}/").json()["fields"]["trick"][0]["names"]
