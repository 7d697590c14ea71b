"""Trays and the deals they carry (Laws I-V, pp. 60-62)."""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from whist.cards import SEAT_TABLE


class Tray(models.Model):
    """The device that carries one deal from table to table; numbered 1..n."""

    class Status(models.TextChoices):
        OK = "ok", "In play"
        FOULED = "fouled", "Fouled (Law V)"
        VOID = "void", "Void"

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="trays")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OK)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="tray_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="tray_number_positive"),
        ]

    def __str__(self) -> str:
        return f"Tray {self.number}"


class Deal(models.Model):
    """One distribution of the cards, its trump card and dealer; may be unknown.

    ``hands`` is PBN deal notation ("N:AKQ.J.T98.765 ..."); blank when the
    hands were not recorded (the players dealt at the table). ``trump`` is
    the turned card as rank+suit, e.g. "KC" (Law III Sec. 1, Law IV Sec. 1).
    ``trump_table``: the table whose result recorded the card turned there
    (a tray dealt at the table); None when it was known before play (dealt,
    imported, declared, or the director's).
    """

    tray = models.OneToOneField(Tray, on_delete=models.CASCADE, related_name="deal")
    hands = models.CharField(max_length=80, blank=True, default="")
    trump = models.CharField(max_length=3, blank=True, default="")
    trump_table = models.PositiveSmallIntegerField(null=True, blank=True)
    dealer = models.CharField(max_length=1, choices=SEAT_TABLE, default="N")
    #: Double-dummy tricks per declarer seat with this trump, once computed.
    double_dummy = models.JSONField(null=True, blank=True)

    def __str__(self) -> str:
        return f"Deal of {self.tray}"

    @property
    def is_known(self) -> bool:
        """Whether the four hands were recorded."""
        return bool(self.hands)
