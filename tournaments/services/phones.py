"""A phone says at a table's link which entrant it is; the director sees every phone and can release them.

The threat this answers (``scoring.visibility`` holds the whole contract):
a table's link is a **place**. Its QR code lies on the table all evening,
so every pair that ever sat there holds it, and the pairs across the table
hold it now. It proves nobody's identity. An entrant's page (its
travellers, where it goes next, its sends and checks) opens only from the
entrant's own printed link, or from a **pass**: a link of the phone's own,
given when the phone says at a table "we are pair 5". A pass is guarded so:

- **One phone claims an entrant.** Another phone that says it is the same
  entrant must type the entrant's code, shown on the entrant's own page (a
  partner's phone); without it the claim is refused, and after
  ``JOIN_TRIES`` wrong codes the entrant's claims stop until the director
  releases it. The opponents, or a pair that moved on, cannot take over an
  entrant that has a phone, and an entrant that finds itself taken learns
  it at once (its own claim is refused) and calls the director.
- **One entrant a phone.** A phone that claims another entrant stops
  following the one before (a phone shared by two pairs in a row shows the
  second pair nothing of the first), so a phone that follows its own pair
  cannot also follow the pair across the table.
- **Only the entrants on the table's card.** A table's link offers the
  entrants who sit at that table in some round (every player, at a whist
  drive, whose seats follow the results), never their links.
- **The director sees and undoes.** Every claim, join and refusal is in the
  action log; Run › Tables lists each entrant's phones (where, when, how);
  *Release* ends them all and a new code is made. The director may also
  turn claims off for a session whose entrants carry their own printed
  links.

- **A phone shows results to its entrant, not to whoever holds it.** A
  phone left at a table is picked up by the next pair. A pass is put **in
  doubt** when its phone opens the link of a table where its entrant is
  not due (``entry.services.phones.pass_scanned``), or asks anything after
  ``PASS_PAUSE`` without a request; in doubt it shows no result and acts on
  nothing (``scoring.visibility``: its viewer is ``DOUBTED``) until its
  entrant shows again that it holds it, by something the next pair does
  not have: the entrant's code, typed on the phone (``pass_vouch``), or the
  entrant's own printed link opened on it (``pass_vouch_by_link``). A tap on
  the entrant's name confirms nothing.

What remains, said plainly: an entrant that never takes a phone can be
claimed by someone else in its stead; the table's page shows beside each
entrant whether a phone follows it, and the director's list shows where
and when it was claimed.
"""

from __future__ import annotations

import datetime as dt
import secrets
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from tournaments.locks import lock_session, locked

from ..link_reads import LinkRead, PassRead, TableRead, link_word
from ..models import EntrantLink, PhonePass, Session, Table
from ..selectors import card_links
from .club import log_action
from .errors import NotFound, UserError

#: Wrong codes an entrant's claims take before they stop (until the director releases the entrant).
JOIN_TRIES = 5
#: A pass asked nothing for longer than this is in doubt at its next request: longer than a round of
#: three or four trays takes, so a phone left at a table and picked up in a later round shows nothing,
#: and short enough that the next pair cannot wait it out unseen for long.
PASS_PAUSE = dt.timedelta(minutes=20)
#: How often a pass's last request is written (``seen_at``): a phone's script polls every ten seconds,
#: and one write a minute keeps the pause exact to a minute.
PASS_SEEN_EVERY = dt.timedelta(minutes=1)
#: The digits of an entrant's code.
CODE_DIGITS = 6
SIDES = ("", "NS", "EW")


def new_join_code() -> str:
    """A fresh code of ``CODE_DIGITS`` digits."""
    return f"{secrets.randbelow(10**CODE_DIGITS):0{CODE_DIGITS}d}"


def _claimable(table: Table | TableRead, number: Any, side: Any) -> EntrantLink:
    """The entrant's link, locked, if a phone at this table may say it is that entrant."""
    session = table.session
    if session.status not in (Session.Status.DRAFT, Session.Status.RUNNING):
        raise UserError("The session is over: the results are the director's now.")
    if not session.phones_claim:
        raise UserError(
            "At this session each entrant's page opens from its own QR code, from the director; "
            "a table's code shows only the table."
        )
    wanted = {(link.entrant.number, link.side): link.pk for link in card_links(table=table)}
    pk = wanted.get((number, side))
    if pk is None:
        raise UserError(
            f"No entrant numbered {number} sits at this table: choose one on its card.", field="entrant"
        )
    return locked(EntrantLink.objects.select_related("entrant", "session__club")).get(pk=pk)


