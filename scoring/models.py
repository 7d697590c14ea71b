"""Traveling slips (one line per table per tray), their history, and score snapshots.

A slip line is the record of one table's play of one tray (the book's
traveling slip, p. 42): the N-S and E-W entrants and the N-S tricks; E-W took
13 less. Corrections never overwrite: every change writes a ``SlipLineVersion``
first (who, when, from which device or page, why).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from scoring.scorers.irregularities import IRREGULARITIES

AWARD_CHOICES = [
    ("", "—"),
    ("average", "Average"),
    ("average-plus", "Average-plus"),
    ("average-minus", "Average-minus"),
]


#: The laws a director may apply at a table and record on its line (``scorers.irregularities``, pp. 61-62).
LAW_CHOICES = [(code, rule.name) for code, rule in IRREGULARITIES.items()]
#: The laws that decide the table's score themselves (an average or a new deal): its line needs no tricks.
LAWS_DECIDING = [code for code, rule in IRREGULARITIES.items() if rule.effect != "record"]


class Via(models.TextChoices):
    """Where an entry or change came from."""

    TABLE = "table", "Table page"
    DIRECTOR = "director", "Director's page"
    API = "api", "API"
    CLI = "cli", "Command line"
    DEMO = "demo", "Demo data"


class SlipLine(models.Model):
    """One line of a traveling slip: the current version of one table's result on a tray."""

    class Status(models.TextChoices):
        ENTERED = "entered", "Entered, not yet confirmed"
        CONFIRMED = "confirmed", "Confirmed by the opponents"
        DISPUTED = "disputed", "Disputed: for the director"

    class Checked(models.TextChoices):
        """How a confirmed line was checked (p. 42: one side sends, the other checks)."""

        OWN = "own", "By the other side, on its own phone"
        ACROSS = "across", "By the other side, on the sending side's phone handed across"
        DIRECTOR = "director", "By the director (confirmed, entered, corrected or awarded)"
        SETTLED = "settled", "A dispute settled by the director, for one side's count"

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="slip_lines")
    tray = models.ForeignKey("tournaments.Tray", on_delete=models.CASCADE, related_name="slip_lines")
    round = models.ForeignKey("tournaments.Round", on_delete=models.CASCADE, related_name="slip_lines")
    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="slip_lines")
    ns = models.ForeignKey(
        "tournaments.Entrant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    ew = models.ForeignKey(
        "tournaments.Entrant", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    ns_tricks = models.SmallIntegerField(null=True, blank=True)
    ns_revokes = models.PositiveSmallIntegerField(default=0)
    ew_revokes = models.PositiveSmallIntegerField(default=0)
    ns_award = models.CharField(max_length=14, choices=AWARD_CHOICES, blank=True, default="")
    ew_award = models.CharField(max_length=14, choices=AWARD_CHOICES, blank=True, default="")
    #: The law the director applied at this table (Law III Sec. 2 (d), Law IV Secs. 8-10, Law V), or None.
    law = models.CharField(max_length=12, choices=LAW_CHOICES, null=True, blank=True, default=None)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ENTERED)
    #: While disputed: the N-S tricks as E-W count them.
    claimed = models.SmallIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(default=1)
    entered_via = models.CharField(max_length=10, choices=Via.choices)
    entered_by = models.CharField(max_length=80, blank=True, default="")
    entered_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    device = models.CharField(max_length=64, blank=True, default="")
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.CharField(max_length=80, blank=True, default="")
    confirmed_at = models.DateTimeField(null=True, blank=True)
    #: The side whose phone sent the line ("NS", "EW"); blank: the director's entry (or a line sent
    #: before sides were recorded, which N-S sent).
    entered_side = models.CharField(max_length=2, blank=True, default="")
    #: Once confirmed: the side that checked it at the table, or whose count the director accepted in
    #: settling a dispute ("NS", "EW"); blank for the director's own confirmation.
    checked_side = models.CharField(max_length=2, blank=True, default="")
    #: How it was checked (``Checked``); blank while unchecked, or checked before this was recorded.
    checked_how = models.CharField(max_length=8, choices=Checked.choices, blank=True, default="")
    #: The phone (its device id) that checked it at the table.
    confirmed_device = models.CharField(max_length=64, blank=True, default="")
    #: The first submission's idempotency key, in its scope (the table's link, the entrant's own link,
    #: the director's account) with a digest of what it asked: a replay finds this line, and only a replay.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    idempotency_scope = models.CharField(max_length=40, blank=True, default="")
    idempotency_fingerprint = models.CharField(max_length=64, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["tray_id", "table_id"]
        constraints = [
            models.UniqueConstraint(fields=["tray", "table"], name="slipline_once_per_tray_and_table"),
            models.UniqueConstraint(fields=["tray", "ns"], name="slipline_ns_once_per_tray"),
            models.UniqueConstraint(fields=["tray", "ew"], name="slipline_ew_once_per_tray"),
            models.UniqueConstraint(
                fields=["idempotency_scope", "idempotency_key"], name="slipline_key_once_per_scope"
            ),
            models.CheckConstraint(
                condition=Q(ns_tricks__isnull=True) | Q(ns_tricks__gte=0, ns_tricks__lte=13),
                name="slipline_tricks_0_to_13",
            ),
            models.CheckConstraint(
                condition=Q(ns_tricks__isnull=False)
                | (~Q(ns_award="") & ~Q(ew_award=""))
                | Q(law__isnull=False, law__in=LAWS_DECIDING),
                name="slipline_tricks_or_awards",
            ),
            models.CheckConstraint(
                condition=Q(law__isnull=True) | Q(law__in=list(IRREGULARITIES)),
                name="slipline_law_known",
            ),
            models.CheckConstraint(
                condition=Q(ns__isnull=True) | Q(ew__isnull=True) | ~Q(ns=F("ew")),
                name="slipline_ns_is_not_ew",
            ),
            models.CheckConstraint(
                condition=Q(ns_revokes__lte=13) & Q(ew_revokes__lte=13),
                name="slipline_revokes_bounded",
            ),
            models.CheckConstraint(
                condition=Q(claimed__isnull=True) | Q(claimed__gte=0, claimed__lte=13),
                name="slipline_claimed_0_to_13",
            ),
            models.CheckConstraint(
                condition=Q(entered_side__in=["", "NS", "EW"]) & Q(checked_side__in=["", "NS", "EW"]),
                name="slipline_sides_known",
            ),
            models.CheckConstraint(
                condition=Q(checked_how__in=["", "own", "across", "director", "settled"]),
                name="slipline_checked_how_known",
            ),
        ]
        indexes = [models.Index(fields=["session", "tray"])]

    def __str__(self) -> str:
        return f"{self.tray} at {self.table}: N-S {self.ns_tricks}"

    @property
    def ew_tricks(self) -> int | None:
        """E-W tricks: 13 less the N-S tricks."""
        return None if self.ns_tricks is None else 13 - self.ns_tricks


class SlipSeat(models.Model):
    """An entrant's place on a tray's slip; the database refuses it twice.

    ``side`` is blank for pairs and players, and ``NS`` or ``EW`` for teams,
    whose two pairs both play every tray, one each way (p. 48).
    """

    line = models.ForeignKey(SlipLine, on_delete=models.CASCADE, related_name="seats")
    tray = models.ForeignKey("tournaments.Tray", on_delete=models.CASCADE, related_name="+")
    entrant = models.ForeignKey("tournaments.Entrant", on_delete=models.CASCADE, related_name="+")
    side = models.CharField(max_length=2, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tray", "entrant", "side"], name="entrant_once_per_slip"),
        ]

    def __str__(self) -> str:
        return f"{self.entrant} on {self.tray}"


class SlipLineVersion(models.Model):
    """An earlier version of a slip line, kept whenever it is changed or removed."""

    line = models.ForeignKey(SlipLine, null=True, on_delete=models.SET_NULL, related_name="history")
    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="+")
    tray_number = models.PositiveSmallIntegerField()
    table_number = models.PositiveSmallIntegerField()
    version = models.PositiveIntegerField()
    data = models.JSONField()
    #: What replaced it and why.
    change = models.CharField(max_length=20)
    reason = models.TextField(blank=True, default="")
    changed_via = models.CharField(max_length=10, choices=Via.choices)
    changed_by = models.CharField(max_length=80, blank=True, default="")
    changed_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    changed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session_id", "tray_number", "table_number", "version"]
        constraints = [
            models.UniqueConstraint(
                fields=["session", "tray_number", "table_number", "version"],
                name="slipline_version_once",
            ),
        ]

    def __str__(self) -> str:
        return f"Tray {self.tray_number}, table {self.table_number}, version {self.version}"


