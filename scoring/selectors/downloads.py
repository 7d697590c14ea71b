"""The public downloads of a session, each built once for each version of what it shows.

A download (the results' JSON, CSV and PDF; the deals' PBN) is kept in the
cache under its *version*: a digest of everything the file shows that can
change. That is what the public may see (``scoring.visibility.published``:
the switches, the status, a simultaneous event's release of the hands; whether
the results are provisional or final, and the changes made since publishing,
``scoring.selectors.finality``, so a file said provisional is built again
once they are final); the
standings' snapshot (its slip state and scoring method); the seating
(``seating_version``: fields and entrants) and the entrants' names; the
session's own fields (title, date, method, declared trump, ``updated_at``)
and the club's name; and, once the hands are public, the deals as recorded
(their double-dummy figures are solved after publication). A change to any
of these is a new key, so a stale file is never served and the old one
simply expires; the key holds what the public may see, so no other
viewer's file is ever served to it.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from infra.reads import kept, offer
from scoring.selectors.finality import session_finality
from scoring.selectors.standings import SeenStandings, entrant_names
from scoring.visibility import PUBLIC, published, sight
from tournaments.models import Deal, Session

#: How long a download is kept: a changed session is a new key, so this only frees the space.
DOWNLOAD_CACHE_SECONDS = 24 * 3600

Body = TypeVar("Body", str, bytes)


def _digest(parts: Sequence[Any]) -> str:
    """A short digest of the parts (as JSON, anything else as text)."""
    return hashlib.sha256(json.dumps(parts, default=str, sort_keys=True).encode()).hexdigest()[:32]


def _session_parts(session: Session) -> list[Any]:
    """What every download of the session shows of it: the public's sight, its fields, the club's name."""
    shown = published(session)
    said = session_finality(session=session, sight=sight(viewer=PUBLIC, session=session))
    return [
        session.pk,
        said.as_json() if said else None,
        [shown.standings, shown.travellers, shown.hand_records],
        session.seating_version,
        session.updated_at,
        session.title,
        session.date,
        session.scoring_method,
        session.declared_trump,
        session.club.name,
        session.club.slug,
    ]


def deals_version(*, session: Session, deals: Sequence[Deal]) -> str:
    """The version of the deals' PBN: the session's parts and each deal as recorded (its double dummy too)."""
    recorded = [(d.tray_id, d.hands, d.trump, d.dealer, d.double_dummy) for d in deals]
    return _digest([*_session_parts(session), recorded])


def results_version(*, session: Session, seen: SeenStandings, deals: Sequence[Deal] | None) -> str:
    """The version of a results download: the session's parts, the snapshot, the names and (``deals``:
    the public's, when the hands are shown on the travellers) the deals."""
    snapshot = seen.snapshot
    scored = [snapshot.pk, snapshot.source_version, snapshot.method, snapshot.computed_at]
    names = sorted(entrant_names(session=session).items())
    hands = deals_version(session=session, deals=deals) if deals is not None else ""
    return _digest([*_session_parts(session), scored, names, hands])


def download_kept(*, name: str, session: Session, version: str, build: Callable[[], Body]) -> Body:
    """The download ``name`` of this version: from the cache, or built now and kept."""
    key = f"clubwhist:download:{name}:{session.pk}:{version}"
    body: Body | None = kept(key)
    if body is None:
        body = build()
        offer(key, body, DOWNLOAD_CACHE_SECONDS)
    return body
