"""Send each player the score card of the entrant they played in, once the session is closed.

Through Django's mail backend (``settings.EMAIL_*``: the console unless the club gives a mail server), one
message a player whose e-mail address the roster holds, to that address alone, with their entrant's card
as a PDF and, when the travellers are published, the link to the card's page
(``scoring.services.score_card_mail``). The addresses are the director's alone: no page, export or answer
but the director's shows them.

Each send is recorded (``ScoreCardSend``: when, by whom, from which page, the cards the mail server took
and the players left out, and why). A session's cards are sent once: a second send is refused unless the
director asks to send them again (after a correction, say), which is its own record. The session's row is
locked while a send is decided and recorded, so two sends at once never both mail. Bounds: at most
``SEND_MOST_PLAYERS`` players a send, ``SENDS_AN_HOUR`` sends of a session in any hour, ``SEND_SECONDS``
handing cards to the mail server.
"""

from __future__ import annotations

import smtplib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.core.mail import get_connection
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone

from scoring.models import ScoreCardSend, Via
from scoring.score_cards_pdf import score_cards_pdf
from scoring.selectors.public import ScoreCard
from scoring.selectors.score_cards import send_said, session_score_cards
from scoring.services.score_card_mail import Letter, address, fits, letter
from tournaments.locks import lock_session
from tournaments.models import EntrantMember, Player, Session
from tournaments.movements.limits import SEAT_MAX_TABLES
from tournaments.selectors import ranked_kind
from tournaments.services.club import log_action
from tournaments.services.errors import Conflict, UserError
from tournaments.services.sessions import require_status

#: The most players one send writes to: every player of the largest session the app seats (sixty tables).
SEND_MOST_PLAYERS = 4 * SEAT_MAX_TABLES
#: The most sends of one session's cards in any hour: the first and each "send again".
SENDS_AN_HOUR = 3
#: Seconds a send spends handing cards to the mail server; the cards not handed over by then are not sent.
SEND_SECONDS = 15
#: The most of the mail server's own words kept for the director.
DETAIL_MAX = 200

NO_ADDRESS = "no e-mail address on the roster"
BAD_ADDRESS = "an address the mail cannot carry"


class SentTooOften(UserError):
    """A send past ``SENDS_AN_HOUR`` (429, as a throttle answers)."""

    status = 429


@dataclass(frozen=True)
class CardsSent:
    """What sending the cards did: its record, the players written to, those left out and why."""

    record: ScoreCardSend
    sent: tuple[str, ...]
    without_address: tuple[str, ...]
    bad_address: tuple[str, ...] = ()
    not_sent: tuple[str, ...] = ()

    def __str__(self) -> str:
        said = f"Score cards sent to {len(self.sent)} player{'s' if len(self.sent) != 1 else ''}"
        for why, names in (
            (NO_ADDRESS, self.without_address),
            (BAD_ADDRESS, self.bad_address),
            ("not taken by the mail server", self.not_sent),
        ):
            if names:
                said += f"; {why} for {', '.join(names)}"
        return said + "."


def _players(session: Session, entrant: int) -> list[Player]:
    """The players of a ranked entrant (a team of more than eight: the players of its pairs too), once."""
    team = session.entrants.filter(kind=ranked_kind(session), number=entrant).first()
    if team is None:
        return []
    members = EntrantMember.objects.filter(Q(entrant=team) | Q(entrant__team=team)).select_related("player")
    found = {m.player.pk: m.player for m in members.order_by("entrant__number", "order")}
    return list(found.values())


def _cards_players(session: Session, cards: Sequence[ScoreCard]) -> list[tuple[ScoreCard, list[Player]]]:
    """Each card with its players; ``UserError`` past ``SEND_MOST_PLAYERS`` (nothing sent)."""
    out = [(card, _players(session, card.entrant)) for card in cards]
    count = sum(len(players) for _, players in out)
    if count > SEND_MOST_PLAYERS:
        raise UserError(
            f"This session has {count} players with a card; a send writes to at most {SEND_MOST_PLAYERS}."
            " Print the cards instead.",
            field="send",
        )
    return out


def _letters(
    session: Session, cards: Sequence[ScoreCard], reply_to: str | None
) -> tuple[list[Letter], list[dict[str, Any]]]:
    """One letter a player whose address mail can carry; the players left out, and why."""
    letters: list[Letter] = []
    skipped: list[dict[str, Any]] = []
    for card, players in _cards_players(session, cards):
        pdf = b""
        for player in players:
            to = address(player.email)
            if to is None:
                skipped.append(_left_out(player, NO_ADDRESS if not player.email else BAD_ADDRESS))
                continue
            pdf = pdf or score_cards_pdf(session=session, cards=[card])
            made = letter(session, card, player, to=to, reply_to=reply_to, pdf=pdf)
            if not fits(made.message):
                skipped.append(_left_out(player, BAD_ADDRESS))
                continue
            letters.append(made)
    return letters, skipped


def _left_out(player: Player, why: str) -> dict[str, Any]:
    return {"player": player.pk, "name": player.name, "why": why}


