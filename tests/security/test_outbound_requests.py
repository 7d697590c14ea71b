"""The server asks only where it may, for no longer than it may, and repeats nothing another server said.

Through the doors a director uses: the trays page's "fetch the pack" (an address the director types),
the close page's "Send to the organiser" and "fetch the field" (the addresses the pack names). With the
deployment's default (``OUTBOUND_ALLOWED_HOSTS`` empty), an address on loopback, a private network or a
link-local one is refused in the app's own words and never connected to: a listening socket on loopback
sees no connection. A stand-in organiser that answers a byte at a time is cut off at
``OUTBOUND_DEADLINE_SECONDS``; one that answers an error has its status said and nothing of its body.
"""

from __future__ import annotations

import datetime as dt
import socket
import time
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.api.helpers import token_client
from tests.infra.outbound_servers import answering, dripping, listening
from tests.sim_club.simclub_build import KEY, pack_session, seated
from tournaments.models import Club, Player, Session

pytestmark = pytest.mark.django_db

RELEASE = dt.datetime(2026, 11, 9, 20, 0, tzinfo=dt.UTC)
REFUSED = "the club&#x27;s server does not ask addresses on a local or private network"
#: What a stand-in organiser writes in its error answers: none of it may reach the director.
SECRET = "internal-db-password-hunter2"


@pytest.fixture(autouse=True)
def deployment_default(settings: Any) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = []
    settings.OUTBOUND_DEADLINE_SECONDS = 10


