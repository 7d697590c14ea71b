"""A session's life: create, enter pairs and teams, start, advance, close, publish.

The status runs draft -> running -> closed -> published (docs/conventions.md, "One bridge to each engine");
a published session is changed only after it is reopened.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F, Max
from django.utils import timezone

from tournaments.locks import lock_session
from whist.dates import RANGE_WORDS, date_in_range

from ..kinds import KIND_SHAPE as KIND_SHAPE  # read by the selectors too, so kept beside the models
from ..models import (
    Club,
    Entrant,
    EntrantKind,
    EntrantMember,
    Player,
    ResultChange,
    ScoringMethod,
    Series,
    Session,
)
from ..movements.limits import SEAT_MAX_TABLES
from .club import log_action
from .errors import UserError
from .teams import check_team_number, is_teams_session, team_get_or_create
from .text import column_text, free_text

Status = Session.Status


#: The most players a session enters: the most the app's movements seat, ``SEAT_MAX_TABLES`` tables of four.
SESSION_MAX_PLAYERS = 4 * SEAT_MAX_TABLES


def entrants_most(session: Session) -> int:
    """The most entrants of its kind a session takes (120 pairs, 60 teams of four, 240 individuals)."""
    _, size = KIND_SHAPE[session.entrant_kind]
    return SESSION_MAX_PLAYERS // size


def check_entrant_room(session: Session, *, field: str = "players") -> None:
    """Refuse one more entrant beyond ``entrants_most``, saying why. Called inside the transaction that
    adds it: the session's row stays locked until then, so two at once cannot both take the last place."""
    lock_session(session.pk)
    kind, _ = KIND_SHAPE[session.entrant_kind]
    most = entrants_most(session)
    if session.entrants.filter(kind=kind).count() >= most:
        noun = {"pair": "pairs", "team": "teams", "player": "individual entries"}[kind]
        raise UserError(
            f"A session takes at most {most} {noun}: the app seats up to {SEAT_MAX_TABLES} tables "
            f"({SESSION_MAX_PLAYERS} players).",
            field=field,
        )


def default_scoring(entrant_kind: str) -> str:
    """The scoring method a new session starts with (the director may change it)."""
    return {
        EntrantKind.PAIRS: ScoringMethod.TRICK,
        EntrantKind.INDIVIDUALS: ScoringMethod.INDIVIDUAL,
        EntrantKind.SIXES: ScoringMethod.TWO_TEAMS,
        EntrantKind.EIGHTS: ScoringMethod.NARRAGANSETT,
        EntrantKind.TEAMS: ScoringMethod.TEAM_CLUB,
    }.get(EntrantKind(entrant_kind), ScoringMethod.TEAM_MATCH)


def session_create(
    *,
    club: Club,
    date: dt.date,
    title: str,
    entrant_kind: str = EntrantKind.PAIRS,
    scoring_method: str = "",
    series: Series | None = None,
    user: Any = None,
) -> Session:
    """Open a new session in draft."""
    if entrant_kind not in EntrantKind.values:
        raise UserError(f"Unknown kind of entrant {entrant_kind!r}.", field="entrant_kind")
    scoring_method = scoring_method or default_scoring(entrant_kind)
    if scoring_method not in ScoringMethod.values:
        raise UserError(f"Unknown scoring method {scoring_method!r}.", field="scoring_method")
    if series is not None and series.club_id != club.pk:
        raise UserError("That series belongs to another club.", field="series")
    if not isinstance(date, dt.date) or isinstance(date, dt.datetime) or not date_in_range(date):
        raise UserError(f"A session's date must be a day {RANGE_WORDS}.", field="date")
    title = column_text(title, Session, "title", label="A session's title")
    session = Session.objects.create(
        club=club,
        date=date,
        title=title or f"Session of {date:%d %B %Y}",
        entrant_kind=entrant_kind,
        scoring_method=scoring_method,
        series=series,
    )
    log_action(club=club, session=session, user=user, action="session.create", title=session.title)
    return session


def require_status(session: Session, *allowed: str, doing: str) -> None:
    """Refuse an action the session's status does not allow, saying why."""
    if session.status not in allowed:
        hint = {
            Status.DRAFT: "start the session first",
            Status.RUNNING: "the session is running",
            Status.CLOSED: "the session is closed; reopen it first",
            Status.PUBLISHED: "the session is published; reopen it first",
        }[Status(session.status)]
        raise UserError(f"Cannot {doing}: {hint}.")