def phone_claim(
    *, table: Table | TableRead, number: int, side: str = "", device: str = "", code: str = ""
) -> PhonePass:
    """This phone is that entrant: a pass that follows it (the module docstring says who may).

    The same phone claiming its entrant again gets its pass back. A wrong
    code is counted (and kept, though the claim is refused).
    """
    if side not in SIDES:
        raise UserError("Choose N-S or E-W.", field="side")
    refusal: UserError | None = None
    with transaction.atomic():
        link = _claimable(table, number, side)
        active = list(link.passes.filter(ended_at__isnull=True))
        mine = next((p for p in active if device and p.device == device), None)
        if mine is not None:
            return mine
        if active:
            refusal = _code_refused(link, code)
        if refusal is None:
            return _new_pass(link, table, device, via=PhonePass.Via.CODE if active else PhonePass.Via.CLAIM)
    _log(link, "phone.refused", table=table.number, device=device[:8])
    raise refusal


def _code_refused(link: EntrantLink, code: str) -> UserError | None:
    """None if ``code`` is the entrant's code; else the refusal (a wrong code counted on the link)."""
    who = link_word(link).capitalize()
    if link.join_failures >= JOIN_TRIES:
        return UserError(
            f"{who}: too many wrong codes. Ask the director to release its phones.", field="code"
        )
    if not code:
        return UserError(
            f"{who} is already followed on another phone. If it is your partner's, type the code it "
            "shows under 'Add a phone'; if not, call the director.",
            field="code",
        )
    if secrets.compare_digest(code, link.join_code):
        return None
    link.join_failures += 1
    link.save(update_fields=["join_failures"])
    left = JOIN_TRIES - link.join_failures
    return UserError(f"That is not {link_word(link)}'s code ({left} tries left).", field="code")


def _new_pass(link: EntrantLink, table: Table | TableRead, device: str, *, via: str) -> PhonePass:
    """The pass, once this phone's other passes of the session have ended; the entrant's code renewed.

    The database keeps one pass a phone (``phonepass_one_entrant_a_phone``): when the same phone claims
    two entrants at once, the later claim ends the earlier one's pass once it is stored, and is stored.
    """
    for attempt in (1, 2):
        _end_phones_other_passes(link, device)
        try:
            with transaction.atomic():
                made = PhonePass.objects.create(
                    link=link,
                    session_id=link.session_id,
                    device=device,
                    table_id=table.pk,
                    via=via,
                    seen_at=timezone.now(),
                )
            break
        except IntegrityError:
            if attempt == 2:
                raise UserError("This phone said who it is twice at once: tap your pair again.") from None
    link.join_code, link.join_failures = new_join_code(), 0
    link.save(update_fields=["join_code", "join_failures"])
    _log(link, f"phone.{via}", table=table.number, device=device[:8])
    return made


def _end_phones_other_passes(link: EntrantLink, device: str) -> None:
    """A phone follows one entrant of a session at a time: its other passes end."""
    if device:
        PhonePass.objects.filter(session_id=link.session_id, device=device, ended_at__isnull=True).update(
            ended_at=timezone.now(), ended_why="another entrant on this phone"
        )


@transaction.atomic
def pass_leave(*, phone_pass: PassRead) -> PhonePass:
    """ "Not us": this phone stops following its entrant (the page is handed to someone else)."""
    found = locked(PhonePass.objects.select_related("link__entrant", "link__session__club"))
    phone_pass = found.get(pk=phone_pass.pk)
    if phone_pass.ended_at is None:
        phone_pass.ended_at, phone_pass.ended_why = timezone.now(), "not us"
        phone_pass.save(update_fields=["ended_at", "ended_why"])
        _log(phone_pass.link, "phone.leave", device=phone_pass.device[:8])
    return phone_pass


def pass_seen(*, phone_pass: PassRead, now: dt.datetime | None = None) -> PassRead:
    """A request by this pass (as its link read found it): in doubt after ``PASS_PAUSE`` without one; its
    last request kept (written at most every ``PASS_SEEN_EVERY``). The pass as it stands now."""
    now = now or timezone.now()
    last = phone_pass.seen_at or phone_pass.created_at
    if not phone_pass.in_doubt and now - last > PASS_PAUSE:
        pass_doubt(phone_pass=phone_pass, why="back after a pause", now=now)
        return phone_pass._replace(**PhonePass.objects.values(*DOUBT).get(pk=phone_pass.pk))
    if now - last > PASS_SEEN_EVERY:
        PhonePass.objects.filter(pk=phone_pass.pk).update(seen_at=now)
        return phone_pass._replace(seen_at=now)
    return phone_pass


#: What putting a pass in doubt, or out of it, writes.
DOUBT = ("doubted_at", "doubted_why", "doubted_table_id", "seen_at")


