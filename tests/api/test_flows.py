"""Every page action has an API equivalent: the same flow through the page and through the API.

Each test runs one action through a page on one session (or club) and
through the API on its twin, built the same way, and compares what was
stored: slip lines and their history, the session's status and switches,
trays, entrants, seats, the roster. Only where the action came from may
differ (``via``: the director's page or the API), never what it did.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from scoring.models import SlipLine, SlipLineVersion, Via
from tests.api.helpers import play_all, running_mitchell, seated_mitchell, table_client
from tests.phones import seated_link
from tests.sends import result_submit
from tournaments.models import Club, EntrantLink, Player, Seat, Session, Table
from tournaments.services import club as club_services
from tournaments.services import deals, sessions

pytestmark = pytest.mark.django_db


# --- What a session (or a roster) has stored, without ids, times or where it came from -----------


def number(entrant: Any) -> int | None:
    """An entrant's number, or None."""
    return entrant.number if entrant else None


def stored(session: Session) -> dict[str, Any]:
    """Everything an action could change in a session, comparable across twins."""
    s = Session.objects.get(pk=session.pk)
    lines = SlipLine.objects.filter(session=s).select_related("tray", "table", "round", "ns", "ew")
    history = SlipLineVersion.objects.filter(session=s).order_by("tray_number", "table_number", "version")
    seats = Seat.objects.filter(round__session=s).select_related("round", "seating__table", "player")
    return {
        "session": [
            s.status,
            s.current_round,
            s.tables_advance,
            s.publish_standings,
            s.publish_travellers,
            s.publish_hand_records,
            s.scoring_method,
            s.movement_family,
            s.movement_json,
            s.trays_count,
        ],
        "lines": sorted(
            (
                ln.tray.number,
                ln.table.number,
                ln.round.number,
                number(ln.ns),
                number(ln.ew),
                ln.ns_tricks,
                ln.ns_award,
                ln.ew_award,
                ln.ns_revokes,
                ln.ew_revokes,
                ln.status,
                ln.version,
                ln.entered_by,
                ln.confirmed_by,
            )
            for ln in lines
        ),
        "history": [
            (v.tray_number, v.table_number, v.version, v.change, v.reason, v.changed_by, v.data)
            for v in history
        ],
        "trays": [
            (t.number, t.status, t.deal.trump, t.deal.hands, t.deal.dealer)
            for t in s.trays.select_related("deal").order_by("number")
        ],
        "entrants": [
            (e.kind, e.number, e.name, e.is_phantom, [m.player.name for m in e.members.all()])
            for e in s.entrants.order_by("kind", "number").prefetch_related("members__player")
        ],
        "seats": sorted(
            (x.round.number, x.seating.table.number, x.direction, x.player.name if x.player else None)
            for x in seats
        ),
        "tables": list(s.tables.order_by("number").values_list("number", "token_revoked")),
    }


def roster(club: Club) -> list[tuple[str, str, bool, str | None]]:
    """A club's roster: name, member number, active, merged into whom."""
    return [
        (p.name, p.member_number, p.active, p.merged_into.name if p.merged_into else None)
        for p in Player.objects.filter(club=club).select_related("merged_into").order_by("name")
    ]


def line(session: Session, table: int, tray: int) -> SlipLine:
    """A session's line of a table on a tray."""
    return SlipLine.objects.get(session=session, table__number=table, tray__number=tray)


def send(session: Session, table: int, tray: int, tricks: int) -> SlipLine:
    """The N-S pair at a table sends a result, as its phone would."""
    where = session.tables.get(number=table)
    return result_submit(
        table=where,
        tray_number=tray,
        ns_tricks=tricks,
        via=Via.TABLE,
        by=f"pair {seated_link(where, 'NS', 1).entrant.number} (N-S phone)",
    ).line


def page_claim(client: Client, table: Table, side: str) -> str:
    """A phone says on the table's page (its QR code) that it is the pair sitting on ``side`` in round 1:
    its pass's page, where it is sent."""
    link = seated_link(table, side, 1)
    answer = client.post(f"/t/{table.token}/claim", {"entrant": str(link.entrant.number)})
    assert answer.status_code == 302 and answer["Location"].startswith("/p/"), answer
    return str(answer["Location"])


