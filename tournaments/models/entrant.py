"""Entrants: pairs, teams and individual players, numbered as the movement numbers them."""

from __future__ import annotations

from django.db import models
from django.db.models import Q


class Entrant(models.Model):
    """Whatever a movement seats: a pair, a team, or a player.

    Numbered within the session and kind as the book's schedules number
    them. A *phantom* is an entrant with no players (a late pair turned into
    a sit-out, or the missing highest pair of an odd Howell, p. 38). In
    teams of eight (Narragansett, p. 52) the sixteen players are entrants
    of kind ``player`` whose ``team`` is one of two ``team`` entrants.
    """

    class Kind(models.TextChoices):
        PAIR = "pair", "Pair"
        TEAM = "team", "Team"
        PLAYER = "player", "Player"

    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="entrants")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.PAIR)
    number = models.PositiveSmallIntegerField()
    #: The director's own name for the entrant ("The Quills", "Team 1"), shown beside its players' names;
    #: blank for most. The players' names are never copied here: they are read from the roster.
    label = models.CharField(max_length=160, blank=True, default="")
    is_phantom = models.BooleanField(default=False)
    team = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.CASCADE, related_name="team_members"
    )

    class Meta:
        ordering = ["session_id", "kind", "number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "kind", "number"], name="entrant_number_once"),
            models.CheckConstraint(condition=Q(number__gte=1), name="entrant_number_positive"),
        ]

    def __str__(self) -> str:
        """ "Pair 3" (its number, with no query: ``name`` names its players)."""
        return entrant_word(self.kind, self.number)

    @property
    def name(self) -> str:
        """The entrant as every page, export and message shows it: its players' names as the roster
        has them now ("Ann Lee & Bob Hart"), the director's ``label`` beside them; "phantom" for a phantom.

        Read from ``members`` (and a team of more than eight from its pairs' ``team_members``): prefetch
        ``members__player`` (``NAMED``) where many entrants are named, or each costs a query.
        """
        return entrant_name(self)


def entrant_word(kind: str, number: int) -> str:
    """An entrant by its kind and number, as every page says it without its players' names: "Pair 3"."""
    return f"{Entrant.Kind(kind).label} {number}"


#: What to prefetch so that ``Entrant.name`` costs no query per entrant.
NAMED = ("members__player", "team_members__members__player")
#: The same for the pairs (teams) of a seating, to name both sides.
SEATED_NAMES = ("ns__members__player", "ew__members__player")


def entrant_name(entrant: Entrant, players: list[str] | None = None) -> str:
    """An entrant's name from its players' names (``players``: as read already, else its members')."""
    if entrant.is_phantom:
        return "phantom"
    if players is None:
        players = [m.player.name for m in entrant.members.all()]
        if not players and entrant.kind == Entrant.Kind.TEAM and entrant.pk:
            # a team of more than eight is its pairs' players (pp. 56-59)
            players = [m.player.name for pair in entrant.team_members.all() for m in pair.members.all()]
    people = (" & " if entrant.kind == Entrant.Kind.PAIR else ", ").join(players)
    if entrant.label and people:
        return f"{entrant.label} ({people})"
    return people or entrant.label


class EntrantMember(models.Model):
    """A player in an entrant: the two of a pair, the four (or more) of a team.

    ``role`` places a team's players: N and S are its North-South pair, E
    and W its East-West pair (teams of four, p. 48). Pairs leave it blank.
    """

    #: The entrant's session, repeated so the database can refuse a player in two entrants.
    session = models.ForeignKey("tournaments.Session", on_delete=models.CASCADE, related_name="+")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="members")
    player = models.ForeignKey("tournaments.Player", on_delete=models.PROTECT, related_name="memberships")
    role = models.CharField(max_length=2, blank=True, default="")
    order = models.PositiveSmallIntegerField(default=1)

    class Meta:
        ordering = ["entrant_id", "order"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="player_once_in_session"),
            models.UniqueConstraint(fields=["entrant", "order"], name="member_order_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} in {self.entrant}"
