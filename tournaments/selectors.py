"""Selectors: reads of the club and its sessions, shared by pages, API and CLI."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Exists, Max, OuterRef, QuerySet
from django.utils import timezone

from infra.prepared import execute_prepared
from infra.statements import SLIPS_VERSION
from whist.cards import SEAT_NAME, SUIT_NAME

from . import link_reads
from .clock import RoundClock, SessionClock
from .clock import session_clock as clock_of_session
from .errors import NotFound
from .kinds import KIND_SHAPE
from .link_reads import LinkRead, PassRead, SessionRead, TableRead
from .link_rules import TOKEN, link_opens, pass_opens, table_opens
from .models import (
    Club,
    ClubMovement,
    Deal,
    Entrant,
    EntrantKind,
    EntrantLink,
    PhonePass,
    Player,
    Round,
    SeatedEntrant,
    SeatingTray,
    Session,
    Table,
    Tray,
)
from .movements.drive import seats_by_results
from .pbn.cards import read_deal
from .pbn.writer import ExportDeal


def table_by_token(*, token: str) -> TableRead:
    """The table behind a private link, with its session and club; a revoked or unknown link is refused
    (``link_rules``)."""
    return table_opens(link_reads.table_by_token(token) if TOKEN.fullmatch(token) else None)


def entrant_link_by_token(*, token: str) -> LinkRead:
    """The entrant behind its own private link; a revoked or unknown link is refused (``link_rules``)."""
    return link_opens(link_reads.link_by_token(token) if TOKEN.fullmatch(token) else None)


def follower_by_token(*, token: str) -> tuple[LinkRead, PassRead | None]:
    """The entrant a phone follows by this token: its own printed link's, or a phone's pass (with the
    pass). An unknown or revoked link, or an ended pass, is refused (``link_rules``, saying why for an
    ended pass)."""
    # First by a phone's pass, which is how a phone's sends come.
    phone_pass = link_reads.pass_by_token(token) if TOKEN.fullmatch(token) else None
    if phone_pass is None:
        return entrant_link_by_token(token=token), None
    return pass_opens(phone_pass).link, phone_pass


@dataclass(frozen=True)
class LinkPhones:
    """An entrant's own link, with the phones that follow it now (for the director's Tables page)."""

    link: EntrantLink
    phones: list[PhonePass]
    #: Claims of it refused for a wrong code since the director last released it.
    refused: int


def entrant_links_with_phones(*, session: Session) -> list[LinkPhones]:
    """Every entrant's own link of the session with its phones, by entrant number."""
    links = list(session.entrant_links.select_related("entrant").order_by("entrant__number", "side"))
    phones: dict[int, list[PhonePass]] = {}
    passes = PhonePass.objects.filter(session=session, ended_at__isnull=True).select_related("table")
    for phone in passes.order_by("created_at"):
        phones.setdefault(phone.link_id, []).append(phone)
    return [LinkPhones(link, phones.get(link.pk, []), link.join_failures) for link in links]


def late_pairs(session: Session) -> QuerySet[Entrant]:
    """The entrants a director may turn into phantoms while the session runs: a pairs session's own pairs
    (``entry.services.directing.entrant_make_phantom``); none in a session of players or of teams."""
    if KIND_SHAPE[session.entrant_kind][0] != Entrant.Kind.PAIR:
        return session.entrants.none()
    return session.entrants.filter(kind=Entrant.Kind.PAIR, team__isnull=True).order_by("number")


def session_movement(session: Session | SessionRead) -> dict[str, Any]:
    """The session's movement as stored (its rounds, tables and seats): the one read when the session was
    read without it (a link's read, or a model with its movement deferred)."""
    if isinstance(session, Session) and "movement_json" not in session.get_deferred_fields():
        return session.movement_json
    movement: dict[str, Any] = Session.objects.values_list("movement_json", flat=True).get(pk=session.pk)
    return movement


def ranked_kind(session: Session | SessionRead) -> str:
    """The kind of entrant the session's standings rank: pairs, players, or teams."""
    if session.entrant_kind == EntrantKind.TEAMS:
        return Entrant.Kind.TEAM  # teams of more than eight: the pairs sit, the teams are ranked (p. 57)
    return KIND_SHAPE[session.entrant_kind][0]