def api_claim(client: APIClient, url: str, table: Table, side: str) -> str:
    """A phone says through a table link's API (``url``: by the token or the header) that it is the pair
    sitting on ``side`` in round 1: its pass's API."""
    link = seated_link(table, side, 1)
    answer = client.post(url, {"entrant": str(link.entrant.number)}, format="json")
    assert answer.status_code == 201, answer.content
    body = answer.json()
    assert (body["entrant"], body["side"]) == (link.entrant.number, "")
    assert body["page"] == f"/p/{body['token']}/" and body["api"] == f"/api/v1/entrant-links/{body['token']}/"
    return str(body["api"])


@pytest.fixture
def page(director: Any) -> Client:
    """The director, logged in to the pages."""
    client = Client()
    client.force_login(director)
    return client


@pytest.fixture
def twin(club: Club, players: list[Player], running_session: Session) -> Session:
    """A second running session built exactly like ``running_session``."""
    return running_mitchell(club, players, running_session.title)


@pytest.fixture
def twin_club(director: Any) -> Club:
    """A second club of the same director, with an empty roster."""
    club = club_services.club_create(name="Twin Whist Club", slug="twin")
    club_services.director_add(club=club, user=director)
    return club


# --- A pair's page and its API, by the pass a phone is given at the table's link -----------------------


def test_a_result_sent_from_the_pairs_page_and_the_pairs_api_is_stored_alike(
    running_session: Session, twin: Session
) -> None:
    """Pair 1 says at table 1's code who it is, on the page (POST /t/<token>/claim) and through the API
    (POST /api/v1/tables/<token>/claim/); its pass sends, POST /p/<pass>/ and POST .../results/: one line
    alike. The table's link itself sends nothing."""
    on_page, by_api = running_session.tables.get(number=1), twin.tables.get(number=1)
    refused = [
        Client().post(f"/t/{t.token}/", {"tray": 1, "ns_tricks": 8, "key": "k0"}).status_code
        for t in (on_page, by_api)
    ] + [
        APIClient()
        .post(f"/api/v1/tables/{t.token}/results/", {"tray": 1, "ns_tricks": 8}, format="json")
        .status_code
        for t in (on_page, by_api)
    ]
    assert refused == [405, 405, 404, 404] and not SlipLine.objects.exists()
    phone = Client()
    page_home = page_claim(phone, on_page, "NS")
    assert phone.post(page_home, {"tray": 1, "ns_tricks": 8, "key": "k1"}).status_code == 302
    api = api_claim(APIClient(), f"/api/v1/tables/{by_api.token}/claim/", by_api, "NS")
    response = APIClient().post(
        api + "results/", {"tray": 1, "ns_tricks": 8, "idempotency_key": "k2"}, format="json"
    )
    assert response.status_code == 201
    assert stored(running_session) == stored(twin)
    assert line(twin, 1, 1).entered_via == Via.TABLE
    assert line(twin, 1, 1).entered_by == "pair 1 (N-S phone)"


def test_the_opponents_check_on_the_page_and_through_the_api_alike(
    running_session: Session, twin: Session
) -> None:
    """E-W confirm on their pass's page (/p/<pass>/trays/1/confirm/) and through its API; the table's
    link checks nothing (404)."""
    for session in (running_session, twin):
        send(session, 1, 1, 8)
    on_page, by_api = running_session.tables.get(number=1), twin.tables.get(number=1)
    assert Client().post(f"/t/{on_page.token}/trays/1/confirm/", {}).status_code == 404
    gone = APIClient().post(f"/api/v1/tables/{by_api.token}/trays/1/confirm/", {}, format="json")
    assert gone.status_code == 404 and line(twin, 1, 1).status == SlipLine.Status.ENTERED
    phone = Client()
    phone.post(page_claim(phone, on_page, "EW") + "trays/1/confirm/", {})
    api = api_claim(APIClient(), f"/api/v1/tables/{by_api.token}/claim/", by_api, "EW")
    response = APIClient().post(api + "trays/1/confirm/", {}, format="json")
    assert response.status_code == 200
    assert stored(running_session) == stored(twin)
    assert line(twin, 1, 1).status == SlipLine.Status.CONFIRMED
    assert line(twin, 1, 1).confirmed_by == "pair 2 (E-W phone)"


