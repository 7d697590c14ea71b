"""A corrected name shows everywhere at once: the pair is named from its players as the roster has them.

The audit's case: "Margret Quill" (a typo) plays round 1; the director corrects the roster entry to
Margaret Quill (or merges the typo into the member's entry). Every door that shows or sends the pair's
name then says Margaret Quill and none says Margret: the phone's page, the director's pages, the API's
entrants and standings, the public pages, the results' CSV, JSON and PDF, the score card's PDF and its
e-mail. Only the session's history (on the director's session page) keeps the former name, with when.
Each door is read once before the change too, so a name kept in a cache would be caught.

Through the real doors: the roster page, the pages and the API with Django's test client.
"""

from __future__ import annotations

import datetime as dt
import random
import re
from typing import Any

import pytest
from django.contrib.auth.models import AbstractBaseUser
from django.core import mail
from django.test import Client
from django.urls import reverse

from entry.services.results import result_confirm
from scoring.models import Via
from tests.api.helpers import token_client
from tests.phones import Phone
from tests.security.test_pdf_long_words import pdf_text
from tests.sends import result_submit
from tournaments.models import Club, Entrant, Player, Seating, Session
from tournaments.services import club as club_services
from tournaments.services import deals, seating, sessions

pytestmark = pytest.mark.django_db

OLD, NEW = "Margret", "Margaret Quill"


def play_rounds(session: Session, rounds: range) -> None:
    """Enter and confirm every tray of these rounds from the director's page, as the tables would."""
    rng = random.Random(5)
    seatings = Seating.objects.filter(round__session=session, round__number__in=list(rounds))
    for s in seatings.select_related("round", "table").order_by("round__number", "table__number"):
        for st in s.seating_trays.select_related("tray").order_by("order"):
            outcome = result_submit(
                table=s.table,
                tray_number=st.tray.number,
                ns_tricks=rng.randint(4, 9),
                via=Via.DIRECTOR,
                as_director=True,
                by="director",
                round_number=s.round.number,
            )
            result_confirm(line=outcome.line, by="director", via=Via.DIRECTOR, as_director=True)


@pytest.fixture
def evening(club: Club) -> Session:
    """Six pairs by a Howell, round 1 played; pair 1 is "Margret Quill" (as pasted) & Nathaniel Price."""
    names = ["Margret Quill", "Nathaniel Price", *(f"Member {i:02d}" for i in range(3, 13))]
    people = [
        club_services.player_create(club=club, name=n, email=f"p{i}@example.org") for i, n in enumerate(names)
    ]
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 30), title="Renamed")
    for i in range(6):
        sessions.entrant_create(session=session, players=people[2 * i : 2 * i + 2])
    seating.movement_fix(session=session, family="howell", deals=10)
    deals.trays_deal(session=session, rng=random.Random(3))
    session = sessions.session_start(session=session)
    session = sessions.session_publish_switches(session=session, running_score=True)
    play_rounds(session, range(1, 2))
    return sessions.session_advance(session=session)


def phone_of_pair_one(session: Session) -> Phone:
    """A phone at the table where pair 1 plays in the round in play, following the pair across from it."""
    pair = Entrant.objects.get(session=session, kind="pair", number=1)
    here = Seating.objects.filter(round__session=session, round__number=session.current_round)
    row = here.filter(ns=pair).first() or here.get(ew=pair)
    return Phone.at(row.table, "EW" if row.ns_id == pair.pk else "NS")


def director_doors(client: Client, session: Session) -> dict[str, str]:
    """The director's pages and the API's entrants, as text."""
    api = token_client(session.club.clubdirector_set.first().user)  # type: ignore[union-attr]
    return {
        "session page": without_history(client.get(reverse("director:session", args=[session.pk])).content),
        "set-up page": client.get(reverse("director:setup", args=[session.pk])).content.decode(),
        "round 1 entry": client.get(reverse("run:enter", args=[session.pk, 1])).content.decode(),
        "tables page": client.get(reverse("run:tables", args=[session.pk])).content.decode(),
        "api entrants": api.get(f"/api/v1/sessions/{session.pk}/entrants/").content.decode(),
    }


def closing_doors(client: Client, session: Session) -> dict[str, str]:
    """What the director prints and sends once the session is over: the score cards, the PBN results."""
    cards = client.get(reverse("run:score_cards_pdf", args=[session.pk])).content
    return {
        "score cards PDF": pdf_text(cards),
        "results.pbn": client.get(reverse("run:results_pbn", args=[session.pk])).content.decode("latin-1"),
    }


def without_history(page: bytes) -> str:
    """The director's session page without its history of names (which keeps the former ones)."""
    text = page.decode()
    return re.sub(r'<h2 id="name-history">.*?</ul>', "", text, flags=re.S)


def public_doors(client: Client, session: Session, player: Player) -> dict[str, str]:
    """Every public page and download that names pair 1, as text."""
    args = [session.club.slug, session.pk]
    public = f"/api/v1/public/clubs/{session.club.slug}/sessions/{session.pk}"
    return {
        "results page": client.get(reverse("public:session", args=args)).content.decode(),
        "travellers": client.get(reverse("public:travellers", args=args)).content.decode(),
        "tray 1": client.get(reverse("public:tray", args=[*args, 1])).content.decode(),
        "score card page": client.get(reverse("public:card", args=[*args, 1])).content.decode(),
        "player page": client.get(
            reverse("public:player", args=[session.club.slug, player.pk])
        ).content.decode(),
        "results.csv": client.get(reverse("public:results_csv", args=args)).content.decode(),
        "results.json": client.get(reverse("public:results_json", args=args)).content.decode(
            "unicode_escape"
        ),
        "results.pdf": pdf_text(client.get(reverse("public:results_pdf", args=args)).content),
        "public api session": client.get(f"{public}/").content.decode(),
    }


