"""The close page at 1280 px: the director e-mails the score cards, sees the send recorded, and sends
them again only with the button that says so."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from tests.browser import support
from tests.browser.support import log_in
from tests.public.builders import play_session
from tournaments.models import Club, Session
from tournaments.services import club as club_services

pytestmark = pytest.mark.browser


@pytest.fixture
def closed(club: Club) -> Session:
    people = [
        club_services.player_create(
            club=club, name=f"Member {n:02d}", email=f"m{n}@example.org" if n % 3 else ""
        )
        for n in range(1, 13)
    ]
    return play_session(
        club=club,
        players=people,
        title="Cards night",
        date=dt.date(2026, 12, 1),
        family="mitchell",
        deals_count=6,
        publish=None,
    )


def test_the_director_sends_the_cards_sees_the_send_and_sends_again(
    live_server: Any, new_page: Any, closed: Session
) -> None:
    page = new_page({"width": 1280, "height": 900})
    log_in(page, live_server.url)
    page.goto(live_server.url + reverse("run:close", args=[closed.pk]))
    page.click("#score-cards-send")
    page.wait_for_selector("#score-cards-sent")
    sent = page.locator("#score-cards-sent li").all_inner_texts()
    assert len(sent) == 1 and sent[0].startswith("Sent 8 score cards on ") and " by dir." in sent[0]
    assert (
        "Not sent: no e-mail address on the roster for Member 12, Member 09, Member 03, Member 06." in sent[0]
        and len(mail.outbox) == 8
    )
    page.click("#score-cards-send-again")
    page.wait_for_function("document.querySelectorAll('#score-cards-sent li').length === 2")
    assert "(sent again)" in page.locator("#score-cards-sent li").nth(1).inner_text()
    assert len(mail.outbox) == 16
    page.locator("#score-cards").scroll_into_view_if_needed()
    support.shot(page, "director-score-cards-sent")
