"""A table's link is a place: its card and "who has this phone?", never a result, never an entrant's link.

A phone says at the table which entrant it is and gets a pass of its own;
a second phone of the same entrant needs the entrant's code; a phone that
claims another entrant stops following the first (a phone shared by two
pairs in a row); the director sees every phone and releases them.
"""

from __future__ import annotations

import json
import re
import uuid
from typing import Any

import pytest
from django.test import Client

from tests.api.helpers import token_client
from tests.phones import Phone
from tournaments.models import ActionLog, EntrantLink, PhonePass, Session, Table
from tournaments.services import sessions
from tournaments.services.phones import JOIN_TRIES, entrant_release_phones, session_phones_claim

pytestmark = pytest.mark.django_db


def tokens_of(session: Session) -> set[str]:
    """Every entrant link's token of the session, and every pass's."""
    links = set(EntrantLink.objects.filter(session=session).values_list("token", flat=True))
    return links | set(PhonePass.objects.filter(session=session).values_list("token", flat=True))


def table_one(session: Session) -> Table:
    return session.tables.get(number=1)


def test_a_table_link_shows_its_card_and_who_may_claim_but_no_link(running_session: Session) -> None:
    first = Phone.at(table_one(running_session))  # pair 1 claimed, so passes exist too
    first.send(1, 8)
    bare = Phone(table_one(running_session))
    html = bare.page().content.decode()
    state = bare.state().json()
    for token in tokens_of(running_session):
        assert token not in html and token not in json.dumps(state)
    assert 'id="claim-h"' in html and "Table 1's card" in html  # no timer: no round is called due
    assert [c["label"] for c in state["claims"]] == ["Pair 1", "Pair 2", "Pair 4", "Pair 6"]
    assert [(r["number"], r["ns"], r["ew"], r["trays"]) for r in state["card"]] == [
        (1, "Pair 1", "Pair 2", [1]),
        (2, "Pair 1", "Pair 4", [3]),
        (3, "Pair 1", "Pair 6", [2]),
    ]
    assert state["claims"][0]["held"] and not state["claims"][1]["held"]
    assert "ns_tricks" not in json.dumps(state) and "N-S 8" not in html


def test_a_table_link_sends_checks_and_unfolds_nothing(running_session: Session) -> None:
    bare = Phone(table_one(running_session))
    api = f"/api/v1/tables/{bare.token}/"
    body = json.dumps({"tray": 1, "ns_tricks": 8})
    for route in ("results/", "trays/1/confirm/", "trays/1/dispute/", "trays/1/amend/"):
        assert bare.client.post(api + route, body, content_type="application/json").status_code == 404
    assert bare.client.get(api + "trays/1/traveller/").status_code == 404
    for route in ("trays/1/confirm/", "trays/1/dispute/", "trays/1/amend/"):
        assert bare.client.post(bare.base + route, {"claimed": 5, "ns_tricks": 5}).status_code == 404
    assert bare.client.post(bare.base, {"tray": 1, "ns_tricks": 8}).status_code == 405


def test_a_claim_gives_the_phone_a_pass_of_its_own(running_session: Session) -> None:
    phone = Phone(table_one(running_session))
    answer = phone.claim(2)
    assert answer.status_code == 302
    own = EntrantLink.objects.get(session=running_session, entrant__number=2).token
    assert phone.token != own and phone.base == f"/p/{phone.token}/"
    got = PhonePass.objects.get(token=phone.token)
    assert got.link.entrant.number == 2 and got.device == phone.client.cookies["cw_device"].value
    assert "Pair 2" in phone.page().content.decode()
    assert phone.send(1, 8).status_code == 201  # pair 2 sits E-W at table 1: its phone sends there
    assert ActionLog.objects.filter(action="phone.claim", data__entrant="pair 2").exists()


