"""A simultaneous event as its organiser keeps it: the event, the clubs taking part, each club's heat.

- **simultaneous event** ("sim"): one set of deals played by many clubs in
  the same days, each in its own session (its **heat**), every heat scored
  together as one **field** (``scoring.scorers.field``); the book's clubs
  compared their scores on the same deals between clubs in just this way
  (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 48).
- **release time**: the hand records, the frequency tables and the
  commentary are shown to nobody before it, published or not (a club that
  has not yet played must not see the hands).
- **key**: the secret a club's app sends its heat with (``X-Sim-Key``); only
  its SHA-256 is kept, the key itself is shown once when issued.
- state: **open** (heats taken), **closed** (no more heats, the organiser
  checks the field), **published** (the overall ranking is public).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from tournaments.models import Club

METHODS = ("matchpoints", "trick", "exponent")


class SimEvent(models.Model):
    """One simultaneous event organised by a club of this server."""

    class State(models.TextChoices):
        OPEN = "open", "Open: heats taken"
        CLOSED = "closed", "Closed: no more heats"
        PUBLISHED = "published", "Published"

    organiser = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="sim_events")
    ref = models.SlugField(max_length=80, unique=True)
    name = models.CharField(max_length=120)
    plays_from = models.DateField()
    plays_to = models.DateField()
    release_at = models.DateTimeField()
    methods = models.JSONField(default=list)
    deals_pbn = models.TextField()
    commentary = models.JSONField(default=dict, blank=True)
    state = models.CharField(max_length=10, choices=State.choices, default=State.OPEN)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-plays_from", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(state__in=["open", "closed", "published"]), name="sim_state_known"
            ),
            models.CheckConstraint(
                condition=Q(plays_to__gte=models.F("plays_from")), name="sim_dates_in_order"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class SimClub(models.Model):
    """A club taking part in an event, by the name its heat's ``[Site]`` carries."""

    event = models.ForeignKey(SimEvent, on_delete=models.CASCADE, related_name="clubs")
    name = models.CharField(max_length=120)
    key_hash = models.CharField(max_length=64)
    withdrawn = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(Lower("name"), "event", name="sim_club_name_once"),
            models.UniqueConstraint(fields=["key_hash"], name="sim_club_key_once"),
        ]

    def __str__(self) -> str:
        return self.name


class SimHeat(models.Model):
    """The latest heat a club sent: its PBN 2.1 ``ScoreTable`` file, how many times sent, when, how."""

    class Via(models.TextChoices):
        FILE = "file", "File uploaded by the organiser"
        API = "api", "Sent with the club's key"

    sim_club = models.OneToOneField(SimClub, on_delete=models.CASCADE, related_name="heat")
    pbn = models.TextField()
    sends = models.PositiveIntegerField(default=1)
    received_at = models.DateTimeField()
    via = models.CharField(max_length=4, choices=Via.choices)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(via__in=["file", "api"]), name="sim_heat_via_known"),
            models.CheckConstraint(condition=Q(sends__gte=1), name="sim_heat_sent"),
        ]

    def __str__(self) -> str:
        return f"{self.sim_club} ({self.sends})"
