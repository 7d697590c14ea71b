"""A session: the book's "sitting" or "match", from set-up to publication."""

from __future__ import annotations

import datetime as dt

from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from whist.cards import SUIT_NAME, SUITS
from whist.dates import BEYOND, EARLIEST


class EntrantKind(models.TextChoices):
    """What the session's movement seats."""

    PAIRS = "pairs", "Pairs"
    FOURS = "fours", "Teams of four"
    SIXES = "sixes", "Teams of six"
    EIGHTS = "eights", "Teams of eight"
    INDIVIDUALS = "individuals", "Individuals"
    #: Club teams, three teams, progressive team matches (pp. 56-59): seated pair by pair.
    TEAMS = "teams", "Teams of more than eight"


class ScoringMethod(models.TextChoices):
    """The scoring methods (docs/design.md names; the engine lives in scoring.scorers).

    A test keeps this list equal to the engine's ``METHODS``.
    """

    TRICK = "trick", "Trick score, plus and minus (p. 32)"
    HOWELL = "howell", "Original Howell, losses (p. 42)"
    EXPONENT = "exponent", "Exponent, equated gains (pp. 43-45)"
    MATCH = "match", "Match score, 2/1/0 (pp. 45-46)"
    MATCHPOINTS = "matchpoints", "Matchpoints, percent (modern)"
    INDIVIDUAL = "individual", "Individual, tricks lost (pp. 27, 31)"
    FOUR_PAIR = "four-pair", "Four-pair match (pp. 27-28)"
    TWO_TEAMS = "two-teams", "Two teams of four (pp. 28-30)"
    TEAM_TRICK = "team-trick", "Team trick score (pp. 48-49)"
    TEAM_MATCH = "team-match", "Team match score (p. 49)"
    NARRAGANSETT = "narragansett", "Narragansett, teams of eight (p. 55)"
    TEAM_CLUB = "team-club", "Club system, teams of more than eight (pp. 56-57)"
    POINTS = "points", "Progressive whist, points to the winners (pp. 24-25)"
    COUNTERS = "counters", "Progressive whist, counters (pp. 24-25)"
    MNEMONIC = "mnemonic", "Mnemonic duplicate, one table (pp. 25-27)"


#: The suits a sitting may declare trumps (Law IV, Sec. 11, p. 62).
TRUMP_SUITS = [(suit, SUIT_NAME[suit].capitalize()) for suit in SUITS]

#: A session's heavy fields, its written-out movement and a simultaneous event's pack and placings:
#: reads that do not need them leave them unread.
MOVEMENT_FIELDS = ("movement_json", "movement_params", "sim_pack", "sim_placings")


def takes_results(status: str) -> bool:
    """Whether a session of this status takes results from its tables: only while it runs."""
    return status == Session.Status.RUNNING


def release_come(release_at: dt.datetime | None, now: dt.datetime | None = None) -> bool:
    """Whether a simultaneous event's release time (``release_at``) has come: always, for a session without
    one; ``scoring.visibility`` holds the hands back until then."""
    return release_at is None or (now or timezone.now()) >= release_at


def still_provisional(status: str, until: dt.datetime | None, now: dt.datetime | None = None) -> bool:
    """Whether a session of this status has its results published and still provisional: before ``until``
    (at that instant they are final); ``scoring.visibility`` says it to the public."""
    if status != Session.Status.PUBLISHED or until is None:
        return False
    return (now or timezone.now()) < until


