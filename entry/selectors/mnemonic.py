"""Mnemonic duplicate on a player's phone (pp. 25-27, 66): the play, the seats, the trays, the comparison.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900): the **original
play** of every deal, then the **overplay**, "each side receiving the cards
originally held by their adversaries" (p. 26) in another order; a suit may
be **declared trumps** for the sitting, no card turned (p. 26; Law IV, Sec.
11). The **comparison** of a deal: the N-S tricks of those who held the
N-S cards first against those of the adversaries who held them on the
overplay (``scorers.mnemonic``).

The four players see everything of their one table; the visibility rule
still decides (a tray's lines once the player has played it, nothing
before the start, only the published once the session is closed).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from typing import Any

from entry.selectors.phone import Phone, phone_round
from scoring import display
from scoring.models import SlipLine
from scoring.scorers import ScoringError
from scoring.scorers.mnemonic import compare, score
from scoring.selectors.places import places_of
from scoring.selectors.slips import complete_trays, session_slips, slips_of
from scoring.selectors.standings import entrant_names
from scoring.visibility import sight
from tournaments.errors import NotFound
from tournaments.link_reads import SessionRead
from tournaments.models import Entrant, Seat, Seating, Session
from tournaments.overplay import FAMILY
from whist.cards import SEATS

SEAT_WORD = display.SEAT_NAME


def check_mnemonic(session: Session | SessionRead) -> None:
    """The page and its JSON are for mnemonic sessions only (any other: 404)."""
    if session.movement_family != FAMILY:
        raise NotFound("This link is not a mnemonic duplicate's.")


@dataclass(frozen=True)
class SeatLine:
    """Who sits in a seat this play, and where that player sat on the original play."""

    seat: str
    word: str
    name: str
    me: bool
    was: str


@dataclass(frozen=True)
class TrayLine:
    """A tray of this play, in the order played: sent or not, the tricks."""

    number: int
    order: int
    ns_tricks: int | None
    ew_tricks: int | None
    can_send: bool


@dataclass(frozen=True)
class ComparisonLine:
    """One deal played twice: who held the N-S cards each time, their tricks, and the gain."""

    deal: int
    first: str
    first_tricks: str
    second: str
    second_tricks: str
    gain: str
    note: str = ""


@dataclass(frozen=True)
class TotalLine:
    """A player's tricks gained over the deals compared."""

    rank: int
    name: str
    total: str
    me: bool
    #: The rank as written ("=2": tied players share the place).
    place: str = ""


@dataclass
class MnemonicPage:
    """Everything a player's phone shows of a mnemonic sitting."""

    session_title: str
    session_date: str
    status: str
    trump: str
    trump_suit: str
    trump_words: str
    name: str
    round: int
    rounds: int
    play: str
    seats: list[SeatLine]
    trays: list[TrayLine]
    finished: bool
    comparison: list[ComparisonLine] = field(default_factory=list)
    totals: list[TotalLine] = field(default_factory=list)
    stamp: str = ""


def _play(number: int, rounds: int) -> str:
    """ "original play" or "overplay": the first half of the rounds, then the second (p. 26)."""
    return "original play" if number <= rounds // 2 else "overplay"


def _seats(seating: Seating, first: dict[int, str], me: int) -> list[SeatLine]:
    """The four seats, each player's seat on the original play beside it."""
    rows = Seat.objects.filter(seating=seating).select_related("player")
    names = entrant_names(session=seating.round.session)
    number_of = {p: n for n, p in _players(seating.round.session).items()}
    out = []
    for seat in sorted(rows, key=lambda s: SEATS.index(s.direction)):
        number = number_of.get(seat.player_id or 0, 0)
        was = first.get(number, seat.direction)
        out.append(
            SeatLine(
                seat=seat.direction,
                word=SEAT_WORD[seat.direction],
                name=names.get(number, ""),
                me=number == me,
                was=""
                if was == seat.direction
                else f"sat {SEAT_WORD[was]}: holds the {SEAT_WORD[seat.direction]} hand",
            )
        )
    return out


def _players(session: Session) -> dict[int, int]:
    """Player number -> roster id."""
    out = {}
    for entrant in Entrant.objects.filter(session_id=session.pk).prefetch_related("members"):
        members = list(entrant.members.all())
        if members:
            out[entrant.number] = members[0].player_id
    return out


