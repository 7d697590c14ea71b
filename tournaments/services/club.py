"""The club, its directors and its roster."""

from __future__ import annotations

import csv
import io
import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from uuid import uuid4

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q, QuerySet

from tournaments.locks import locked

from ..models import ActionLog, Club, ClubDirector, EntrantMember, Player, Seat, Session
from ..models.club import PROVISIONAL_HOURS_MAX
from .club_jobs import job_load, job_save
from .errors import UserError
from .text import column_text, shortened

logger = logging.getLogger(__name__)


def log_action(
    *, club: Club, action: str, user: Any = None, actor: str = "", session: Any = None, **data: Any
) -> ActionLog:
    """Record one change in the club's action log; an ``actor`` the app builds (a club's or a table's
    name) is shortened to fit its column."""
    return ActionLog.objects.create(
        club_id=club.pk,
        session_id=None if session is None else session.pk,
        user=user if getattr(user, "is_authenticated", False) else None,
        actor=shortened(actor, ActionLog, "actor"),
        action=action,
        data=data,
    )


def club_create(*, name: str, slug: str) -> Club:
    """Create a club."""
    name = column_text(name, Club, "name", label="A club's name")
    return Club.objects.create(name=name, slug=column_text(slug, Club, "slug", label="A club's short name"))


def club_provisional_set(*, club: Club, hours: Any, user: Any = None) -> Club:
    """Set for how many hours after publishing a session's results are provisional (0 to 30 days)."""
    if isinstance(hours, str) and hours.strip().isdigit():
        hours = int(hours.strip())
    if isinstance(hours, bool) or not isinstance(hours, int) or not 0 <= hours <= PROVISIONAL_HOURS_MAX:
        raise UserError(
            f"Keep results provisional for 0 to {PROVISIONAL_HOURS_MAX} hours (30 days).", field="hours"
        )
    club.provisional_hours = hours
    club.save(update_fields=["provisional_hours"])
    log_action(club=club, user=user, action="club.provisional_hours", hours=hours)
    return club


def director_add(*, club: Club, user: AbstractBaseUser) -> ClubDirector:
    """Make a user a director of the club."""
    director, _ = ClubDirector.objects.get_or_create(club=club, user=user)
    return director


def clubs_directed_by(*, user: Any) -> QuerySet[Club]:
    """The clubs a user directs (a director sees only these)."""
    if not getattr(user, "is_authenticated", False):
        return Club.objects.none()
    return Club.objects.filter(clubdirector__user=user)


def check_sex(value: str) -> str:
    """ "lady", "gentleman" or blank (the whist drive's Second Method, p. 24); "L" and "G" will do."""
    clean = (value or "").strip().lower()
    clean = {"l": "lady", "g": "gentleman"}.get(clean, clean)
    if clean not in ("", "lady", "gentleman"):
        raise UserError(f"Lady or gentleman (or blank), not {value!r}.", field="sex")
    return clean


def player_create(
    *,
    club: Club,
    name: str,
    member_number: str = "",
    sex: str = "",
    email: str = "",
    visitor: bool = False,
    user: Any = None,
) -> Player:
    """Add a member (or, ``visitor``, a visitor) to the roster; member numbers are unique in the club."""
    name, member_number = _name_and_number(name, member_number)
    if not name:
        raise UserError("A player needs a name.", field="name")
    sex, email = check_sex(sex), check_email(email)
    try:
        with transaction.atomic():
            roster_room_check(club=club, adding=1, hold=True)
            player = Player.objects.create(
                club=club, name=name, member_number=member_number, sex=sex, email=email, visitor=visitor
            )
    except IntegrityError:
        raise UserError(
            f"Member number {member_number} is already on the roster.", field="member_number"
        ) from None
    log_action(
        club=club, user=user, action="player.create", player=player.pk, name=name, **_visiting(visitor)
    )
    return player


def _visiting(visitor: bool) -> dict[str, bool]:
    """What a log line says of a visitor (nothing of a member)."""
    return {"visitor": True} if visitor else {}


def names_changed(*, players: Sequence[int]) -> int:
    """Count a change to these players' names in every session they played (``seating_version``), so that
    what was kept of its names (pages, downloads, the phones' pages) is read again at once; the number of
    sessions."""
    entered = EntrantMember.objects.filter(player_id__in=players).values("session_id")
    seated = Seat.objects.filter(player_id__in=players).values("round__session_id")
    touched = Session.objects.filter(Q(pk__in=entered) | Q(pk__in=seated))
    return touched.update(seating_version=F("seating_version") + 1)


