"""A whist drive's table codes (p. 24): they open the drive's table page, never the duplicate phone's page.

A table's code (printed on its card and on the QR sheet, and its link) shows
the table's change in play, its deal and the four players by seat; a player
taps his name and his phone opens his drive page, where the deal is scored.
The duplicate phone's page (``/p/``: "Tricks won by N-S", folded traveling
slips) is no door onto a drive: it sends the player on to his drive page,
and a tray sent through it is refused and stores nothing.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import SlipLine
from tournaments.models import DriveChange, EntrantLink, Session, Table

pytestmark = pytest.mark.django_db

DUPLICATE_WORDS = ("Tricks won by N-S", "Traveling slips", "travelling slips", "rounds played")


def seats_at(session: Session, table: int) -> dict[str, int]:
    """Seat -> player number at a table in the first change."""
    seating = DriveChange.objects.get(session=session, number=1).seating[str(table)]
    return {seat: int(number) for seat, number in seating.items()}


def claimed(client: Client, table: Table, number: int) -> str:
    """The phone says at the table's code which player it is: the address it is sent to."""
    answer = client.post(reverse("table:claim", args=[table.token]), {"entrant": str(number)})
    assert answer.status_code == 302
    return str(answer["Location"])


def test_a_drive_tables_code_opens_its_table_page_and_the_player_goes_on_to_score_the_deal(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=3, changes=4)
    table = session.tables.get(number=2)
    seats = seats_at(session, 2)
    phone = Client()
    page = phone.get(reverse("table:home", args=[table.token])).content.decode()
    assert "Change 1<small> of 4</small>" in page
    assert "plays deal 2 in this change" in page
    assert f"Player {seats['N']} · North" in page and f"Player {seats['W']} · West" in page
    assert "Tap your name" in page and "Add a phone" not in page
    assert not any(word in page for word in DUPLICATE_WORDS)
    home = claimed(phone, table, seats["N"])
    assert home.startswith("/d/")
    drive_page = phone.get(home).content.decode()
    assert "Who won deal 2?" in drive_page and "Tricks won by N-S" not in drive_page


def test_the_printed_table_codes_of_a_drive_open_the_drive_table_page(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2, changes=4)
    for doc in ("qr", "cards"):
        sheet = director_client.get(reverse("director:print_page", args=[session.pk, doc])).content.decode()
        paths = set(re.findall(r"https?://[^/\s<\"]+(/t/[^/\s<\"]+/)", sheet))
        assert len(paths) == 2, doc
        for path in paths:
            page = Client().get(path).content.decode()
            assert "Change 1<small> of 4</small>" in page and "Tap your name" in page
            assert not any(word in page for word in DUPLICATE_WORDS)


def test_the_duplicate_phone_page_of_a_drive_player_goes_to_his_drive_page(
    director_client: Client, drive_of: Callable[..., Session]
) -> None:
    session = drive_of(tables=2)
    number = seats_at(session, 1)["N"]
    own = EntrantLink.objects.get(session=session, entrant__number=number).token
    answer = Client().get(reverse("phone:home", args=[own]))
    assert answer.status_code == 302 and answer["Location"] == reverse("drive:player", args=[own])
    phone = Client()
    passed = claimed(phone, session.tables.get(number=1), number).split("/")[2]
    answer = phone.get(reverse("phone:home", args=[passed]), follow=True)
    assert answer.redirect_chain[-1][0] == reverse("drive:player", args=[passed])
    assert "Who won deal 1?" in answer.content.decode()
    tables_page = director_client.get(reverse("run:tables", args=[session.pk])).content.decode()
    assert f'href="/d/{own}/"' in tables_page and f'href="/p/{own}/"' not in tables_page


def test_a_tray_sent_through_the_duplicate_door_at_a_drive_is_refused_and_stores_nothing(
    drive_of: Callable[..., Session],
) -> None:
    session = drive_of(tables=2)
    table = session.tables.get(number=1)
    number = seats_at(session, 1)["N"]
    own = EntrantLink.objects.get(session=session, entrant__number=number).token
    phone = Client()
    passed = claimed(phone, table, number).split("/")[2]
    tray = {"tray": "1", "ns_tricks": "9", "ns_revokes": "0", "ew_revokes": "0", "key": "k1"}
    for token in (own, passed):
        plain = phone.post(reverse("phone:home", args=[token]), tray)
        assert (
            plain.status_code == 409 and "This is a whist drive: nothing was stored" in plain.content.decode()
        )
        assert f'href="/d/{token}/"' in plain.content.decode()
        api = phone.post(
            f"/api/v1/entrant-links/{token}/results/", json.dumps(tray), content_type="application/json"
        )
        assert api.status_code == 409 and "whist drive" in api.json()["detail"]
    assert not SlipLine.objects.filter(session=session).exists()
    sent = phone.post(
        f"/api/v1/entrant-links/{passed}/drive/result/",
        json.dumps({"winner": "NS", "points": 3, "key": "k2"}),
        content_type="application/json",
    )
    assert sent.status_code == 201  # the drive's own door takes it
    amend = phone.post(
        f"/api/v1/entrant-links/{passed}/trays/1/amend/",
        json.dumps({"ns_tricks": 4, "version": 1}),
        content_type="application/json",
    )
    plain = phone.post(reverse("phone:amend", args=[passed, 1]), {"ns_tricks": "4", "version": "1"})
    assert amend.status_code == 409 and plain.status_code == 409
    assert SlipLine.objects.get(session=session).ns_tricks == 9