def seated_kind(session: Session | SessionRead) -> str:
    """The kind of entrant the session's movement seats: pairs, players, or teams."""
    return KIND_SHAPE[session.entrant_kind][0]


@dataclass(frozen=True)
class NumberedPlayer:
    """A player under the book's number in a seat-based movement, and their entrant if they are one."""

    number: int
    player: Player | None
    entrant: Entrant | None


def player_numbers(*, session: Session | SessionRead) -> list[NumberedPlayer]:
    """The book's player numbers 1..n for seat-based movements, entrant by entrant.

    Individuals keep their entrant's number; the players of teams of six or
    eight are numbered in team order, then member order (pp. 50-55).
    """
    kind = ranked_kind(session)
    entrants = Entrant.objects.filter(session_id=session.pk, kind=kind).order_by("number")
    entrants = entrants.prefetch_related("members__player")
    out: list[NumberedPlayer] = []
    for entrant in entrants:
        members = list(entrant.members.all())
        if kind == Entrant.Kind.PLAYER:
            out.append(NumberedPlayer(entrant.number, members[0].player if members else None, entrant))
            continue
        out.extend(NumberedPlayer(len(out) + 1, m.player, None) for m in members)
    return out


def tray_by_number(*, session: Session | SessionRead, number: Any) -> Tray | None:
    """The session's tray with this number, with its deal; None for no such tray (or not a number)."""
    try:
        wanted = int(str(number).strip())
    except ValueError:
        return None
    if not 0 < wanted < 2**15:
        return None
    return Tray.objects.select_related("deal").filter(session_id=session.pk, number=wanted).first()


def sessions_public(*, club: Club) -> QuerySet[Session]:
    """A club's sessions the public may know of (any published switch on)."""
    return club.sessions.filter(status=Session.Status.PUBLISHED)


def session_for_director(*, user: Any, pk: int) -> Session:
    """A session of a club the user directs, or NotFound (no leaks by 403)."""
    session = Session.objects.select_related("club").filter(pk=pk, club__clubdirector__user=user).first()
    if session is None:
        raise NotFound("No such session.")
    return session


@dataclass(frozen=True)
class RunningScoreReach:
    """When the tables' running score can first move, and the last round in which they see it.

    The running score counts only **complete** trays (played at every table due to play them). A tray is
    complete in the last round it is played in: a Mitchell's trays travel round the whole room, so none is
    complete before its last round. ``first_round``: the earliest such round of any tray (None with no tray
    seated); ``last_shown``: the last round the director leaves it shown (rounds less the hidden ones).
    """

    first_round: int | None
    rounds: int
    hidden: int

    @property
    def last_shown(self) -> int:
        """The last round in which the tables see the running score."""
        return self.rounds - self.hidden

    @property
    def never(self) -> bool:
        """Whether the tables would never see a complete tray's score, with the rounds hidden as they are."""
        return self.first_round is None or self.first_round > self.last_shown

    def warning(self) -> str:
        """What the director should know when the tables would never see it (else "")."""
        if not self.never or self.first_round is None:
            return ""
        most = self.rounds - self.first_round
        advice = f"hide at most {most} round{'s' if most != 1 else ''}" if most else "hide no round"
        rounds = f"round{'s' if self.hidden != 1 else ''}"
        return (
            f"With the last {self.hidden} {rounds} hidden the tables will never "
            f"see it: in this movement no tray is complete before round {self.first_round} of {self.rounds} "
            f"({advice} for them to see it)."
        )


def running_score_reach(*, session: Session) -> RunningScoreReach:
    """When the session's running score can first show at the tables (``RunningScoreReach``)."""
    last_rounds = (
        SeatingTray.objects.filter(round__session=session)
        .values("tray_id")
        .annotate(last=Max("round__number"))
        .values_list("last", flat=True)
    )
    return RunningScoreReach(
        first_round=min(last_rounds, default=None),
        rounds=session.rounds.count(),
        hidden=session.running_score_hidden_rounds,
    )


def session_clock(*, session: Session) -> SessionClock:
    """The session's one clock: each round's times (in the club's time zone) and deadline
    (``tournaments.clock``), from the rounds the director began: one query."""
    rounds = list(Round.objects.filter(session_id=session.pk).values_list("number", "started_at").order_by())
    begun = {number: timezone.localtime(started) for number, started in rounds if started is not None}
    return clock_of_session(
        rounds=len(rounds),
        trays=session.deals_per_round,
        minutes_per_tray=session.minutes_per_tray,
        change_minutes=session.change_minutes,
        begun=begun,
    )