def test_the_api_claim_answers_with_the_pass_and_its_urls(running_session: Session) -> None:
    phone = Phone(table_one(running_session))
    answer = phone.client.post(
        phone.api + "claim/", json.dumps({"entrant": "1"}), content_type="application/json"
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert body["page"] == f"/p/{body['token']}/" and body["api"] == f"/api/v1/entrant-links/{body['token']}/"
    assert phone.client.get(body["api"]).json()["follows"]["label"] == "Pair 1"
    again = phone.client.post(phone.api + "claim/", {"entrant": "1"})
    assert again.json()["token"] == body["token"]  # the same phone gets its own pass back


def test_a_second_phone_needs_the_entrants_code(running_session: Session) -> None:
    table = table_one(running_session)
    first = Phone(table)
    first.claim(1)
    code = first.state().json()["follows"]["code"]
    assert re.fullmatch(r"\d{6}", code)
    other = Phone(table)
    refused = other.claim(1)
    assert refused.status_code == 302 and refused["Location"] == f"/t/{table.token}/?pair=1"
    asked = other.client.get(refused["Location"]).content.decode()
    assert "already followed on another phone" in asked
    assert 'id="join-now"' in asked and 'value="1">Follow pair 1 too</button>' in asked
    assert other.token == table.token
    api = other.client.post(
        other.api + "claim/", {"entrant": "1", "code": "000000" if code != "000000" else "1"}
    )
    assert api.status_code == 400 and "code" in api.json()
    joined = other.claim(1, code=code)
    assert joined.status_code == 302 and other.token != table.token
    assert PhonePass.objects.get(token=other.token).via == PhonePass.Via.CODE
    assert first.state().json()["follows"]["code"] != code  # a new code after each use
    assert first.state().json()["follows"]["phones"] == 2


def test_the_code_is_asked_for_in_a_phone_input(running_session: Session) -> None:
    """The code box: a text input of digits that a phone offers its number pad and a pasted code for."""
    table = table_one(running_session)
    Phone(table).claim(1)
    other = Phone(table)
    asked = other.client.get(other.claim(1)["Location"]).content.decode()
    for box in ("join-now-code", "join-code"):
        found = re.search(rf'<input [^>]*id="{box}"[^>]*>', asked)
        assert found, box
        tag = found.group(0)
        for attribute in (
            'type="text"',
            'inputmode="numeric"',
            'autocomplete="one-time-code"',
            'class="code-input"',
        ):
            assert attribute in tag, (box, attribute, tag)


def test_wrong_codes_stop_the_claims_until_the_director_releases(running_session: Session) -> None:
    table = table_one(running_session)
    Phone(table).claim(1)
    link = EntrantLink.objects.get(session=running_session, entrant__number=1)
    stranger = Phone(table)
    for _ in range(JOIN_TRIES):
        stranger.claim(1, code="999999" if link.join_code != "999999" else "999998")
    link.refresh_from_db()
    stranger.claim(1, code=link.join_code)
    assert stranger.token == table.token, "locked: even the right code is refused"
    assert "too many wrong codes" in stranger.page().content.decode()
    assert entrant_release_phones(link=link) == 1
    assert stranger.claim(1).status_code == 302 and stranger.token != table.token


def test_a_phone_shared_by_two_pairs_in_a_row_stops_following_the_first(running_session: Session) -> None:
    table = table_one(running_session)
    phone = Phone(table)
    phone.claim(1)
    first = phone.token
    assert phone.send(1, 8).status_code == 201
    # the next pair picks the phone up at the table: the table's code shows the table, not pair 1's page
    phone._hold(f"/t/{table.token}/", f"/api/v1/tables/{table.token}/", table.token)
    page = phone.page()
    assert page.status_code == 200 and 'id="claim-h"' in page.content.decode()
    assert "N-S 8" not in page.content.decode()
    phone.claim(6)
    ended = phone.client.get(f"/p/{first}/")
    assert ended.status_code == 404 and "no longer follows" in ended.content.decode()
    assert phone.client.get(f"/api/v1/entrant-links/{first}/").status_code == 404


def test_not_us_ends_the_pass(running_session: Session) -> None:
    phone = Phone(table_one(running_session))
    phone.claim(2)
    assert phone.client.post(phone.base + "leave").status_code == 200
    assert phone.page().status_code == 404
    assert phone.client.get(f"/t/{table_one(running_session).token}/").status_code == 200


def test_only_the_entrants_on_the_tables_card(running_session: Session) -> None:
    phone = Phone(table_one(running_session))
    phone.claim(3)  # pair 3 sits at table 2 all evening
    assert phone.token == table_one(running_session).token
    assert "sits at this table" in phone.page().content.decode()


def test_the_director_may_turn_claims_off(running_session: Session) -> None:
    session_phones_claim(session=running_session, on=False)
    phone = Phone(table_one(running_session))
    assert 'id="claim-h"' not in phone.page().content.decode()
    phone.claim(1)
    assert phone.token == table_one(running_session).token
    assert PhonePass.objects.count() == 0


def test_a_closed_session_takes_no_claim(running_session: Session) -> None:
    sessions.session_set_status(session=running_session, status=Session.Status.CLOSED)
    phone = Phone(table_one(running_session))
    phone.claim(1)
    assert phone.token == table_one(running_session).token


def test_a_bad_claim_is_a_400_naming_the_field(running_session: Session) -> None:
    api = f"/api/v1/tables/{table_one(running_session).token}/claim/"
    client = Client()
    for body in ({}, {"entrant": "x"}, {"entrant": "1", "code": "12ab"}, {"entrant": "1-XX"}):
        answer = client.post(api, json.dumps(body), content_type="application/json")
        assert answer.status_code == 400, body
    assert client.post(api, {"entrant": "5"}).status_code == 400  # not on the card
    assert Client().post("/api/v1/tables/nope/claim/", {"entrant": "1"}).status_code == 404


def test_a_phone_without_a_cookie_may_claim_by_the_api(running_session: Session) -> None:
    client = Client()
    device = uuid.uuid4().hex
    api = f"/api/v1/tables/{table_one(running_session).token}/claim/"
    answer = client.post(api, {"entrant": "2", "device": device})
    assert answer.status_code == 201
    assert PhonePass.objects.get(token=answer.json()["token"]).device == device


def test_the_director_sees_every_phone_and_releases_them(
    running_session: Session, director_client: Client
) -> None:
    Phone.at(table_one(running_session))
    page = director_client.get(f"/director/s/{running_session.pk}/run/tables/")
    html = page.content.decode()
    assert "Phones" in html and "said at table 1" in html
    link = EntrantLink.objects.get(session=running_session, entrant__number=1)
    answer = director_client.post(
        f"/director/s/{running_session.pk}/run/entrant-links/{link.pk}/",
        {"do": "release", "next": f"/director/s/{running_session.pk}/run/tables/"},
    )
    assert answer.status_code == 302
    assert not PhonePass.objects.filter(link=link, ended_at__isnull=True).exists()


def test_the_call_from_a_table_link_works_and_tells_nothing_that_moves(running_session: Session) -> None:
    """The call and the clock answer a table's link the same before and after its table sends."""
    bare = Phone(table_one(running_session))
    first = bare.client.post(bare.api + "call/")
    assert first.status_code == 201 and set(first.json()) == {"id", "table", "called_at", "answered_at"}
    clock = bare.client.get(bare.api + "clock/").json()
    assert clock["clock"] is None and clock["call"] is not None
    assert Phone.at(table_one(running_session)).send(1, 8).status_code == 201
    again = bare.client.post(bare.api + "call/")
    assert again.status_code == 200 and again.json() == first.json()


def test_the_director_lists_and_releases_phones_and_turns_claims_off_by_the_api(
    running_session: Session, director: Any
) -> None:
    api = token_client(director)
    Phone.at(table_one(running_session))
    base = f"/api/v1/sessions/{running_session.pk}/"
    links = {row["entrant"]: row for row in api.get(base + "entrant-links/").json()}
    assert [p["via"] for p in links[1]["phones"]] == ["claim"] and links[1]["phones"][0]["table"] == 1
    assert links[2]["phones"] == [] and links[1]["refused"] == 0
    released = api.post(f"{base}entrant-links/{links[1]['id']}/release/")
    assert released.status_code == 200 and released.json()["phones"] == []
    assert api.get(base + "publishing/").json()["phones_claim"] is True
    switched = api.patch(base + "publishing/", {"phones_claim": False}, format="json")
    assert switched.json()["phones_claim"] is False
    assert Phone(table_one(running_session)).claim(2).status_code == 302
    assert not PhonePass.objects.filter(session=running_session, ended_at__isnull=True).exists()