def test_a_dispute_on_the_page_and_through_the_api_alike(running_session: Session, twin: Session) -> None:
    """E-W dispute with their count: their pass's page form, and the pass the table header's claim gave."""
    for session in (running_session, twin):
        send(session, 1, 1, 8)
    on_page, by_api = running_session.tables.get(number=1), twin.tables.get(number=1)
    header = table_client(by_api)
    assert header.post("/api/v1/table/trays/1/dispute/", {"claimed": 9}, format="json").status_code == 404
    assert Client().post(f"/t/{on_page.token}/trays/1/dispute/", {"claimed": 9}).status_code == 404
    phone = Client()
    phone.post(page_claim(phone, on_page, "EW") + "trays/1/dispute/", {"claimed": 9})
    api = api_claim(header, "/api/v1/table/claim/", by_api, "EW")
    response = APIClient().post(api + "trays/1/dispute/", {"claimed": 9}, format="json")
    assert response.status_code == 200
    assert stored(running_session) == stored(twin)
    assert line(twin, 1, 1).status == SlipLine.Status.DISPUTED


def test_the_table_api_shows_what_the_table_page_shows(running_session: Session) -> None:
    """The place's script reads the API's table state: the same by URL, by header and by the page's
    cookie; a send changes none of it and it carries no line. A phone that claimed follows its pair by
    its pass, whose page and API show alike; the table's code never opens the pair's page by itself."""
    table = running_session.tables.get(number=1)
    browser = Client()
    browser.cookies["cw_device"] = "phone-1"
    before = browser.get(f"/api/v1/tables/{table.token}/").json()
    send(running_session, 1, 1, 8)
    on_page = browser.get(f"/api/v1/tables/{table.token}/").json()
    by_url = APIClient().get(f"/api/v1/tables/{table.token}/?device=phone-1").json()
    by_header = table_client(table).get("/api/v1/table/?device=phone-1").json()
    assert on_page == by_url == by_header == before, "a table's link shows nothing a send changes"
    assert set(on_page) == {
        "table", "session_title", "session_date", "status", "claims_open", "claims", "card",
        "seated_by_results", "change", "changes", "deal", "results_url", "results_status",
        "results_changes", "stamp", "round_now", "due",
    }  # fmt: skip
    assert (on_page["change"], on_page["changes"], on_page["deal"]) == (0, 0, 0), "a whist drive's alone"
    assert [(c["value"], c["held"], c["this_phone"]) for c in on_page["claims"]] == [
        (str(n), False, False) for n in (1, 2, 4, 6)
    ]
    assert on_page["card"][0] == {"number": 1, "ns": "Pair 1", "ew": "Pair 2", "trays": [1], "when": ""}
    text = json.dumps(on_page)
    assert "tricks" not in text and not any(
        token in text for token in EntrantLink.objects.values_list("token", flat=True)
    )
    assert f'data-stamp="{on_page["stamp"]}"' in browser.get(f"/t/{table.token}/").content.decode()
    folded = APIClient().get(f"/api/v1/tables/{table.token}/trays/1/traveller/")
    assert folded.status_code == 404, "a bare table link sees no traveller"
    home = page_claim(browser, table, "NS")
    token = home.strip("/").split("/")[-1]
    again = browser.get(f"/t/{table.token}/")
    assert again.status_code == 200 and token not in again.content.decode(), (
        "the table's code shows the place again, never the pair's page or its pass"
    )
    claims = browser.get(f"/api/v1/tables/{table.token}/").json()["claims"]
    assert [(c["value"], c["held"], c["this_phone"]) for c in claims] == [
        ("1", True, True),
        *((str(n), False, False) for n in (2, 4, 6)),
    ]
    on_page = browser.get(f"/api/v1/entrant-links/{token}/").json()
    assert on_page == APIClient().get(f"/api/v1/entrant-links/{token}/?device=phone-1").json()
    assert f'data-stamp="{on_page["stamp"]}"' in browser.get(home).content.decode()
    traveller = APIClient().get(f"/api/v1/entrant-links/{token}/trays/1/traveller/").json()
    shown = [
        t
        for card in (on_page["now"], on_page["just_played"])
        if card
        for t in card["trays"]
        if t["number"] == 1
    ]
    assert shown and shown[0]["traveller"] == traveller


