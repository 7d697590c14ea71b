"""The public's reads: a club's published sessions, and each session's pages as the public sees them.

Every read takes the public's ``Sight`` from the visibility rule: a session
with nothing published does not exist (``NotFound``, a 404, never a 403);
the standings alone give totals and places; the travellers give the lines
and the per-deal scores; the hand records give the hands. Exports and PDFs
read through the same functions, so every path shows the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from django.db.models import QuerySet
from django.utils import timezone

from scoring.scorers import Scores, Slips, get_method
from scoring.scorers.field_places import place_text
from scoring.selectors.cards import CardRow, CardStanding, card_standing, score_card, totals_line
from scoring.selectors.hands import HandView, against_double_dummy, deals_seen, hand_view
from scoring.selectors.layout import Standings, missing_trays, standings_label, standings_layout
from scoring.selectors.members import MemberLine, team_members
from scoring.selectors.places import session_places
from scoring.selectors.slips import session_slips, slips_seen
from scoring.selectors.standings import SeenStandings, entrant_names, modern_percentages, standings_seen
from scoring.selectors.travellers import TravellerView, travellers_layout
from scoring.visibility import PUBLIC, Sight, published, sight
from tournaments.models import Club, Deal, Session
from tournaments.selectors import seated_by_results, sessions_public

RECENT = 8


class NotPublished(Exception):
    """What was asked for is not published: the page answers 404."""


def public_sight(session: Session) -> Sight:
    """What the public may see of this session."""
    return sight(viewer=PUBLIC, session=session)


def session_public(*, club: Club, pk: int) -> Session:
    """A session of the club with something published, or ``NotPublished``."""
    session = (
        Session.objects.select_related("club", "series")
        .filter(club=club, pk=pk, status=Session.Status.PUBLISHED)
        .first()
    )
    if session is None or not published(session).anything:
        raise NotPublished("No such published session.")
    return session


def sessions_with_standings(*, club: Club) -> QuerySet[Session]:
    """A club's sessions whose standings are published, newest first."""
    shown = club.sessions.filter(status=Session.Status.PUBLISHED, publish_standings=True)
    return shown.order_by("-date", "-id")


def standings_public(*, session: Session) -> SeenStandings | None:
    """The standings as the public may see them (per-deal scores only with the travellers)."""
    seen = standings_seen(session=session, sight=public_sight(session))
    return seen if seen is not None and published(session).standings else None


def slips_public(*, session: Session) -> Slips | None:
    """The traveling slips as the engine scored them, or None unless the travellers are published."""
    seen = public_sight(session)
    return slips_seen(session_slips(session=session), seen) if seen.trays is None else None


def deals_public(*, session: Session) -> list[Deal] | None:
    """The recorded deals, or None unless the hand records are published."""
    return deals_seen(session=session, sight=public_sight(session))


@dataclass(frozen=True)
class RecentSession:
    """A published session on the club's home page, with its winners if the standings are out."""

    session: Session
    winners: str
    entrants: int


def recent_sessions(*, club: Club) -> list[RecentSession]:
    """The newest published sessions, each with its winners when the standings are published."""
    out = []
    for session in sessions_public(club=club).order_by("-date", "-id")[:RECENT]:
        if not published(session).anything:
            continue
        seen = standings_public(session=session)
        rows = seen.typed.entrants if seen else ()
        winners = session_winners(session=session, scores=seen.typed) if seen and rows else ""
        out.append(RecentSession(session=session, winners=winners, entrants=len(rows)))
    return out


def session_winners(*, session: Session, scores: Scores) -> str:
    """The winner of each field ("N-S: Ada & Bert · E-W: Cy & Di"; a Howell's "Ada & Bert"), ties all
    named."""
    names = entrant_names(session=session)
    return " · ".join(
        (f"{field}: " if field else "") + " and ".join(names.get(e, str(e)) for e in firsts)
        for field, firsts in session_places(session=session, scores=scores).winners()
    )