def with_results_url(session: Session, url: str) -> Session:
    """The session's pack sending its heat (and finding its field) at ``url``."""
    Session.objects.filter(pk=session.pk).update(sim_pack={**session.sim_pack, "results_url": url})
    return Session.objects.get(pk=session.pk)


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "0.0.0.0", "127.0.0.1.nip.invalid"])
def test_the_trays_page_never_fetches_a_pack_from_a_local_address(
    director_client: Client, club: Club, members: list[Player], host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    draft = seated(club, members)
    if host.endswith(".invalid"):  # a name in the director's hands that resolves to loopback
        real = socket.getaddrinfo
        monkeypatch.setattr(
            socket, "getaddrinfo", lambda h, *a, **k: real("127.0.0.1" if h == host else h, *a, **k)
        )
    with listening("127.0.0.1") as listener:
        address = f"http://{host}:{listener.port}/api/v1/sims/x/pack/"
        refused = director_client.post(
            reverse("director:trays_sim_pack", args=[draft.pk]), {"address": address, "key": KEY}
        )
        assert not listener.knocked()
    assert refused.status_code == 400 and REFUSED in refused.content.decode()
    assert Session.objects.get(pk=draft.pk).sim_pack is None


def test_the_api_never_fetches_a_pack_from_the_ipv6_loopback(
    club: Club, members: list[Player], director: Any
) -> None:
    draft = seated(club, members)
    with listening("::1") as listener:
        answer = token_client(director).post(
            f"/api/v1/sessions/{draft.pk}/sim-pack/",
            {"address": f"http://[::1]:{listener.port}/pack/", "key": KEY},
            format="json",
        )
        assert not listener.knocked()
    assert answer.status_code == 400 and "local or private network" in str(answer.json())


def test_the_close_page_never_sends_a_heat_to_a_local_address(
    director_client: Client, club: Club, members: list[Player]
) -> None:
    heat = pack_session(club, members, release_at=RELEASE)
    with listening("127.0.0.1") as listener:
        heat = with_results_url(heat, f"http://127.0.0.1:{listener.port}/api/v1/sims/autumn/heats/")
        page = director_client.post(reverse("run:sim_send", args=[heat.pk]), follow=True)
        assert not listener.knocked()
    assert REFUSED in page.content.decode() and "download the heat file" in page.content.decode()
    assert Session.objects.get(pk=heat.pk).sim_sends == 0


def test_the_close_page_never_fetches_the_field_from_a_local_address(
    director_client: Client, club: Club, members: list[Player]
) -> None:
    heat = pack_session(club, members, release_at=RELEASE)
    with listening("127.0.0.1") as listener:
        heat = with_results_url(heat, f"http://localhost:{listener.port}/api/v1/sims/autumn/heats/")
        page = director_client.post(reverse("run:sim_field", args=[heat.pk]), {"do": "fetch"})
        assert not listener.knocked()
    assert page.status_code == 400 and REFUSED in page.content.decode()
    assert Session.objects.get(pk=heat.pk).sim_placings is None


def test_a_cloud_metadata_address_is_refused_in_the_apps_words(
    director_client: Client, club: Club, members: list[Player]
) -> None:
    draft = seated(club, members)
    start = time.monotonic()
    refused = director_client.post(
        reverse("director:trays_sim_pack", args=[draft.pk]),
        {"address": "http://169.254.169.254/latest/meta-data/iam/", "key": KEY},
    )
    assert refused.status_code == 400 and REFUSED in refused.content.decode()
    assert time.monotonic() - start < 2  # refused at once, never tried


def test_a_hall_allows_its_organiser_on_its_own_network(
    settings: Any, director_client: Client, club: Club, members: list[Player]
) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["127.0.0.0/8"]
    draft = seated(club, members)
    with answering(401, b'{"detail": "Unknown key."}') as base:
        page = director_client.post(
            reverse("director:trays_sim_pack", args=[draft.pk]), {"address": f"{base}/pack/", "key": KEY}
        )
    assert page.status_code == 400 and "did not accept this key" in page.content.decode()


def test_an_organiser_answering_a_byte_at_a_time_is_cut_off_at_the_deadline(
    settings: Any, director_client: Client, club: Club, members: list[Player]
) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["127.0.0.1"]
    settings.OUTBOUND_DEADLINE_SECONDS = 1
    draft = seated(club, members)
    head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n"
    with dripping(head, b"{" * 1000, every=0.3) as base:
        start = time.monotonic()
        page = director_client.post(
            reverse("director:trays_sim_pack", args=[draft.pk]), {"address": f"{base}/pack/", "key": KEY}
        )
        took = time.monotonic() - start
    assert page.status_code == 400 and "it did not answer within 1 second" in page.content.decode()
    # Cut off at the deadline, not after the drip's 300 s. The exchange alone is held to the deadline
    # within half a second (tests/infra/test_outbound.py); the page adds its own work (the draft read,
    # the form shown again), which a loaded machine stretched past that half second once.
    assert 0.9 <= took < 3.0
    assert Session.objects.get(pk=draft.pk).sim_pack is None


@pytest.mark.parametrize("status", [400, 401, 409, 418, 500, 502])
@pytest.mark.parametrize(
    "body",
    [
        f'{{"detail": "{SECRET}"}}'.encode(),
        f"<html><body>Traceback: {SECRET}</body></html>".encode(),
    ],
)
def test_nothing_of_an_organisers_error_answer_reaches_the_director(
    settings: Any, director_client: Client, club: Club, members: list[Player], status: int, body: bytes
) -> None:
    settings.OUTBOUND_ALLOWED_HOSTS = ["127.0.0.1"]
    heat = pack_session(club, members, release_at=RELEASE)
    draft = seated(club, members, title="Second")
    with answering(status, body, {"Content-Type": "application/json"}) as base:
        heat = with_results_url(heat, f"{base}/api/v1/sims/autumn/heats/")
        sent = director_client.post(reverse("run:sim_send", args=[heat.pk]), follow=True).content.decode()
        field = director_client.post(reverse("run:sim_field", args=[heat.pk]), {"do": "fetch"})
        pack = director_client.post(
            reverse("director:trays_sim_pack", args=[draft.pk]), {"address": f"{base}/pack/", "key": KEY}
        )
    for said in (sent, field.content.decode(), pack.content.decode()):
        assert SECRET not in said and "Traceback" not in said
    assert "The organiser" in sent and (status in (400, 401, 409) or f"answered {status}" in sent)
