"""Standings as each viewer may see them: snapshots, the running score, percentages, names.

- **snapshot**: the standings computed at one moment from one slip state
  (``ScoreSnapshot``), one consistent whole. The one staleness rule: a
  snapshot is *current* when it was computed from the session's present
  slip state (``source_version == results_version``). While the session
  runs with a broker, a recompute is queued by every change
  (``scoring.recompute``), so pages read the newest snapshot as it is. A
  page that wants it current (the director's, or any once the session is
  closed) and finds it stale is given the standings **scored now**: the
  same figures, scored from the slips as they are, unsaved and kept in the
  cache against the slip state.
- **running score**: the totals over the *complete* trays only (every
  table due to play them has sent its line), so it changes only when a
  tray is complete (``scoring.visibility``).
- **modern percentage**: a matchpoint percentage beside the book's figures.

Everything here only reads (nothing is stored or queued); which figures a
viewer may see is the visibility rule's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils import timezone

from infra.reads import kept, offer
from scoring.models import ScoreSnapshot
from scoring.scorers import Scores, ScoringError, Slips, score, scores_from_json, scores_to_json
from scoring.selectors.places import session_placed_json, session_places
from scoring.selectors.slips import complete_trays, session_slips, slips_of
from scoring.visibility import Sight, scores_seen
from tournaments.link_reads import SessionRead
from tournaments.models import NAMED, Entrant, Session
from tournaments.selectors import ranked_kind, slips_version

PERCENT_CACHE_SECONDS = 24 * 3600
SCORED_CACHE_SECONDS = 12 * 3600
RUNNING_CACHE_SECONDS = 12 * 3600


def latest_snapshot(*, session: Session) -> ScoreSnapshot | None:
    """The newest snapshot row as it is, current or not."""
    return ScoreSnapshot.objects.filter(session_id=session.pk).order_by("-computed_at", "-id").first()


def is_current(snapshot: ScoreSnapshot, session: Session) -> bool:
    """Whether a snapshot was computed from the session's present slip state."""
    return snapshot.source_version == slips_version(session_id=session.pk)


def session_snapshot(*, session: Session | SessionRead, fresh: bool = False) -> ScoreSnapshot | None:
    """The newest snapshot; when it is stale and no recompute will come (or ``fresh`` asks), the
    standings scored now instead."""
    snapshot = latest_snapshot(session=session)
    running = session.status == Session.Status.RUNNING
    if snapshot is None or (not is_current(snapshot, session) and (fresh or not running)):
        snapshot = scored_now(session=session) or snapshot
    return snapshot


def scored_now(*, session: Session | SessionRead) -> ScoreSnapshot | None:
    """The standings scored from the slips as they are now, as an unsaved snapshot (None: no slip yet).

    Kept in the cache against the slip state, so a page asked again before the next change scores
    nothing. The version is read before the slips, so they are at least that new.
    """
    version = slips_version(session_id=session.pk)
    key = f"clubwhist:scored:{session.pk}:{version}:{session.scoring_method}"
    snapshot: ScoreSnapshot | None = kept(key)
    if snapshot is None:
        slips = session_slips(session=session)
        if not slips.deals:
            return None
        scores = scores_to_json(score(session.scoring_method, slips))
        snapshot = ScoreSnapshot(
            session_id=session.pk,
            method=session.scoring_method,
            source_version=version,
            scores=scores,
            computed_at=timezone.now(),
        )
        offer(key, snapshot, SCORED_CACHE_SECONDS)
    snapshot.session = session
    return snapshot


@dataclass(frozen=True)
class SeenStandings:
    """A snapshot's figures as one viewer may see them (the scores JSON, cut)."""

    snapshot: ScoreSnapshot
    scores: dict[str, Any]

    @property
    def typed(self) -> Scores:
        """The same figures as exact, typed scores."""
        return scores_from_json(self.scores)


def standings_seen(*, session: Session, sight: Sight) -> SeenStandings | None:
    """The standings a viewer may see: None without the standings or the travellers, else cut to its sight."""
    if not (sight.standings or sight.per_deal):
        return None
    snapshot = session_snapshot(session=session, fresh=sight.checks)
    if snapshot is None:
        return None
    return SeenStandings(snapshot=snapshot, scores=scores_seen(snapshot.scores, sight))


@dataclass(frozen=True)
class RunningRow:
    """One line of the running score: ``rank``, the place in its field (``places``), written ``place``."""

    rank: int
    entrant: int
    total: Fraction
    plus_minus: Fraction | None
    field: str = ""
    place: str = ""


@dataclass(frozen=True)
class RunningScore:
    """The totals over the complete trays, and which trays those are."""

    method: str
    trays: tuple[int, ...]
    rows: tuple[RunningRow, ...]


