"""The whist drive: progressive whist with partners changed, decided change by change (pp. 24-25).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 24): a **change**
is one deal at every table and the moves that follow it (a ``Round``). The
First and Second Methods depend on the results, so only the first change is
seated before play; each later one is decided from the results the tables
send and seated when the last of them arrives. ``DriveChange`` keeps what
was decided, change by change: the seating and every player's move to it.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class Drive(models.Model):
    """A session run as a whist drive: the method, the changes planned, and the prizes."""

    class Method(models.TextChoices):
        FIRST = "first", "First Method: winners up, losers stay and change partners"
        SECOND = "second", "Second Method: the winning lady up, the winning gentleman down"
        SECOND_ALT = "second-alt", "Second Method: the winning lady up, the losing gentleman down"

    session = models.OneToOneField("tournaments.Session", on_delete=models.CASCADE, related_name="drive")
    method = models.CharField(max_length=12, choices=Method.choices, default=Method.FIRST)
    #: How many changes (deals at every table) the evening plays.
    changes = models.PositiveSmallIntegerField(default=12)
    #: "In some circles, the winners at table 1 also exchange partners with the new-comers" (p. 24).
    exchange_at_head = models.BooleanField(default=False)
    #: How many places win a prize, and whether the last place takes the booby prize (modern practice).
    prizes = models.PositiveSmallIntegerField(default=3)
    booby = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(method__in=["first", "second", "second-alt"]), name="drive_method_known"
            ),
            models.CheckConstraint(
                condition=Q(changes__gte=1, changes__lte=200), name="drive_changes_1_to_200"
            ),
            models.CheckConstraint(condition=Q(prizes__gte=1, prizes__lte=50), name="drive_prizes_1_to_50"),
        ]

    def __str__(self) -> str:
        return f"Whist drive of {self.session}"


class DriveChange(models.Model):
    """One change as the app seated it: the seating and each player's move, from the results before it.

    ``seating`` is ``{"1": {"N": 3, "E": 7, "S": 12, "W": 1}, ...}`` (table ->
    seat -> player number); ``moves`` the engine's moves, one a player
    (``Move.to_json``); ``results`` the results of the change before, as
    ``{"1": {"winner": "NS", "points": 2}, ...}``, from which this one was decided.
    """

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="drive_changes")
    round = models.OneToOneField("tournaments.Round", on_delete=models.CASCADE, related_name="drive_change")
    number = models.PositiveSmallIntegerField()
    seating = models.JSONField()
    moves = models.JSONField(default=list, blank=True)
    results = models.JSONField(default=dict, blank=True)
    seated_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="drive_change_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="drive_change_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Change {self.number} of {self.session}"