def check(doors: dict[str, str]) -> None:
    """Each door names Margaret Quill, and none Margret."""
    assert {k for k, text in doors.items() if NEW not in text} == set(), "the new name is missing"
    assert {k for k, text in doors.items() if OLD in text} == set(), "the old name is still shown"


def finish(session: Session) -> Session:
    """Play the remaining rounds, close and publish everything."""
    play_rounds(session, range(2, session.rounds.count() + 1))
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    session = sessions.session_publish_switches(
        session=session, standings=True, travellers=True, hand_records=True
    )
    return sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)


def score_card_doors(director: AbstractBaseUser, session: Session) -> dict[str, str]:
    """The score cards e-mailed to pair 1's players: each message's text and its card's PDF."""
    mail.outbox.clear()
    answer = token_client(director).post(
        f"/api/v1/sessions/{session.pk}/score-cards/send/", {}, format="json"
    )
    assert answer.status_code == 200, answer.content
    out: dict[str, Any] = {}
    for message in mail.outbox:
        if message.to[0] in ("p0@example.org", "p1@example.org"):
            ((_, pdf, _),) = message.attachments
            out[f"e-mail to {message.to[0]}"] = f"{message.subject}\n{message.body}"
            out[f"card PDF to {message.to[0]}"] = pdf_text(pdf)
    assert len(out) == 4
    return out


def test_a_player_renamed_after_round_1_is_renamed_in_every_door_and_the_history_keeps_the_old_name(
    director_client: Client, director: AbstractBaseUser, club: Club, evening: Session
) -> None:
    typo = Player.objects.get(name="Margret Quill")
    phone = phone_of_pair_one(evening)
    before = {"phone page": phone.page().content.decode(), **director_doors(director_client, evening)}
    assert {k for k, text in before.items() if "Margret Quill" not in text} == set(), "each door named it"

    edit = reverse("director:player_edit", args=[club.slug, typo.pk])
    answer = director_client.post(edit, {"name": NEW, "email": "p0@example.org", "active": "on"}, follow=True)
    assert "Saved Margaret Quill." in answer.content.decode()

    check({"phone page": phone.page().content.decode(), "phone state": phone.state().content.decode()})
    check(director_doors(director_client, evening))
    session = finish(evening)
    check(public_doors(Client(), session, typo))
    check(director_doors(director_client, session))
    check(closing_doors(director_client, session))
    check(score_card_doors(director, session))
    history = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert re.search(
        r"<time[^>]*>[^<]+</time> Margret Quill was renamed Margaret Quill on the roster\.", history
    )


def test_a_pasted_typo_merged_into_the_member_is_the_member_everywhere(
    director_client: Client, director: AbstractBaseUser, club: Club, evening: Session
) -> None:
    typo = Player.objects.get(name="Margret Quill")
    member = club_services.player_create(club=club, name=NEW, member_number="1900")
    session = finish(evening)
    before = public_doors(Client(), session, typo)
    assert "Margret Quill" in before["results page"]
    merge = reverse("director:player_merge", args=[club.slug, typo.pk])
    said = director_client.post(merge, {"keep": member.pk}, follow=True).content.decode()
    assert "Margret Quill is merged into Margaret Quill." in said  # the message, read once
    check(public_doors(Client(), session, member))
    check(director_doors(director_client, session))
    history = director_client.get(reverse("director:session", args=[session.pk])).content.decode()
    assert "Margret Quill was merged into Margaret Quill on the roster." in history


def test_an_entrants_label_is_shown_beside_its_players_and_its_change_is_kept(
    director_client: Client, director: AbstractBaseUser, evening: Session
) -> None:
    url = reverse("director:entrant_label", args=[evening.pk, 1])
    assert director_client.post(url, {"label": "The Quills"}).status_code == 302
    api = token_client(director)
    found = api.get(f"/api/v1/sessions/{evening.pk}/entrants/1/").json()
    assert found["label"] == "The Quills" and found["name"] == "The Quills (Margret Quill & Nathaniel Price)"
    answer = api.patch(
        f"/api/v1/sessions/{evening.pk}/entrants/1/", {"label": "Quill and Price"}, format="json"
    )
    assert answer.status_code == 200 and answer.json()["name"].startswith("Quill and Price (")
    assert (
        api.patch(
            f"/api/v1/sessions/{evening.pk}/entrants/1/", {"label": "x" * 161}, format="json"
        ).status_code
        == 400
    )
    page = director_client.get(reverse("director:session", args=[evening.pk])).content.decode()
    assert "Pair 1 was named “The Quills”." in page
    assert "Pair 1 was renamed from “The Quills” to “Quill and Price”." in page
    entry = director_client.get(reverse("run:enter", args=[evening.pk, 1])).content.decode()
    assert "Quill and Price (Margret Quill &amp; Nathaniel Price)" in entry
