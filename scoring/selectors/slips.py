"""The session's traveling slips as the scoring engine's plain input, and which trays are complete.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **traveling slip** (pp. 42-46): one line per table that played the tray.
- **sit-out average** (pp. 38, 42, 44, 46): a pair that sits out takes the
  average on each tray it is not seated to play, in movements where some
  pair plays every tray; a pair whose opponents are a phantom takes the
  average on that table's trays. Both follow from the seating alone, never
  from which results have come in, so a tray's slip depends only on its own
  lines. The slip says why, truly: "sat out" where the tray was in play in
  a round the pair sat out, "not seated at this tray" where the movement
  never brings the pair to it (the tray was played only while the pair sat
  at other tables), "opponents absent" against a phantom.
- **complete tray**: every table due to play it (not against a phantom)
  has sent its line; a void tray is never complete (nobody scores it). In
  progressive whist every table plays its own deal (p. 24), so a tray is
  complete only with its whole change: every table of that round has sent.
- **the law on a line** (Laws III-V, pp. 61-62): the director's record of
  an irregularity at that table, passed to the engine as ``SlipResult.law``;
  a **declared trump** (Law IV, Sec. 11) is the sitting's, ``Slips.declared_trump``,
  and stands for every deal's trump.

Everything here reads; the visibility rule (``scoring.visibility``) decides
which trays of these slips a viewer may be shown.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache
from operator import attrgetter
from typing import Any

from django.db.models import Q

from infra.reads import kept, offer
from scoring.models import SlipLine
from scoring.scorers.types import AverageAward, DealSlip, SlipResult, Slips
from scoring.visibility import Sight
from tournaments.link_reads import SessionRead
from tournaments.models import (
    Entrant,
    EntrantKind,
    Round,
    Seat,
    SeatedEntrant,
    Seating,
    SeatingTray,
    Session,
    Table,
    Tray,
)
from tournaments.selectors import player_numbers, ranked_kind

#: Why a pair takes the average on a tray it did not play: it sat out while the tray was in play, or the
#: movement never seats it at the tray.
SAT_OUT = "sat out"
NOT_SEATED = "not seated at this tray"
#: What the engine needs of a line: ids (turned into numbers by small maps, no joins) and the counts.
LINE_FIELDS = (
    "tray_id",
    "table_id",
    "ns_id",
    "ew_id",
    "ns_tricks",
    "ns_revokes",
    "ew_revokes",
    "ns_award",
    "ew_award",
    "law",
)
AVERAGES_CACHE_SECONDS = 12 * 3600


def _seat_map(session: Session) -> dict[int, dict[str, int]]:
    """Seating id -> {seat: the book's player number} for seat-based movements (a substitute in a seat
    holds the number of the player it plays for)."""
    numbers = {p.player.pk: p.number for p in player_numbers(session=session) if p.player is not None}
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    rows = Seat.objects.filter(seating__round__session_id=session.pk, player__isnull=False).order_by()
    for seating, direction, player, plays_for in rows.values_list(
        "seating_id", "direction", "player_id", "plays_for_id"
    ):
        number = numbers.get(plays_for or player)
        if number is not None:
            seats[seating][direction] = number
    return seats


def _scheduled(session: Session) -> tuple[dict[int, set[int]], dict[int, set[int]]]:
    """Entrant id -> the tray ids the movement seats it to play; tray id -> the round ids it is in play."""
    scheduled: dict[int, set[int]] = defaultdict(set)
    in_play: dict[int, set[int]] = defaultdict(set)
    rows = SeatingTray.objects.filter(round__session_id=session.pk).values_list(
        "seating__ns_id", "seating__ew_id", "tray_id", "round_id"
    )
    for ns, ew, tray, round_id in rows:
        in_play[tray].add(round_id)
        for entrant in (ns, ew):
            if entrant is not None:
                scheduled[entrant].add(tray)
    return scheduled, in_play


def _expected_averages(session: Session | SessionRead) -> dict[int, list[AverageAward]]:
    """Tray id -> averages for entrants that sit out or meet a phantom (pp. 38, 42, 44, 46).

    They follow from the seating alone, so once the session has started they
    are kept in the cache against its seating version.
    """
    if session.status == Session.Status.DRAFT:
        return _averages_from_seating(session)
    key = f"clubwhist:averages:2:{session.pk}:{session.seating_version}:{session.entrant_kind}"
    found: dict[int, list[AverageAward]] | None = kept(key)
    if found is None:
        found = _averages_from_seating(session)
        offer(key, found, AVERAGES_CACHE_SECONDS)
    return found


def _averages_from_seating(session: Session) -> dict[int, list[AverageAward]]:
    """The averages, read from the seating."""
    awards: dict[int, list[AverageAward]] = defaultdict(list)
    found = Entrant.objects.filter(session_id=session.pk, kind=ranked_kind(session), is_phantom=False)
    real = {e.pk: e for e in found}
    trays = set(Tray.objects.filter(session_id=session.pk).values_list("pk", flat=True))
    scheduled, in_play = _scheduled(session)
    rounds = Round.objects.filter(session_id=session.pk).count()
    seated_rounds: dict[int, set[int]] = defaultdict(set)
    for entrant_id, round_id in SeatedEntrant.objects.filter(round__session_id=session.pk).values_list(
        "entrant_id", "round_id"
    ):
        seated_rounds[entrant_id].add(round_id)
    # Only where the book's rule holds: some pair plays every tray (Howell, Mitchell, Safford).
    full = any(scheduled.get(e, set()) >= trays for e in real)
    for entrant_id, entrant in real.items():
        seated = seated_rounds[entrant_id]
        if full and 0 < len(seated) < rounds:
            for tray_id in sorted(trays - scheduled.get(entrant_id, set())):
                reason = SAT_OUT if in_play[tray_id] - seated else NOT_SEATED
                awards[tray_id].append(AverageAward(entrant=entrant.number, reason=reason))
    phantom_tables = Seating.objects.filter(round__session_id=session.pk).filter(
        Q(ns__is_phantom=True) | Q(ew__is_phantom=True)
    )
    for seating in phantom_tables.select_related("ns", "ew"):
        other = seating.ew if seating.ns and seating.ns.is_phantom else seating.ns
        if other is None or other.is_phantom:
            continue
        for tray_id in SeatingTray.objects.filter(seating=seating).values_list("tray_id", flat=True):
            awards[tray_id].append(AverageAward(entrant=other.number, reason="opponents absent"))
    return dict(awards)


def _seat_based(session: Session | SessionRead) -> bool:
    """Whether the movement seats players one by one (individuals, teams of six or eight).

    Only its first round is read when the session was read without its movement.
    """
    if isinstance(session, Session) and "movement_json" not in session.get_deferred_fields():
        first = session.movement_json.get("rounds", [])[:1]
        return any("seats" in t for r in first for t in r["tables"])
    key = f"clubwhist:seat-based:{session.pk}:{session.seating_version}"
    found: bool | None = kept(key) if session.status != Session.Status.DRAFT else None
    if found is None:
        first_round = Session.objects.filter(pk=session.pk).values_list(
            "movement_json__rounds__0__tables", flat=True
        )
        found = any("seats" in t for t in first_round.first() or [])
        if session.status != Session.Status.DRAFT:
            offer(key, found, AVERAGES_CACHE_SECONDS)
    return found


def session_slips(*, session: Session | SessionRead, trays: frozenset[int] | None = None) -> Slips:
    """The session's traveling slips as the scoring engine's plain input (every tray with a line).

    With ``trays``, only those trays' slips are read (a phone's few trays).
    Read as the engine needs them: the lines' ids and counts, with the
    numbers of entrants, tables and trays from small maps, not joins.
    """
    number, ranked = _entrant_numbers(session)
    tables = dict(Table.objects.filter(session_id=session.pk).order_by().values_list("id", "number"))
    rows = (
        Tray.objects.filter(session_id=session.pk)
        .order_by("number")
        .values_list("id", "number", "status", "deal__trump")
    )
    tray_list = [row for row in rows if trays is None or row[1] in trays]
    tray_ids = None if trays is None else [pk for pk, *_ in tray_list]
    seat_based = _seat_based(session)
    read = _seated_lines if seat_based else _pair_lines
    by_tray = read(session, tray_ids, number, tables)
    averages = _expected_averages(session) if ranked_kind(session) != Entrant.Kind.PLAYER else {}
    deals = [
        DealSlip(
            deal=tray_number,
            results=tuple(sorted(by_tray[tray_pk], key=attrgetter("table"))),
            averages=tuple(averages.get(tray_pk, ())),
            trump=session.declared_trump or trump or None,
            void=status == Tray.Status.VOID,
        )
        for tray_pk, tray_number, status, trump in tray_list
        if by_tray.get(tray_pk)
    ]
    return Slips(
        entrants=tuple(sorted(ranked)),
        deals=tuple(deals),
        teams=_teams(session) if seat_based else _teams_of_pairs(session),
        declared_trump=session.declared_trump or None,
    )


def _entrant_numbers(session: Session | SessionRead) -> tuple[dict[int, int], list[int]]:
    """Entrant id -> number, and the numbers of the entrants the standings rank (no phantom)."""
    kind = ranked_kind(session)
    number: dict[int, int] = {}
    ranked: list[int] = []
    people = (
        Entrant.objects.filter(session_id=session.pk)
        .order_by()
        .values_list("id", "number", "kind", "is_phantom")
    )
    for pk, entrant_number, entrant_kind, phantom in people:
        number[pk] = entrant_number
        if entrant_kind == kind and not phantom:
            ranked.append(entrant_number)
    return number, ranked


#: A line with no revoke, award or law: the engine needs only its table, sides and tricks.
PLAIN_LINE = Q(ns_revokes=0, ew_revokes=0, ns_award="", ew_award="") & (Q(law__isnull=True) | Q(law=""))


def _pair_lines(
    session: Session, tray_ids: list[int] | None, number: dict[int, int], tables: dict[int, int]
) -> dict[int, list[SlipResult]]:
    """Tray id -> the lines of a pairs (or teams of four) session, as the engine's plain data: the plain
    lines by their five columns, the few others whole."""
    by_tray: dict[int, list[SlipResult]] = defaultdict(list)
    if tray_ids is not None and not tray_ids:
        return by_tray
    lines = SlipLine.objects.filter(session_id=session.pk).order_by()
    if tray_ids is not None:
        lines = lines.filter(tray_id__in=tray_ids)
    plain = lines.filter(PLAIN_LINE).values_list("tray_id", "table_id", "ns_id", "ew_id", "ns_tricks")
    for tray, table, ns, ew, tricks in plain:
        by_tray[tray].append(_plain_line(tables[table], number.get(ns, 0), number.get(ew, 0), tricks))
    read = _pair_reader(number, tables)
    for row in lines.exclude(PLAIN_LINE).values_list(*LINE_FIELDS):
        by_tray[row[0]].append(read(row))
    return by_tray


def _seated_lines(
    session: Session, tray_ids: list[int] | None, number: dict[int, int], tables: dict[int, int]
) -> dict[int, list[SlipResult]]:
    """Tray id -> the lines of a seat-based session (individuals, teams of six or eight), with the seats."""
    lines = SlipLine.objects.filter(session_id=session.pk).order_by()
    if tray_ids is not None:
        lines = lines.filter(tray_id__in=tray_ids)
    read = _seated_reader(session, number, tables)
    by_tray: dict[int, list[SlipResult]] = defaultdict(list)
    for row in lines.values_list(*LINE_FIELDS, "round_id"):
        by_tray[row[0]].append(read(row))
    return by_tray


def _pair_reader(number: dict[int, int], tables: dict[int, int]) -> Callable[[tuple[Any, ...]], SlipResult]:
    """One line of a pairs (or teams of four) session as the engine's plain data."""

    def read(row: tuple[Any, ...]) -> SlipResult:
        _, table, ns, ew, tricks, ns_revokes, ew_revokes, ns_award, ew_award, law = row
        if not (ns_revokes or ew_revokes or ns_award or ew_award or law):
            return _plain_line(tables[table], number.get(ns, 0), number.get(ew, 0), tricks)
        adjusted: Any = (ns_award, ew_award) if ns_award and ew_award else None
        return SlipResult(
            tables[table],
            number.get(ns, 0),
            number.get(ew, 0),
            tricks,
            ns_revokes,
            ew_revokes,
            None,
            adjusted,
            law or None,
        )

    return read


