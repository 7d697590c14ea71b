"""A phone's pages have the rate of its link (``API_TABLE_RATE``), counted with its API in one bucket.

Every page a link opens (a table's place ``/t/``, a pass or printed link's ``/p/``, a whist drive's
``/d/``, a mnemonic sitting's ``/m/``) answers 429 past the rate, before the link is looked up, with a
page that says how long to wait; the rate is the link's own: another link is not slowed.
"""

from __future__ import annotations

import pytest
from django.test import Client

from tests.drive.conftest import make_drive
from tests.mnemonic.conftest import make_mnemonic
from tournaments.api.permissions import TableRateThrottle
from tournaments.models import Club, EntrantLink, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def one_moment(monkeypatch: pytest.MonkeyPatch) -> None:
    """The throttle's clock stands still in the middle of a window: a test's requests never straddle two."""
    monkeypatch.setattr(TableRateThrottle, "timer", lambda self: 1_800_000_030.0)


@pytest.fixture
def three_a_minute(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(TableRateThrottle, "THROTTLE_RATES", {"table": "3/min"})


def codes(url: str, times: int, client: Client | None = None) -> list[int]:
    phone = client or Client()
    return [phone.get(url).status_code for _ in range(times)]


def printed(session: Session, number: int = 1) -> str:
    """The entrant's own printed link."""
    return str(EntrantLink.objects.get(session=session, entrant__number=number, side="").token)


def test_a_table_links_page_past_the_rate_is_a_429_and_another_table_is_not_slowed(
    running_session: Session, three_a_minute: None
) -> None:
    one, two = (running_session.tables.get(number=n) for n in (1, 2))
    assert codes(f"/t/{one.token}/", 4) == [200, 200, 200, 429]
    refused = Client().get(f"/t/{one.token}/")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "try again in" in refused.content.decode() and refused["Cache-Control"] == "no-store"
    assert codes(f"/t/{two.token}/", 1) == [200]


def test_a_links_page_and_its_api_count_in_one_bucket(running_session: Session, three_a_minute: None) -> None:
    token = printed(running_session)
    assert codes(f"/p/{token}/", 2) == [200, 200]
    assert Client().get(f"/api/v1/entrant-links/{token}/").status_code == 200
    assert codes(f"/p/{token}/", 1) == [429]
    assert Client().post(f"/p/{token}/", {"tray": 1, "ns_tricks": 8}).status_code == 429


def test_a_drives_and_a_mnemonic_sittings_pages_have_the_rate(club: Club, three_a_minute: None) -> None:
    people = [club_services.player_create(club=club, name=f"Rate player {i:02d}") for i in range(12)]
    drive = make_drive(club, people[:8], tables=2)
    assert codes(f"/d/{printed(drive)}/", 4) == [200, 200, 200, 429]
    sitting = make_mnemonic(club, people[8:])
    assert codes(f"/m/{printed(sitting)}/", 4) == [200, 200, 200, 429]


def test_at_the_rate_every_request_is_answered(running_session: Session) -> None:
    """The real rate, 120 a minute: the 120th request is answered, the 121st refused."""
    token = running_session.tables.get(number=1).token
    answered = codes(f"/t/{token}/", 121)
    assert answered[:120] == [200] * 120 and answered[120] == 429
