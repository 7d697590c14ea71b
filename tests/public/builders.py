"""Build played sessions through the services, for the public pages' tests.

``play_session`` sets up, seats, deals, plays (every table's every tray,
entered from the director's page and confirmed) and, if asked, closes and
publishes a session, as a director and the tables would. Partners can be
changed from session to session as in the book's club tournaments (p. 46).
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from entry.services.results import result_confirm
from scoring.models import Via
from tests.sends import result_submit
from tournaments.models import Club, Player, Seating, Series, Session
from tournaments.services import deals, seating, sessions


def pair_up(players: Sequence[Player], shift: int = 0) -> list[tuple[Player, Player]]:
    """The book's changing partners (p. 46): the highest with the lowest, rotated by ``shift``."""
    people = list(players)
    pivot, rest = people[-1], people[:-1]
    rest = rest[shift % len(rest) :] + rest[: shift % len(rest)]
    ring = [pivot, *rest]
    half = len(ring) // 2
    return [(ring[i], ring[len(ring) - 1 - i]) for i in range(half)]


def play_all(session: Session, rng: random.Random, *, rounds: int | None = None) -> None:
    """Enter and confirm a result for every tray at every table (of the first ``rounds`` rounds)."""
    strength = {e.pk: rng.uniform(-1.2, 1.2) for e in session.entrants.all()}
    par = {t.number: rng.uniform(5.0, 8.0) for t in session.trays.all()}
    seatings = Seating.objects.filter(round__session=session).select_related("round", "table", "ns", "ew")
    if rounds is not None:
        seatings = seatings.filter(round__number__lte=rounds)
    for s in seatings.order_by("round__number", "table__number"):
        if (s.ns and s.ns.is_phantom) or (s.ew and s.ew.is_phantom):
            continue
        for st in s.seating_trays.select_related("tray").order_by("order"):
            mean = par[st.tray.number] + strength.get(s.ns_id, 0.0) - strength.get(s.ew_id, 0.0)
            tricks = max(0, min(13, round(rng.gauss(mean, 1.1))))
            outcome = result_submit(
                table=s.table,
                tray_number=st.tray.number,
                ns_tricks=tricks,
                via=Via.DIRECTOR,
                as_director=True,
                by="director",
                round_number=s.round.number,
            )
            result_confirm(line=outcome.line, by="director", via=Via.DIRECTOR, as_director=True)


def play_session(
    *,
    club: Club,
    players: Sequence[Player],
    title: str,
    date: dt.date,
    family: str = "howell",
    deals_count: int = 14,
    method: str = "exponent",
    series: Series | None = None,
    shift: int = 0,
    seed: int = 7,
    publish: tuple[bool, bool, bool] | None = (True, True, True),
    entrant_kind: str = "pairs",
    size: int = 2,
) -> Session:
    """A session played to the end; closed, and published with the given switches unless None.

    Pairs change partners by ``shift``; teams (``size`` 4) and individuals
    (``size`` 1) are the players in order, ``size`` at a time.
    """
    rng = random.Random(seed)
    session = sessions.session_create(
        club=club, date=date, title=title, scoring_method=method, series=series, entrant_kind=entrant_kind
    )
    groups = (
        pair_up(players, shift)
        if size == 2
        else [players[i : i + size] for i in range(0, len(players), size)]
    )
    for group in groups:
        sessions.entrant_create(session=session, players=list(group))
    seating.movement_fix(session=session, family=family, deals=deals_count)
    deals.trays_deal(session=session, rng=rng)
    session = sessions.session_start(session=session)
    play_all(session, rng)
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    if publish is None:
        return session
    standings, travellers, hands = publish
    session = sessions.session_publish_switches(
        session=session, standings=standings, travellers=travellers, hand_records=hands
    )
    return sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
