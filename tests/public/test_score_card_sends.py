"""The score cards' e-mail: safe headers whatever is stored, each send recorded and bounded, and the card
written as the printed card is (an equated gain with its value, a tray sat out said so; pp. 43-45).

Through the real doors: the director's close page and the API, with Django's test client.
"""

from __future__ import annotations

import datetime as dt
import itertools
import random
import re
import smtplib
from datetime import timedelta
from email import message_from_bytes, policy
from email.message import EmailMessage
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse
from public.builders import pair_up, play_all, play_session

from scoring.models import ScoreCardSend
from scoring.selectors.score_cards import card_words, session_score_cards
from scoring.services import score_cards as service
from tests.api.helpers import token_client
from tests.security.test_pdf_long_words import pdf_text
from tournaments.models import Club, Player, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.django_db

SUPERSCRIPTS = "⁰¹²³⁴⁵⁶⁷⁸⁹"


def send_url(session: Session) -> str:
    return f"/api/v1/sessions/{session.pk}/score-cards/send/"


def page_send(client: Client, session: Session, **data: str) -> str:
    """The close page's button, and the page it goes back to."""
    url = reverse("run:score_cards_send", args=[session.pk])
    return client.post(url, data, follow=True).content.decode()


def headers(message: Any) -> EmailMessage:
    """The message as a mail reader parses it (its headers unfolded)."""
    return message_from_bytes(message.message().as_bytes(), policy=policy.default)  # type: ignore[return-value]


def with_addresses(players: list[Player], count: int) -> list[Player]:
    for n, player in enumerate(players[:count]):
        player.email = f"member{n}@example.org"
        player.save()
    return players[:count]


@pytest.fixture
def odd_mitchell(club: Club) -> Session:
    """Five pairs in a three-table Mitchell under the exponent method: a pair sits out each round."""
    players = [club_services.player_create(club=club, name=f"P{i:02d}") for i in range(1, 11)]
    with_addresses(players, 10)
    return play_session(
        club=club,
        players=players,
        title="Odd pairs",
        date=dt.date(2026, 11, 9),
        family="mitchell",
        deals_count=6,
        method="exponent",
        seed=3,
    )


def api_session(director: AbstractBaseUser, club: Club, players: list[Player], title: str) -> Session:
    """A session created through the API (its title as a client sends it), played and closed."""
    made = token_client(director).post(
        f"/api/v1/clubs/{club.slug}/sessions/",
        {"date": "2026-11-30", "title": title, "scoring_method": "exponent"},
        format="json",
    )
    assert made.status_code == 201, made.content
    session = Session.objects.get(pk=made.json()["id"])
    assert session.title == title, "the API keeps the line break"
    for pair in pair_up(players):
        sessions.entrant_create(session=session, players=list(pair))
    seating.movement_fix(session=session, family="mitchell", deals=6)
    deals.trays_deal(session=session, rng=random.Random(5))
    session = sessions.session_start(session=session)
    play_all(session, random.Random(5))
    return sessions.session_set_status(session=session, status=Session.Status.CLOSED)


# --- Hole 1: every header one line, whatever a client stored ----------------------------------------


def test_a_title_with_a_line_break_is_sent_on_one_subject_line(
    director: AbstractBaseUser, club: Club, members: list[Player]
) -> None:
    with_addresses(members, 12)
    session = api_session(director, club, members, "Club night\r\nBcc: everyone@example.net")
    response = token_client(director).post(send_url(session), {}, format="json")
    assert response.status_code == 200, response.content
    assert len(response.json()["sent"]) == 12 and len(mail.outbox) == 12
    for message in mail.outbox:
        read = headers(message)
        assert (
            read["Subject"]
            == "Test Whist Club: your score card, Club night Bcc: everyone@example.net (30 Nov 2026)"
        )
        assert "Bcc" not in read and message.recipients() == message.to
        assert "Club night Bcc: everyone@example.net on 30 November 2026" in message.body