def next_number(session: Session, kind: str) -> int:
    top = session.entrants.filter(kind=kind).aggregate(m=Max("number"))["m"]
    return (top or 0) + 1


def _check_players(session: Session, players: Sequence[Player], needed: int, label: str) -> None:
    if len(players) != needed or any(p is None for p in players):
        raise UserError(f"{label} needs {needed} players, not {len(players)}.", field="players")
    if len({p.pk for p in players}) != len(players):
        raise UserError(f"The same player cannot be twice in one {label.lower()}.", field="players")
    if any(p.club_id != session.club_id for p in players):
        raise UserError("Every player must be on this club's roster.", field="players")
    taken = EntrantMember.objects.filter(session=session, player__in=players).select_related("player")
    if taken:
        names = ", ".join(m.player.name for m in taken)
        raise UserError(f"Already entered in this session: {names}.", field="players")


@transaction.atomic
def entrant_create(
    *,
    session: Session,
    players: Sequence[Player] | Mapping[str, Player],
    number: int | None = None,
    label: str = "",
    team: Any = None,
    user: Any = None,
) -> Entrant:
    """Enter a pair (two players), a team (four, six or eight) or an individual.

    A team of four may be given as {"N": p, "S": p, "E": p, "W": p}: N and S
    are its North-South pair, E and W its East-West pair (p. 48). In a session
    of teams of more than eight each pair names its ``team`` (1-3, pp. 56-59). ``label`` is the
    director's own name for it, if any; its players' names are read from the roster, never copied.
    """
    require_status(session, Status.DRAFT, doing="add an entrant")
    check_entrant_room(session)
    team_entrant = None
    if is_teams_session(session):
        team_entrant = team_get_or_create(session=session, number=check_team_number(team))
    kind, needed = KIND_SHAPE[session.entrant_kind]
    roles: list[str]
    if isinstance(players, Mapping):
        roles, people = list(players.keys()), list(players.values())
    else:
        people = list(players)
        roles = ["N", "S", "E", "W"] if needed == 4 else [""] * len(people)
    unit = {"pair": "A pair", "team": "A team", "player": "An individual entry"}[kind]
    _check_players(session, people, needed, unit)
    number = number or next_number(session, kind)
    label = column_text(label, Entrant, "label", label="An entrant's name")
    try:
        with transaction.atomic():
            entrant = Entrant.objects.create(
                session=session, kind=kind, number=number, label=label, team=team_entrant
            )
            EntrantMember.objects.bulk_create(
                EntrantMember(session=session, entrant=entrant, player=p, role=r, order=i)
                for i, (p, r) in enumerate(zip(people, roles, strict=True), start=1)
            )
    except IntegrityError:
        raise UserError(f"Number {number} is already taken in this session.", field="number") from None
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="entrant.create",
        entrant=entrant.number,
        players=[p.pk for p in people],
        **({"team": team_entrant.number} if team_entrant else {}),
    )
    return entrant


@transaction.atomic
def entrant_label_set(*, entrant: Entrant, label: Any, user: Any = None) -> Entrant:
    """Give an entrant the director's own name ("The Quills"), shown beside its players' names, or
    none (blank). At any time: the session's pages and downloads show it at once, and the session's
    history keeps the former one (``entrant.label``)."""
    if entrant.is_phantom:
        raise UserError("A phantom has no name to change.", field="label")
    label = column_text(label, Entrant, "label", label="An entrant's name")
    was = entrant.label
    if label == was:
        return entrant
    entrant.label = label
    entrant.save(update_fields=["label"])
    Session.objects.filter(pk=entrant.session_id).update(seating_version=F("seating_version") + 1)
    session = entrant.session
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="entrant.label",
        entrant=entrant.number,
        kind=entrant.kind,
        was=was,
        label=label,
    )
    return entrant


@transaction.atomic
def entrant_delete(*, entrant: Entrant, user: Any = None) -> None:
    """Withdraw an entrant before the start."""
    session = entrant.session
    require_status(session, Status.DRAFT, doing="withdraw an entrant")
    log_action(club=session.club, session=session, user=user, action="entrant.delete", entrant=entrant.number)
    entrant.delete()


@transaction.atomic
def session_start(*, session: Session, user: Any = None) -> Session:
    """Fix the seating and open every table's link: round 1 begins."""
    session = lock_session(session.pk, defer=())
    require_status(session, Status.DRAFT, doing="start the session")
    if not session.rounds.exists():
        raise UserError("Choose a movement before starting: the tables have no seating yet.")
    session.status = Status.RUNNING
    session.current_round = 1
    session.save(update_fields=["status", "current_round", "updated_at"])
    session.rounds.filter(number=1).update(started_at=timezone.now())
    log_action(club=session.club, session=session, user=user, action="session.start")
    return session


