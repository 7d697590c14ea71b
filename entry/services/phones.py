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
from entry.selectors.rounds import entrant_plays, round_of_plays
from entry.send import Follower, Send, submit_followed
from entry.send.rules import (
    OTHER_SIDE,
    CheckAsked,
    CheckBy,
    Refusal,
    decide_check,
    must,
    phone_may_send,
)
from entry.services.lines import lock_line
from entry.services.results import (
    Checker,
    SubmitOutcome,
    result_confirm,
    result_dispute,
    table_may_still,
)
from scoring.models import SlipLine, Via
from tournaments.link_reads import LinkRead, TableRead
from tournaments.models import EntrantLink, PhonePass, Session, Table
from tournaments.selectors import seated_by_results
from tournaments.services.phones import pass_doubt

#: A whist drive's result goes through the player's own drive page (``services.drive``), never as a tray.
DRIVE_ELSEWHERE = str(Refusal.A_DRIVE.value[0])


def refuse_in_doubt(phone: Phone, *, tray_too: bool = False) -> None:
    """A phone whose pass is in doubt acts on nothing until its entrant confirms it holds it; with
    ``tray_too``, nor does any phone at a whist drive on a duplicate tray (``rules.phone_may_send``)."""
    drive = tray_too and seated_by_results(phone.session)
    must(phone_may_send(drive=drive, in_doubt=phone.in_doubt, entrant=phone.entrant_word))


def pass_scanned(*, table: Table | TableRead, device: str) -> None:
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


def due_at(link: EntrantLink | LinkRead, table: Table | TableRead) -> bool:
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


def phone_submit(*, phone: Phone, sent: Send) -> SubmitOutcome:
    """Store the N-S tricks of a tray the phone's entrant plays now, at the table where it plays it,
    as sent by the side the entrant sits there: the other side checks it (``send.submit_followed``).

    A phone's keys are its entrant's (``key_scope``). A repeated send (the
    same key) is answered from the line it stored, though the entrant has
    moved on since; a tray the entrant played at an earlier table is
    answered as sent there (409 with the stored line), not as one of another
    table's; and a tray the entrant's opponents have sent already is
    answered with that line wherever the entrant is now.
    """
    link = phone.link
    assert link is not None, "a table's own link sends nothing: it is a place"
    refuse_in_doubt(phone, tray_too=True)
    follower = Follower(phone.session, (link.entrant_id, link.side), key_scope(phone), phone.actor)
    return submit_followed(sent, follower)


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
    decided = must(decide_check(CheckAsked(line.tray.number, line.entered_side, mine, has_phone)))
    if not decided.across:
        return decided, phone.actor(decided.side)
    entrant = line.ns if decided.side == "NS" else line.ew
    who = f"{entrant.get_kind_display().lower()} {entrant.number} (" if entrant is not None else "("
    return decided, f"{who}{decided.words}, on {phone.entrant_word}'s phone handed across)"
