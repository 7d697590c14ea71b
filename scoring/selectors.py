"""Selectors of the scoring side: travellers and standings, with their privacy rules.

The rule (DESIGN.md): a traveling slip stays folded. A table sees a tray's
lines only after it has sent its own result on that tray; the public sees
them only when the director has published the travellers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import QuerySet

from tournaments.models import Club, Deal, Entrant, EntrantMember, Player, Series, Session, Table, Tray
from tournaments.services.errors import NotFound

from .models import ScoreSnapshot, SlipLine
from .scorers import Slips


@dataclass(frozen=True)
class TravellerLine:
    """One line of a tray's traveller as shown to someone allowed to see it."""

    table: int
    ns: int | None
    ew: int | None
    ns_tricks: int | None
    ew_tricks: int | None
    award: str
    status: str


def _lines(tray: Tray) -> list[TravellerLine]:
    return [
        TravellerLine(
            table=line.table.number,
            ns=line.ns.number if line.ns else None,
            ew=line.ew.number if line.ew else None,
            ns_tricks=line.ns_tricks,
            ew_tricks=line.ew_tricks,
            award=f"{line.ns_award}/{line.ew_award}" if line.ns_award else "",
            status=line.status,
        )
        for line in SlipLine.objects.filter(tray=tray)
        .select_related("table", "ns", "ew")
        .order_by("table__number")
    ]


def table_may_see_tray(*, table: Table, tray: Tray) -> bool:
    """A table may unfold a tray's slip once it has sent its own result on it."""
    return SlipLine.objects.filter(table=table, tray=tray).exists()


def traveller_for_table(*, table: Table, tray: Tray) -> list[TravellerLine] | None:
    """The traveller of a tray for a table, or None while it is folded for that table."""
    if tray.session_id != table.session_id or not table_may_see_tray(table=table, tray=tray):
        return None
    return _lines(tray)


def traveller_public(*, tray: Tray) -> list[TravellerLine] | None:
    """The traveller of a tray for the public, or None unless published."""
    session: Session = tray.session
    if session.status != Session.Status.PUBLISHED or not session.publish_travellers:
        return None
    return _lines(tray)


def traveller_director(*, tray: Tray) -> list[TravellerLine]:
    """The director sees every line."""
    return _lines(tray)


def standings_public(*, session: Session) -> dict[str, Any] | None:
    """The standings for the public, or None unless published."""
    if session.status != Session.Status.PUBLISHED or not session.publish_standings:
        return None
    from .services.standings import session_standings

    return session_standings(session=session)


# --- The public pages: what is published, and the reads that honour it. ---


@dataclass(frozen=True)
class Published:
    """What the public may see of a session; nothing at all unless it is published."""

    standings: bool
    travellers: bool
    hand_records: bool

    @property
    def anything(self) -> bool:
        """Whether the session has a public page at all."""
        return self.standings or self.travellers or self.hand_records


def session_published(*, session: Session) -> Published:
    """The director's switches, each off unless the session's status is published."""
    live = session.status == Session.Status.PUBLISHED
    return Published(
        standings=live and session.publish_standings,
        travellers=live and session.publish_travellers,
        hand_records=live and session.publish_hand_records,
    )


def session_public(*, club: Club, pk: int) -> Session:
    """A session of the club with something published, or NotFound (no leaks by 403)."""
    session = (
        Session.objects.select_related("club", "series")
        .filter(club=club, pk=pk, status=Session.Status.PUBLISHED)
        .first()
    )
    if session is None or not session_published(session=session).anything:
        raise NotFound("No such published session.")
    return session


def sessions_with_standings(*, club: Club) -> QuerySet[Session]:
    """A club's sessions whose standings are published, newest first."""
    published = club.sessions.filter(status=Session.Status.PUBLISHED, publish_standings=True)
    return published.order_by("-date", "-id")


def snapshot_public(*, session: Session) -> ScoreSnapshot | None:
    """The newest consistent standings row, or None unless the standings are published."""
    if not session_published(session=session).standings:
        return None
    from .services.standings import session_snapshot

    return session_snapshot(session=session)


def slips_public(*, session: Session) -> Slips | None:
    """The traveling slips as the engine scored them, or None unless the travellers are published."""
    if not session_published(session=session).travellers:
        return None
    from .services.standings import session_slips

    return session_slips(session=session)


def deals_public(*, session: Session) -> list[Deal] | None:
    """The recorded deals, or None unless the hand records are published."""
    if not session_published(session=session).hand_records:
        return None
    return list(Deal.objects.filter(tray__session=session).select_related("tray").order_by("tray__number"))


