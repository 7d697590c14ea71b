"""Each published session's standings, entrant by entrant, kept in the cache by the session's version.

A player's page and a season's ladder (the book's club tournaments, p. 46)
read many sessions' standings. Each session's *lines* (an entrant's place in
its field, the field's size, its total, plus/minus and modern percentage)
are worked out once and kept against everything they depend on: what the
public may see of the session (``scoring.visibility``), its slip state
(``slips_version``), its seating (``seating_version``: the fields and the
entrants), its scoring method and its newest snapshot. A change to any of
these is a new key, never a stale answer; and reading any number of
sessions' lines is one query for their versions (``with_versions``) and one
read of the cache, however many seasons the club has played.

The lines are by entrant number: who played for an entrant is read afresh
by the caller (a roster merge moves a player's history without touching a
session's versions).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from django.db.models import BigIntegerField, F, OuterRef, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from infra.reads import kept_many, offer
from scoring.models import ScoreSnapshot
from scoring.scorers import get_method
from scoring.selectors.places import session_places
from scoring.selectors.public import standings_public
from scoring.selectors.standings import modern_percentages
from scoring.visibility import published
from tournaments.models import Session, Table

#: How long one session's lines are kept: a changed session is a new key, so this only frees the space.
LINES_CACHE_SECONDS = 24 * 3600


@dataclass(frozen=True)
class EntrantLine:
    """One entrant's standing in a published session: ``rank`` its place (``place`` as written, "=2")
    in its ``direction``'s field ("N-S"; "" when the session has one field) of ``field`` entrants."""

    rank: int
    field: int
    total: Fraction
    plus_minus: Fraction | None
    percent: Fraction | None
    higher_is_better: bool
    place: str
    direction: str


def with_versions(sessions: QuerySet[Session]) -> QuerySet[Session]:
    """The sessions, each with its slip state (``slips_at``) and newest snapshot (``snapshot_at``), in
    the one query that reads them."""
    tables = (
        Table.objects.filter(session=OuterRef("pk"))
        .values("session")
        .annotate(sent=Sum("results_version"))
        .values("sent")
    )
    newest = ScoreSnapshot.objects.filter(session=OuterRef("pk")).order_by("-computed_at", "-id").values("id")
    return sessions.annotate(
        slips_at=F("results_version") + Coalesce(Subquery(tables), Value(0), output_field=BigIntegerField()),
        snapshot_at=Subquery(newest[:1]),
    )


def lines_key(session: Session) -> str:
    """The cache key of a session's lines (read by ``with_versions``): what they depend on, as above."""
    shown = published(session)
    seen = f"{shown.standings:d}{shown.travellers:d}"
    versions = f"{session.slips_at}:{session.seating_version}:{session.snapshot_at}"  # type: ignore[attr-defined]
    return f"clubwhist:lines:{session.pk}:{seen}:{session.scoring_method}:{versions}"


def public_lines(sessions: Sequence[Session]) -> dict[int, dict[int, EntrantLine]]:
    """Session id -> entrant number -> its line, for sessions read by ``with_versions`` (a session whose
    standings the public may not see has none)."""
    keys = {lines_key(s): s for s in sessions}
    found = kept_many(keys)
    for key, session in keys.items():
        if key not in found:  # the version was read first, so what is kept is at least that new
            found[key] = _lines(session)
            offer(key, found[key], LINES_CACHE_SECONDS)
    return {session.pk: found[key] for key, session in keys.items()}


def _lines(session: Session) -> dict[int, EntrantLine]:
    """The session's lines, from its standings as the public sees them."""
    seen = standings_public(session=session)
    if seen is None:
        return {}
    places = session_places(session=session, scores=seen.typed)
    percents = modern_percentages(session=session, snapshot=seen.snapshot) or {}
    better = get_method(seen.snapshot.method).higher_is_better
    out = {}
    for row in seen.typed.entrants:
        place = places.of(row.entrant)
        if place is None:
            continue
        out[row.entrant] = EntrantLine(
            rank=place.place,
            field=len(places.in_field(place.field)),
            total=row.total,
            plus_minus=row.plus_minus,
            percent=percents.get(row.entrant),
            higher_is_better=better,
            place=place.text,
            direction=place.field,
        )
    return out
