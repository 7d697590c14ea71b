"""Partners changed between sessions of a series: the book's club tournament and Edgewood schedules.

The engine (``movements.rotations``, pp. 46-47) says, for numbered players,
who partners whom in session *s*. Here the numbers are the series' players:

- ``club``: the club tournament arrangement (p. 46); players numbered 1..n,
  a "dummy" added when n is odd, whose partner sits bye;
- ``edgewood``: married couples numbered alike (p. 47); lady i plays with
  gentleman s - i, so couples exchange partners;
- ``ladies``: each lady plays one session with each gentleman in turn (p. 47).

The numbering is kept as ``SeriesMember`` rows, so it stays the same from
session to session; each renumbering is also written to the action log.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from ..models import Club, Player, ScoringMethod, Series, SeriesMember, Session
from ..movements import MovementUserError
from ..movements import rotations as engine
from .club import log_action
from .errors import UserError, sentence
from .sessions import entrant_create, session_create
from .text import column_text, shortened

METHODS = ("club", "edgewood", "ladies")


@dataclass
class SeriesPlayers:
    """The series' numbering: players 1..n (club), or couples 1..n as (lady, gentleman)."""

    method: str
    players: list[Player] = field(default_factory=list)
    couples: list[tuple[Player, Player]] = field(default_factory=list)


@dataclass
class Proposal:
    """The pairs of one session of the series, and who sits bye."""

    session_number: int
    pairs: list[tuple[Player, Player]]
    bye: list[Player]


def series_create(*, club: Club, name: str, user: Any = None) -> Series:
    """Start a club tournament over several sessions (p. 46)."""
    name = column_text(name, Series, "name", label="A series' name")
    if not name:
        raise UserError("A series needs a name.", field="name")
    series = Series.objects.create(club=club, name=name)
    log_action(club=club, user=user, action="series.create", series=series.pk, name=name)
    return series


def _check_people(series: Series, people: Sequence[Player]) -> None:
    if len({p.pk for p in people}) != len(people):
        raise UserError("A player can have only one number in the series.", field="players")
    if any(p.club_id != series.club_id for p in people):
        raise UserError("Every player must be on this club's roster.", field="players")


def series_players_set(
    *,
    series: Series,
    method: str,
    players: Sequence[Player] = (),
    couples: Sequence[tuple[Player, Player]] = (),
    user: Any = None,
) -> SeriesPlayers:
    """Number the series' players (or couples) for its partner rotation."""
    if method not in METHODS:
        raise UserError(f"Unknown rotation {method!r}.", field="method")
    rows: list[SeriesMember] = []
    if method == "club":
        if len(players) < 2:
            raise UserError("Choose at least two players.", field="players")
        _check_people(series, players)
        rows = [SeriesMember(series=series, player=p, number=i) for i, p in enumerate(players, start=1)]
        data: dict[str, Any] = {"players": [p.pk for p in players]}
    else:
        if len(couples) < 2:
            raise UserError("Enter at least two couples, a lady and a gentleman each.", field="players")
        _check_people(series, [p for c in couples for p in c])
        for i, (lady, gent) in enumerate(couples, start=1):
            rows += [
                SeriesMember(series=series, player=lady, number=i, role="lady"),
                SeriesMember(series=series, player=gent, number=i, role="gentleman"),
            ]
        data = {"couples": [[lady.pk, gent.pk] for lady, gent in couples]}
    with transaction.atomic():
        SeriesMember.objects.filter(series=series).delete()
        SeriesMember.objects.bulk_create(rows)
        series.rotation = method
        series.save(update_fields=["rotation"])
    log_action(club=series.club, user=user, action="series.players", series=series.pk, method=method, **data)
    return series_players(series=series) or SeriesPlayers(method=method)


def series_players(*, series: Series) -> SeriesPlayers | None:
    """The series' numbering of its players, if it has one."""
    members = list(SeriesMember.objects.filter(series=series).select_related("player"))
    rotation = Series.objects.values_list("rotation", flat=True).get(pk=series.pk)
    if not rotation or not members:
        return None
    out = SeriesPlayers(method=rotation)
    if rotation == "club":
        out.players = [m.player for m in sorted(members, key=lambda m: m.number)]
        return out
    ladies = {m.number: m.player for m in members if m.role == "lady"}
    gents = {m.number: m.player for m in members if m.role == "gentleman"}
    out.couples = [(ladies[n], gents[n]) for n in sorted(ladies) if n in gents]
    return out


def rotation_propose(*, series: Series, session_number: int) -> Proposal:
    """Who partners whom in the given session of the series, by its rotation."""
    numbering = series_players(series=series)
    if numbering is None:
        raise UserError("Number the series' players first.", field="players")
    try:
        if numbering.method == "club":
            return _club_proposal(numbering.players, session_number)
        schedule = (
            engine.edgewood_partners if numbering.method == "edgewood" else engine.ladies_in_order_partners
        )
        pairs = schedule(len(numbering.couples), session_number)
    except MovementUserError as exc:
        raise UserError(sentence(str(exc)), field="session_number") from None
    ladies = [c[0] for c in numbering.couples]
    gents = [c[1] for c in numbering.couples]
    return Proposal(session_number, [(ladies[lady - 1], gents[gent - 1]) for lady, gent in pairs], [])


def _club_proposal(players: list[Player], session_number: int) -> Proposal:
    """The club tournament arrangement; the partner of dummy sits bye (p. 46)."""
    n = len(players)
    pairs = engine.club_tournament_partners(n, session_number)
    bye = engine.club_tournament_bye(n, session_number)
    real = [(players[a - 1], players[b - 1]) for a, b in pairs if a <= n and b <= n]
    return Proposal(session_number, real, [players[bye - 1]] if bye else [])


@transaction.atomic
def rotation_session_create(
    *, series: Series, session_number: int, date: dt.date, title: str = "", user: Any = None
) -> Session:
    """Create the session of the series with the proposed pairs, in one step."""
    proposal = rotation_propose(series=series, session_number=session_number)
    session = session_create(
        club=series.club,
        date=date,
        title=title or shortened(f"{series.name}, session {session_number}", Session, "title"),
        scoring_method=ScoringMethod.TRICK,
        series=series,
        user=user,
    )
    for a, b in proposal.pairs:
        entrant_create(session=session, players=[a, b], user=user)
    log_action(
        club=series.club,
        session=session,
        user=user,
        action="series.session",
        series=series.pk,
        session_number=session_number,
    )
    return session
