"""A player's published results over time, and the season's ladder (the book's club tournaments, p. 46).

The ladder follows the book's club tournaments with changing partners
(p. 46): players, not pairs, are ranked over a series of sessions, each
session adding the player's plus/minus there. The club's rule
(``tournaments.services.ladder``) says how many of a player's best sessions
count (``best_of``) and from how many sessions played a player is ranked
(``min_sessions``), so that one lucky evening does not outrank the regulars;
the page states the rule. The ladder is the club's members': a visitor
(``Player.visitor``) plays, and their partners' results count, but is
neither ranked nor listed, and their sessions count towards no attendance;
a visitor made a member is on the ladder with every session they played.
Only sessions whose standings the public may see, and whose results are
final, count (``public.standings_public``, ``visibility.final_results``):
those still provisional are listed on the ladder, not counted, until then.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from fractions import Fraction

from django.db.models import QuerySet

from scoring import display
from scoring.scorers.common import rank
from scoring.selectors.lines import public_lines, with_versions
from scoring.selectors.public import sessions_with_standings
from scoring.visibility import final_results, provisional_until
from tournaments.models import EntrantMember, Player, Series, Session
from tournaments.selectors import ranked_kind

# --- A player's results over time, and the season's ladder (the book's club tournaments, p. 46). ---

#: A player's page lists this many sessions, newest first (the older on the next pages); the API's default.
PLAYER_PAGE_SIZE = 20
#: The most sessions one request for a player's results may ask for (the API's ``limit``): a page the
#: cache has not seen scores each of its sessions once.
PLAYER_PAGE_MOST = 100
#: The ladder's page lists this many players (the rest on the next pages); the API's default.
LADDER_PAGE_SIZE = 100


@dataclass(frozen=True)
class SessionResult:
    """One player's line in one published session: their entrant's standing, and their partners."""

    session: Session
    entrant: int
    partners: str
    #: The entrant's place in its field (``places``), and how many were ranked in that field.
    rank: int
    field: int
    total: Fraction
    plus_minus: Fraction | None
    percent: Fraction | None
    higher_is_better: bool
    #: The place as written ("=2"), and the field's direction ("N-S"; "" when the session has one field).
    place: str = ""
    direction: str = ""

    @property
    def provisional_until(self) -> dt.datetime | None:
        """Until when the session's results are provisional (``None``: final): not yet counted on a ladder."""
        return provisional_until(self.session)

    @property
    def final(self) -> bool:
        """Whether the session's results are final."""
        return self.provisional_until is None

    @property
    def figure(self) -> Fraction:
        """What the ladder adds up: plus/minus where the method has one, else the total."""
        if self.plus_minus is not None:
            return self.plus_minus
        return self.total if self.higher_is_better else -self.total


def ranked_players(sessions: Sequence[Session]) -> dict[int, dict[int, list[Player]]]:
    """Session id -> ranked entrant's number -> its players, read in one query (a team of more than
    eight is its pairs' players, pp. 56-59)."""
    kinds = {s.pk: ranked_kind(s) for s in sessions}
    members = EntrantMember.objects.filter(session_id__in=list(kinds)).select_related(
        "player", "entrant", "entrant__team"
    )
    out: dict[int, dict[int, list[Player]]] = {}
    for member in members:
        entrant = member.entrant if member.entrant.kind == kinds[member.session_id] else member.entrant.team
        if entrant is not None:
            out.setdefault(member.session_id, {}).setdefault(entrant.number, []).append(member.player)
    return out


def results_by_player(
    sessions: Sequence[Session], people: dict[int, dict[int, list[Player]]] | None = None
) -> dict[int, dict[int, SessionResult]]:
    """Session id -> player id -> their result there, for sessions read by ``with_versions``: the
    sessions' lines from the cache (``scoring.selectors.lines``), their players afresh (``people``:
    as ``ranked_players`` read them already)."""
    lines = public_lines(sessions)
    people = ranked_players(sessions) if people is None else people
    out: dict[int, dict[int, SessionResult]] = {}
    for session in sessions:
        found = out.setdefault(session.pk, {})
        for number, players in people.get(session.pk, {}).items():
            line = lines[session.pk].get(number)
            for player in players if line is not None else ():
                partners = ", ".join(p.name for p in players if p.pk != player.pk)
                found[player.pk] = SessionResult(session, number, partners, **asdict(line))
    return out


