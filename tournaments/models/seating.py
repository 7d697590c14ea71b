"""Tables, rounds and the seating of every round, stored once from the movement.

The seating is written when the director fixes the movement and is never
recomputed mid-session; a substitution changes a ``Seat``, not the movement.
"""

from __future__ import annotations

import secrets

from django.db import models
from django.db.models import Q

from whist.cards import SEAT_TABLE


def new_table_token() -> str:
    """A private link's secret: 128 bits, URL-safe."""
    return secrets.token_urlsafe(16)


class Table(models.Model):
    """A table of a session, with the private link its players scan."""

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    token = models.CharField(max_length=40, unique=True, default=new_table_token)
    token_revoked = models.BooleanField(default=False)
    #: Counts this table's own sends (the session's ``results_version`` counts everything else).
    results_version = models.PositiveBigIntegerField(default=0)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="table_number_once"),
        ]

    def __str__(self) -> str:
        return f"Table {self.number}"


class EntrantLink(models.Model):
    """An entrant's own private link: the QR code on its movement card (the book's card, p. 39).

    A phone that holds it follows its entrant from table to table: where to
    go, which trays, and the travellers of the trays that entrant has played.
    ``side`` is blank for pairs and players, and ``NS`` or ``EW`` for the two
    pairs of a team of four, who sit at different tables (p. 48).
    """

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="entrant_links")
    entrant = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="links")
    side = models.CharField(max_length=2, blank=True, default="")
    token = models.CharField(max_length=40, unique=True, default=new_table_token)
    revoked = models.BooleanField(default=False)
    #: The code a second phone of the entrant types at a table's link (shown on the phones that follow
    #: it; a new one after each use); blank until a phone first claims the entrant.
    join_code = models.CharField(max_length=6, blank=True, default="")
    #: Wrong codes typed for this entrant since the director last released it (refused from JOIN_TRIES).
    join_failures = models.PositiveSmallIntegerField(default=0)

    class Meta:
        ordering = ["session_id", "entrant_id", "side"]
        constraints = [
            models.UniqueConstraint(fields=["entrant", "side"], name="entrant_link_once_per_side"),
            models.CheckConstraint(condition=Q(side__in=["", "NS", "EW"]), name="entrant_link_side_known"),
        ]

    def __str__(self) -> str:
        return f"Link of {self.entrant}" + (f" ({self.side})" if self.side else "")


class Round(models.Model):
    """One change of seats (the book's "change" or "arrangement")."""

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    #: When the director began this round (the start, or "next round"); later rounds follow the timer.
    started_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="round_number_once"),
        ]

    def __str__(self) -> str:
        return f"Round {self.number}"


class Seating(models.Model):
    """Who plays at one table in one round: N-S against E-W, and the trays."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="seatings")
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seatings")
    ns = models.ForeignKey(
        "tournaments.Entrant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    ew = models.ForeignKey(
        "tournaments.Entrant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    trays = models.ManyToManyField("tournaments.Tray", through="SeatingTray", related_name="seatings")

    class Meta:
        ordering = ["round_id", "table_id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="seating_table_once_per_round"),
            models.UniqueConstraint(fields=["round", "ns"], name="seating_ns_once_per_round"),
            models.UniqueConstraint(fields=["round", "ew"], name="seating_ew_once_per_round"),
        ]

    def __str__(self) -> str:
        return f"{self.round} {self.table}"


class SeatingTray(models.Model):
    """A tray played at a table in a round, in its place in the table's order.

    Where the deals are exchanged and replayed within a round (individual
    matches, p. 27; four-pair matches, p. 28; two teams, p. 29) a tray is at
    two tables in one round, but never at the same place in their order.
    """

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="seating_trays")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    tray = models.ForeignKey("tournaments.Tray", on_delete=models.CASCADE)
    order = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["seating_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["round", "tray", "order"], name="tray_at_one_table_at_a_time"),
            models.UniqueConstraint(fields=["seating", "tray"], name="tray_once_per_seating"),
        ]

    def __str__(self) -> str:
        return f"{self.tray} at {self.seating}"


class SeatedEntrant(models.Model):
    """An entrant's place in a round; the database refuses it at two tables.

    ``side`` is blank for pairs and players (a pair is at one table, in one
    direction), and ``NS`` or ``EW`` for teams of four, whose two pairs sit
    at different tables in the same round (p. 48).
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="seated")
    entrant = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    side = models.CharField(max_length=2, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["round", "entrant", "side"], name="entrant_at_one_table_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} {self.side} at {self.seating}".replace("  ", " ")


class Seat(models.Model):
    """A player in a seat (N, E, S, W) at one table in one round."""

    seating = models.ForeignKey(Seating, on_delete=models.CASCADE, related_name="seats")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="+")
    direction = models.CharField(max_length=1, choices=SEAT_TABLE)
    player = models.ForeignKey(
        "tournaments.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    #: The individual entrant in this seat (seat-based movements only).
    entrant = models.ForeignKey(
        "tournaments.Entrant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    #: Whom ``player`` plays for when a substitute sits in (``services.running.seat_substitute``): the
    #: player the movement seated here, whose place in the book's numbering the substitute takes; None
    #: when the player plays for themself.
    plays_for = models.ForeignKey(
        "tournaments.Player", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )

    class Meta:
        ordering = ["seating_id", "direction"]
        constraints = [
            models.UniqueConstraint(fields=["seating", "direction"], name="seat_once_per_table"),
            models.UniqueConstraint(
                fields=["round", "player"],
                condition=Q(player__isnull=False),
                name="player_at_one_seat_per_round",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_direction_display()} at {self.seating}"
