"""What a phone that follows an entrant may do: send its table's count, and let the other side check or
dispute it.

A table's own link is a place and acts on nothing (``scoring.visibility``).
A phone that follows an entrant (by its own printed link, or by the pass
it was given at a table) acts for the table where that entrant plays the
tray (it need not scan the new table's code), and may check, dispute or
correct only the lines of the trays that entrant played.

**Two sides to every line** (W. H. Barney, *Whist and Duplicate Whist*,
1900, p. 42): whichever side sends, the other checks (``rules.decide_check``).
When the other side holds a phone of its own (a pass not ended), the check
comes from that phone, and the sending side's phone is refused; a side with
no phone checks on the sender's phone handed across, and the line records
it so (``SlipLine.checked_how``). The side that sent corrects its own count
until then (``rules.decide_amend``). Every other rule of a result stays in
``services.results``; this module finds the table and the sides.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from entry.selectors.phone import Phone, holds_a_phone, line_sides, phone_line, phone_side
from entry.selectors.rounds import EntrantPlay, entrant_plays, round_of_plays
from entry.send.rules import OTHER_SIDE, CheckAsked, CheckBy, Refuse, decide_check
from entry.services.lines import lock_line
from entry.services.results import (
    Checker,
    SubmitOutcome,
    result_confirm,
    result_dispute,
    result_submit,
    table_may_still,
)
from scoring.models import SlipLine, Via
from tournaments.models import EntrantLink, PhonePass, Session, Table
from tournaments.movements.drive import DRIVE_METHODS
from tournaments.services.errors import Conflict, UserError
from tournaments.services.phones import pass_doubt

#: A whist drive's result goes through the player's own drive page (``services.drive``), never as a tray.
DRIVE_ELSEWHERE = (
    "This is a whist drive: nothing was stored. Each deal's result, who won and the points made, is "
    "sent from the player's own drive page (Barney, 1900, p. 24)."
)


def is_a_drive(session: Session) -> bool:
    """A whist drive, told by its movement without a read: the First and Second Methods are a drive's only."""
    return session.movement_family == "progressive" and session.movement_variant in DRIVE_METHODS


def refuse_in_doubt(phone: Phone) -> None:
    """A phone whose pass is in doubt acts on nothing until its entrant confirms it holds it."""
    if phone.in_doubt:
        assert phone.link is not None
        raise UserError(
            f"This phone must first show it is still {phone.entrant_word}'s: type its code on the phone's "
            "page, or open your own card's QR code on it. Nothing was stored."
        )


def pass_scanned(*, table: Table, device: str) -> None:
    """A phone opened a table's link: its pass goes in doubt when its entrant is not due at this table
    (it was left here, and the next pair holds it)."""
    if not device or table.session.status != Session.Status.RUNNING:
        return
    found = PhonePass.objects.filter(
        session_id=table.session_id, device=device, ended_at__isnull=True, doubted_at__isnull=True
    )
    phone_pass = found.select_related("link__entrant", "link__session__club").first()
    if phone_pass is None or due_at(phone_pass.link, table):
        return
    why = f"opened table {table.number}'s code, where its pair is not due"
    pass_doubt(phone_pass=phone_pass, why=why, table=table)


def due_at(link: EntrantLink, table: Table) -> bool:
    """Whether the entrant sits at this table in its round now, or sat there in the last round it played
    (a sit-out between left out) while a line of that round there waits for the other side's check.

    Not a round still to come: a phone left at a table the pair comes back to later (a Howell brings
    pairs back) is picked up there by the pairs between, who have not played its trays yet."""
    session = table.session
    plays = entrant_plays(link=link, session=session)
    current = round_of_plays(plays, session=session, rounds=max((p.round for p in plays), default=0))
    here = {p.round for p in plays if p.table.pk == table.pk}
    if current in here:
        return True
    last = max((p.round for p in plays if p.round < current), default=0)
    waiting = SlipLine.objects.filter(table=table, round__number=last, status=SlipLine.Status.ENTERED)
    return last in here and waiting.exists()


def refuse_a_drive(phone: Phone) -> None:
    """A whist drive takes no duplicate tray (no tricks per tray, no amending it): 409, nothing read."""
    if is_a_drive(phone.session):
        raise Conflict(DRIVE_ELSEWHERE)


def phone_submit(
    *,
    phone: Phone,
    tray_number: Any,
    ns_tricks: Any,
    device: str,
    idempotency_key: str | None,
    ns_revokes: int,
    ew_revokes: int,
    round_number: int | None,
    trump: str = "",
) -> SubmitOutcome:
    """Store the N-S tricks of a tray the phone's entrant plays now, at the table where it plays it
    (``trump``: the card turned there, with the first result of a tray dealt at the table), as sent by
    the side the entrant sits there: the other side checks it.

    A phone's keys are its entrant's (``key_scope``). A repeated send (the
    same key) is answered from the line it stored, though the entrant has
    moved on since (``result_submit`` finds the key in its scope wherever it
    was stored); a tray the entrant played at an earlier table is answered
    as sent there (409 with the stored line), not as one of another
    table's; and a tray the entrant's opponents have sent already is
    answered with that line wherever the entrant is now (``entrant``).
    Three reads before the lock: the pass, the entrant's plays
    (``entrant_plays``), and what the send looks for first.
    """
    link = phone.link
    assert link is not None, "a table's own link sends nothing: it is a place"
    refuse_a_drive(phone)
    refuse_in_doubt(phone)
    plays = entrant_plays(link=link, session=phone.session)
    # Past its last play the entrant is finished: any round after it says so to the send (no count read).
    current = round_of_plays(plays, session=phone.session, rounds=max((p.round for p in plays), default=0))
    table = _table_of_tray(plays, tray_number, current)
    table.session = phone.session
    refuse_unplayed(phone, plays, (tray_number, current, table), idempotency_key)
    owes_more = any(p.owed and not p.sent and str(p.tray) != str(tray_number).strip() for p in plays)
    # Playing the tray at this table now, the table's line is the answer (mnemonic duplicate plays each tray
    # twice, p. 25: the first play's line is not this one); else the entrant's own line, wherever sent.
    played = [p for p in plays if p.table.pk == table.pk and str(p.tray) == str(tray_number).strip()]
    here = any(p.round == current for p in played)
    side = next((p.side for p in played), "")
    return result_submit(
        table=table,
        tray_number=tray_number,
        ns_tricks=ns_tricks,
        via=Via.TABLE,
        by=phone.actor(side),
        side=side,
        device=device,
        idempotency_key=idempotency_key,
        ns_revokes=ns_revokes,
        ew_revokes=ew_revokes,
        round_number=round_number,
        phone_round=current,
        key_scope=key_scope(phone),
        sender_owes_more=owes_more,
        entrant=None if here else (link.entrant_id, link.side),
        trump=trump,
    )