@lru_cache(maxsize=1 << 16)
def _plain_line(table: int, ns: int, ew: int, ns_tricks: int) -> SlipResult:
    """A line with no revoke or award, made once and shared: the same numbers make the same (immutable)
    line, so a session scored again and again builds only its new lines."""
    return SlipResult(table, ns, ew, ns_tricks)


def _seated_reader(
    session: Session, number: dict[int, int], tables: dict[int, int]
) -> Callable[[tuple[Any, ...]], SlipResult]:
    """One line of a seat-based session (individuals, teams of six or eight), with who sat where."""
    seats = _seat_map(session)
    seating_ids = {
        (r, t): pk
        for pk, r, t in Seating.objects.filter(round__session_id=session.pk)
        .order_by()
        .values_list("pk", "round", "table")
    }

    def read(row: tuple[Any, ...]) -> SlipResult:
        _, table, ns, ew, tricks, ns_revokes, ew_revokes, ns_award, ew_award, law, round_id = row
        sat = seats.get(seating_ids.get((round_id, table), 0))
        adjusted: Any = (ns_award, ew_award) if ns_award and ew_award else None
        return SlipResult(
            table=tables[table],
            ns=number[ns] if ns else (sat or {}).get("N", 0),
            ew=number[ew] if ew else (sat or {}).get("E", 0),
            ns_tricks=tricks,
            ns_revokes=ns_revokes,
            ew_revokes=ew_revokes,
            seats=sat,
            adjusted=adjusted,
            law=law or None,
        )

    return read


