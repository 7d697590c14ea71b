"""A club's heat of a simultaneous event, built through the services: a pack, a session that plays it.

``sim_pack_bytes`` writes the organiser's pack (``tournaments.pbn.pack``)
for deals given as PBN text; ``pack_session`` seats a three-table Mitchell
of six trays, deals it (the organiser's deals are the dealt ones, exported),
imports the pack, plays every tray, closes and publishes with every switch.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Sequence

from public.builders import pair_up, play_all

from tournaments.models import Club, Player, Session
from tournaments.pbn.pack import Pack, pack_text
from tournaments.services import deals, seating, sessions
from tournaments.services.pbn import pbn_export
from tournaments.services.sim_pack import sim_pack_import

KEY = "club-key-0123456789abcdef"
UTC = dt.UTC


def sim_pack_bytes(
    deals_text: str,
    *,
    release_at: dt.datetime,
    results_url: str = "",
    club: str = "Edgewood Whist Club",
    key: str = KEY,
) -> bytes:
    """The organiser's pack for these deals."""
    pack = Pack(
        ref="autumn-sim-2026",
        event="Autumn Simultaneous Pairs",
        organiser="County Whist Association",
        club=club,
        plays_from=dt.date(2026, 11, 2),
        plays_to=dt.date(2026, 11, 8),
        release_at=release_at,
        methods=("matchpoints", "trick"),
        results_url=results_url,
        key=key,
        deals=deals_text,
    )
    return pack_text(pack).encode("utf-8")


def seated(club: Club, players: Sequence[Player], *, title: str = "Sim heat") -> Session:
    """A draft three-table Mitchell of six trays, its movement fixed."""
    session = sessions.session_create(
        club=club, date=dt.date(2026, 11, 4), title=title, scoring_method="matchpoints"
    )
    for pair in pair_up(players):
        sessions.entrant_create(session=session, players=list(pair))
    seating.movement_fix(session=session, family="mitchell", deals=6)
    return session


def dealt_text(session: Session, seed: int = 5) -> str:
    """Deal the session's trays and give them back as the organiser's PBN."""
    deals.trays_deal(session=session, rng=random.Random(seed))
    return pbn_export(session=session)


def pack_session(
    club: Club,
    players: Sequence[Player],
    *,
    release_at: dt.datetime,
    results_url: str = "",
    publish: bool = True,
    seed: int = 5,
) -> Session:
    """A heat played on a pack: imported, played, closed and (unless not) published with every switch."""
    session = seated(club, players)
    pack = sim_pack_bytes(dealt_text(session, seed), release_at=release_at, results_url=results_url)
    sim_pack_import(session=session, data=pack)
    session = sessions.session_start(session=Session.objects.get(pk=session.pk))
    play_all(session, random.Random(seed))
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    if not publish:
        return Session.objects.get(pk=session.pk)
    session = sessions.session_publish_switches(
        session=session, standings=True, travellers=True, hand_records=True
    )
    sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)
    return Session.objects.get(pk=session.pk)
