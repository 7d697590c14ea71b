"""A movement the club designed and kept: its own, offered beside the book's systems."""

from __future__ import annotations

from django.db import models


class ClubMovement(models.Model):
    """A designed movement kept under a name (the movement JSON of docs/design.md) with its figures.

    It seats exactly ``entrants`` pairs (or players); a session of that many is offered it on its
    movement page, and seated by it like by any system of the book.
    """

    class Kind(models.TextChoices):
        PAIRS = "pairs", "Pairs"
        PLAYERS = "players", "Individual players"

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="movements")
    #: The name the club gives it; also the session's ``movement_variant`` when it seats one (30 characters).
    name = models.CharField(max_length=30)
    kind = models.CharField(max_length=10, choices=Kind.choices)
    entrants = models.PositiveSmallIntegerField()
    rounds = models.PositiveSmallIntegerField()
    trays = models.PositiveSmallIntegerField()
    deals_per_round = models.PositiveSmallIntegerField(default=1)
    movement_json = models.JSONField()
    #: Its balance when kept: the quality factor (100 perfect) and the s.d. of the amounts of competition.
    qf = models.FloatField()
    sd = models.FloatField()
    #: The figures in words, as the movement page says them.
    words = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="club_movement_name_once"),
            models.CheckConstraint(
                condition=models.Q(kind__in=["pairs", "players"]), name="club_movement_kind_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.entrants} {self.kind})"