# --- The director's run pages and the API ---------------------------------------------------------


def test_a_correction_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session
) -> None:
    """Correct with a reason: the old version kept, the same new line."""
    for session in (running_session, twin):
        send(session, 1, 1, 8)
    page.post(
        reverse("run:line", args=[running_session.pk, line(running_session, 1, 1).pk]),
        {
            "reason": "N-S miscounted",
            "ns_tricks": "9",
            "ns_award": "",
            "ew_award": "",
            "ns_revokes": "0",
            "ew_revokes": "0",
        },
    )
    response = director_api.post(
        f"/api/v1/sessions/{twin.pk}/slips/{line(twin, 1, 1).pk}/correct/",
        {"reason": "N-S miscounted", "ns_tricks": 9, "ns_revokes": 0, "ew_revokes": 0},
        format="json",
    )
    assert response.status_code == 200
    assert stored(running_session) == stored(twin)
    url = f"/api/v1/sessions/{twin.pk}/slips/{line(twin, 1, 1).pk}/history/"
    history = director_api.get(url).json()["results"]
    assert [(v["reason"], v["data"]["ns_tricks"]) for v in history] == [("N-S miscounted", 8)]


def test_an_award_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session
) -> None:
    """Average-plus and average-minus to a table that did not play a tray."""
    form = {"ns_award": "average-plus", "ew_award": "average-minus", "reason": "slow play"}
    page.post(reverse("run:award", args=[running_session.pk, 2, 2]), form)
    response = director_api.post(
        f"/api/v1/sessions/{twin.pk}/awards/", {**form, "table": 2, "tray": 2}, format="json"
    )
    assert response.status_code == 200
    assert stored(running_session) == stored(twin)


def test_a_round_entered_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session
) -> None:
    """The director's round sheet: each table's N-S tricks for round 1."""
    page.post(reverse("run:enter", args=[running_session.pk, 1]), {"t1-1": "7", "t2-2": "6", "t3-3": "9"})
    entries = [
        {"table": 1, "tray": 1, "ns_tricks": 7},
        {"table": 2, "tray": 2, "ns_tricks": 6},
        {"table": 3, "tray": 3, "ns_tricks": 9},
    ]
    response = director_api.post(
        f"/api/v1/sessions/{twin.pk}/rounds/1/results/", {"entries": entries}, format="json"
    )
    assert response.json() == {"saved": 3, "errors": {}}
    assert stored(running_session) == stored(twin)


def test_a_tray_status_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session
) -> None:
    """A fouled tray: the finding table takes the average (Law V)."""
    form = {"status": "fouled", "reason": "a card short", "table": "1"}
    page.post(reverse("run:tray", args=[running_session.pk, 1]), form)
    response = director_api.post(
        f"/api/v1/sessions/{twin.pk}/trays/1/status/", {**form, "table": 1}, format="json"
    )
    assert response.status_code == 200
    assert stored(running_session) == stored(twin)


def test_the_room_held_and_moved_on_by_the_page_and_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session
) -> None:
    """Tables wait for the director; then the director moves the room to round 2."""
    page.post(reverse("run:tables_advance", args=[running_session.pk]), {"on": "0"})
    page.post(reverse("run:advance", args=[running_session.pk]))
    assert director_api.post(
        f"/api/v1/sessions/{twin.pk}/tables-advance/", {"on": False}, format="json"
    ).status_code in (200, 201)
    assert director_api.post(f"/api/v1/sessions/{twin.pk}/advance/").status_code == 200
    assert stored(running_session) == stored(twin)


def test_a_substitute_and_a_phantom_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session, players: list[Player]
) -> None:
    """A substitute for Player 1 from round 2, and pair 3 turned into a phantom."""
    spare = club_services.player_create(club=running_session.club, name="Spare Player")
    sub = {"player_out": players[0].pk, "player_in": spare.pk, "from_round": 2}
    page.post(reverse("run:tables", args=[running_session.pk]), {"form": "substitute", **sub})
    page.post(
        reverse("run:tables", args=[running_session.pk]),
        {"form": "phantom", "entrant": running_session.entrants.get(number=3).pk},
    )
    assert director_api.post(f"/api/v1/sessions/{twin.pk}/substitute/", sub, format="json").json() == {
        "seats": 2
    }
    assert director_api.post(f"/api/v1/sessions/{twin.pk}/entrants/3/phantom/").status_code == 200
    assert stored(running_session) == stored(twin)