class Session(models.Model):
    """One evening's play: entrants, a movement, trays, a scoring method, a status."""

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        CLOSED = "closed", "Closed"
        PUBLISHED = "published", "Published"

    club = models.ForeignKey("tournaments.Club", on_delete=models.CASCADE, related_name="sessions")
    series = models.ForeignKey(
        "tournaments.Series", null=True, blank=True, on_delete=models.SET_NULL, related_name="sessions"
    )
    date = models.DateField()
    title = models.CharField(max_length=120)
    entrant_kind = models.CharField(max_length=12, choices=EntrantKind.choices, default=EntrantKind.PAIRS)
    movement_family = models.CharField(max_length=30, blank=True, default="")
    movement_variant = models.CharField(max_length=30, blank=True, default="")
    #: The request the movement was generated from (sizes, deals) and the
    #: movement JSON itself, kept so the seating is never recomputed.
    movement_params = models.JSONField(default=dict, blank=True)
    movement_json = models.JSONField(default=dict, blank=True)
    trays_count = models.PositiveSmallIntegerField(default=0)
    deals_per_round = models.PositiveSmallIntegerField(default=1)
    scoring_method = models.CharField(
        max_length=20, choices=ScoringMethod.choices, default=ScoringMethod.TRICK
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT, db_index=True)
    #: A suit declared trumps for the sitting, no trump card turned (Law IV, Sec. 11; p. 26); blank: turned.
    declared_trump = models.CharField(max_length=1, choices=TRUMP_SUITS, blank=True, default="")
    current_round = models.PositiveSmallIntegerField(default=0)
    #: Tables move on by themselves when their round is done, or wait for the director.
    tables_advance = models.BooleanField(default=True)
    show_running_score = models.BooleanField(default=False)
    #: Phones may say at a table's link which entrant they are (off: only each entrant's own printed
    #: link opens its page).
    phones_claim = models.BooleanField(default=True)
    #: The running score is hidden from the tables for this many last rounds (0: never).
    running_score_hidden_rounds = models.PositiveSmallIntegerField(default=0)
    #: The round timer (modern practice): minutes a tray, and minutes for the change; 0 means no timer.
    minutes_per_tray = models.PositiveSmallIntegerField(default=0)
    change_minutes = models.PositiveSmallIntegerField(default=0)
    publish_standings = models.BooleanField(default=False)
    publish_travellers = models.BooleanField(default=False)
    publish_hand_records = models.BooleanField(default=False)
    #: Counts changes to the session's slips; a score snapshot records the
    #: value it was computed from, so a stale snapshot is easy to spot.
    results_version = models.PositiveBigIntegerField(default=0)
    #: Counts changes to who sits where (a movement fixed, a substitute, a phantom): the
    #: phones' caches of the stored movement key on it.
    seating_version = models.PositiveIntegerField(default=0)
    #: A simultaneous event's pack this session plays (``tournaments.pbn.pack``), without its deals
    #: (they are on the trays): ``ref``, ``event``, ``organiser``, ``club``, ``methods``,
    #: ``results_url``, ``key``, ``plays_from``, ``plays_to``, ``release_at`` (ISO). Null: no pack.
    sim_pack = models.JSONField(null=True, blank=True, default=None)
    #: Until then the hands are seen by nobody but the director (``scoring.visibility``); null: no hold.
    hands_release_at = models.DateTimeField(null=True, blank=True)
    #: When the heat was last sent to the organiser, and how many times it was sent.
    sim_sent_at = models.DateTimeField(null=True, blank=True)
    sim_sends = models.PositiveIntegerField(default=0)
    #: The simultaneous event's published field as it concerns this club, fetched from the organiser or
    #: imported from its file (``sims.club_field``): ``ref``, ``event``, ``via``, ``at`` and per method
    #: ``pairs`` (the field's size), ``rows`` (the club's own pairs' placings only). Null: none yet.
    sim_placings = models.JSONField(null=True, blank=True, default=None)
    #: When the session was last published (from closed), and until when its results are provisional: the
    #: club's ``provisional_hours`` after it, fixed then. Null: never published (or published before
    #: results became final by time, and so final).
    published_at = models.DateTimeField(null=True, blank=True)
    provisional_until = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["draft", "running", "closed", "published"]),
                name="session_status_known",
            ),
            models.CheckConstraint(
                condition=Q(minutes_per_tray__lte=60) & Q(change_minutes__lte=30),
                name="session_timer_bounded",
            ),
            models.CheckConstraint(
                condition=Q(declared_trump__in=["", *SUITS]), name="session_declared_trump_suit"
            ),
            models.CheckConstraint(
                condition=Q(sim_pack__isnull=True, hands_release_at__isnull=True)
                | Q(sim_pack__isnull=False, hands_release_at__isnull=False),
                name="session_sim_pack_release",
            ),
            # A release time outside the years a client may give could be stored where Python cannot
            # read it back (year 0 on PostgreSQL), and the session would answer nothing again.
            models.CheckConstraint(
                condition=Q(hands_release_at__isnull=True)
                | Q(hands_release_at__gte=EARLIEST, hands_release_at__lt=BEYOND),
                name="session_release_in_range",
            ),
            models.CheckConstraint(
                condition=Q(sim_sends=0, sim_sent_at__isnull=True)
                | Q(sim_sends__gt=0, sim_sent_at__isnull=False),
                name="session_sim_sent",
            ),
            models.CheckConstraint(
                condition=Q(published_at__isnull=True, provisional_until__isnull=True)
                | Q(published_at__isnull=False, provisional_until__gte=F("published_at")),
                name="session_provisional_after_publishing",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.date} {self.title}"

    def hands_released(self, now: dt.datetime | None = None) -> bool:
        """Whether a simultaneous event's release time has come (``release_come``)."""
        return release_come(self.hands_release_at, now)

    def provisional(self, now: dt.datetime | None = None) -> bool:
        """Whether the session's published results are still provisional (``still_provisional``)."""
        return still_provisional(self.status, self.provisional_until, now)

    @property
    def is_editable_setup(self) -> bool:
        """Entrants, movement and trays may change only while in draft."""
        return self.status == self.Status.DRAFT

    @property
    def accepts_results(self) -> bool:
        """Tables may send results only while the session runs (``takes_results``)."""
        return takes_results(self.status)


class ResultChange(models.Model):
    """A change to a session's results once they were published, shown on its public pages: a correction
    while they were provisional (what, when, why), or a reopening (when, why)."""

    class Kind(models.TextChoices):
        CORRECTED = "corrected", "Corrected"
        REOPENED = "reopened", "Reopened"

    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="result_changes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    at = models.DateTimeField(default=timezone.now)
    reason = models.TextField()
    #: A correction's line (blank for a reopening; its tray alone when the whole tray was made void or put
    #: back in play) and its figures (or the tray's state) before and after, in words.
    tray_number = models.PositiveSmallIntegerField(null=True, blank=True)
    table_number = models.PositiveSmallIntegerField(null=True, blank=True)
    before = models.CharField(max_length=80, blank=True, default="")
    after = models.CharField(max_length=80, blank=True, default="")
    #: Whether the results were final when it was made (a reopening of final results).
    was_final = models.BooleanField(default=False)
    by = models.CharField(max_length=150, blank=True, default="")

    class Meta:
        ordering = ["session_id", "at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(kind__in=["corrected", "reopened"]), name="resultchange_kind"),
            models.CheckConstraint(condition=~Q(reason=""), name="resultchange_reason_given"),
            models.CheckConstraint(
                condition=Q(kind="reopened") | Q(tray_number__isnull=False),
                name="resultchange_correction_names_its_tray",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.session_id} {self.kind} at {self.at:%Y-%m-%d %H:%M}"
