"""The director's actions that touch the slips: phantoms, tray status, entry by round, close, publish.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, Laws pp. 60-66):

- **phantom**: a late pair turned into a sit-out; the pairs it would have
  met take the average on those trays (pp. 38, 42, 44, 46). The standings
  service gives those averages; here the pair is only marked.
- **fouled** tray (Law V, Sec. 1-2, p. 62): the hands are found wrong on the
  overplay; the hands are put right and passed on, and the table at which
  it was found "shall take the average score for the deal". With fewer
  than three tables in play there must be a new deal: the scorer then
  treats the deal as void by itself (``scorers.laws.void_reason``).
- **void** tray (Law III Sec. 2, Law IV Secs. 9-10): a new deal is needed
  and nobody scores on the deal as played.
- **close**: every tray owed is sent, no line is disputed, and the director
  has decided each line the opponents never confirmed (confirm it as
  entered, or correct it); the session is scored. **publish**: the public sees what the switches allow.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from entry.disputes import Figures, sender_of
from entry.selectors.board import session_board, slips_missing, unconfirmed_lines
from entry.send import DIRECTOR_ENTRY, Sender, send_of, submit
from entry.send.rules import SIDE_WORDS
from entry.services.corrections import open_for_directing, shown_if_published
from entry.services.decisions import Decision, line_decide
from entry.services.results import result_award, result_confirm, slips_changed
from scoring.models import ScoreSnapshot, SlipLine, Via
from scoring.services.standings import standings_compute
from scoring.signals import announce_hand_records_wanted
from tournaments.locks import lock_session
from tournaments.models import Entrant, Seat, SeatingTray, Session, Table, Tray
from tournaments.services.club import log_action
from tournaments.services.errors import Conflict, FieldErrors, UserError
from tournaments.services.running import seating_changed, session_tables_advance
from tournaments.services.sessions import (
    KIND_SHAPE,
    require_status,
    session_publish_switches,
    session_set_status,
)
from tournaments.services.text import free_text

Status = Session.Status


class IncompleteSlips(UserError):
    """The session cannot close yet: ``problems`` says exactly what is missing, ``undecided`` what waits."""

    def __init__(self, problems: list[str], undecided: Sequence[SlipLine] = ()) -> None:
        super().__init__(f"The session cannot close yet: {len(problems)} to settle.")
        self.problems = problems
        self.undecided = list(undecided)


def tables_advance(*, session: Session, on: bool, room_round: int | None = None, user: Any = None) -> Session:
    """Tables move on by themselves, or wait for the director, held at ``room_round`` (the board's)."""
    room = room_round or session_board(session=session).room_round
    return session_tables_advance(session=session, on=on, room_round=room, user=user)


@transaction.atomic
def entrant_make_phantom(*, entrant: Entrant, user: Any = None) -> Entrant:
    """Turn a late pair into a phantom: its seats empty, its opponents take averages."""
    session = lock_session(entrant.session_id, defer=())
    require_status(session, Status.DRAFT, Status.RUNNING, doing="make a pair a phantom")
    if KIND_SHAPE[session.entrant_kind][0] != Entrant.Kind.PAIR or entrant.kind != Entrant.Kind.PAIR:
        raise UserError(
            "Only a pair of a pairs session becomes a phantom (p. 38): seat a substitute for a player "
            "who has not come.",
            field="entrant",
        )
    if entrant.is_phantom:
        raise UserError(f"{entrant} is already a phantom.", field="entrant")
    played = SlipLine.objects.filter(Q(ns=entrant) | Q(ew=entrant)).order_by("tray__number")
    if played.exists():
        trays = ", ".join(str(n) for n in played.values_list("tray__number", flat=True))
        raise UserError(f"{entrant} already has results (trays {trays}); it is not late.", field="entrant")
    entrant.is_phantom = True
    entrant.save(update_fields=["is_phantom"])
    seating_changed(session)
    Seat.objects.filter(
        Q(seating__ns=entrant, direction__in="NS")
        | Q(seating__ew=entrant, direction__in="EW")
        | Q(entrant=entrant)
    ).update(player=None)
    log_action(
        club=session.club, session=session, user=user, action="entrant.phantom", entrant=entrant.number
    )
    slips_changed(session)
    return entrant


def _check_fouled_table(tray: Tray, table_number: Any) -> int:
    """The table that found a tray fouled: it must play that tray."""
    try:
        number = int(table_number)
    except (TypeError, ValueError):
        raise UserError(
            "Say at which table the tray was found fouled; it takes the average.", field="table"
        ) from None
    if not SeatingTray.objects.filter(tray=tray, seating__table__number=number).exists():
        raise UserError(f"Table {number} does not play tray {tray.number}.", field="table")
    return number


@transaction.atomic
def tray_set_status(
    *, tray: Tray, status: str, reason: str, table_number: Any = None, user: Any = None, by: str = ""
) -> Tray:
    """Mark a tray in play, fouled (the finding table takes the average, Law V) or void."""
    session = lock_session(tray.session_id, defer=())
    open_for_directing(session, "changing a tray's status")
    if status not in Tray.Status.values:
        raise UserError(f"Unknown tray status {status!r}.", field="status")
    table = _check_fouled_table(tray, table_number) if status == Tray.Status.FOULED else None
    if not free_text(reason, label="A reason"):
        raise UserError("Give a reason for the change.", field="reason")
    if table is not None:
        result_award(
            session=session,
            table_number=table,
            tray_number=tray.number,
            ns_award="average",
            ew_award="average",
            reason=f"Tray fouled (Law V): {reason.strip()}",
            user=user,
            by=by,
        )
    old, tray.status = tray.status, status
    tray.save(update_fields=["status"])
    if old != status:
        before, after = (_status_words(s) for s in (old, status))
        shown_if_published(session, tray.number, None, before=before, after=after, reason=reason, user=user)
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="tray.status",
        tray=tray.number,
        old=old,
        new=status,
        table=table,
        reason=reason.strip(),
    )
    slips_changed(session)
    return tray