def entrant_names(*, session: Session) -> dict[int, str]:
    """Number -> the names of the ranked entrants ("Ada Whitcombe & Bertram Hale")."""
    from .services.standings import ranked_kind

    kind = ranked_kind(session)
    entrants = session.entrants.filter(kind=kind).prefetch_related("members__player")
    joiner = " & " if kind == Entrant.Kind.PAIR else ", "
    names: dict[int, str] = {}
    for entrant in entrants:
        people = joiner.join(m.player.name for m in entrant.members.all())
        if entrant.is_phantom:
            people = "phantom"
        if entrant.name and people and people not in entrant.name:
            people = f"{entrant.name} ({people})"
        names[entrant.number] = people or entrant.name
    return names


# --- A player's results over time, and the season's ladder (the book's club tournaments, p. 46). ---


@dataclass(frozen=True)
class SessionResult:
    """One player's line in one published session: their entrant's standing, and their partners."""

    session: Session
    entrant: int
    partners: str
    rank: int
    field: int
    total: Fraction
    plus_minus: Fraction | None
    percent: Fraction | None
    higher_is_better: bool

    @property
    def figure(self) -> Fraction:
        """What the ladder adds up: plus/minus where the method has one, else the total."""
        if self.plus_minus is not None:
            return self.plus_minus
        return self.total if self.higher_is_better else -self.total


def session_results_by_player(*, session: Session) -> dict[int, SessionResult]:
    """Player id -> their result in a session whose standings are published."""
    from .scorers import get_method
    from .services.standings import modern_percentages, ranked_kind

    snapshot = snapshot_public(session=session)
    if snapshot is None:
        return {}
    rows = {row["entrant"]: row for row in snapshot.scores["entrants"]}
    percents = modern_percentages(session=session, snapshot=snapshot) or {}
    better = get_method(snapshot.method).higher_is_better
    kind = ranked_kind(session)
    members = EntrantMember.objects.filter(session=session).select_related(
        "player", "entrant", "entrant__team"
    )
    people: dict[int, list[tuple[int, str]]] = {}
    ranked: dict[int, int] = {}
    for member in members:
        entrant = member.entrant if member.entrant.kind == kind else member.entrant.team
        if entrant is not None and entrant.number in rows:
            ranked[member.player_id] = entrant.number
            people.setdefault(entrant.number, []).append((member.player_id, member.player.name))
    out = {}
    for player_id, number in ranked.items():
        row = rows[number]
        pm = row.get("plus_minus")
        out[player_id] = SessionResult(
            session=session,
            entrant=number,
            rank=row["rank"],
            partners=", ".join(name for pk, name in people[number] if pk != player_id),
            field=len(rows),
            total=Fraction(row["total"]),
            plus_minus=None if pm is None else Fraction(pm),
            percent=percents.get(number),
            higher_is_better=better,
        )
    return out


def player_results_public(*, player: Player) -> list[SessionResult]:
    """A player's results in the club's sessions whose standings are published, oldest first."""
    sessions = (
        Session.objects.filter(
            status=Session.Status.PUBLISHED, publish_standings=True, entrants__members__player=player
        )
        .distinct()
        .order_by("date", "id")
    )
    results = (session_results_by_player(session=s).get(player.pk) for s in sessions)
    return [r for r in results if r is not None]


@dataclass(frozen=True)
class LadderRow:
    """One player on the ladder: the sessions played, those that count, the total."""

    player: Player
    rank: int
    played: int
    score: Fraction
    cells: tuple[tuple[SessionResult | None, bool], ...]


@dataclass(frozen=True)
class Ladder:
    """A series' individual standings: the best ``best_of`` sessions of each player count."""

    series: Series
    sessions: tuple[Session, ...]
    rows: tuple[LadderRow, ...]


def series_ladder_public(*, series: Series) -> Ladder:
    """The individual standings over a series, from its sessions whose standings are published."""
    from .scorers.common import rank

    sessions = tuple(sessions_with_standings(club=series.club).filter(series=series).order_by("date", "id"))
    by_player: dict[int, dict[int, SessionResult]] = {}
    for session in sessions:
        for player_id, result in session_results_by_player(session=session).items():
            by_player.setdefault(player_id, {})[session.pk] = result
    players = Player.objects.in_bulk(list(by_player))
    counted = {p: _best(list(results.values()), series.best_of) for p, results in by_player.items()}
    scores = {p: sum((r.figure for r in best), Fraction(0)) for p, best in counted.items()}
    ranks = rank(scores, higher_is_better=True)
    rows = [
        LadderRow(
            player=players[p],
            rank=ranks[p],
            played=len(by_player[p]),
            score=scores[p],
            cells=tuple((by_player[p].get(s.pk), by_player[p].get(s.pk) in counted[p]) for s in sessions),
        )
        for p in by_player
    ]
    rows.sort(key=lambda r: (r.rank, r.player.name))
    return Ladder(series=series, sessions=sessions, rows=tuple(rows))


def _best(results: list[SessionResult], best_of: int | None) -> list[SessionResult]:
    """The results that count: the best ``best_of`` (all when None), earlier first on a tie."""
    ordered = sorted(results, key=lambda r: (-r.figure, r.session.date, r.session.pk))
    return ordered if best_of is None else ordered[:best_of]
