"""The rows a send reads and stores: a slip line and what it points to, as plain named tuples.

A send never builds a model by hand. The lines it finds (``sql.lines_found``) and the line it stores
(``store.store_send``) are ``LineRow``: the line's own columns, by the model's names, with its tray,
table, round and entrants as ``Ref`` (an id and a number, all an answer shows of them). A row reads as
the model reads where an answer reads it (``line.tray.number``, ``line.ns_id``, ``line.pk``,
``line.ew_tricks``), so the answers (``entry.api.slips.line_data``, a 409's stored line, a page's
"Tray 3 sent") take the one or the other; a service that changes a line locks the model by the row's
id (``entry.services.lines.lock_line``).
"""

from __future__ import annotations

from datetime import datetime
from typing import NamedTuple


class Ref(NamedTuple):
    """A row a slip line points to (its tray, table, round or an entrant): its id and number."""

    id: int
    number: int

    @property
    def pk(self) -> int:
        """The id, by the models' name for it."""
        return self.id


class LineRow(NamedTuple):
    """One line of a traveling slip (``scoring.models.SlipLine``'s columns), as a send finds or stores
    it: one table's result on one tray, its tray, table, round and entrants as ``Ref``."""

    id: int
    session_id: int
    tray: Ref
    table: Ref
    round: Ref
    ns: Ref | None
    ew: Ref | None
    ns_tricks: int | None
    ns_revokes: int
    ew_revokes: int
    ns_award: str
    ew_award: str
    law: str | None
    status: str
    claimed: int | None
    version: int
    entered_via: str
    entered_by: str
    entered_user_id: int | None
    device: str
    entered_at: datetime
    confirmed_by: str
    confirmed_at: datetime | None
    entered_side: str
    checked_side: str
    checked_how: str
    confirmed_device: str
    idempotency_key: str | None
    idempotency_scope: str
    idempotency_fingerprint: str
    updated_at: datetime

    @property
    def pk(self) -> int:
        """The line's id, by the models' name for it."""
        return self.id

    @property
    def tray_id(self) -> int:
        """The tray's id."""
        return self.tray.id

    @property
    def table_id(self) -> int:
        """The table's id."""
        return self.table.id

    @property
    def round_id(self) -> int:
        """The round's id."""
        return self.round.id

    @property
    def ns_id(self) -> int | None:
        """The N-S entrant's id (None: players seated by seats)."""
        return None if self.ns is None else self.ns.id

    @property
    def ew_id(self) -> int | None:
        """The E-W entrant's id (None: players seated by seats)."""
        return None if self.ew is None else self.ew.id

    @property
    def ew_tricks(self) -> int | None:
        """E-W tricks: 13 less the N-S tricks."""
        return None if self.ns_tricks is None else 13 - self.ns_tricks