@transaction.atomic
def player_make_member(*, player: Player, user: Any = None) -> Player:
    """A visitor joins the club: a member from now on (the season's ladder ranks them with the members)."""
    if player.merged_into_id is not None:
        raise UserError("This roster entry was merged into another: make that one a member.")
    if not player.visitor:
        raise UserError(f"{player.name} is a member already.")
    player.visitor = False
    player.save(update_fields=["visitor"])
    log_action(club=player.club, user=user, action="player.member", player=player.pk, name=player.name)
    return player


def check_email(value: str) -> str:
    """An e-mail address as the roster keeps it (blank for none), or a ``UserError`` on ``email``."""
    address = column_text(value, Player, "email", label="An e-mail address")
    if not address:
        return ""
    try:
        validate_email(address)
    except ValidationError:
        raise UserError(f"{address!r} is not an e-mail address.", field="email") from None
    local, _, domain = address.rpartition("@")
    return f"{local}@{domain.lower()}"


def _name_and_number(name: str, member_number: str) -> tuple[str, str]:
    """A player's name and member number as the roster keeps them, or a ``UserError`` naming the field."""
    return (
        column_text(name, Player, "name", label="A player's name"),
        column_text(member_number, Player, "member_number", label="A member number"),
    )


def player_update(
    *,
    player: Player,
    name: str,
    member_number: str,
    active: bool,
    sex: str | None = None,
    email: str | None = None,
    user: Any = None,
) -> Player:
    """Change a player's name, number, active flag, lady or gentleman, e-mail (``None`` keeps either).

    A new name shows at once wherever the player's entrants are named (``names_changed``); the log keeps
    the former one (``player.rename``), which each session's page shows the director.
    """
    name, member_number = _name_and_number(name, member_number)
    if not name:
        raise UserError("A player needs a name.", field="name")
    if sex is not None:
        player.sex = check_sex(sex)
    if email is not None:
        player.email = check_email(email)
    was = Player.objects.filter(pk=player.pk).values_list("name", flat=True).first() or player.name
    player.name, player.member_number, player.active = name, member_number, active
    try:
        with transaction.atomic():
            player.save()
            if was != name:
                names_changed(players=[player.pk])
    except IntegrityError:
        raise UserError(
            f"Member number {player.member_number} is already on the roster.", field="member_number"
        ) from None
    log_action(club=player.club, user=user, action="player.update", player=player.pk)
    if was != name:
        log_action(club=player.club, user=user, action="player.rename", player=player.pk, was=was, name=name)
    return player


@transaction.atomic
def player_merge(*, keep: Player, merge: Player, user: Any = None) -> Player:
    """Merge a duplicate roster entry into another: its history moves, it is retired; the sessions it
    played name the kept entry at once (``names_changed``), and the log keeps the merged name."""
    if keep.pk == merge.pk or keep.club_id != merge.club_id:
        raise UserError("Choose two different players of the same club.", field="merge")
    both = EntrantMember.objects.filter(player=keep).values("session_id")
    sat = Seat.objects.filter(player=keep).values("round_id")
    if (
        EntrantMember.objects.filter(player=merge, session_id__in=both).exists()
        or Seat.objects.filter(player=merge, round_id__in=sat).exists()
    ):
        raise UserError("Both players played in the same session; they cannot be one player.")
    EntrantMember.objects.filter(player=merge).update(player=keep)
    Seat.objects.filter(player=merge).update(player=keep)
    Seat.objects.filter(plays_for=merge).update(plays_for=keep)
    Seat.objects.filter(player=keep, plays_for=keep).update(plays_for=None)  # sat in for themself
    merge.active = False
    merge.merged_into = keep
    keep.visitor = keep.visitor and merge.visitor  # a member's duplicate entry as a visitor is the member
    if not keep.member_number and merge.member_number:
        keep.member_number, merge.member_number = merge.member_number, ""
    merge.save()
    keep.save()
    names_changed(players=[keep.pk])
    log_action(
        club=keep.club,
        user=user,
        action="player.merge",
        keep=keep.pk,
        merged=merge.pk,
        was=merge.name,
        name=keep.name,
    )
    return keep


def players_search(*, club: Club, q: str = "", active_only: bool = False) -> QuerySet[Player]:
    """Roster search by name or member number (search as you type); a NUL, which no name holds, is dropped."""
    qs = Player.objects.filter(club=club, merged_into__isnull=True)
    if active_only:
        qs = qs.filter(active=True)
    q = str(q).replace("\x00", "").strip()
    if q:
        qs = qs.filter(Q(name__icontains=q) | Q(member_number__iexact=q))
    return qs.order_by("name")


