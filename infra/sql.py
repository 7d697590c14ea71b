"""What literal SQL needs to answer as the ORM does: timestamps with their zone.

The phones' hot statements are written out by hand (``infra.statements``).
PostgreSQL's driver gives every value as the
ORM would; SQLite's module (with the types Django declares for it) gives
dates, booleans and timestamps too, but its timestamps without their zone,
which the database keeps in UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime


def aware(value: datetime | None) -> datetime | None:
    """A timestamp as the ORM gives it: SQLite keeps them in UTC without a zone."""
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value
