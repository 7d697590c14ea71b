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
- **placings**: each pair's place overall and at its club by each method
  (``SimPlacing``), worked out once when the event is published and kept
  until it is reopened: every public page, file and phone reads them.

Bounds: a heat has at most ``MAX_HEAT_PAIRS`` pairs (ids of at most
``PAIR_ID_MAX`` characters) and only the event's deals; a field at most
``MAX_FIELD_PAIRS``; a release time falls between the years of
``whist.dates`` (the database refuses any other).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower

from tournaments.models import Club
from tournaments.movements.limits import SEAT_MAX_TABLES
from whist.dates import BEYOND, EARLIEST

METHODS = ("matchpoints", "trick", "exponent")
#: The most pairs a heat may have: two a table of the largest hall the app seats (``SEAT_MAX_TABLES``).
MAX_HEAT_PAIRS = 2 * SEAT_MAX_TABLES
#: The most pairs a field may have, every counted heat together: what one scoring, one publication and
#: one field file (``sims.club_field.FIELD_MAX``) are sized for.
MAX_FIELD_PAIRS = 10_000
#: The longest pair id a heat may give ("12A").
PAIR_ID_MAX = 20
#: The longest names a heat may give a pair (the two players', or the partnership's).
NAMES_MAX = 80


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
    #: How many pairs the published field ranks (its placings are ``SimPlacing`` rows); 0 until published.
    field_size = models.PositiveIntegerField(default=0)
    #: The published field's frequency tables: deal -> how many tables took each number of N-S tricks,
    #: 0 to 13 (kept with the placings; empty until published).
    frequency = models.JSONField(default=dict, blank=True)
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
            # A time outside the years a client may give could be stored where Python cannot read it
            # back (year 0 on PostgreSQL): refused here whatever wrote it (``whist.dates``).
            models.CheckConstraint(
                condition=Q(release_at__gte=EARLIEST, release_at__lt=BEYOND), name="sim_release_in_range"
            ),
            models.CheckConstraint(condition=Q(field_size__lte=MAX_FIELD_PAIRS), name="sim_field_bounded"),
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
    #: How many pairs the heat has (at most ``MAX_HEAT_PAIRS``).
    pairs = models.PositiveIntegerField(default=0)
    #: Pair id -> the names its heat gave the pair (its ScoreTable's ``Names_NS``/``Names_EW``), if any.
    names = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(via__in=["file", "api"]), name="sim_heat_via_known"),
            models.CheckConstraint(condition=Q(sends__gte=1), name="sim_heat_sent"),
            models.CheckConstraint(condition=Q(pairs__lte=MAX_HEAT_PAIRS), name="sim_heat_pairs_bounded"),
        ]

    def __str__(self) -> str:
        return f"{self.sim_club} ({self.sends})"


class SimPlacing(models.Model):
    """One pair's placings in the published field by one method, kept when the event is published.

    Written once per publication (``sims.services.event_publish``), in the field's order (``position``,
    0 the best), and removed when the event is reopened: every page, file and phone reads these rows,
    only those it shows, and none of them ranks anything.
    """

    event = models.ForeignKey(SimEvent, on_delete=models.CASCADE, related_name="placings")
    sim_club = models.ForeignKey(SimClub, on_delete=models.CASCADE, related_name="placings")
    method = models.CharField(max_length=12)
    position = models.PositiveIntegerField()
    pair = models.CharField(max_length=PAIR_ID_MAX)
    names = models.CharField(max_length=NAMES_MAX, blank=True, default="")
    #: "NS", "EW", or "NS/EW" (the pair played both ways).
    direction = models.CharField(max_length=5)
    #: The overall place, "=5th of 18".
    rank = models.CharField(max_length=40)
    #: The percentage (matchpoints) or the score, to two places.
    score = models.CharField(max_length=30)
    #: The percentage or the score of its heat scored alone, to two places: the club's own result of the
    #: night by the method, beside the club place ("" for placings kept before it was kept).
    club_score = models.CharField(max_length=30, blank=True, default="")
    #: The place in its club field (``scoring.scorers.field_places``): 1 for the best.
    club_rank = models.PositiveIntegerField()
    #: "N-S" or "E-W" in a heat of two club fields, "" in a heat of one.
    club_field = models.CharField(max_length=3, blank=True, default="")
    #: The club place as the pages write it, "=2nd of 5 N-S".
    club_place = models.CharField(max_length=40)

    class Meta:
        ordering = ["event", "method", "position"]
        constraints = [
            models.UniqueConstraint(fields=["event", "method", "position"], name="sim_placing_position_once"),
            models.UniqueConstraint(fields=["sim_club", "pair", "method"], name="sim_placing_pair_once"),
            models.CheckConstraint(condition=Q(method__in=list(METHODS)), name="sim_placing_method_known"),
            models.CheckConstraint(condition=Q(club_field__in=["", "N-S", "E-W"]), name="sim_placing_field"),
        ]

    def __str__(self) -> str:
        return f"{self.sim_club} {self.pair} {self.method}: {self.rank}"