def player_sessions_public(*, player: Player) -> QuerySet[Session]:
    """The sessions the player played whose standings are published, newest first: a page of them is
    read at a time (``player_results_public``), so a long membership costs no more than a short one."""
    played = EntrantMember.objects.filter(player=player).values("session_id")
    shown = Session.objects.filter(
        status=Session.Status.PUBLISHED, publish_standings=True, club_id=player.club_id, pk__in=played
    )
    return with_versions(shown.order_by("-date", "-id"))


def player_results_public(*, player: Player, sessions: Iterable[Session]) -> list[SessionResult]:
    """A player's results in these sessions (a page of ``player_sessions_public``), in their order."""
    listed = list(sessions)
    found = results_by_player(listed)
    results = (found[s.pk].get(player.pk) for s in listed)
    return [r for r in results if r is not None]


@dataclass(frozen=True)
class LadderRow:
    """One player on the ladder: sessions played, those that count, the total; rank 0: not yet ranked."""

    player: Player
    rank: int
    played: int
    score: Fraction
    cells: tuple[tuple[SessionResult | None, bool], ...]

    @property
    def ranked(self) -> bool:
        """Whether the player has played enough sessions to be ranked."""
        return self.rank > 0


@dataclass(frozen=True)
class Ladder:
    """A series' individual standings by the club's rule: the ranked players, then those not yet ranked."""

    series: Series
    sessions: tuple[Session, ...]
    rows: tuple[LadderRow, ...]
    rule: str = ""
    #: The series' sessions whose published results are still provisional: not counted until final.
    provisional: tuple[Session, ...] = ()

    @property
    def ranked(self) -> tuple[LadderRow, ...]:
        """The players ranked on the ladder, best first."""
        return tuple(r for r in self.rows if r.ranked)

    @property
    def waiting(self) -> tuple[LadderRow, ...]:
        """The players who have not yet played enough sessions to be ranked."""
        return tuple(r for r in self.rows if not r.ranked)


def ladder_rule(series: Series, sessions: int) -> str:
    """The club's rule in a sentence: "Each player's best 2 sessions count (of 3 so far); ranked after 2"."""
    best, least = series.best_of, series.min_sessions or 1
    if best:
        counted = (
            f"each player's best {best} session{'s count' if best != 1 else ' counts'} (of {sessions} so far)"
        )
    else:
        counted = f"every session counts ({sessions} so far)"
    entry = (
        f"a player is ranked after playing {least} sessions; until then they are listed below, not yet ranked"
        if least > 1
        else "every player is ranked from their first session"
    )
    return f"{counted[0].upper()}{counted[1:]}; {entry}. Members only: a visitor is not on the ladder."


def series_ladder_public(*, series: Series, now: dt.datetime | None = None) -> Ladder:
    """The individual standings over a series, from its sessions whose standings are published and final;
    those still provisional are listed (``Ladder.provisional``), not counted."""
    shown = sessions_with_standings(club=series.club).filter(series=series).order_by("date", "id")
    sessions = tuple(with_versions(shown.filter(final_results(now))))
    waiting = tuple(shown.exclude(final_results(now)))
    people = ranked_players(sessions)
    players = {p.pk: p for found in people.values() for team in found.values() for p in team}
    by_player: dict[int, dict[int, SessionResult]] = {}
    for session_id, results in results_by_player(sessions, people).items():
        for player_id, result in results.items():
            if not players[player_id].visitor:  # the club's ladder is its members' (a visitor's is not)
                by_player.setdefault(player_id, {})[session_id] = result
    counted = {p: _best(list(results.values()), series.best_of) for p, results in by_player.items()}
    scores = {p: sum((r.figure for r in best), Fraction(0)) for p, best in counted.items()}
    least = series.min_sessions or 1
    ranks = rank({p: v for p, v in scores.items() if len(by_player[p]) >= least}, higher_is_better=True)
    rows = [
        LadderRow(
            player=players[p],
            rank=ranks.get(p, 0),
            played=len(by_player[p]),
            score=scores[p],
            cells=tuple((by_player[p].get(s.pk), by_player[p].get(s.pk) in counted[p]) for s in sessions),
        )
        for p in by_player
    ]
    rows.sort(key=lambda r: (not r.ranked, r.rank, -r.played, -r.score, r.player.name))
    rule = ladder_rule(series, len(sessions))
    return Ladder(series=series, sessions=sessions, rows=tuple(rows), rule=rule, provisional=waiting)