def test_every_header_is_one_line_and_a_bad_reply_address_is_left_off(
    director: Any, director_client: Client, club: Club, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 2)
    Club.objects.filter(pk=club.pk).update(name="Test\nWhist\u2028Club\x1b")
    director.email = "dir@example.org\nBcc: everyone@example.net"
    director.save()
    said = page_send(director_client, published_howell)
    assert "Score cards sent to 2 players" in said and len(mail.outbox) == 2
    assert "your account has no e-mail address mail can carry, so a reply goes to the site" in said
    read = headers(mail.outbox[0])
    assert (
        read["From"] == f"Test Whist Club <{settings.DEFAULT_FROM_EMAIL}>"
        and "Reply-To" not in read
        and "Bcc" not in read
    )


def test_replies_reach_the_director_who_sent_the_cards(
    director: Any, director_client: Client, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 1)
    director.email = "dir@example.org"
    director.save()
    assert "a reply reaches you at dir@example.org" in page_send(director_client, published_howell)
    assert mail.outbox[0].reply_to == ["dir@example.org"]


def test_a_player_whose_address_mail_cannot_carry_is_left_out_and_named(
    director: AbstractBaseUser, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 4)
    # Addresses stored before the roster checked them: none may fail the send or add a header.
    Player.objects.filter(pk=members[0].pk).update(email="a@example.org\nBcc: everyone@example.net")
    Player.objects.filter(pk=members[1].pk).update(email="not an address")
    body = token_client(director).post(send_url(published_howell), {}, format="json").json()
    assert sorted(body["bad_address"]) == sorted([members[0].name, members[1].name])
    assert len(body["sent"]) == 2 and len(body["without_address"]) == 8
    assert sorted(m.to[0] for m in mail.outbox) == ["member2@example.org", "member3@example.org"]
    skipped = {s["name"]: s["why"] for s in body["send"]["skipped"]}
    assert skipped[members[0].name] == "an address the mail cannot carry"
    assert skipped[members[5].name] == "no e-mail address on the roster"


# --- Hole 2: a send recorded, refused the second time unless asked, bounded -------------------------


def test_a_send_is_recorded_and_shown_where_the_director_sends_them(
    director_client: Client, director: AbstractBaseUser, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 5)
    said = page_send(director_client, published_howell)
    send = ScoreCardSend.objects.get(session=published_howell)
    assert send.number == 1 and not send.again and send.sent_by == "dir" and send.sent_via == "director"
    assert sorted(r["email"] for r in send.recipients) == [f"member{n}@example.org" for n in range(5)]
    assert len(send.skipped) == 7 and send.finished_at is not None
    assert re.search(r"Sent 5 score cards on \d+ \w{3} at \d\d:\d\d by dir\.", said)
    assert 'id="score-cards-send-again"' in said and 'id="score-cards-send"' not in said
    record = token_client(director).get(send_url(published_howell)).json()["sends"]
    assert [(s["number"], s["cards"], s["sent_by"]) for s in record] == [(1, 5, "dir")]


def test_a_second_send_is_refused_unless_the_director_asks_to_send_again(
    director_client: Client, director: AbstractBaseUser, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 3)
    page_send(director_client, published_howell)
    refused = page_send(director_client, published_howell)
    assert "The score cards were sent already (Sent 3 score cards on" in refused and len(mail.outbox) == 3
    api = token_client(director)
    conflict = api.post(send_url(published_howell), {}, format="json")
    assert conflict.status_code == 409 and "send again" in conflict.json()["detail"]
    assert len(mail.outbox) == 3 and ScoreCardSend.objects.count() == 1
    again = page_send(director_client, published_howell, again="1")
    assert "Score cards sent to 3 players" in again and "(sent again)" in again and len(mail.outbox) == 6
    answer = api.post(send_url(published_howell), {"again": True}, format="json").json()
    assert answer["send"]["number"] == 3 and answer["send"]["again"] and answer["send"]["sent_via"] == "api"
    assert len(mail.outbox) == 9