def _first_seats(session: Session) -> dict[int, str]:
    """Player number -> the seat he held at the start of the original play."""
    number_of = {p: n for n, p in _players(session).items()}
    seats = Seat.objects.filter(round__session_id=session.pk, round__number=1)
    return {number_of[s.player_id]: s.direction for s in seats if s.player_id in number_of}


def _trays(seating: Seating, sending: bool) -> list[TrayLine]:
    lines = {ln.tray_id: ln for ln in SlipLine.objects.filter(table=seating.table, round=seating.round)}
    out = []
    first_open = True
    for st in seating.seating_trays.select_related("tray").order_by("order"):
        line = lines.get(st.tray_id)
        can = sending and line is None and first_open
        first_open = first_open and line is not None
        out.append(
            TrayLine(
                number=st.tray.number,
                order=st.order,
                ns_tricks=line.ns_tricks if line else None,
                ew_tricks=line.ew_tricks if line else None,
                can_send=can,
            )
        )
    return out


def _comparison(session: Session, seen_trays: frozenset[int] | None) -> list[ComparisonLine]:
    """Each deal played twice (and seen), compared by the engine."""
    complete = complete_trays(session=session)
    trays = complete if seen_trays is None else complete & seen_trays
    if not trays:
        return []
    names = entrant_names(session=session)
    out = []
    for deal in slips_of(session_slips(session=session, trays=trays), trays).deals:
        try:
            c = compare(deal)
        except ScoringError as exc:
            out.append(ComparisonLine(deal.deal, "", "", "", "", "", str(exc)))
            continue
        if c is None:
            law = next((ln.law for ln in deal.results if ln.law), None)
            note = "a new deal (p. 66)" if law else "void"
            out.append(ComparisonLine(deal.deal, "", "", "", "", "", note))
            continue
        out.append(
            ComparisonLine(
                deal=deal.deal,
                first=" & ".join(names.get(p, str(p)) for p in c.first),
                first_tricks=display.number(c.first_tricks),
                second=" & ".join(names.get(p, str(p)) for p in c.second),
                second_tricks=display.number(c.second_tricks),
                gain=display.signed(c.gain),
            )
        )
    return out


def _totals(session: Session, seen_trays: frozenset[int] | None, me: int) -> list[TotalLine]:
    complete = complete_trays(session=session)
    trays = complete if seen_trays is None else complete & seen_trays
    if not trays:
        return []
    try:
        scores = score(slips_of(session_slips(session=session, trays=trays), trays))
    except ScoringError:
        return []
    names = entrant_names(session=session)
    places = places_of(scores.entrants, None).by_entrant  # four players, one field
    return [
        TotalLine(
            rank=t.rank,
            name=names.get(t.entrant, ""),
            total=display.signed(t.total),
            me=t.entrant == me,
            place=places[t.entrant].text,
        )
        for t in scores.entrants
    ]


def mnemonic_page(*, phone: Phone) -> MnemonicPage:
    """The player's page now: the play, the seats, the trays to send, the deals compared so far."""
    session = phone.session
    check_mnemonic(session)
    assert phone.link is not None
    seen = sight(viewer=phone.viewer, session=session)
    me = phone.link.entrant.number
    rounds = phone.rounds
    playing = session.status == Session.Status.RUNNING
    number = phone_round(phone) if playing else 0
    seating = phone.seatings.get(number)
    trump = display.card_view(session.declared_trump)
    comparison = _comparison(session, seen.trays) if seen.per_deal else []
    page = MnemonicPage(
        session_title=session.title,
        session_date=f"{session.date:%-d %B %Y}",
        status=session.status,
        trump=trump.symbol if trump else "",
        trump_suit=trump.suit if trump else "",
        trump_words=trump.words if trump else "",
        name=entrant_names(session=session).get(me, ""),
        round=number,
        rounds=rounds,
        play=_play(number, rounds) if seating is not None else "",
        seats=_seats(seating, _first_seats(session), me) if seating is not None else [],
        trays=_trays(seating, seen.own_lines) if seating is not None else [],
        finished=playing and number > rounds,
        comparison=comparison,
        totals=_totals(session, seen.trays, me) if seen.per_deal else [],
    )
    page.stamp = hashlib.sha256(json.dumps(asdict(page), sort_keys=True, default=str).encode()).hexdigest()[
        :16
    ]
    return page


def page_json(page: MnemonicPage) -> dict[str, Any]:
    """The page as JSON, for the API."""
    return asdict(page)