def _refusal(session: Session, again: bool) -> UserError | None:
    """Why this send may not go now: sent already (unless ``again``), or sent too often this hour."""
    last = ScoreCardSend.objects.filter(session=session).order_by("-number").first()
    if last is None:
        return None
    if not again:
        refused = Conflict(
            f"The score cards were sent already ({send_said(last)}). To send every card again, after a"
            " correction, ask for it: send again.",
            field="again",
        )
        return refused.with_line({"number": last.number, "sent_at": last.sent_at.isoformat()}, again)
    hour_ago = timezone.now() - timedelta(hours=1)
    recent = list(
        ScoreCardSend.objects.filter(session=session, sent_at__gt=hour_ago).order_by("-sent_at")[
            :SENDS_AN_HOUR
        ]
    )
    if len(recent) < SENDS_AN_HOUR:
        return None
    free = timezone.localtime(recent[-1].sent_at + timedelta(hours=1))
    return SentTooOften(
        f"The score cards of this session were sent {SENDS_AN_HOUR} times in the last hour, the most a"
        f" session's are; they can be sent again from {free:%H:%M}.",
        field="again",
    )


def _reserve(session: Session, *, again: bool, user: Any, via: str) -> ScoreCardSend:
    """This send's record, made under the session's lock once nothing refuses it (see ``_refusal``)."""
    try:
        with transaction.atomic():
            locked = lock_session(session.pk)
            require_status(
                locked, Session.Status.CLOSED, Session.Status.PUBLISHED, doing="send the score cards"
            )
            refused = _refusal(locked, again)
            if refused is not None:
                raise refused
            number = _last_number(locked) + 1
            return ScoreCardSend.objects.create(
                session=locked,
                number=number,
                again=number > 1,
                sent_at=timezone.now(),
                sent_via=via,
                sent_by=user.get_username() if getattr(user, "is_authenticated", False) else "",
                sent_user=user if getattr(user, "is_authenticated", False) else None,
            )
    except IntegrityError:  # another send took this number first (a database that does not lock rows)
        raise Conflict("The score cards are being sent already.", field="again") from None


def _last_number(session: Session) -> int:
    last = ScoreCardSend.objects.filter(session=session).order_by("-number").first()
    return last.number if last else 0


def _hand_over(letters: Sequence[Letter]) -> tuple[list[Letter], list[tuple[Letter, str]]]:
    """Hand each letter to the mail server until ``SEND_SECONDS`` pass: those taken, those not and why.

    ``UserError`` when the server cannot be reached at all (nothing was sent).
    """
    started = time.monotonic()
    taken: list[Letter] = []
    refused: list[tuple[Letter, str]] = []
    try:
        with get_connection() as connection:
            for each in letters:
                if time.monotonic() - started > SEND_SECONDS:
                    refused.append((each, f"not sent: the mail server took more than {SEND_SECONDS} s"))
                    continue
                try:
                    done = connection.send_messages([each.message])
                except (OSError, smtplib.SMTPException) as exc:
                    refused.append((each, f"refused by the mail server ({str(exc)[:DETAIL_MAX]})"))
                    continue
                if done:
                    taken.append(each)
                else:
                    refused.append((each, "not sent"))
    except (OSError, smtplib.SMTPException) as exc:
        if not taken:
            raise UserError(
                f"The mail server did not take the cards ({str(exc)[:DETAIL_MAX]}); try again later.",
                field="send",
            ) from None
    return taken, refused


def score_cards_send(
    *, session: Session, user: Any = None, via: str = Via.DIRECTOR, again: bool = False
) -> CardsSent:
    """E-mail every player with an address the card of their entrant (the session closed or published).

    Refused when the cards were sent already, unless ``again``; each send is recorded.
    """
    require_status(session, Session.Status.CLOSED, Session.Status.PUBLISHED, doing="send the score cards")
    refused = _refusal(session, again)
    if refused is not None:
        raise refused
    cards = session_score_cards(session=session)
    if not cards:
        raise UserError("The session has no standings yet, so there is no score card to send.")
    director = getattr(user, "email", "") if getattr(user, "is_authenticated", False) else ""
    letters, skipped = _letters(session, cards, address(director))
    if not letters:
        raise UserError("No player of this session has an e-mail address on the roster that mail can carry.")
    record = _reserve(session, again=again, user=user, via=via)
    try:
        taken, failed = _hand_over(letters)
        if not taken:  # nothing went: no send to record, and the next is a first send again
            raise UserError(f"The mail server took none of the cards: {failed[0][1]}.", field="send")
    except UserError:
        record.delete()
        raise
    return _finish(record, taken, failed, skipped)


def _finish(
    record: ScoreCardSend,
    taken: Sequence[Letter],
    failed: Sequence[tuple[Letter, str]],
    skipped: Sequence[dict[str, Any]],
) -> CardsSent:
    """Write down whom the send reached and whom not, in its record and the club's log."""
    record.recipients = [
        {"player": t.player.pk, "name": t.player.name, "email": t.to, "entrant": t.entrant} for t in taken
    ]
    record.skipped = [*skipped, *(_left_out(each.player, why) for each, why in failed)]
    record.finished_at = timezone.now()
    record.save(update_fields=["recipients", "skipped", "finished_at"])
    log_action(
        club=record.session.club,
        session=record.session,
        user=record.sent_user,
        action="score_cards.send",
        number=record.number,
        sent=len(taken),
        missing=len(record.skipped),
    )
    return CardsSent(
        record=record,
        sent=tuple(t.player.name for t in taken),
        without_address=tuple(s["name"] for s in skipped if s["why"] == NO_ADDRESS),
        bad_address=tuple(s["name"] for s in skipped if s["why"] == BAD_ADDRESS),
        not_sent=tuple(each.player.name for each, _ in failed),
    )