def test_sends_an_hour_are_bounded(
    director: AbstractBaseUser, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 1)
    api = token_client(director)
    for n in range(service.SENDS_AN_HOUR):  # at the limit: the first and each send again
        assert api.post(send_url(published_howell), {"again": n > 0}, format="json").status_code == 200
    past = api.post(send_url(published_howell), {"again": True}, format="json")
    assert past.status_code == 429 and len(mail.outbox) == service.SENDS_AN_HOUR
    assert f"sent {service.SENDS_AN_HOUR} times in the last hour" in past.json()["again"][0]
    ScoreCardSend.objects.filter(number=1).update(sent_at=dt.datetime.now(dt.UTC) - timedelta(minutes=61))
    assert api.post(send_url(published_howell), {"again": True}, format="json").status_code == 200


def test_players_a_send_are_bounded(
    director: AbstractBaseUser, published_howell: Session, members: list[Player], monkeypatch: Any
) -> None:
    with_addresses(members, 12)
    monkeypatch.setattr(service, "SEND_MOST_PLAYERS", 11)
    past = token_client(director).post(send_url(published_howell), {}, format="json")
    assert past.status_code == 400 and "a send writes to at most 11" in str(past.json())
    assert not mail.outbox and not ScoreCardSend.objects.exists()
    monkeypatch.setattr(service, "SEND_MOST_PLAYERS", 12)  # the session's twelve: at the limit
    assert token_client(director).post(send_url(published_howell), {}, format="json").status_code == 200
    assert len(mail.outbox) == 12


class FakeConnection:
    """A mail server that takes the letters but refuses one address, or cannot be reached."""

    def __init__(self, refuse: str = "", down: bool = False) -> None:
        self.refuse, self.down = refuse, down

    def __enter__(self) -> FakeConnection:
        if self.down:
            raise ConnectionRefusedError("connection refused")
        return self

    def __exit__(self, *args: object) -> None:
        return None

    def send_messages(self, messages: list[Any]) -> int:
        if messages[0].to == [self.refuse]:
            raise smtplib.SMTPRecipientsRefused({self.refuse: (550, b"no such mailbox")})
        mail.outbox.extend(messages)
        return len(messages)


def test_the_record_says_which_cards_the_mail_server_took(
    director: AbstractBaseUser, published_howell: Session, members: list[Player], monkeypatch: Any
) -> None:
    with_addresses(members, 3)
    monkeypatch.setattr(service, "get_connection", lambda: FakeConnection(down=True))
    api = token_client(director)
    down = api.post(send_url(published_howell), {}, format="json")
    assert down.status_code == 400 and "The mail server did not take the cards" in str(down.json())
    assert not ScoreCardSend.objects.exists(), "nothing went: nothing is recorded, and the send may go again"
    Player.objects.exclude(pk=members[0].pk).update(email="")  # one address, and the server refuses it
    monkeypatch.setattr(service, "get_connection", lambda: FakeConnection(refuse="member0@example.org"))
    none = api.post(send_url(published_howell), {}, format="json")
    assert "The mail server took none of the cards: refused by the mail server" in str(none.json())
    assert not ScoreCardSend.objects.exists()
    with_addresses(members, 3)
    monkeypatch.setattr(service, "get_connection", lambda: FakeConnection(refuse="member1@example.org"))
    body = api.post(send_url(published_howell), {}, format="json").json()
    assert body["not_sent"] == [members[1].name] and len(body["sent"]) == 2 and body["send"]["cards"] == 2
    refused = next(s for s in body["send"]["skipped"] if s["player"] == members[1].pk)
    assert refused["why"].startswith("refused by the mail server")