@transaction.atomic
def session_advance(*, session: Session, user: Any = None) -> Session:
    """Move the whole room to the next round (the director's call)."""
    session = lock_session(session.pk, defer=())
    require_status(session, Status.RUNNING, doing="move to the next round")
    last = session.rounds.count()
    if session.current_round >= last:
        raise UserError(f"Round {last} is the last round.")
    session.current_round += 1
    session.save(update_fields=["current_round", "updated_at"])
    session.rounds.filter(number=session.current_round).update(started_at=timezone.now())
    log_action(
        club=session.club, session=session, user=user, action="session.advance", round=session.current_round
    )
    return session


@transaction.atomic
def session_set_status(*, session: Session, status: str, user: Any = None) -> Session:
    """Move a session between closed, published and back (reopen)."""
    session = lock_session(session.pk, defer=())
    allowed = {
        Status.CLOSED: (Status.RUNNING, Status.PUBLISHED),
        Status.PUBLISHED: (Status.CLOSED,),
        Status.RUNNING: (Status.CLOSED,),
    }
    if status not in allowed:
        raise UserError(f"Cannot set the status to {status!r}.")
    require_status(session, *allowed[Status(status)], doing=f"make the session {status}")
    session.status = status
    session.save(update_fields=["status", "updated_at"])
    log_action(club=session.club, session=session, user=user, action=f"session.{status}")
    return session


@transaction.atomic
def session_reopen(*, session: Session, reason: Any = "", user: Any = None) -> Session:
    """One step back: a published session to closed (to correct it), a closed one to running.

    Final results (published, their provisional time over) are reopened only with a reason, and the
    reopening is kept to be shown on the public pages when they are published again; a reason given
    while they are provisional is kept the same way.
    """
    session = lock_session(session.pk, defer=())
    back = {Status.PUBLISHED: Status.CLOSED, Status.CLOSED: Status.RUNNING}.get(Status(session.status))
    if back is None:
        raise UserError(f"A {session.get_status_display().lower()} session cannot be reopened.")
    if session.status == Status.PUBLISHED:
        final = not session.provisional()
        if final and not str(reason or "").strip():
            raise UserError("The results are final: give a reason for reopening them.", field="reason")
        if str(reason or "").strip():
            result_change_record(
                session=session, kind=ResultChange.Kind.REOPENED, reason=reason, was_final=final, user=user
            )
    return session_set_status(session=session, status=back, user=user)


def result_change_record(
    *, session: Session, kind: str, reason: Any, was_final: bool = False, user: Any = None, **line: Any
) -> ResultChange:
    """Keep a change to published results for the public pages: a correction (``line``: its
    ``tray_number``, ``table_number``, ``before`` and ``after``) or a reopening, with its reason."""
    why = free_text(reason, label="A reason")
    if not why:
        raise UserError("Give a reason for the change.", field="reason")
    by = getattr(user, "username", "") or "director"
    return ResultChange.objects.create(
        session=session, kind=kind, at=timezone.now(), reason=why, was_final=was_final, by=by, **line
    )


@transaction.atomic
def session_publish_switches(
    *,
    session: Session,
    standings: bool | None = None,
    travellers: bool | None = None,
    hand_records: bool | None = None,
    running_score: bool | None = None,
    running_score_hidden_rounds: int | None = None,
    user: Any = None,
) -> Session:
    """Set what the public may see of this session, and whether the tables see the running score.

    The running score counts only complete trays; ``running_score_hidden_rounds``
    hides it from the tables for that many last rounds.
    """
    hidden = running_score_hidden_rounds
    if hidden is not None:
        last = session.rounds.count()
        if isinstance(hidden, bool) or not isinstance(hidden, int) or not 0 <= hidden <= last:
            raise UserError(f"Hide the running score for 0 to {last} last rounds.", field="hidden_rounds")
    changes = {
        "publish_standings": standings,
        "publish_travellers": travellers,
        "publish_hand_records": hand_records,
        "show_running_score": running_score,
        "running_score_hidden_rounds": hidden,
    }
    fields = [field for field, value in changes.items() if value is not None]
    for field in fields:
        setattr(session, field, changes[field])
    session.save(update_fields=[*fields, "updated_at"])
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="session.publish_switches",
        **{k: v for k, v in changes.items() if v is not None},
    )
    return session
