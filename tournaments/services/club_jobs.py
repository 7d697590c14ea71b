"""A club's work done in the background (a roster's import, a movement's search): its progress in the cache.

The cache is shared by the web processes and the workers; each job is kept under its club's own key, so
another club's director reads nothing of it, and an id that is not one of ours reads nothing at all.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.core.cache import cache


def job_key(kind: str, club_id: int, job_id: str) -> str:
    """The cache key of a club's job of this kind ("design", "roster-import")."""
    return f"clubwhist:{kind}:{club_id}:{job_id}"


def job_save(kind: str, club_id: int, job_id: str, status: Any, seconds: int) -> None:
    """Keep a job's progress (a dataclass) for this many seconds."""
    cache.set(job_key(kind, club_id, job_id), asdict(status), seconds)


def job_load(kind: str, club_id: int, job_id: object) -> dict[str, Any] | None:
    """A job's progress as kept, or None (an id that is not one of ours, another club's, or long over)."""
    if not (isinstance(job_id, str) and job_id.isascii() and job_id.isalnum() and len(job_id) <= 64):
        return None
    kept: dict[str, Any] | None = cache.get(job_key(kind, club_id, job_id))
    return kept or None
