"""Standings: read a session's slips, score them with the engine, keep a snapshot.

The bridge between the database and ``scoring.scorers`` (STYLE.md pointer 4):
``session_slips`` builds the engine's plain input, ``standings_compute``
scores it and writes one ``ScoreSnapshot`` row, so every page reads one
consistent whole.
"""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Q

from tournaments.models import Entrant, EntrantKind, Seat, SeatedEntrant, Seating, SeatingTray, Session, Tray

from ..models import ScoreSnapshot, SlipLine
from ..scorers import ScoringError, score, scores_to_json
from ..scorers.types import AverageAward, DealSlip, SlipResult, Slips

KEEP_SNAPSHOTS = 3
LINE_FIELDS = (
    "round_id",
    "table_id",
    "tray_id",
    "ns_id",
    "ew_id",
    "ns__number",
    "ew__number",
    "table__number",
    "ns_tricks",
    "ns_revokes",
    "ew_revokes",
    "ns_award",
    "ew_award",
)
PERCENT_CACHE_SECONDS = 24 * 3600


def ranked_kind(session: Session) -> str:
    """The kind of entrant the standings rank."""
    return {
        EntrantKind.PAIRS: Entrant.Kind.PAIR,
        EntrantKind.INDIVIDUALS: Entrant.Kind.PLAYER,
    }.get(EntrantKind(session.entrant_kind), Entrant.Kind.TEAM)


def _player_numbers(session: Session) -> dict[int, int]:
    """Player id -> the book's player number, for seat-based movements."""
    numbers: dict[int, int] = {}
    n = 0
    kind = ranked_kind(session)
    for entrant in session.entrants.filter(kind=kind).order_by("number").prefetch_related("members"):
        for member in entrant.members.all():
            if kind == Entrant.Kind.PLAYER:
                numbers[member.player_id] = entrant.number
            else:
                n += 1
                numbers[member.player_id] = n
    return numbers


def _seat_map(session: Session) -> dict[int, dict[str, int]]:
    """Seating id -> {seat: player number} for seat-based movements."""
    numbers = _player_numbers(session)
    seats: dict[int, dict[str, int]] = defaultdict(dict)
    for seat in Seat.objects.filter(seating__round__session=session, player__isnull=False):
        if seat.player_id in numbers:
            seats[seat.seating_id][seat.direction] = numbers[seat.player_id]
    return seats


def _expected_averages(session: Session, played: dict[int, set[int]]) -> dict[int, list[AverageAward]]:
    """Tray id -> averages for entrants that sat out or met a phantom (pp. 38, 42, 44, 46).

    A pair that sits out a round takes the average on each tray it would
    have played: in the book's systems every pair not sitting out plays
    every tray (Howell, Mitchell for an odd number of tables, Safford), so
    the trays it misses are those it never plays. A pair whose opponents
    became a phantom takes the average on the trays of that table.
    """
    awards: dict[int, list[AverageAward]] = defaultdict(list)
    kind = ranked_kind(session)
    real = {e.pk: e for e in session.entrants.filter(kind=kind, is_phantom=False)}
    trays = list(Tray.objects.filter(session=session).values_list("pk", flat=True))
    sat_in = set(SeatedEntrant.objects.filter(round__session=session).values_list("entrant_id", flat=True))
    rounds = session.rounds.count()
    seated_rounds: dict[int, int] = defaultdict(int)
    for entrant_id in SeatedEntrant.objects.filter(round__session=session).values_list(
        "entrant_id", flat=True
    ):
        seated_rounds[entrant_id] += 1
    full = any(len(played.get(e, ())) == len(trays) for e in real)
    for entrant_id, entrant in real.items():
        if entrant_id in sat_in and seated_rounds[entrant_id] < rounds and full:
            for tray_id in trays:
                if tray_id not in played.get(entrant_id, set()):
                    awards[tray_id].append(AverageAward(entrant=entrant.number, reason="sat out"))
    phantom_tables = Seating.objects.filter(round__session=session).filter(
        Q(ns__is_phantom=True) | Q(ew__is_phantom=True)
    )
    for seating in phantom_tables.select_related("ns", "ew"):
        other = seating.ew if seating.ns and seating.ns.is_phantom else seating.ns
        if other is None or other.is_phantom:
            continue
        for tray_id in SeatingTray.objects.filter(seating=seating).values_list("tray_id", flat=True):
            awards[tray_id].append(AverageAward(entrant=other.number, reason="opponents absent"))
    return awards