def test_a_table_link_revoked_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, running_session: Session, twin: Session
) -> None:
    """A lost phone: table 2's link stops working either way."""
    page.post(reverse("run:table_link", args=[running_session.pk, 2]), {"do": "revoke"})
    assert director_api.post(f"/api/v1/sessions/{twin.pk}/tables/2/revoke/").status_code == 200
    assert stored(running_session) == stored(twin)
    old = twin.tables.get(number=2).token
    assert APIClient().get(f"/api/v1/tables/{old}/").status_code == 404


def test_start_close_publish_and_reopen_on_the_pages_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """A session's whole life: start, play, close, publish, reopen twice."""
    a, b = (seated_mitchell(club, players, "Life") for _ in range(2))
    page.post(reverse("run:start", args=[a.pk]))
    assert director_api.post(f"/api/v1/sessions/{b.pk}/start/").status_code == 200
    assert stored(a) == stored(b)
    play_all(a), play_all(b)
    page.post(reverse("run:close", args=[a.pk]))
    assert director_api.post(f"/api/v1/sessions/{b.pk}/close/").json()["status"] == "closed"
    page.post(reverse("run:publish", args=[a.pk]), {"standings": "on", "travellers": "on"})
    body = {"standings": True, "travellers": True, "hand_records": False}
    assert (
        director_api.post(f"/api/v1/sessions/{b.pk}/publish/", body, format="json").json()["status"]
        == "published"
    )
    assert stored(a) == stored(b)
    for expected in ("closed", "running"):
        page.post(reverse("run:reopen", args=[a.pk]))
        assert director_api.post(f"/api/v1/sessions/{b.pk}/reopen/").json()["status"] == expected
        assert stored(a) == stored(b)


# --- Setting a session up ---------------------------------------------------------------------------


def test_a_new_session_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club
) -> None:
    """Date, title, kind of entrant; the page's default scoring method for the kind."""
    form = {"date": "2026-12-07", "title": "Monday teams", "entrant_kind": "fours"}
    page.post(reverse("director:session_new", args=[club.slug]), form)
    response = director_api.post(f"/api/v1/clubs/{club.slug}/sessions/", form, format="json")
    assert response.status_code == 201
    made = list(
        club.sessions.filter(title="Monday teams").values_list(
            "date", "entrant_kind", "scoring_method", "status"
        )
    )
    assert len(made) == 2 and made[0] == made[1]


def test_entrants_phantom_and_withdrawal_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """Enter a pair, add a phantom, withdraw pair 1: the same entrants either way."""
    a, b = (sessions.session_create(club=club, date=running_date(), title="Setup") for _ in range(2))
    page.post(reverse("director:setup_entrants", args=[a.pk]), {"r1_1": players[0].pk, "r1_2": players[1].pk})
    page.post(reverse("director:setup_entrants", args=[a.pk]), {"r1_1": players[2].pk, "r1_2": players[3].pk})
    page.post(reverse("director:setup_phantom", args=[a.pk]))
    page.post(reverse("director:setup_withdraw", args=[a.pk, 1]))
    for pair in ([players[0].pk, players[1].pk], [players[2].pk, players[3].pk]):
        assert director_api.post(
            f"/api/v1/sessions/{b.pk}/entrants/", {"players": pair}, format="json"
        ).status_code in (200, 201)
    assert director_api.post(f"/api/v1/sessions/{b.pk}/entrants/phantom/").status_code == 201
    assert director_api.delete(f"/api/v1/sessions/{b.pk}/entrants/1/").status_code == 204
    assert stored(a) == stored(b)
    assert [e[1:4] for e in stored(b)["entrants"]] == [
        (1, "Player 3 & Player 4", False),
        (2, "phantom", True),
    ]


def running_date() -> Any:
    """The date the fixtures' sessions are played."""
    import datetime as dt

    return dt.date(2026, 11, 1)