def _teams(session: Session) -> dict[int, tuple[int, ...]]:
    """Team number -> the book's player numbers of its members (teams of six or eight)."""
    if ranked_kind(session) != Entrant.Kind.TEAM:
        return {}
    numbers = {p.player.pk: p.number for p in player_numbers(session=session) if p.player is not None}
    teams: dict[int, tuple[int, ...]] = {}
    for team in session.entrants.filter(kind=Entrant.Kind.TEAM).prefetch_related("members"):
        teams[team.number] = tuple(sorted(numbers[m.player_id] for m in team.members.all()))
    return teams


def _teams_of_pairs(session: Session) -> dict[int, tuple[int, ...]]:
    """Team number -> the numbers of its pairs, for teams of more than eight (pp. 56-59)."""
    if session.entrant_kind != EntrantKind.TEAMS:
        return {}
    teams: dict[int, list[int]] = {}
    pairs = session.entrants.filter(kind=Entrant.Kind.PAIR, team__isnull=False).order_by("number")
    for team, pair in pairs.values_list("team__number", "number"):
        teams.setdefault(team, []).append(pair)
    return {team: tuple(pairs) for team, pairs in sorted(teams.items())}


def complete_trays(*, session: Session) -> frozenset[int]:
    """The trays every table due to play them has sent (not void, not against a phantom)."""
    owed: dict[int, set[int]] = defaultdict(set)
    changes: dict[int, set[int]] = defaultdict(set)
    rows = (
        SeatingTray.objects.filter(round__session_id=session.pk)
        .exclude(tray__status=Tray.Status.VOID)
        .exclude(Q(seating__ns__is_phantom=True) | Q(seating__ew__is_phantom=True))
        .values_list("tray__number", "seating__table_id", "round_id")
    )
    for tray, table, round_id in rows:
        owed[tray].add(table)
        changes[round_id].add(tray)
    sent: dict[int, set[int]] = defaultdict(set)
    for tray, table in SlipLine.objects.filter(session_id=session.pk).values_list("tray__number", "table_id"):
        sent[tray].add(table)
    done = frozenset(tray for tray, tables in owed.items() if tables <= sent[tray])
    if session.movement_family != "progressive":
        return done
    # Progressive whist: a tray counts only once every tray of its change is done (p. 24).
    return frozenset(t for trays in changes.values() if trays <= done for t in trays)


def slips_seen(slips: Slips, sight: Sight) -> Slips:
    """The slips cut to the trays a viewer may see."""
    if sight.trays is None:
        return slips
    return replace(slips, deals=tuple(d for d in slips.deals if sight.tray(d.deal)))


def slips_of(slips: Slips, trays: frozenset[int]) -> Slips:
    """The slips of these trays only."""
    return replace(slips, deals=tuple(d for d in slips.deals if d.deal in trays))


def all_played(*, session_id: int, seating_version: int | None = None) -> bool:
    """Whether every table has sent every tray it owes (the hand records may be solved before publishing).

    With the session's ``seating_version`` the count of what is owed is kept
    in the cache until the seating changes: a send then costs one count.
    """
    key = f"clubwhist:owed:{session_id}:{seating_version}"
    owed = kept(key) if seating_version is not None else None
    if owed is None:
        owed = (
            SeatingTray.objects.filter(seating__round__session_id=session_id)
            .exclude(seating__ns__is_phantom=True)
            .exclude(seating__ew__is_phantom=True)
            .count()
        )
        if seating_version is not None:
            offer(key, owed, 24 * 3600)
    return bool(owed) and SlipLine.objects.filter(session_id=session_id).count() >= owed