def roster_size_check(size: int) -> None:
    """Refuse a roster file larger than the ``ROSTER_MAX_BYTES`` setting."""
    cap = int(settings.ROSTER_MAX_BYTES)
    if size > cap:
        raise UserError(
            f"The file has {size:,} bytes; a roster CSV may have at most {cap:,} (setting ROSTER_MAX_BYTES).",
            field="file",
        )


#: The most players a club's roster holds, active or not: a club of thousands fits, and every list of the
#: roster (its pages, the entrants' pickers, an import's check) is bounded by it. A player added past it,
#: one by one or by a list or a file, is refused; a file that would pass it is refused whole.
ROSTER_MAX_PLAYERS = 10_000


def roster_room_check(*, club: Club, adding: int, hold: bool = False, field: str | None = None) -> None:
    """Refuse to add ``adding`` players to a roster they would take past ``ROSTER_MAX_PLAYERS``.

    ``hold``: the club's row is held (``FOR NO KEY UPDATE``) until the transaction ends, so two writers
    count in turn and neither passes the cap; what refers to the club (a session, a log line) goes on.
    SQLite has one writer anyway: nothing to hold.
    """
    if hold and connection.vendor == "postgresql":
        locked(Club.objects.all(), no_key=True).filter(pk=club.pk).exists()
    have = Player.objects.filter(club=club).count()
    if have + adding > ROSTER_MAX_PLAYERS:
        more = f"{adding:,} more player{'' if adding == 1 else 's'}"
        raise UserError(
            f"The roster has {have:,} players: {more} would pass the most a club's roster may hold, "
            f"{ROSTER_MAX_PLAYERS:,}.",
            field=field,
        )


#: Rows written in one transaction: another writer (a phone sending a result) waits for one batch at
#: most, a fraction of a second, never for the whole file.
ROSTER_BATCH_ROWS = 200
#: How long an import's progress stays readable in the cache after its last step.
ROSTER_IMPORT_SECONDS = 3600


@dataclass(frozen=True)
class RosterRow:
    """A line of a roster file, checked: a player to add."""

    line: int
    name: str
    member_number: str
    sex: str
    email: str = ""


@dataclass(frozen=True)
class RosterFile:
    """A roster file read and checked whole: the players to add, and the lines refused, with why."""

    rows: tuple[RosterRow, ...]
    problems: tuple[tuple[int, str], ...]


def roster_read(*, club: Club, text: str) -> RosterFile:
    """Read and check a whole roster file before anything of it is written (two queries: the numbers
    taken, the players counted).

    Refused whole (a ``UserError`` on ``file``, nobody added): a file over
    ``ROSTER_MAX_BYTES``, one that is not CSV, one without a ``name``
    column, one with a row of more cells than its header (a name with
    an unquoted comma, whose cells would land in the wrong columns), and
    one whose players would take the roster past ``ROSTER_MAX_PLAYERS``.
    Reported and skipped, the rest kept: a row without a name, with a cell
    too long to keep or holding a NUL, a sex neither lady nor gentleman, or
    a member number already on the roster or earlier in the file.
    """
    records = _csv_records(text)
    taken = set(
        Player.objects.filter(club=club).exclude(member_number="").values_list("member_number", flat=True)
    )
    rows: list[RosterRow] = []
    problems: list[tuple[int, str]] = []
    for line, record in enumerate(records, start=2):
        try:
            row = _roster_row(line, record, taken)
        except UserError as exc:
            if exc.field == "file":
                raise
            problems.append((line, exc.message))
            continue
        taken.add(row.member_number)
        rows.append(row)
    roster_room_check(club=club, adding=len(rows), field="file")
    return RosterFile(rows=tuple(rows), problems=tuple(problems))


def _csv_records(text: str) -> list[dict[Any, Any]]:
    """The rows of a roster file, each a dict by its header's names; refused whole (a ``UserError`` on
    ``file``) past ``ROSTER_MAX_BYTES``, if it is not CSV, or without a ``name`` column."""
    roster_size_check(len(text.encode("utf-8", "surrogatepass")))
    reader = csv.DictReader(io.StringIO(text))
    try:
        records = list(reader)
    except csv.Error:
        where = f"Line {reader.line_num}" if reader.line_num else "The file"
        raise UserError(
            f"{where} is not CSV the app can read; save it again as CSV (UTF-8).", field="file"
        ) from None
    fields = {f.strip().lower() for f in (reader.fieldnames or [])}
    if "name" not in fields:
        raise UserError("The CSV needs a header row with a 'name' column.", field="file")
    return records


