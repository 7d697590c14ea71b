"""Send each player the score card of the entrant they played in, once the session is closed.

Through Django's mail backend (``settings.EMAIL_*``: the console unless the club gives a mail server), one
message a player whose e-mail address the roster holds, with that entrant's card as a PDF and, when the
travellers are published, the link to the card's page. The addresses are the director's alone: no page,
export or answer but the director's shows them.
"""

from __future__ import annotations

import smtplib
from collections.abc import Sequence
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import EmailMessage, get_connection
from django.db.models import Q
from django.urls import reverse

from scoring.score_cards_pdf import score_cards_pdf
from scoring.selectors.public import ScoreCard
from scoring.selectors.score_cards import session_score_cards
from scoring.visibility import published
from tournaments.models import EntrantMember, Player, Session
from tournaments.selectors import ranked_kind
from tournaments.services.club import log_action
from tournaments.services.errors import UserError
from tournaments.services.sessions import require_status


@dataclass(frozen=True)
class CardsSent:
    """What sending the cards did: the players written to, and those the roster has no address for."""

    sent: tuple[str, ...]
    without_address: tuple[str, ...]

    def __str__(self) -> str:
        said = f"Score cards sent to {len(self.sent)} player{'s' if len(self.sent) != 1 else ''}"
        if self.without_address:
            said += f"; no e-mail address on the roster for {', '.join(self.without_address)}"
        return said + "."


def _players(session: Session, entrant: int) -> list[Player]:
    """The players of a ranked entrant (a team of more than eight: the players of its pairs too)."""
    team = session.entrants.filter(kind=ranked_kind(session), number=entrant).first()
    if team is None:
        return []
    members = EntrantMember.objects.filter(Q(entrant=team) | Q(entrant__team=team)).select_related("player")
    return [m.player for m in members.order_by("entrant__number", "order")]


def _body(session: Session, card: ScoreCard, player: Player) -> str:
    """The message: the place, each tray's score, the total, and the card's page when it is public."""
    lines = [
        f"{player.name},",
        "",
        f"Your score card for {session.title} on {session.date:%d %B %Y} at {session.club.name}.",
        f"{card.name}: place {card.standing.rank}; the trays add up to {card.total_text}.",
        "",
        *(f"Tray {r.deal}: {r.score.plain}" for r in card.rows),
    ]
    if published(session).travellers and published(session).standings:
        path = reverse("public:card", args=[session.club.slug, session.pk, card.entrant])
        lines += ["", f"The card with each tray's working: {settings.SITE_URL.rstrip('/')}{path}"]
    return "\n".join([*lines, "", "The card is attached as a PDF."])


def _messages(
    session: Session, cards: Sequence[ScoreCard]
) -> tuple[list[EmailMessage], list[str], list[str]]:
    """One message a player with an address; the names sent to, and those without an address."""
    messages, sent, missing = [], [], []
    for card in cards:
        players = _players(session, card.entrant)
        if not players:
            continue
        pdf = score_cards_pdf(session=session, cards=[card])
        for player in players:
            if not player.email:
                missing.append(player.name)
                continue
            message = EmailMessage(
                subject=f"{session.club.name}: your score card, {session.title} ({session.date:%d %b %Y})",
                body=_body(session, card, player),
                to=[player.email],
            )
            message.attach(f"score-card-{session.pk}-{card.entrant}.pdf", pdf, "application/pdf")
            messages.append(message)
            sent.append(player.name)
    return messages, sent, missing


def score_cards_send(*, session: Session, user: object = None) -> CardsSent:
    """E-mail every player with an address the card of their entrant (the session closed or published)."""
    require_status(session, Session.Status.CLOSED, Session.Status.PUBLISHED, doing="send the score cards")
    cards = session_score_cards(session=session)
    if not cards:
        raise UserError("The session has no standings yet, so there is no score card to send.")
    messages, sent, missing = _messages(session, cards)
    try:
        with get_connection() as connection:
            connection.send_messages(messages)
    except (OSError, smtplib.SMTPException) as exc:
        raise UserError(f"The mail server did not take the cards ({exc}); try again later.") from None
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="score_cards.send",
        sent=len(sent),
        missing=len(missing),
    )
    return CardsSent(sent=tuple(sent), without_address=tuple(missing))
