"""Personal score cards after the session: printed (a PDF page each) and e-mailed to each player.

Issue: clubs using other programs hand out or send each pair its score card; the app had only the public page.
"""

from __future__ import annotations

import io
import re
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from scoring.selectors.score_cards import session_score_cards
from tests.api.helpers import token_client
from tests.security.test_pdf_long_words import pdf_text
from tournaments.models import Player, Session
from tournaments.services import sessions

pytestmark = pytest.mark.django_db


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", pdf))


def test_every_card_adds_up_to_its_standings_total(published_howell: Session) -> None:
    cards = session_score_cards(session=published_howell)
    assert [c.entrant for c in cards] == list(range(1, 7))
    for card in cards:
        assert card.total_exact == card.standing.total and card.rows


def test_the_director_prints_every_card_one_page_each(
    director_client: Client, published_howell: Session
) -> None:
    response = director_client.get(reverse("run:score_cards_pdf", args=[published_howell.pk]))
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert _pages(response.content) == 6
    text = pdf_text(response.content)
    card = session_score_cards(session=published_howell)[0]
    assert card.name in text and text.count("The trays add up to ") == 6
    page = director_client.get(reverse("run:close", args=[published_howell.pk])).content.decode()
    assert 'id="score-cards-pdf"' in page and "(0 of 12)" in page
    assert Client().get(reverse("run:score_cards_pdf", args=[published_howell.pk])).status_code == 302


def test_each_player_with_an_address_is_sent_the_card_of_their_pair(
    director_client: Client, published_howell: Session, members: list[Player]
) -> None:
    for n, player in enumerate(members[:5]):
        player.email = f"member{n}@Example.ORG"
        player.save()
    response = director_client.post(reverse("run:score_cards_send", args=[published_howell.pk]), follow=True)
    assert "Score cards sent to 5 players; no e-mail address on the roster for" in response.content.decode()
    assert sorted(m.to[0] for m in mail.outbox) == sorted(p.email for p in members[:5])
    first = next(m for m in mail.outbox if m.to == [members[0].email])
    ((name, pdf, kind),) = first.attachments
    assert kind == "application/pdf" and _pages(pdf) == 1 and name.endswith(".pdf")
    assert members[0].name in first.body and "The card with each tray's working: " in first.body
    card_page = Client().get(first.body.split("working: ", 1)[1].split()[0].split("testserver", 1)[-1])
    assert members[0].email not in card_page.content.decode(), "an address is the director's alone"


def test_a_running_session_has_no_cards_to_send_yet(running_session: Session, director: Any) -> None:
    api = token_client(director)
    response = api.post(f"/api/v1/sessions/{running_session.pk}/score-cards/send/")
    assert response.status_code == 400 and "send the score cards" in str(response.json())
    assert not mail.outbox


def test_the_api_sends_and_names_who_has_no_address(
    published_howell: Session, members: list[Player], director: Any
) -> None:
    members[0].email = "a@example.org"
    members[0].save()
    body = token_client(director).post(f"/api/v1/sessions/{published_howell.pk}/score-cards/send/").json()
    assert body["sent"] == [members[0].name] and len(body["without_address"]) == 11 and len(mail.outbox) == 1


def test_the_command_line_prints_and_sends(
    published_howell: Session, members: list[Player], tmp_path: Path
) -> None:
    members[1].email = "b@example.org"
    members[1].save()
    out = io.StringIO()
    with redirect_stdout(out):
        call_command(
            "score_cards", str(published_howell.pk), "--pdf", str(tmp_path / "c.pdf"), "--send", stdout=out
        )
    assert "Wrote 6 score cards" in out.getvalue() and "Score cards sent to 1 player" in out.getvalue()
    assert _pages((tmp_path / "c.pdf").read_bytes()) == 6 and len(mail.outbox) == 1
    reopened = sessions.session_reopen(session=published_howell, reason="a revoke found")  # final: a reason
    sessions.session_reopen(session=reopened)
    with pytest.raises(CommandError, match="Close the session first"):
        call_command("score_cards", str(published_howell.pk), "--send")


def test_the_roster_keeps_an_address_checked_on_the_page_the_api_and_the_csv(
    director_client: Client, club: Any, director: Any
) -> None:
    player = Player.objects.create(club=club, name="Ada Byron")
    url = reverse("director:player_edit", args=[club.slug, player.pk])
    bad = director_client.post(url, {"name": "Ada Byron", "email": "not an address", "active": "on"})
    assert "is not an e-mail address" in bad.content.decode()
    director_client.post(url, {"name": "Ada Byron", "email": "ada@Example.ORG", "active": "on"})
    player.refresh_from_db()
    assert player.email == "ada@example.org"
    api = token_client(director)
    refused = api.post(f"/api/v1/clubs/{club.slug}/players/", {"name": "B", "email": "x@"}, format="json")
    assert refused.status_code == 400 and "email" in refused.json()
    made = api.post(
        f"/api/v1/clubs/{club.slug}/players/", {"name": "B", "email": "b@example.org"}, format="json"
    )
    assert made.status_code == 201 and made.json()["email"] == "b@example.org"
    from tournaments.services.club import roster_import_csv

    added, problems = roster_import_csv(club=club, text="name,email\nCy,cy@example.org\nDi,nope\n")
    assert added == 1 and "not an e-mail address" in " ".join(problems)
    assert Player.objects.get(name="Cy").email == "cy@example.org"