def test_the_time_handing_cards_to_the_mail_server_is_bounded(
    director: AbstractBaseUser, published_howell: Session, members: list[Player], monkeypatch: Any
) -> None:
    with_addresses(members, 5)
    clock = itertools.count()  # a second passes at each look at the clock
    monkeypatch.setattr(service.time, "monotonic", lambda: float(next(clock)))
    monkeypatch.setattr(service, "SEND_SECONDS", 3)
    body = token_client(director).post(send_url(published_howell), {}, format="json").json()
    assert len(body["sent"]) == 3 and len(body["not_sent"]) == 2 and len(mail.outbox) == 3
    late = [s["why"] for s in body["send"]["skipped"] if s["name"] in body["not_sent"]]
    assert late == ["not sent: the mail server took more than 3 s"] * 2


def test_the_command_line_sends_again_only_when_told(
    published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 1)
    call_command("score_cards", str(published_howell.pk), "--send")
    with pytest.raises(CommandError, match="sent already"):
        call_command("score_cards", str(published_howell.pk), "--send")
    call_command("score_cards", str(published_howell.pk), "--send", "--again")
    assert len(mail.outbox) == 2
    assert [s.sent_via for s in ScoreCardSend.objects.order_by("number")] == ["cli", "cli"]


# --- Hole 3: the e-mail writes the card as the printed card does ------------------------------------


def test_the_email_writes_each_tray_as_the_printed_card_with_gains_valued_and_sit_outs_marked(
    director: AbstractBaseUser, odd_mitchell: Session
) -> None:
    assert token_client(director).post(send_url(odd_mitchell), {}, format="json").status_code == 200
    cards = {c.entrant: c for c in session_score_cards(session=odd_mitchell)}
    sat_out = 0
    for message in mail.outbox:
        ((_, pdf, _),) = message.attachments
        entrant = int(re.search(r"score-card-\d+-(\d+)\.pdf", message.attachments[0][0]).group(1))  # type: ignore[union-attr]
        words = card_words(session=odd_mitchell, card=cards[entrant])
        printed = pdf_text(pdf)
        for tray in words.trays:
            assert f"Tray {tray.deal}: {tray.where} — {tray.score}\n" in message.body
            assert tray.where in printed or not tray.where.isascii()
            sat_out += tray.sat_out
            if tray.sat_out:  # as the slip says why: the bye's trays are never brought to it (p. 38)
                assert tray.where in ("sat out", "not seated at this tray") and tray.where in printed
        assert words.place in message.body and words.total in message.body
        for line in message.body.splitlines():
            if line.startswith("Tray ") and any(c in line for c in SUPERSCRIPTS):
                assert re.search(rf"\d+[{SUPERSCRIPTS}]+ \(= [^)]+\)$", line), line
    assert sat_out, "a pair sat out a tray, and its card says so"
    assert re.search(
        rf"Tray \d+: (?:sat out|not seated at this tray) — \d+[{SUPERSCRIPTS}]+ \(= [^)]+\)",
        mail.outbox[0].body,
    )


# --- Who may see what: the e-mail goes only to the player whose card it is ---------------------------


def test_each_message_goes_to_one_player_with_their_own_card_only(
    director: AbstractBaseUser, published_howell: Session, members: list[Player]
) -> None:
    with_addresses(members, 12)
    token_client(director).post(send_url(published_howell), {}, format="json")
    cards = {c.entrant: c for c in session_score_cards(session=published_howell)}
    by_address = {p.email: p for p in members}
    assert len(mail.outbox) == 12
    for message in mail.outbox:
        assert message.recipients() == message.to and len(message.to) == 1 and not message.cc
        player = by_address[message.to[0]]
        ((name, pdf, _),) = message.attachments
        card = cards[int(name.rsplit("-", 1)[1].removesuffix(".pdf"))]
        assert player.name in card.name and card.name in pdf_text(pdf) and player.name in message.body
        assert len(re.findall(rb"/Type /Page\b(?!s)", pdf)) == 1, "their own card, and no other"