def _status_words(status: str) -> str:
    """A tray's status as the results say it: "in play", "fouled (Law V)", "void"."""
    label = str(Tray.Status(status).label)
    return label[0].lower() + label[1:]


@dataclass
class RoundEntry:
    """What became of a round's slips entered on the tables' behalf."""

    saved: int = 0
    errors: dict[str, str] = field(default_factory=dict)


def round_enter(
    *, session: Session, round_number: int, entries: Mapping[tuple[int, int], str], user: Any = None
) -> RoundEntry:
    """Enter a round's N-S tricks by (table, tray) for the tables, confirmed; each line stands alone."""
    outcome = RoundEntry()
    tables = {t.number: t for t in Table.objects.filter(session=session)}
    by = getattr(user, "username", "") or "director"
    for (table_number, tray_number), value in sorted(entries.items()):
        if str(value).strip() == "":
            continue
        key = f"t{table_number}-{tray_number}"
        table = tables.get(table_number)
        if table is None:
            outcome.errors[key] = f"There is no table {table_number}."
            continue
        try:
            sent = send_of({"tray": tray_number, "ns_tricks": str(value).strip(), "round": round_number})
            sender = Sender(Via.DIRECTOR, by, user)
            submitted = submit(sent, table=table, sender=sender, standing=DIRECTOR_ENTRY)
            # The director copies the slip the table signed: nobody else need confirm it.
            result_confirm(line=submitted.line, by=by, via=Via.DIRECTOR, as_director=True)
            outcome.saved += 1
        except Conflict as exc:
            outcome.errors[key] = exc.message
        except UserError as exc:
            outcome.errors[key] = exc.message
    return outcome