def session_round_clock(*, session: Session | SessionRead, round_number: int) -> RoundClock | None:
    """The round timer of one round (``session_clock``'s), or None without a timer."""
    if not session.minutes_per_tray or round_number < 1:
        return None
    return session_clock(session=session).of(round_number)


def slips_version(*, session_id: int) -> int:
    """The session's slip state as one count that only grows: its own ``results_version`` (the
    director's changes) plus each table's (the table's own sends), read in one statement."""
    with connection.cursor() as cursor:
        execute_prepared(cursor, SLIPS_VERSION, [session_id])
        row = cursor.fetchone()
    return int(row[0]) if row else 0


def seated_by_results(session: Session | SessionRead) -> bool:
    """A whist drive seats each change from the last one's results: its tables have no fixed card.

    Told by the session's movement, without a read (``movements.drive.seats_by_results``). The services
    keep the drive's options (``Drive``) to agree: ``services.drive.drive_setup`` makes them with the
    drive's movement, and ``services.seating.movement_fix`` by any other movement ends them. A session
    whose movement is cleared keeps them, to draw the drive again with the same options; with no
    movement it has no table to seat."""
    return seats_by_results(session.movement_family, session.movement_variant)


def card_links(*, table: Table | TableRead) -> list[EntrantLink]:
    """The entrants a phone at this table's link may say it is: those on the table's card (at a whist
    drive, the four seated at it for the change in play: its seats follow the results, and every phone
    is shown the next change once the last is complete), each with its own link (phantoms and revoked
    links left out)."""
    seated = SeatedEntrant.objects.filter(seating__table=table)
    if seated_by_results(table.session):
        latest = seated.order_by("-round__number").values_list("round_id", flat=True).first()
        seated = seated.filter(round_id=latest)
    here = seated.filter(entrant_id=OuterRef("entrant_id"), side=OuterRef("side"))
    links = EntrantLink.objects.filter(session_id=table.session_id, revoked=False, entrant__is_phantom=False)
    links = links.filter(Exists(here)).select_related("entrant").order_by()  # one query, seats and links
    return sorted(links, key=lambda link: (link.entrant.number, link.side))


def club_movements(*, club: Club) -> QuerySet[ClubMovement]:
    """The movements the club designed and kept, by name."""
    return ClubMovement.objects.filter(club=club).order_by("name")


#: The kept movements a kind of session is offered: its pairs, or its individual players.
CLUB_MOVEMENT_KIND = {
    EntrantKind.PAIRS: ClubMovement.Kind.PAIRS,
    EntrantKind.INDIVIDUALS: ClubMovement.Kind.PLAYERS,
}


def club_movements_fitting(*, session: Session) -> list[ClubMovement]:
    """The club's kept movements that seat exactly this session's entrants (pairs, or players)."""
    kind = CLUB_MOVEMENT_KIND.get(EntrantKind(session.entrant_kind))
    if kind is None:
        return []
    count = session.entrants.filter(kind=KIND_SHAPE[session.entrant_kind][0]).count()
    return list(club_movements(club=session.club).filter(kind=kind, entrants=count))


def export_deals(session: Session) -> list[ExportDeal]:
    """The session's known deals for a PBN file, each with its double-dummy note when known."""
    out = []
    for deal in Deal.objects.filter(tray__session=session).select_related("tray").order_by("tray__number"):
        if not deal.hands:
            continue
        out.append(
            ExportDeal(
                board=deal.tray.number,
                dealer=deal.dealer,
                hands=read_deal(deal.hands).hands,
                trump=deal.trump,
                comment=double_dummy_note(deal.double_dummy),
            )
        )
    return out


def double_dummy_note(dd: dict[str, Any] | None) -> str:
    """ "Double dummy, clubs trumps, East leads: N-S 6 tricks, E-W 7", or "" when not solved."""
    if not dd:
        return ""
    suit = SUIT_NAME.get(str(dd.get("trump", "")), str(dd.get("trump", "")))
    leader = SEAT_NAME.get(str(dd.get("leader", "")), str(dd.get("leader", "")))
    return f"Double dummy, {suit} trumps, {leader} leads: N-S {dd.get('ns')} tricks, E-W {dd.get('ew')}"