def _best(results: list[SessionResult], best_of: int | None) -> list[SessionResult]:
    """The results that count: the best ``best_of`` (all when None), earlier first on a tie."""
    ordered = sorted(results, key=lambda r: (-r.figure, r.session.date, r.session.pk))
    return ordered if best_of is None else ordered[:best_of]


# --- A player's chart: one bar per session. ---

CHART_W, CHART_H, PAD, MAX_BAR = 640, 280, 44, 64
#: The bars' reach each way is kept this much short of the padding: a bar's figure stands below a bar that
#: goes down (24 units under its end), and the dates stand at the foot; at the full reach the figure sat
#: on them.
LABEL_ROOM = 16


@dataclass(frozen=True)
class Bar:
    """One session's bar on the chart: from the baseline up (good) or down."""

    x: float
    y: float
    w: float
    h: float
    up: bool
    label: str
    title: str
    value: str
    value_y: float

    @property
    def cx(self) -> float:
        """The middle of the bar, where its texts stand."""
        return self.x + self.w / 2


@dataclass(frozen=True)
class Chart:
    """A small inline SVG bar chart around a baseline (50% or a plus/minus of 0)."""

    bars: tuple[Bar, ...]
    baseline_y: float
    caption: str
    width: int = CHART_W
    height: int = CHART_H


#: Above this many sessions the bars carry no figures (they would run into each other), but the best and last.
LABELLED = 12


def results_chart(results: Sequence[SessionResult]) -> Chart | None:
    """Percentages around 50 when every session has one, else plus/minus around 0; None for one session.

    One session is a figure, not a chart (the page states it). Up to
    ``LABELLED`` bars each carry their figure; a long season labels only its
    best and its latest bar, and dates only under every few bars.
    """
    if len(results) < 2:
        return None
    use_percent = all(r.percent is not None for r in results)
    base = Fraction(50) if use_percent else Fraction(0)
    values = [(r.percent if use_percent else r.figure) or Fraction(0) for r in results]
    span = max([abs(v - base) for v in values] + [Fraction(10 if use_percent else 2)])
    half = (CHART_H - 2 * PAD) / 2 - LABEL_ROOM
    mid = PAD + half
    slot = (CHART_W - 2 * PAD) / len(values)
    every = max(1, -(-len(values) // 8))  # a date under every bar would crowd a long season
    best = max(range(len(values)), key=lambda i: values[i])
    labelled = {best, len(values) - 1} if len(values) > LABELLED else set(range(len(values)))
    bars = []
    for i, (r, v) in enumerate(zip(results, values, strict=True)):
        h = float(abs(v - base) / span) * half
        up = v >= base
        text = f"{display.percent(v)}%" if use_percent else display.signed(v)
        width = min(slot * 0.6, MAX_BAR)
        bars.append(
            Bar(
                x=PAD + i * slot + (slot - width) / 2,
                y=mid - h if up else mid,
                w=width,
                h=max(h, 1.0),
                up=up,
                label=r.session.date.strftime("%-d %b") if i % every == 0 else "",
                title=f"{r.session.date:%d %b %Y} {r.session.title}: {text}",
                value=text if i in labelled else "",
                value_y=mid - h - 8 if up else mid + h + 24,
            )
        )
    caption = (
        "Matchpoint percentage by session (50% is average)"
        if use_percent
        else "Plus/minus by session (0 is average)"
    )
    if len(values) > LABELLED:
        caption += "; the best and the latest are labelled, every session is in the table below"
    return Chart(bars=tuple(bars), baseline_y=mid, caption=caption)