def session_slips(*, session: Session) -> Slips:
    """The session's traveling slips as the scoring engine's plain input."""
    kind = ranked_kind(session)
    entrants = tuple(
        session.entrants.filter(kind=kind, is_phantom=False)
        .order_by("number")
        .values_list("number", flat=True)
    )
    # Plain values, not model rows: a 100-table session has thousands of lines.
    lines = (
        SlipLine.objects.filter(session=session)
        .order_by("tray__number", "table__number")
        .values_list(*LINE_FIELDS, named=True)
    )
    seat_based = bool(session.movement_json.get("rounds")) and any(
        "seats" in t for r in session.movement_json["rounds"][:1] for t in r["tables"]
    )
    seats = _seat_map(session) if seat_based else {}
    seatings = Seating.objects.filter(round__session=session).values_list("pk", "round", "table")
    seating_ids = {(r, t): pk for pk, r, t in seatings} if seat_based else {}
    by_tray: dict[int, list[SlipResult]] = defaultdict(list)
    played: dict[int, set[int]] = defaultdict(set)
    for line in lines:
        seat_numbers = seats.get(seating_ids.get((line.round_id, line.table_id), 0)) if seat_based else None
        ns = line.ns__number if line.ns_id else (seat_numbers or {}).get("N", 0)
        ew = line.ew__number if line.ew_id else (seat_numbers or {}).get("E", 0)
        for entrant in (line.ns_id, line.ew_id):
            if entrant is not None:
                played[entrant].add(line.tray_id)
        adjusted: Any = (line.ns_award, line.ew_award) if line.ns_award and line.ew_award else None
        by_tray[line.tray_id].append(
            SlipResult(
                table=line.table__number,
                ns=ns,
                ew=ew,
                ns_tricks=line.ns_tricks,
                ns_revokes=line.ns_revokes,
                ew_revokes=line.ew_revokes,
                seats=seat_numbers,
                adjusted=adjusted,
            )
        )
    averages = _expected_averages(session, played) if kind != Entrant.Kind.PLAYER else {}
    deals = []
    for tray in Tray.objects.filter(session=session).select_related("deal").order_by("number"):
        results = by_tray.get(tray.pk, [])
        if not results:
            continue
        trump = getattr(getattr(tray, "deal", None), "trump", "") or None
        deals.append(
            DealSlip(
                deal=tray.number,
                results=tuple(results),
                averages=tuple(averages.get(tray.pk, ())),
                trump=trump,
                void=tray.status == Tray.Status.VOID,
            )
        )
    return Slips(entrants=entrants, deals=tuple(deals), teams=_teams(session) if seat_based else {})


def _teams(session: Session) -> dict[int, tuple[int, ...]]:
    """Team number -> the book's player numbers of its members (teams of six or eight)."""
    if ranked_kind(session) != Entrant.Kind.TEAM:
        return {}
    numbers = _player_numbers(session)
    teams: dict[int, tuple[int, ...]] = {}
    for team in session.entrants.filter(kind=Entrant.Kind.TEAM).prefetch_related("members"):
        teams[team.number] = tuple(sorted(numbers[m.player_id] for m in team.members.all()))
    return teams


def standings_compute(*, session_id: int) -> ScoreSnapshot | None:
    """Score the session now and store the result as its newest snapshot."""
    session = Session.objects.get(pk=session_id)
    version = session.results_version
    slips = session_slips(session=session)
    if not slips.deals:
        return None
    scores = score(session.scoring_method, slips)
    with transaction.atomic():
        snapshot = ScoreSnapshot.objects.create(
            session=session,
            method=session.scoring_method,
            source_version=version,
            scores=scores_to_json(scores),
        )
        stale = ScoreSnapshot.objects.filter(session=session).order_by("-computed_at", "-id")[KEEP_SNAPSHOTS:]
        ScoreSnapshot.objects.filter(pk__in=[s.pk for s in stale]).delete()
    return snapshot


def session_standings(*, session: Session) -> dict[str, Any] | None:
    """The newest consistent standings (scores JSON), computing them if none is current."""
    snapshot = session_snapshot(session=session)
    return snapshot.scores if snapshot else None


def session_snapshot(*, session: Session) -> ScoreSnapshot | None:
    """The newest snapshot row, computing one if none is current (pages key caches on it)."""
    snapshot = ScoreSnapshot.objects.filter(session=session).order_by("-computed_at", "-id").first()
    if snapshot is None or (
        snapshot.source_version != session.results_version and session.status != Session.Status.RUNNING
    ):
        snapshot = standings_compute(session_id=session.pk) or snapshot
    return snapshot


def modern_percentages(
    *, session: Session, snapshot: ScoreSnapshot, slips: Slips | None = None
) -> dict[int, Fraction] | None:
    """Matchpoint percentages of a pairs session (modern, shown beside the book's figures).

    Computed by the engine's ``matchpoints`` method from the slips and cached
    against the snapshot, so they change exactly when the standings do; the
    recompute task warms the cache, so a page seldom computes them itself.
    """
    if ranked_kind(session) != Entrant.Kind.PAIR:
        return None
    if snapshot.method == "matchpoints":
        return {row["entrant"]: Fraction(row["extra"]["percent"]) for row in snapshot.scores["entrants"]}
    key = f"clubwhist:percent:{session.pk}:{snapshot.pk}:{snapshot.computed_at.timestamp()}"
    cached = cache.get(key)
    if cached is None:
        try:
            scores = score("matchpoints", slips or session_slips(session=session))
        except ScoringError:
            return None
        cached = {str(t.entrant): str(t.extra["percent"]) for t in scores.entrants}
        cache.set(key, cached, PERCENT_CACHE_SECONDS)
    return {int(e): Fraction(v) for e, v in cached.items()}
