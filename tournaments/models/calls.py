"""A call to the director from a table (modern practice: Bridgemate's "call the director").

A phone at a table (its table's link, or an entrant's own link) calls the
director; the call shows on the director's live board until it is marked
answered. One open call a table: calling again while one is open is the
same call. A phone that follows an entrant sitting out has no table; its
call names the entrant instead.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class DirectorCall(models.Model):
    """One call to the director: from which table (or entrant), in which round, and its answer."""

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="calls")
    table = models.ForeignKey(
        "tournaments.Table", null=True, blank=True, on_delete=models.CASCADE, related_name="calls"
    )
    entrant = models.ForeignKey(
        "tournaments.Entrant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    round_number = models.PositiveSmallIntegerField(default=0)
    #: Who called, as the board says it: "table 3 N-S", "pair 5 (E-W phone)".
    called_by = models.CharField(max_length=80, blank=True, default="")
    called_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)
    answered_by = models.CharField(max_length=80, blank=True, default="")

    class Meta:
        ordering = ["session_id", "called_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(table__isnull=False) | Q(entrant__isnull=False), name="call_from_somewhere"
            ),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(answered_at__isnull=True, table__isnull=False),
                name="one_open_call_per_table",
            ),
            models.UniqueConstraint(
                fields=["entrant"],
                condition=Q(answered_at__isnull=True, table__isnull=True),
                name="one_open_call_per_entrant_away",
            ),
        ]

    def __str__(self) -> str:
        where = f"table {self.table.number}" if self.table_id and self.table else "a phone"
        return f"Call from {where} at {self.called_at:%H:%M}"

    @property
    def open(self) -> bool:
        """Whether the director has not yet answered it."""
        return self.answered_at is None