def refuse_unplayed(
    phone: Phone, plays: list[EntrantPlay], where: tuple[Any, int, Table], key: str | None
) -> None:
    """A tray the entrant has not played by its round now (it plays it later, or never) and whose line of
    its own nobody has sent is refused before any line is read: the line that the table where it sits now
    (``where``: the tray as sent, the entrant's round, that table) has on that tray is other pairs' (from
    an earlier round), neither to be told to this phone nor sent from it. A key this phone's entrant has
    stored a line with is answered by that line first (a replay, or a key reused: 422), as every send's is;
    only then is the query made, so a send of a tray it plays costs nothing more."""
    tray_number, current, table = where
    if not _is_number(tray_number):
        return  # ``find_tray`` refuses it
    number = int(str(tray_number).strip())
    if any(p.tray == number and (p.round <= current or p.sent) for p in plays):
        return
    if key and SlipLine.objects.filter(idempotency_scope=key_scope(phone), idempotency_key=key).exists():
        return
    raise UserError(f"Tray {number} is not at table {table.number} this round.", field="tray")


def _table_of_tray(plays: list[EntrantPlay], tray_number: Any, current: int) -> Table:
    """The table where the entrant plays this tray: in its round now if it plays it then, else in the
    last round before (a tray sent there is answered as sent; a key sent there, as its replay), else
    where it sits now."""
    number = int(str(tray_number).strip()) if _is_number(tray_number) else None
    here = {p.round: p.table for p in plays}
    rounds = {p.round for p in plays if p.tray == number}
    before = [r for r in rounds if r < current]
    table = here.get(current if current in rounds or not before else max(before))
    if table is None:
        raise UserError("Your entrant has no table this round: nothing to send.", field="tray")
    return table


def _is_number(value: Any) -> bool:
    """Whether a tray number as sent is a number the database can compare (``find_tray`` says the rest)."""
    try:
        return 0 < int(str(value).strip()) < 2**15
    except ValueError:
        return False


def key_scope(phone: Phone) -> str:
    """Whose keys a phone's are: its entrant's (its own printed link's and its phones' passes' alike)."""
    assert phone.link is not None
    return f"entrant-link:{phone.link.pk}"


def phone_confirm(*, phone: Phone, tray_number: Any, version: int | None) -> SlipLine:
    """The other side checks the line of a tray at the phone's table (at the version it saw)."""
    refuse_in_doubt(phone)
    line = phone_line(phone=phone, tray_number=tray_number)
    with transaction.atomic():
        line = lock_line(line)
        check, by = checked_by(phone, line)
        how = SlipLine.Checked.ACROSS if check.across else SlipLine.Checked.OWN
        checker = Checker(check.side, how, phone.device)
        return result_confirm(line=line, by=by, via=Via.TABLE, version=version, checker=checker)


def phone_dispute(*, phone: Phone, tray_number: Any, claimed: Any) -> SlipLine:
    """The other side disagrees with the line of a tray at the phone's table: it goes to the director."""
    refuse_in_doubt(phone)
    line = phone_line(phone=phone, tray_number=tray_number)
    with transaction.atomic():
        line = lock_line(line)
        _check, by = checked_by(phone, line)
        return result_dispute(line=line, claimed=claimed, by=by, via=Via.TABLE)


def checked_by(phone: Phone, line: SlipLine) -> tuple[CheckBy, str]:
    """Who checks (or disputes) this line on this phone, and how the slip's history names them; or the
    refusal (``rules.decide_check``). The line is locked, and a closed session refuses first, saying
    nothing of the line."""
    table_may_still(line)
    sides = line_sides(line)
    mine = phone_side(phone, sides)
    other = OTHER_SIDE[line.entered_side or "NS"]
    has_phone = mine != other and holds_a_phone(session_id=line.session_id, holders=sides[other])
    decided = decide_check(CheckAsked(line.tray.number, line.entered_side, mine, has_phone))
    if isinstance(decided, Refuse):
        raise decided.error()
    if not decided.across:
        return decided, phone.actor(decided.side)
    entrant = line.ns if decided.side == "NS" else line.ew
    who = f"{entrant.get_kind_display().lower()} {entrant.number} (" if entrant is not None else "("
    return decided, f"{who}{decided.words}, on {phone.entrant_word}'s phone handed across)"
