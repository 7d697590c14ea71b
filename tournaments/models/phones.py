"""A phone's pass: the entrant a phone said it is at a table's link, kept apart from the table.

A table's link is a **place** (its QR code lies on the table all evening,
and every pair that ever sat there holds it); an entrant is a **person**.
A phone that says at a table "we are pair 5" gets a pass of its own, with
a token of its own: it follows pair 5 from table to table as the entrant's
own printed link does, and the table's link never hands out either
(``scoring.visibility`` holds the contract).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from .seating import EntrantLink, Table, new_table_token


class PhonePass(models.Model):
    """One phone following one entrant (or one pair of a team of four), from the moment it claimed it.

    ``device`` is the phone's own id (its ``cw_device`` cookie) when it
    claimed: a phone follows one entrant of a session at a time. ``via``
    says how the pass was had: said at a table's link (the first phone of
    the entrant), or with the entrant's code shown on that first phone (a
    partner's phone). A pass ends (``ended_at``) when another entrant is
    claimed on the same phone, when the phone says "not us", or when the
    director releases the entrant's phones; an ended pass opens nothing.
    """

    class Via(models.TextChoices):
        CLAIM = "claim", "Said at the table"
        CODE = "code", "With the pair's code"

    link = models.ForeignKey(EntrantLink, on_delete=models.CASCADE, related_name="passes")
    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=40, unique=True, default=new_table_token)
    device = models.CharField(max_length=64, blank=True, default="")
    #: At which table's link the phone claimed (for the director's list).
    table = models.ForeignKey(Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    via = models.CharField(max_length=5, choices=Via.choices, default=Via.CLAIM)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    #: Why it ended: "released by the director", "another entrant on this phone", "not us".
    ended_why = models.CharField(max_length=80, blank=True, default="")
    #: The last request by this pass (kept to within ``services.phones.PASS_SEEN_EVERY``).
    seen_at = models.DateTimeField(null=True, blank=True)
    #: Since when the phone's holder is in doubt (``services.phones``: it opened a table's link where its
    #: entrant is not due, or came back after a pause); None once its entrant's code or own link
    #: confirms it. A pass in doubt shows no result and acts on nothing.
    doubted_at = models.DateTimeField(null=True, blank=True)
    doubted_why = models.CharField(max_length=80, blank=True, default="")
    #: The table whose link the phone opened when it was put in doubt ("Not us?" leads back there).
    doubted_table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        ordering = ["session_id", "link_id", "created_at"]
        indexes = [
            models.Index(fields=["link", "ended_at"]),
            models.Index(fields=["session", "device"]),
        ]
        constraints = [
            models.CheckConstraint(condition=Q(via__in=["claim", "code"]), name="phonepass_via_known"),
            # One entrant a phone: a phone's passes of a session, but one, have ended.
            models.UniqueConstraint(
                fields=["session", "device"],
                condition=Q(ended_at__isnull=True) & ~Q(device=""),
                name="phonepass_one_entrant_a_phone",
            ),
        ]

    def __str__(self) -> str:
        return f"Phone of {self.link.entrant}" + (" (ended)" if self.ended_at else "")

    @property
    def in_doubt(self) -> bool:
        """Whether the phone's holder must show again that it is the entrant (its code, its own link)."""
        return self.doubted_at is not None

    @property
    def active(self) -> bool:
        """Whether the pass still opens its entrant's page."""
        return self.ended_at is None