def test_a_movement_chosen_on_the_page_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """Six pairs seated by the Mitchell System with exponent scoring; then the movement cleared."""
    a, b = (sessions.session_create(club=club, date=running_date(), title="Seat") for _ in range(2))
    for session in (a, b):
        for x, y in zip(players[0::2], players[1::2], strict=True):
            sessions.entrant_create(session=session, players=[x, y])
    page.post(
        reverse("director:setup_movement", args=[a.pk]),
        {"family": "mitchell|", "deals": "", "scoring_method": "exponent"},
    )
    response = director_api.post(
        f"/api/v1/sessions/{b.pk}/movement/",
        {"family": "mitchell", "scoring_method": "exponent"},
        format="json",
    )
    assert response.status_code == 200
    assert stored(a) == stored(b)
    assert stored(b)["session"][6:8] == ["exponent", "mitchell"]


def test_deals_and_pbn_on_the_pages_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club, players: list[Player]
) -> None:
    """Deal (the same number of trays dealt), clear, import a PBN file, export it."""
    a, b = (seated_mitchell(club, players, "Deals") for _ in range(2))
    page.post(reverse("director:trays_deal", args=[a.pk]))
    assert director_api.post(f"/api/v1/sessions/{b.pk}/trays/deal/").json() == {"count": 3}
    assert all(t[3] for t in stored(a)["trays"]) and all(t[3] for t in stored(b)["trays"])
    page.post(reverse("director:trays_clear", args=[a.pk]))
    assert director_api.post(f"/api/v1/sessions/{b.pk}/trays/clear/").json() == {"count": 3}
    assert stored(a) == stored(b)
    hands, _ = deals.deal_cards(dealer="E")
    text = f'[Board "2"]\n[Dealer "E"]\n[Deal "{deals.hands_to_pbn(hands)}"]\n[Trump "{hands["E"][0]}"]\n'
    page.post(
        reverse("director:pbn_import", args=[a.pk]), {"file": SimpleUploadedFile("d.pbn", text.encode())}
    )
    assert director_api.post(f"/api/v1/sessions/{b.pk}/pbn/", {"pbn": text}, format="json").json() == {
        "count": 1
    }
    assert stored(a) == stored(b)
    exported = page.get(reverse("director:pbn_export", args=[a.pk])).content.decode()
    assert director_api.get(f"/api/v1/sessions/{a.pk}/pbn/").json()["pbn"] == exported


def test_a_trump_card_recorded_through_the_api_as_the_deal_service_records_it(
    director_api: APIClient, running_session: Session
) -> None:
    """Players dealt at the table: the director records the trump card (Law III)."""
    response = director_api.patch(
        f"/api/v1/sessions/{running_session.pk}/trays/2/deal/", {"trump": "10h"}, format="json"
    )
    assert response.json()["deal"]["trump"] == "TH"


# --- The roster --------------------------------------------------------------------------------------


def test_the_roster_kept_on_the_pages_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club, twin_club: Club
) -> None:
    """Add, change, import and merge players: the same roster either way."""
    page.post(reverse("director:roster", args=[club.slug]), {"name": "Ann Example", "member_number": "A1"})
    director_api.post(
        f"/api/v1/clubs/{twin_club.slug}/players/",
        {"name": "Ann Example", "member_number": "A1"},
        format="json",
    )
    csv = "name,member_number\nBob Dupe,\nBob Keep,B2\n"
    page.post(
        reverse("director:roster_import", args=[club.slug]),
        {"file": SimpleUploadedFile("r.csv", csv.encode())},
    )
    assert director_api.post(
        f"/api/v1/clubs/{twin_club.slug}/players/import/", {"csv": csv}, format="json"
    ).json() == {"added": 2, "problems": []}
    for c, via_page in ((club, True), (twin_club, False)):
        ann, dupe, keep = (
            Player.objects.get(club=c, name=n) for n in ("Ann Example", "Bob Dupe", "Bob Keep")
        )
        change = {"name": "Ann Example", "member_number": "A9"}
        if via_page:
            page.post(reverse("director:player_edit", args=[c.slug, ann.pk]), change)
            page.post(reverse("director:player_merge", args=[c.slug, dupe.pk]), {"keep": keep.pk})
        else:
            director_api.patch(
                f"/api/v1/clubs/{c.slug}/players/{ann.pk}/", {**change, "active": False}, format="json"
            )
            director_api.post(
                f"/api/v1/clubs/{c.slug}/players/{dupe.pk}/merge/", {"into": keep.pk}, format="json"
            )
    ours = [p for p in roster(club) if not p[0].startswith("Player ")]
    assert ours == roster(twin_club)
    assert ("Bob Dupe", "", False, "Bob Keep") in ours