class ScoreSnapshot(models.Model):
    """The standings of a session as computed at one moment: one consistent whole.

    Pages read the newest snapshot; a recomputation writes a new one in a
    single row, so nobody ever sees half-updated standings.
    """

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="snapshots")
    method = models.CharField(max_length=20)
    #: The slip state this was computed from (max slip-line update counter).
    source_version = models.PositiveBigIntegerField(default=0)
    scores = models.JSONField()
    computed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session_id", "-computed_at", "-id"]
        get_latest_by = "computed_at"

    def __str__(self) -> str:
        return f"{self.session} by {self.method} at {self.computed_at:%H:%M:%S}"


class ScoreCardSend(models.Model):
    """One send of a session's score cards by e-mail: when, by whom, from where, and to whom.

    The first send of a session is number 1; each later one is a "send again" the director asked for
    (after a correction, say), its own row. A row with no ``finished_at`` is a send still under way, or
    one that stopped before it could say whom it reached. The addresses are the director's alone.
    """

    session = models.ForeignKey(
        "tournaments.Session", on_delete=models.CASCADE, related_name="score_card_sends"
    )
    #: 1 for the session's first send, 2 for its second, ...
    number = models.PositiveIntegerField()
    #: The director asked to send the cards again (every send after the first).
    again = models.BooleanField(default=False)
    sent_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    sent_via = models.CharField(max_length=10, choices=Via.choices)
    sent_by = models.CharField(max_length=150, blank=True, default="")
    sent_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    #: The cards the mail server took: ``[{"player", "name", "email", "entrant"}]``.
    recipients = models.JSONField(default=list, blank=True)
    #: The players not written to, and why: ``[{"player", "name", "why"}]``.
    skipped = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["session_id", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "number"], name="scorecardsend_number_once"),
            models.CheckConstraint(
                condition=Q(number__gte=1) & (Q(number=1) | Q(again=True)),
                name="scorecardsend_again_after_the_first",
            ),
        ]

    def __str__(self) -> str:
        return f"Score cards of {self.session_id}, send {self.number}"

    @property
    def cards(self) -> int:
        """How many cards the mail server took."""
        return len(self.recipients)