def close_problems(*, session: Session, decided: Collection[int] = ()) -> list[str]:
    """Everything that stops the session closing: trays not sent, lines disputed, lines not decided."""
    problems = [str(m) for m in slips_missing(session=session)]
    disputed = SlipLine.objects.filter(session=session, status=SlipLine.Status.DISPUTED).select_related(
        "tray", "table", "round"
    )
    for line in disputed.order_by("round__number", "table__number", "tray__number"):
        figures = Figures.of(line.entered_side, line.ns_tricks, line.claimed)
        problems.append(
            f"Table {line.table.number}'s result on tray {line.tray.number} (round {line.round.number}) "
            f"is disputed: {figures.words()}."
        )
    for line in unconfirmed_lines(session=session):
        if line.pk not in decided:
            sender = sender_of(line.entered_side)
            said = "N-S " if sender == "EW" else ""
            problems.append(
                f"Table {line.table.number}'s result on tray {line.tray.number} (round {line.round.number}) "
                f"is not confirmed: {SIDE_WORDS[sender]} entered {said}{line.ns_tricks}. "
                "Confirm it as entered, or correct it."
            )
    return problems


@transaction.atomic
def session_close(
    *, session: Session, decisions: Sequence[Decision] = (), user: Any = None
) -> ScoreSnapshot | None:
    """Close a running session once every tray is sent, no line disputed and every unconfirmed line decided.

    ``decisions`` says, for each line the opponents never confirmed, whether
    to confirm it as entered or correct it; without one for each, the close is
    refused and nothing changes (``IncompleteSlips`` lists them). The session
    is locked before the checks: a send or a dispute waits for the close, then
    finds the session closed, and none lands in between.
    """
    session = lock_session(session.pk, defer=())
    require_status(session, Status.RUNNING, doing="close the session")
    pending = {line.pk: line for line in unconfirmed_lines(session=session)}
    # A decision on a line no longer waiting (checked at the table, or disputed, since the page was
    # read) decides nothing: a dispute is then listed among the problems below.
    decided = {d.line: d for d in decisions if d.line in pending}
    problems = close_problems(session=session, decided=set(decided))
    if problems:
        raise IncompleteSlips(problems, [line for pk, line in pending.items() if pk not in decided])
    errors: dict[str, str] = {}
    by = getattr(user, "username", "") or "director"
    for pk, line in pending.items():
        try:
            line_decide(line=line, decision=decided[pk], user=user, by=by)
        except UserError as exc:
            errors[exc.field or f"line-{pk}"] = exc.message
    if errors:
        raise FieldErrors(errors)
    session_set_status(session=session, status=Status.CLOSED, user=user)
    return standings_compute(session_id=session.pk, wait_turn=False)  # the session's row is ours


@transaction.atomic
def session_publish(
    *, session: Session, standings: bool, travellers: bool, hand_records: bool, user: Any = None
) -> Session:
    """Publish a closed session to the club's public pages, showing what the switches allow.

    A session already published only changes what it shows.
    """
    session = lock_session(session.pk, defer=())
    if session.status == Status.PUBLISHED:
        if hand_records:
            announce_hand_records_wanted(session.pk)
        switches = {"standings": standings, "travellers": travellers, "hand_records": hand_records}
        return session_publish_switches(session=session, user=user, **switches)
    require_status(session, Status.CLOSED, doing="publish the session")
    if not (standings or travellers or hand_records):
        raise UserError("Choose at least one thing to publish.", field="standings")
    session_publish_switches(
        session=session, standings=standings, travellers=travellers, hand_records=hand_records, user=user
    )
    if hand_records:
        announce_hand_records_wanted(session.pk)
    session = session_set_status(session=session, status=Status.PUBLISHED, user=user)
    return _provisional_from_now(session)


def _provisional_from_now(session: Session) -> Session:
    """Publishing starts the results' provisional time: the club's hours from now (no job ends it: the
    session is final once the time has passed, ``Session.provisional``)."""
    session.published_at = timezone.now()
    session.provisional_until = session.published_at + dt.timedelta(hours=session.club.provisional_hours)
    session.save(update_fields=["published_at", "provisional_until", "updated_at"])
    return session