def test_a_club_tournament_run_on_the_pages_and_through_the_api_alike(
    page: Client, director_api: APIClient, club: Club, twin_club: Club, players: list[Player]
) -> None:
    """A series, its players numbered (p. 46), its first session created with the book's pairs."""
    for player in players:
        club_services.player_create(club=twin_club, name=player.name)
    page.post(reverse("director:series", args=[club.slug]), {"name": "Winter"})
    series_a = club.series.get(name="Winter")
    chosen = sorted(players[:5], key=lambda p: p.name)
    page.post(
        reverse("director:rotation_players", args=[series_a.pk]),
        {"method": "club", "players": [p.pk for p in chosen]},
    )
    page.post(reverse("director:rotation", args=[series_a.pk]), {"session_number": 1, "date": "2026-12-07"})
    made = director_api.post(
        f"/api/v1/clubs/{twin_club.slug}/series/", {"name": "Winter"}, format="json"
    ).json()
    twins = [Player.objects.get(club=twin_club, name=p.name).pk for p in chosen]
    numbered = director_api.put(
        f"/api/v1/series/{made['id']}/players/", {"method": "club", "players": twins}, format="json"
    )
    assert numbered.json()["players"] == twins
    proposal = director_api.get(f"/api/v1/series/{made['id']}/rotation/?session_number=1").json()
    created = director_api.post(
        f"/api/v1/series/{made['id']}/rotation/", {"session_number": 1, "date": "2026-12-07"}, format="json"
    ).json()
    a, b = series_a.sessions.get(), Session.objects.get(pk=created["id"])
    assert stored(a)["entrants"] == stored(b)["entrants"]
    assert len(proposal["pairs"]) == 2 and len(proposal["bye"]) == 1
    assert (a.title, a.date) == (b.title, b.date)


# --- The public pages and the public API ------------------------------------------------------------


def test_the_public_sees_the_same_standings_travellers_and_hands(published_session: Session) -> None:
    """results.json, a tray's traveller and the hand records: on the pages and in the API."""
    club, pk = published_session.club.slug, published_session.pk
    base = f"/api/v1/public/clubs/{club}/sessions/{pk}"
    on_page = json.loads(Client().get(reverse("public:results_json", args=[club, pk])).content)
    said = {key: on_page.pop(key) for key in ("provisional_until", "final", "results_status", "changes")}
    assert APIClient().get(f"{base}/").json()["final"] == said["final"]  # the session's answer says it
    standings = APIClient().get(f"{base}/standings/").json()
    told = {key: standings.pop(key) for key in said}  # the standings say it too, times as the API writes them
    assert standings == on_page
    assert (told["final"], told["results_status"], told["changes"]) == (
        said["final"],
        said["results_status"],
        said["changes"],
    )
    assert dt.datetime.fromisoformat(told["provisional_until"]) == dt.datetime.fromisoformat(
        said["provisional_until"]
    )
    rows = Client().get(reverse("public:tray", args=[club, pk, 2])).context["t"].rows
    api_rows = APIClient().get(f"{base}/trays/2/traveller/").json()
    assert [(r.table, r.ns, r.ew, r.ns_tricks) for r in rows] == [
        (r["table"], r["ns"], r["ew"], str(r["ns_tricks"])) for r in api_rows
    ]
    pbn = Client().get(reverse("public:deals_pbn", args=[club, pk])).content.decode()
    dealt = [t["deal"] for t in APIClient().get(f"{base}/deals/").json()]
    # PBN export format writes each deal from its dealer (PBN 2.1, 3.4.11); the API keeps North first.
    hands = [deals.hands_to_pbn(deals.pbn_to_hands(d["hands"]), first=d["dealer"]) for d in dealt]
    assert len(hands) == 3 and all(f'[Deal "{h}"]' in pbn for h in hands)