class CheckAnswer(models.Model):
    """The director's answer to a check on a line (``scorers.line_checks``): kept, with who and when.

    ``right``: the line was looked at and is right as it stands (the check is answered while the line
    keeps this version); ``swapped`` and ``corrected``: the line was changed through the correction
    service, its old version kept in its history, and this records which check led to it.
    """

    class Answer(models.TextChoices):
        RIGHT = "right", "Marked right"
        SWAPPED = "swapped", "Swapped: N-S and E-W's counts exchanged"
        CORRECTED = "corrected", "Corrected"

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="+")
    line = models.ForeignKey(SlipLine, on_delete=models.CASCADE, related_name="check_answers")
    #: The line's version the answer holds for (after a swap or correction, the new one).
    line_version = models.PositiveIntegerField()
    kind = models.CharField(max_length=24)
    answer = models.CharField(max_length=10, choices=Answer.choices)
    answered_by = models.CharField(max_length=80, blank=True, default="")
    answered_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    answered_via = models.CharField(max_length=10, choices=Via.choices)
    answered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["session_id", "line_id", "-line_version"]
        constraints = [
            models.UniqueConstraint(fields=["line", "line_version", "kind"], name="check_answer_once"),
            models.CheckConstraint(
                condition=Q(answer__in=["right", "swapped", "corrected"]), name="check_answer_known"
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["swapped", "far_from_field", "far_from_double_dummy"]),
                name="check_answer_kind_known",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} on line {self.line_id} v{self.line_version}: {self.answer}"
