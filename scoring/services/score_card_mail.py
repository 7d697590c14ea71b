"""A player's score card as an e-mail: its headers made safe, its body written as the printed card is.

Every header of the message is built from what a client can store: the subject from the club's name and
the session's title, the sender's name from the club's name, the recipient from the player's address, the
reply-to from the director's. A header holds one line, so each piece is first made one line of printable
text (``one_line``: line breaks, tabs and other control or format characters become a space, and it is cut
to its bound); an address is used only when it is a valid address on its own (``address``). Then the
message is built as the mail server would take it (``fits``): whatever is still refused leaves that player
out, said so, instead of failing the send. Nothing stored can add a header.

The body writes the card in the printed card's words (``scoring.selectors.score_cards.card_words``).
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from email.utils import formataddr, parseaddr

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.mail.message import sanitize_address
from django.core.validators import validate_email
from django.urls import reverse

from scoring.selectors.public import ScoreCard
from scoring.selectors.score_cards import card_words
from scoring.visibility import published
from tournaments.models import Player, Session

#: The longest subject written (a club's name and a session's title are up to 120 characters each).
SUBJECT_MAX = 200
#: The longest name beside the sender's address (the club's name).
NAME_MAX = 80
#: The longest address used (RFC 5321's path: 254 characters).
ADDRESS_MAX = 254


def one_line(text: object, most: int) -> str:
    """Text for a header: each run of spaces, line breaks, control and format characters one space, cut
    to ``most`` characters with an ellipsis."""
    spaced = "".join(" " if unicodedata.category(c)[0] in "CZ" else c for c in str(text))
    flat = " ".join(spaced.split())
    return flat if len(flat) <= most else flat[: most - 1].rstrip() + "…"


def address(value: object) -> str | None:
    """The address when mail can carry it as it is (one valid address, nothing else); None if not."""
    text = str(value or "")
    if not text or len(text) > ADDRESS_MAX or one_line(text, ADDRESS_MAX) != text or " " in text:
        return None
    try:
        validate_email(text)
    except ValidationError:
        return None
    return text


def sender(session: Session) -> str:
    """From: the club's name beside the site's sending address (``DEFAULT_FROM_EMAIL``)."""
    own = address(parseaddr(settings.DEFAULT_FROM_EMAIL)[1])
    if own is None:
        return str(settings.DEFAULT_FROM_EMAIL)
    return formataddr((one_line(session.club.name, NAME_MAX), own))


def subject(session: Session) -> str:
    """ "Club: your score card, Title (29 Nov 2026)", on one line."""
    title = one_line(session.title, SUBJECT_MAX)
    return one_line(f"{session.club.name}: your score card, {title} ({session.date:%d %b %Y})", SUBJECT_MAX)


def body(session: Session, card: ScoreCard, player: Player) -> str:
    """The message: whose card, the place, each tray as the printed card writes it, and its page."""
    words = card_words(session=session, card=card)
    lines = [
        f"{one_line(player.name, NAME_MAX)},",
        "",
        f"Your score card for {one_line(session.title, SUBJECT_MAX)} on {session.date:%d %B %Y}"
        f" at {one_line(session.club.name, SUBJECT_MAX)}.",
        "",
        words.title,
        words.place,
        "",
        *(f"Tray {t.deal}: {t.where} — {t.score}" for t in words.trays),
        "",
        words.total,
        *words.members,
    ]
    if published(session).travellers and published(session).standings:
        path = reverse("public:card", args=[session.club.slug, session.pk, card.entrant])
        lines += ["", f"The card with each tray's working: {settings.SITE_URL.rstrip('/')}{path}"]
    return "\n".join([*lines, "", "The card is attached as a PDF."])


@dataclass(frozen=True)
class Letter:
    """One player's message: the card of their entrant, to their address alone."""

    player: Player
    entrant: int
    to: str
    message: EmailMessage


def letter(
    session: Session, card: ScoreCard, player: Player, *, to: str, reply_to: str | None, pdf: bytes
) -> Letter:
    """The message for one player (``to`` already checked by ``address``), with the card's PDF."""
    message = EmailMessage(
        subject=subject(session),
        body=body(session, card, player),
        from_email=sender(session),
        to=[to],
        reply_to=[reply_to] if reply_to else None,
    )
    message.attach(f"score-card-{session.pk}-{card.entrant}.pdf", pdf, "application/pdf")
    return Letter(player, card.entrant, to, message)


def fits(message: EmailMessage) -> bool:
    """The message builds as the mail server would take it: every header one line, every address whole."""
    encoding = message.encoding or settings.DEFAULT_CHARSET
    try:
        message.message()
        for each in [message.from_email, *message.recipients(), *message.reply_to]:
            sanitize_address(each, encoding)
    except (ValueError, TypeError, IndexError):
        return False
    return True