def _roster_row(line: int, record: dict[Any, Any], taken: set[str]) -> RosterRow:
    """One row checked as ``player_create`` checks it, or a ``UserError`` (on ``file``: refuse the file)."""
    extra = record.pop(None, None) or []
    if any(str(cell).strip() for cell in extra):
        raise UserError(
            f"Line {line} has more cells than the header: put a name holding a comma in double quotes.",
            field="file",
        )
    clean = {k.strip().lower(): (v or "").strip() for k, v in record.items() if k}
    if not clean.get("name"):
        raise UserError("no name", field="name")
    name, number = _name_and_number(clean["name"], clean.get("member_number", ""))
    sex, email = check_sex(clean.get("sex", "")), check_email(clean.get("email", ""))
    if number and number in taken:
        raise UserError(f"Member number {number} is already on the roster.", field="member_number")
    return RosterRow(line=line, name=name, member_number=number, sex=sex, email=email)


def roster_write(
    *,
    club: Club,
    rows: Sequence[RosterRow],
    user: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[int, list[tuple[int, str]]]:
    """Add checked rows in batches of ``ROSTER_BATCH_ROWS``, each its own short transaction.

    Returns (players added, lines refused at writing: a number another
    writer took since the file was read). ``progress(rows written, players
    added)`` is called after each batch, once its transaction is over.
    """
    added, problems = 0, list[tuple[int, str]]()
    for start in range(0, len(rows), ROSTER_BATCH_ROWS):
        batch = rows[start : start + ROSTER_BATCH_ROWS]
        made, refused = _roster_batch(club=club, batch=batch, user=user)
        added, problems = added + made, problems + refused
        if progress is not None:
            progress(start + len(batch), added)
    return added, problems


@transaction.atomic
def _roster_batch(*, club: Club, batch: Sequence[RosterRow], user: Any) -> tuple[int, list[tuple[int, str]]]:
    """One batch in one transaction: a look at its numbers, its players and their log lines, in bulk."""
    numbers = [row.member_number for row in batch if row.member_number]
    taken = set(
        Player.objects.filter(club=club, member_number__in=numbers).values_list("member_number", flat=True)
    )
    refused = [
        (row.line, f"Member number {row.member_number} is already on the roster.")
        for row in batch
        if row.member_number in taken
    ]
    fresh = [row for row in batch if row.member_number not in taken]
    roster_room_check(club=club, adding=len(fresh), hold=True, field="file")  # others added meanwhile
    try:
        with transaction.atomic():
            players = Player.objects.bulk_create([_roster_player(club, row) for row in fresh])
    except IntegrityError:  # a number taken by another writer meanwhile (SQLite's lock rules it out)
        players, late = _roster_one_by_one(club, fresh)
        refused += late
    who = user if getattr(user, "is_authenticated", False) else None
    ActionLog.objects.bulk_create(
        ActionLog(club=club, user=who, action="player.create", data={"player": p.pk, "name": p.name})
        for p in players
    )
    return len(players), refused


def _roster_player(club: Club, row: RosterRow) -> Player:
    """The player a checked row adds (not yet saved)."""
    return Player(club=club, name=row.name, member_number=row.member_number, sex=row.sex, email=row.email)


def _roster_one_by_one(club: Club, rows: Sequence[RosterRow]) -> tuple[list[Player], list[tuple[int, str]]]:
    """A batch whose bulk insert met a number taken meanwhile: each row on its own, the taken reported."""
    players: list[Player] = []
    refused: list[tuple[int, str]] = []
    for row in rows:
        try:
            with transaction.atomic():
                players.append(
                    Player.objects.create(
                        club=club,
                        name=row.name,
                        member_number=row.member_number,
                        sex=row.sex,
                        email=row.email,
                    )
                )
        except IntegrityError:
            refused.append((row.line, f"Member number {row.member_number} is already on the roster."))
    return players, refused


def roster_import_csv(
    *, club: Club, text: str, user: Any = None, progress: Callable[[int, int], None] | None = None
) -> tuple[int, list[str]]:
    """Import players from CSV with a ``name`` column (and ``member_number``, ``sex``: lady or gentleman).

    Returns (players added, problems). The whole file is read and checked
    first (``roster_read``: a file refused whole adds nobody), then written
    in batches (``roster_write``), each its own short transaction. A row
    whose member number is already on the roster, or whose cell is too long
    to keep, is skipped and reported; nothing else is lost.
    """
    checked = roster_read(club=club, text=text)
    added, late = roster_write(club=club, rows=checked.rows, user=user, progress=progress)
    return added, _said(checked.problems, late)


def _said(*problems: Sequence[tuple[int, str]]) -> list[str]:
    """The refused lines in the file's order, as the pages and the API say them."""
    return [f"line {line}: {why}" for line, why in sorted(p for group in problems for p in group)]


# --- An import's progress ---------------------------------------------------------------------------


@dataclass(frozen=True)
class RosterImport:
    """How an import stands (kept in the cache under its id): queued, running, done or failed."""

    id: str
    state: str
    total: int
    done: int = 0
    added: int = 0
    problems: tuple[str, ...] = ()
    error: str = ""

    @property
    def finished(self) -> bool:
        """Whether the import is over (done, or failed)."""
        return self.state in ("done", "failed")

    @property
    def said(self) -> str:
        """How far it is, as the roster page says it: "Imported 600 of 2,000 players"."""
        if self.state == "failed":
            return f"The import stopped: {self.error}"
        if self.state == "done":
            return f"Imported {self.added:,} player{'' if self.added == 1 else 's'}."
        return f"Imported {self.done:,} of {self.total:,} players."


def _import_save(club_id: int, status: RosterImport) -> RosterImport:
    """Keep an import's progress in the cache, shared by the web processes and the workers."""
    job_save("roster-import", club_id, status.id, status, ROSTER_IMPORT_SECONDS)
    return status


def roster_import_status(*, club: Club, import_id: str) -> RosterImport | None:
    """An import of this club's, as it stands, or None (an unknown id, another club's, or long over)."""
    kept = job_load("roster-import", club.pk, import_id)
    return RosterImport(**{**kept, "problems": tuple(kept["problems"])}) if kept else None


def roster_import_begin(*, club: Club, text: str, import_id: str = "") -> RosterImport:
    """Check the whole file (a file refused whole raises ``UserError``), then record its import as queued."""
    checked = roster_read(club=club, text=text)
    status = RosterImport(id=import_id or uuid4().hex, state="queued", total=len(checked.rows))
    return _import_save(club.pk, status)


def roster_import_run(
    *, import_id: str, club_id: int, text: str, user_id: int | None, until: float = math.inf
) -> RosterImport:
    """Import a file begun by ``roster_import_begin``, batch by batch, its progress in the cache.

    The file is read again as it is written (what another writer added
    meanwhile is reported, not lost); the progress says how many rows are
    written after each batch, and at the end what was added and refused.
    ``until`` (a ``time.monotonic()``): no batch is begun after it, and the
    import is recorded as stopped (``roster_import_over_time``).
    """
    club = Club.objects.get(pk=club_id)
    user = get_user_model().objects.filter(pk=user_id).first() if user_id else None
    status = RosterImport(id=import_id, state="running", total=0)
    try:
        checked = roster_read(club=club, text=text)
        status = _import_save(club_id, replace(status, total=len(checked.rows)))

        def step(done: int, added: int) -> None:
            _import_save(club_id, replace(status, done=done, added=added))
            if time.monotonic() >= until and done < len(checked.rows):
                raise _OverTime

        added, late = roster_write(club=club, rows=checked.rows, user=user, progress=step)
    except _OverTime:
        return roster_import_over_time(club_id=club_id, import_id=import_id)
    except UserError as exc:
        return roster_import_stopped(club_id=club_id, import_id=import_id, why=exc.message)
    except Exception:
        roster_import_stopped(club_id=club_id, import_id=import_id, why="an error on the server")
        raise
    problems = tuple(_said(checked.problems, late))
    done = replace(status, state="done", done=len(checked.rows), added=added, problems=problems)
    return _import_save(club_id, done)


class _OverTime(Exception):
    """An import past its deadline, between two batches."""


def roster_import_over_time(*, club_id: int, import_id: str) -> RosterImport:
    """Record an import that ran past ``ROSTER_IMPORT_SOFT_SECONDS`` as stopped, and log it."""
    seconds = settings.ROSTER_IMPORT_SOFT_SECONDS
    logger.error("the roster import %s of club %s ran past its %g s: stopped", import_id, club_id, seconds)
    why = f"it ran past its time limit of {seconds:g} seconds (setting ROSTER_IMPORT_SOFT_SECONDS)"
    return roster_import_stopped(club_id=club_id, import_id=import_id, why=why)


def roster_import_stopped(*, club_id: int, import_id: str, why: str) -> RosterImport:
    """Record an import as failed, saying why and what it wrote before it stopped (that stays written)."""
    kept = job_load("roster-import", club_id, import_id) or {"id": import_id, "state": "failed", "total": 0}
    status = RosterImport(**{**kept, "problems": ()})
    written = f"the players it added before then ({status.added:,}) stay on the roster"
    said = f"{why.rstrip('.')}; {written if status.added else 'nobody was added'}."
    return _import_save(club_id, replace(status, state="failed", error=said))