def running_score(*, session: Session | SessionRead, version: int | None = None) -> RunningScore | None:
    """The standings over complete trays only (None when the method cannot score them yet).

    Kept in the cache against the session's slip state (``version``: as the
    caller read it already): every phone of the room asks for the same
    figures until the next result.
    """
    if version is None:
        version = slips_version(session_id=session.pk)
    key = f"clubwhist:running-placed:{session.pk}:{version}:{session.scoring_method}"
    cached = kept(key)
    if cached is None:
        complete = complete_trays(session=session)
        slips = session_slips(session=session, trays=complete) if complete else None
        cached = _running(session, slips_of(slips, complete)) if slips else _empty(session)
        offer(key, cached, RUNNING_CACHE_SECONDS)
    return cached or None


def _empty(session: Session) -> RunningScore:
    """No tray is complete yet."""
    return RunningScore(method=session.scoring_method, trays=(), rows=())


def _running(session: Session, slips: Slips) -> RunningScore | bool:
    """Score the complete trays, placed field by field; False when the method refuses them (kept in the
    cache too)."""
    method = session.scoring_method
    deals = tuple(d.deal for d in slips.deals)
    if not deals:
        return RunningScore(method=method, trays=(), rows=())
    try:
        scores = score(method, slips)
    except ScoringError:
        return False
    totals = {t.entrant: t for t in scores.entrants}
    rows = tuple(
        RunningRow(p.place, p.entrant, totals[p.entrant].total, totals[p.entrant].plus_minus, p.field, p.text)
        for p in session_places(session=session, scores=scores).rows
    )
    return RunningScore(method=method, trays=deals, rows=rows)


def modern_percentages(*, session: Session, snapshot: ScoreSnapshot) -> dict[int, Fraction] | None:
    """Matchpoint percentages of a pairs session (modern, shown beside the book's figures).

    Computed by the engine's ``matchpoints`` method and cached against the
    snapshot, so they change exactly when the standings do; the recompute
    task warms the cache, so a page seldom computes them itself.
    """
    if ranked_kind(session) != Entrant.Kind.PAIR:
        return None
    if snapshot.method == "matchpoints":
        return {row["entrant"]: Fraction(row["extra"]["percent"]) for row in snapshot.scores["entrants"]}
    key = f"clubwhist:percent:{session.pk}:{snapshot.pk}:{snapshot.computed_at.timestamp()}"
    cached = kept(key)
    if cached is None:
        try:
            scores = score("matchpoints", session_slips(session=session))
        except ScoringError:
            return None
        cached = {str(t.entrant): str(t.extra["percent"]) for t in scores.entrants}
        offer(key, cached, PERCENT_CACHE_SECONDS)
    return {int(e): Fraction(v) for e, v in cached.items()}


NAMES_CACHE_SECONDS = 120


def entrant_names(*, session: Session | SessionRead) -> dict[int, str]:
    """Number -> the names of the ranked entrants ("Ada Whitcombe & Bertram Hale"), kept briefly."""
    key = f"clubwhist:names:{session.pk}:{session.seating_version}"
    names: dict[int, str] | None = kept(key)
    if names is None:
        names = _entrant_names(session)
        offer(key, names, NAMES_CACHE_SECONDS)
    return names


def session_named_json(*, session: Session, scores: Mapping[str, Any]) -> dict[str, Any]:
    """A session's scores JSON with its places (``session_placed_json``), each entrant with its ``name``:
    its players as the roster names them now, so a rename or a merge shows in every download and answer."""
    placed = session_placed_json(session=session, scores=scores)
    if not placed.get("entrants"):
        return placed
    names = entrant_names(session=session)
    return {
        **placed,
        "entrants": [{**row, "name": names.get(row["entrant"], "")} for row in placed["entrants"]],
    }


def names_by_entrant(*, session: Session | SessionRead) -> dict[int, str]:
    """Entrant id -> its name, for every entrant of the session (the pairs of a team of more than eight
    too), kept as briefly as ``entrant_names``: a phone names the pairs at its table from it at no query."""
    key = f"clubwhist:names-by-id:{session.pk}:{session.seating_version}"
    names: dict[int, str] | None = kept(key)
    if names is None:
        entrants = Entrant.objects.filter(session_id=session.pk).prefetch_related(*NAMED)
        names = {entrant.pk: entrant.name for entrant in entrants}
        offer(key, names, NAMES_CACHE_SECONDS)
    return names


def _entrant_names(session: Session | SessionRead) -> dict[int, str]:
    """The names, read from the database: each entrant's players as the roster names them now, the
    director's label beside them (``Entrant.name``)."""
    entrants = Entrant.objects.filter(session_id=session.pk, kind=ranked_kind(session))
    entrants = entrants.prefetch_related(*NAMED)
    return {entrant.number: entrant.name for entrant in entrants}
