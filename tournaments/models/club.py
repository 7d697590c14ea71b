"""The club, its directors, its players, its series of sessions, and its action log."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q

#: How long a session's published results stay provisional unless the club says otherwise (hours).
PROVISIONAL_HOURS_DEFAULT = 48
#: The longest a club may keep results provisional (30 days, in hours): bounds the club's setting.
PROVISIONAL_HOURS_MAX = 30 * 24


class Club(models.Model):
    """A whist club: the owner of players, sessions and published results."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    directors = models.ManyToManyField(
        settings.AUTH_USER_MODEL, through="ClubDirector", related_name="clubs", blank=True
    )
    #: For how many hours after publishing a session's results are provisional (corrected with a reason,
    #: shown as corrected); after them they are final, changed only by reopening with a reason. 0: final
    #: at once.
    provisional_hours = models.PositiveSmallIntegerField(default=PROVISIONAL_HOURS_DEFAULT)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.CheckConstraint(
                condition=Q(provisional_hours__gte=0, provisional_hours__lte=PROVISIONAL_HOURS_MAX),
                name="club_provisional_hours_bounded",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class ClubDirector(models.Model):
    """A user who directs a club's sessions; a director sees only that club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="clubdirector_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user} directs {self.club}"


class Sex(models.TextChoices):
    """The book's lady and gentleman: the Second Method of the whist drive moves them apart (p. 24)."""

    LADY = "lady", "Lady"
    GENTLEMAN = "gentleman", "Gentleman"


class Player(models.Model):
    """A member or a visitor (``visitor``) on the club's roster."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(max_length=120)
    member_number = models.CharField(max_length=30, blank=True, default="")
    #: "lady" or "gentleman", where the Second Method of the whist drive needs it (p. 24); blank if not given.
    sex = models.CharField(max_length=10, choices=Sex.choices, blank=True, default="")
    #: Where the player's score card is sent after a session (blank: none); the director's alone to see.
    email = models.EmailField(max_length=254, blank=True, default="")
    active = models.BooleanField(default=True)
    #: A visitor plays in the club's sessions but is not a member: the season's ladder ranks members only
    #: (``scoring.selectors.people``). A name pasted that is on no roster entry is added as a visitor; the
    #: director makes a visitor a member on the roster (``services.club.player_make_member``).
    visitor = models.BooleanField(default=False)
    #: When two roster entries are merged, the one merged away points here.
    merged_into = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~Q(member_number=""),
                name="player_member_number_unique_in_club",
            ),
            models.CheckConstraint(condition=Q(sex__in=["", "lady", "gentleman"]), name="player_sex_known"),
        ]
        indexes = [models.Index(fields=["club", "name"])]

    def __str__(self) -> str:
        return self.name


class Series(models.Model):
    """A club tournament over several sessions (the book's, p. 46) or a season's ladder."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="series")
    name = models.CharField(max_length=120)
    #: How many of a player's best sessions count on the ladder; None: all.
    best_of = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The ladder's attendance rule: a player is ranked once they have played this many of the
    #: series' sessions (None: from the first); the others are listed below, not yet ranked.
    min_sessions = models.PositiveSmallIntegerField(null=True, blank=True)
    #: The partner rotation between sessions: "club" (p. 46), "edgewood" or
    #: "ladies" (p. 47), or blank for none.
    rotation = models.CharField(max_length=10, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "series"

    def __str__(self) -> str:
        return self.name


class SeriesMember(models.Model):
    """A player's number in a series' partner rotation (pp. 46-47).

    Under the club tournament each player has a number; under the Edgewood
    schedule husband and wife share the number of their couple, the lady
    with role "lady" and the gentleman "gentleman".
    """

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    number = models.PositiveSmallIntegerField()
    role = models.CharField(max_length=10, blank=True, default="")

    class Meta:
        ordering = ["series_id", "number", "role"]
        constraints = [
            models.UniqueConstraint(fields=["series", "player"], name="series_member_once"),
            models.UniqueConstraint(fields=["series", "number", "role"], name="series_number_once"),
        ]

    def __str__(self) -> str:
        return f"{self.number}{self.role[:1]} {self.player} in {self.series}"


class ActionLog(models.Model):
    """One change made to a club's data: who, when, from where, what (pretix style)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="actions")
    session = models.ForeignKey(
        "tournaments.Session", null=True, blank=True, on_delete=models.CASCADE, related_name="actions"
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    #: Who or what acted when there is no user: "table 3", "api", "seed_demo".
    actor = models.CharField(max_length=80, blank=True, default="")
    action = models.CharField(max_length=80)
    data = models.JSONField(default=dict, blank=True)
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self) -> str:
        return f"{self.at:%Y-%m-%d %H:%M} {self.action}"