def upcoming_sessions(*, club: Club) -> list[Session]:
    """Sessions set up or in play today or later: titles and dates only, never results."""
    today = timezone.localdate()
    ahead = club.sessions.filter(status__in=[Session.Status.DRAFT, Session.Status.RUNNING], date__gte=today)
    return list(ahead.order_by("date", "id")[:RECENT])


def results_layout(
    *, session: Session, card_url: Callable[[int], str] | None = None
) -> tuple[Standings, SeenStandings] | None:
    """The published standings laid out, with the snapshot they came from; None unless published."""
    seen = standings_public(session=session)
    if seen is None:
        return None
    percents = modern_percentages(session=session, snapshot=seen.snapshot)
    layout = standings_layout(
        session=session,
        scores=seen.typed,
        names=entrant_names(session=session),
        percents=percents,
        card_url=card_url if published(session).travellers else None,
    )
    layout = replace(layout, missing=missing_trays(session=session, label=layout.label))
    return layout, seen


def place_public(*, session: Session, entrant: int) -> str:
    """The entrant's published place in its field and its figures, as its own phone says them: "=2nd of
    5 N-S: tricks 38, +/− −2, 45.83%"; blank unless the standings are published (or it is not in them)."""
    layout = results_layout(session=session)
    if layout is None:
        return ""
    standings, seen = layout
    found = card_standing(standings, seen.typed, entrant)
    if found is None:
        return ""
    of = next(len(f.rows) for f in standings.fields if f.field == found.field)
    where = place_text(found.rank, found.place.startswith("="), of, found.field)
    figures = ", ".join(
        f"{cell.plain}%" if label == "%" else f"{label.lower()} {cell.plain}" for label, cell in found.figures
    )
    return f"{where}: {figures}" if figures else where


def has_travellers(session: Session) -> bool:
    """Whether the session has traveling slips: a whist drive has none, each table playing its own deal
    (progressive whist "is not duplicate", p. 24); its deals are on each player's score card."""
    return not seated_by_results(session)


def travellers_public(*, session: Session) -> list[TravellerView] | None:
    """Every tray's traveller, with line scores when the standings are out too; None unless published
    (and at a whist drive, which has no traveling slips)."""
    slips = slips_public(session=session)
    if slips is None or not has_travellers(session):
        return None
    seen = standings_public(session=session)
    deals = {d.tray.number: d for d in deals_public(session=session) or []}
    return travellers_layout(
        method=session.scoring_method,
        slips=slips,
        scores=seen.typed if seen else None,
        names=entrant_names(session=session),
        deals=deals,
    )


@dataclass(frozen=True)
class ScoreCard:
    """An entrant's score card: its standing, every tray, and the sum."""

    entrant: int
    name: str
    standing: CardStanding
    rows: list[CardRow]
    total_exact: str
    total_text: str
    #: A team of four's members with their individual scores (p. 49); empty for other entrants.
    members: list[MemberLine] = field(default_factory=list)


def score_card_public(*, session: Session, entrant: int) -> ScoreCard:
    """One entrant's card (needs standings and travellers), or ``NotPublished``."""
    slips = slips_public(session=session)
    layout = results_layout(session=session)
    if slips is None or layout is None:
        raise NotPublished("Not published.")
    standings, seen = layout
    scores: Scores = seen.typed
    standing = card_standing(standings, scores, entrant)
    if standing is None:
        raise NotPublished("No such entrant.")
    names = entrant_names(session=session)
    label = standings_label(session, get_method(scores.method).kind).lower()
    rows = score_card(
        method=scores.method, slips=slips, scores=scores, entrant=entrant, names=names, label=label
    )
    exact, text = totals_line(rows)
    members = team_members(session=session, slips=slips, team=entrant)
    return ScoreCard(entrant, names.get(entrant, ""), standing, rows, exact, text, members)


def hand_records_public(*, session: Session) -> list[tuple[HandView, str]] | None:
    """Every recorded deal, with how the tables did against double dummy when the travellers are out."""
    deals = deals_public(session=session)
    if deals is None:
        return None
    slips = slips_public(session=session)
    hands = [h for h in (hand_view(d) for d in deals) if h is not None]
    return [(h, against_double_dummy(h, slips)) for h in hands]