def pass_doubt(
    *,
    phone_pass: PhonePass | PassRead,
    why: str,
    table: Table | TableRead | None = None,
    now: dt.datetime | None = None,
) -> None:
    """Put the pass in doubt (``why``; ``table``: the table whose link its phone opened), unless it is
    already: it shows no result and acts on nothing until its entrant confirms it holds it."""
    now = now or timezone.now()
    PhonePass.objects.filter(pk=phone_pass.pk, doubted_at__isnull=True).update(
        doubted_at=now, doubted_why=why[:80], doubted_table_id=table.pk if table else None, seen_at=now
    )
    _log(phone_pass.link, "phone.doubt", why=why, device=phone_pass.device[:8])


def pass_vouch(*, phone_pass: PassRead, code: str) -> None:
    """The entrant's code typed on a phone in doubt: it follows its entrant again (a new code comes); a
    wrong code is counted as a claim's is (``JOIN_TRIES``, and kept though refused)."""
    with transaction.atomic():
        link = locked(EntrantLink.objects.select_related("entrant", "session__club"))
        link = link.get(pk=phone_pass.link_id)
        refusal = _vouch_refused(link, str(code or ""))
        if refusal is None:
            _vouched(phone_pass, link, "code")
            return
    _log(link, "phone.vouch_refused", device=phone_pass.device[:8])
    raise refusal


def _vouch_refused(link: EntrantLink, code: str) -> UserError | None:
    """None if ``code`` is the entrant's code; else the refusal (a wrong code counted on the link)."""
    who = link_word(link)
    if link.join_failures >= JOIN_TRIES:
        return UserError(
            f"Too many wrong codes for {who}. Ask the director to release its phones.", field="code"
        )
    if code and link.join_code and secrets.compare_digest(code, link.join_code):
        return None
    if code:
        link.join_failures += 1
        link.save(update_fields=["join_failures"])
    return UserError(
        f"That is not {who}'s code. It is shown under 'Add a phone' on your partner's phone; or open your "
        "own card's QR code on this phone, or call the director.",
        field="code",
    )


def pass_vouch_by_link(*, link: LinkRead, device: str) -> bool:
    """The entrant's own printed link opened on a phone whose pass of it is in doubt: it holds the
    entrant's link, so its pass follows the entrant again (whether there was such a pass)."""
    if not device:
        return False
    doubted = PhonePass.objects.filter(
        link_id=link.pk, device=device, ended_at__isnull=True, doubted_at__isnull=False
    ).first()
    if doubted is None:
        return False
    with transaction.atomic():
        rows = locked(EntrantLink.objects.select_related("entrant", "session__club"))
        _vouched(doubted, rows.get(pk=link.pk), "own link")
    return True


def _vouched(phone_pass: PhonePass | PassRead, link: EntrantLink, how: str) -> None:
    """The pass out of doubt, its entrant's code renewed (a code serves once)."""
    PhonePass.objects.filter(pk=phone_pass.pk).update(
        doubted_at=None, doubted_why="", doubted_table_id=None, seen_at=timezone.now()
    )
    if link.join_code:
        link.join_code, link.join_failures = new_join_code(), 0
        link.save(update_fields=["join_code", "join_failures"])
    _log(link, "phone.vouch", how=how, device=phone_pass.device[:8])


@transaction.atomic
def entrant_release_phones(*, link: EntrantLink, user: Any = None) -> int:
    """The director ends every phone that follows this entrant, and makes its claims open again."""
    link = locked(EntrantLink.objects.select_related("entrant", "session__club")).get(pk=link.pk)
    ended = PhonePass.objects.filter(link=link, ended_at__isnull=True).update(
        ended_at=timezone.now(), ended_why="released by the director"
    )
    link.join_code, link.join_failures = "", 0
    link.save(update_fields=["join_code", "join_failures"])
    _log(link, "phone.release", user=user, phones=ended)
    return ended


@transaction.atomic
def session_phones_claim(*, session: Session, on: bool, user: Any = None) -> Session:
    """Let phones say at a table's link which entrant they are, or open entrants' pages only from their
    own printed links (phones that claimed keep following until released)."""
    session = lock_session(session.pk, defer=(), club=True)
    session.phones_claim = on
    session.save(update_fields=["phones_claim", "updated_at"])
    log_action(club=session.club, session=session, user=user, action="session.phones_claim", on=on)
    return session


def pass_for_director(*, session: Session, link_id: Any) -> EntrantLink:
    """An entrant's link of this session, or NotFound."""
    try:
        return EntrantLink.objects.select_related("entrant").get(session=session, pk=int(link_id))
    except (EntrantLink.DoesNotExist, TypeError, ValueError):
        raise NotFound("There is no such entrant in this session.") from None


def _log(link: EntrantLink | LinkRead, action: str, *, user: Any = None, **data: Any) -> None:
    session = link.session
    log_action(
        club=session.club,
        session=session,
        user=user,
        actor="" if user else "a phone",
        action=action,
        entrant=link_word(link),
        **data,
    )
