"""The club, its directors and its roster."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet

from ..models import ActionLog, Club, ClubDirector, EntrantMember, Player, Seat
from .errors import UserError
from .text import column_text


def log_action(
    *, club: Club, action: str, user: Any = None, actor: str = "", session: Any = None, **data: Any
) -> ActionLog:
    """Record one change in the club's action log."""
    return ActionLog.objects.create(
        club=club,
        session=session,
        user=user if getattr(user, "is_authenticated", False) else None,
        actor=actor,
        action=action,
        data=data,
    )


def club_create(*, name: str, slug: str) -> Club:
    """Create a club."""
    name = column_text(name, Club, "name", label="A club's name")
    return Club.objects.create(name=name, slug=column_text(slug, Club, "slug", label="A club's short name"))


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
    *, club: Club, name: str, member_number: str = "", sex: str = "", user: Any = None
) -> Player:
    """Add a player to the roster; member numbers are unique in the club."""
    name, member_number = _name_and_number(name, member_number)
    if not name:
        raise UserError("A player needs a name.", field="name")
    sex = check_sex(sex)
    try:
        with transaction.atomic():
            player = Player.objects.create(club=club, name=name, member_number=member_number, sex=sex)
    except IntegrityError:
        raise UserError(
            f"Member number {member_number} is already on the roster.", field="member_number"
        ) from None
    log_action(club=club, user=user, action="player.create", player=player.pk, name=name)
    return player


def _name_and_number(name: str, member_number: str) -> tuple[str, str]:
    """A player's name and member number as the roster keeps them, or a ``UserError`` naming the field."""
    return (
        column_text(name, Player, "name", label="A player's name"),
        column_text(member_number, Player, "member_number", label="A member number"),
    )


def player_update(
    *, player: Player, name: str, member_number: str, active: bool, sex: str | None = None, user: Any = None
) -> Player:
    """Change a player's name, number, active flag, or lady or gentleman (``sex=None`` keeps it)."""
    name, member_number = _name_and_number(name, member_number)
    if not name:
        raise UserError("A player needs a name.", field="name")
    if sex is not None:
        player.sex = check_sex(sex)
    player.name, player.member_number, player.active = name, member_number, active
    try:
        with transaction.atomic():
            player.save()
    except IntegrityError:
        raise UserError(
            f"Member number {player.member_number} is already on the roster.", field="member_number"
        ) from None
    log_action(club=player.club, user=user, action="player.update", player=player.pk)
    return player


@transaction.atomic
def player_merge(*, keep: Player, merge: Player, user: Any = None) -> Player:
    """Merge a duplicate roster entry into another: its history moves, it is retired."""
    if keep.pk == merge.pk or keep.club_id != merge.club_id:
        raise UserError("Choose two different players of the same club.", field="merge")
    both = EntrantMember.objects.filter(player=keep).values("session_id")
    if EntrantMember.objects.filter(player=merge, session_id__in=both).exists():
        raise UserError("Both players played in the same session; they cannot be one player.")
    EntrantMember.objects.filter(player=merge).update(player=keep)
    Seat.objects.filter(player=merge).update(player=keep)
    merge.active = False
    merge.merged_into = keep
    if not keep.member_number and merge.member_number:
        keep.member_number, merge.member_number = merge.member_number, ""
        merge.save()
        keep.save()
    else:
        merge.save()
    log_action(club=keep.club, user=user, action="player.merge", keep=keep.pk, merged=merge.pk)
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


def roster_import_csv(*, club: Club, text: str, user: Any = None) -> tuple[int, list[str]]:
    """Import players from CSV with a ``name`` column (and ``member_number``, ``sex``: lady or gentleman).

    Returns (players added, problems). A row whose member number is already
    on the roster, or whose cell is too long to keep, is skipped and
    reported; nothing else is lost. A file over ``ROSTER_MAX_BYTES`` is
    refused whole.
    """
    roster_size_check(len(text.encode("utf-8", "surrogatepass")))
    reader = csv.DictReader(io.StringIO(text))
    try:
        rows = list(reader)
    except csv.Error:
        where = f"Line {reader.line_num}" if reader.line_num else "The file"
        raise UserError(
            f"{where} is not CSV the app can read; save it again as CSV (UTF-8).", field="file"
        ) from None
    fields = {f.strip().lower() for f in (reader.fieldnames or [])}
    if "name" not in fields:
        raise UserError("The CSV needs a header row with a 'name' column.", field="file")
    added, problems = 0, []
    for i, row in enumerate(rows, start=2):
        clean = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k}
        if not clean.get("name"):
            problems.append(f"line {i}: no name")
            continue
        try:
            player_create(
                club=club,
                name=clean["name"],
                member_number=clean.get("member_number", ""),
                sex=clean.get("sex", ""),
                user=user,
            )
            added += 1
        except UserError as exc:
            problems.append(f"line {i}: {exc.message}")
    return added, problems
