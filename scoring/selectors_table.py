"""Reads for the table page (the phone at the table): where we are, the folded slips, the move.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **traveling slip** (pp. 42-46): it stays folded; a table unfolds a tray's
  slip only after sending its own result on it (``traveller_for_table``).
- **just played**: the round the table has finished, kept on the page while
  its results wait for the opponents' check (p. 55: "checked by one of the
  East and West players and taken up before the players and trays are
  changed") and until the next round's first result.
- **move**: who goes where after a round, in the book's words (p. 39:
  "Go next to Table 4, East"; "Take deal just played to Table 1"), derived
  from the stored seatings, never recomputed (``selectors_table_move``).

Everything here reads; the rules of sending live in ``services.results``.
"""

from __future__ import annotations

import hashlib
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

from django.db.models import Max

from tournaments.models import Seat, Seating, Session, Table, Tray
from tournaments.services.errors import NotFound

from .models import SlipLine
from .selectors import TravellerLine, traveller_for_table
from .selectors_table_move import MoveView, entrant_label, move_after
from .services.results import table_round
from .services.standings import session_standings

SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}
SEAT_WORDS = {"N": "North", "E": "East", "S": "South", "W": "West"}
#: What one deal's score means, by method (the book's words, pp. 32, 42-46).
SCORE_WORDS = {
    "trick": "tricks against the average",
    "howell": "loss from the top score",
    "exponent": "equated gain",
    "match": "match score",
    "matchpoints": "matchpoints",
}


@dataclass(frozen=True)
class TrumpView:
    """The turned trump card, as printed on a tray: "K♣"."""

    card: str
    rank: str
    suit: str
    symbol: str
    words: str


@dataclass(frozen=True)
class SeatView:
    """One seat: direction, player's name, and the pair (team) number."""

    direction: str
    word: str
    name: str
    number: int | None
    tag: str


@dataclass(frozen=True)
class LineView:
    """This table's own line on a tray's slip."""

    ns_tricks: int | None
    ew_tricks: int | None
    status: str
    status_label: str
    version: int
    ns_revokes: int
    ew_revokes: int
    award: str
    sent_here: bool


@dataclass(frozen=True)
class ScoreNote:
    """This table's score on a tray so far (when the method scores deal by deal)."""

    who: str
    value: str
    words: str


@dataclass
class TrayCard:
    """A tray in play at the table: its deal, this table's line, its slip once unfolded."""

    number: int
    trump: TrumpView | None
    dealer: str
    line: LineView | None = None
    traveller: list[TravellerLine] | None = None
    scores: list[ScoreNote] = field(default_factory=list)
    can_send: bool = False
    can_confirm: bool = False


@dataclass
class RoundCard:
    """One round at one table: who sits where and the trays."""

    number: int
    ns: int | None
    ew: int | None
    ns_name: str
    ew_name: str
    seats: list[SeatView]
    trays: list[TrayCard]
    done: bool


@dataclass(frozen=True)
class StandingLine:
    """One line of the running score."""

    rank: int
    entrant: int
    name: str
    total: str
    plus_minus: str
    here: bool


@dataclass
class TablePage:
    """Everything the table page shows, for the template and the state JSON."""

    table: int
    session_title: str
    session_date: str
    status: str
    accepts_results: bool
    rounds: int
    round: int
    finished: bool
    now: RoundCard | None
    just_played: RoundCard | None
    move: MoveView | None
    running: list[StandingLine] | None
    score_words: str
    stamp: str


def trump_view(card: str) -> TrumpView | None:
    """ "KC" as the king of clubs, "TH" as the ten of hearts; None if unknown."""
    card = (card or "").strip().upper().replace("10", "T")
    if len(card) != 2 or card[1] not in SUITS:
        return None
    rank, suit = card[0], card[1]
    symbol, suit_words = SUITS[suit]
    shown = "10" if rank == "T" else rank
    return TrumpView(
        card=card, rank=shown, suit=suit, symbol=symbol, words=f"{RANKS.get(rank, shown)} of {suit_words}"
    )


GLYPHS = {
    (1, 2): "½",
    (1, 3): "⅓",
    (2, 3): "⅔",
    (1, 4): "¼",
    (3, 4): "¾",
    (1, 5): "⅕",
    (2, 5): "⅖",
    (3, 5): "⅗",
    (4, 5): "⅘",
    (1, 6): "⅙",
    (5, 6): "⅚",
    (1, 8): "⅛",
    (3, 8): "⅜",
    (5, 8): "⅝",
    (7, 8): "⅞",
}
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def book_number(text: str | Fraction, *, plus: bool = False) -> str:
    """An exact score as the book prints it, a mixed number: "6¾", "−2¼", "+⁵⁄₇"."""
    value = Fraction(text)
    sign = "−" if value < 0 else ("+" if plus and value > 0 else "")
    whole, rest = divmod(abs(value.numerator), value.denominator)
    if not rest:
        return f"{sign}{whole}"
    key = (rest, value.denominator)
    frac = GLYPHS.get(key) or f"{str(rest).translate(_SUP)}⁄{str(value.denominator).translate(_SUB)}"
    return f"{sign}{whole or ''}{frac}"


def _seats(seating: Seating) -> list[SeatView]:
    seats = {s.direction: s for s in Seat.objects.filter(seating=seating).select_related("player", "entrant")}
    out = []
    for direction in "NESW":
        seat = seats.get(direction)
        side = seating.ns if direction in "NS" else seating.ew
        number = seat.entrant.number if seat and seat.entrant else (side.number if side else None)
        if seat and seat.player:
            name = seat.player.name
        else:
            name = "phantom" if side is not None and side.is_phantom else "—"
        unit = side.get_kind_display() if side is not None else "Player"
        tag = f"{unit} {number}" if number is not None else ""
        out.append(
            SeatView(direction=direction, word=SEAT_WORDS[direction], name=name, number=number, tag=tag)
        )
    return out


def _line_view(line: SlipLine, device: str) -> LineView:
    return LineView(
        ns_tricks=line.ns_tricks,
        ew_tricks=line.ew_tricks,
        status=line.status,
        status_label={
            "entered": "Waiting for E-W to check",
            "confirmed": "Checked by E-W",
            "disputed": "Disputed: with the director",
        }.get(line.status, line.status),
        version=line.version,
        ns_revokes=line.ns_revokes,
        ew_revokes=line.ew_revokes,
        award=f"{line.ns_award} / {line.ew_award}" if line.ns_award else "",
        sent_here=bool(device) and line.device == device,
    )


def _score_notes(standings: dict[str, Any] | None, tray: int, seating: Seating) -> list[ScoreNote]:
    """This table's pairs' scores on one tray, from the standings snapshot, if it has them."""
    if not standings:
        return []
    words = SCORE_WORDS.get(standings.get("method", ""), "score")
    deal = next((d for d in standings.get("deals", []) if d.get("deal") == tray), None)
    notes = []
    for side, entrant in (("N-S", seating.ns), ("E-W", seating.ew)):
        value = deal["scores"].get(str(entrant.number)) if deal and entrant else None
        if value is not None:
            text = book_number(value, plus=standings["method"] == "trick")
            notes.append(
                ScoreNote(
                    who=f"{side}, {entrant.get_kind_display().lower()} {entrant.number}",
                    value=text,
                    words=words,
                )
            )
    return notes


def round_card(
    *, table: Table, number: int, device: str, sending: bool, checking: bool, standings: dict[str, Any] | None
) -> RoundCard | None:
    """One round at this table: seats, trays, this table's lines, and the slips it may unfold."""
    seating = Seating.objects.filter(table=table, round__number=number).select_related("ns", "ew").first()
    if seating is None:
        return None
    trays = list(seating.trays.select_related("deal").order_by("seatingtray__order"))
    lines = {ln.tray_id: ln for ln in SlipLine.objects.filter(table=table, tray__in=trays)}
    cards_ = []
    for tray in trays:
        deal = getattr(tray, "deal", None)
        card = TrayCard(
            number=tray.number,
            trump=trump_view(getattr(deal, "trump", "")),
            dealer=SEAT_WORDS.get(getattr(deal, "dealer", ""), ""),
        )
        line = lines.get(tray.pk)
        if line is None:
            card.can_send = sending and tray.status != Tray.Status.VOID
        else:
            card.line = _line_view(line, device)
            card.can_confirm = checking and line.status == SlipLine.Status.ENTERED
            card.traveller = traveller_for_table(table=table, tray=tray)
            card.scores = _score_notes(standings, tray.number, seating)
        cards_.append(card)
    return RoundCard(
        number=number,
        ns=seating.ns.number if seating.ns else None,
        ew=seating.ew.number if seating.ew else None,
        ns_name=entrant_label(seating.ns),
        ew_name=entrant_label(seating.ew),
        seats=_seats(seating),
        trays=cards_,
        done=_all_sent(trays, lines),
    )


def _all_sent(trays: list[Tray], lines: dict[int, SlipLine]) -> bool:
    """Every tray the table owes is sent (a void tray is owed by nobody)."""
    owed = [t for t in trays if t.status != Tray.Status.VOID]
    return bool(owed) and all(t.pk in lines for t in owed)


def running_score(*, session: Session, here: set[int]) -> list[StandingLine] | None:
    """The standings so far, when the director allows the tables to see them."""
    if not session.show_running_score:
        return None
    standings = session_standings(session=session)
    if not standings:
        return []
    names = dict(session.entrants.values_list("number", "name"))
    return [
        StandingLine(
            rank=row["rank"],
            entrant=row["entrant"],
            name=names.get(row["entrant"], ""),
            total=book_number(row["total"]),
            plus_minus="" if row.get("plus_minus") is None else book_number(row["plus_minus"], plus=True),
            here=row["entrant"] in here,
        )
        for row in standings.get("entrants", [])
    ]


def page_stamp(*, table: Table, session: Session, round_number: int) -> str:
    """A short fingerprint of what the page shows; the phone polls it to know when to refresh."""
    last = SlipLine.objects.filter(table=table).aggregate(m=Max("updated_at"))["m"]
    raw = (
        f"{session.status}:{session.current_round}:{session.results_version}:{round_number}:{last}:"
        f"{session.show_running_score}:{table.token_revoked}"
    )
    return hashlib.sha256(raw.encode()).hexdigest()[:16]


def table_page(*, table: Table, device: str = "") -> TablePage:
    """The whole table page for this table now (see the module docstring for the parts)."""
    session = Session.objects.defer(*HEAVY).get(pk=table.session_id)
    table.session = session
    rounds = session.rounds.count()
    playing = session.status == Session.Status.RUNNING
    number = table_round(table=table) if session.status != Session.Status.DRAFT else 0
    standings = session_standings(session=session) if playing or session.status == "closed" else None
    now = (
        round_card(
            table=table, number=number, device=device, sending=playing, checking=playing, standings=standings
        )
        if 0 < number <= rounds
        else None
    )
    just_played, move = _just_played(table, session, number, now, device, standings)
    here = {x for card in (now, just_played) if card for x in (card.ns, card.ew) if x is not None}
    return TablePage(
        table=table.number,
        session_title=session.title,
        session_date=f"{session.date:%-d %B %Y}",
        status=session.status,
        accepts_results=session.accepts_results,
        rounds=rounds,
        round=number,
        finished=playing and (number > rounds or (number == rounds and now is not None and now.done)),
        now=now,
        just_played=just_played,
        move=move,
        running=running_score(session=session, here=here) if session.status != "draft" else None,
        score_words=SCORE_WORDS.get(session.scoring_method, "score"),
        stamp=page_stamp(table=table, session=session, round_number=number),
    )


def _just_played(
    table: Table,
    session: Session,
    number: int,
    now: RoundCard | None,
    device: str,
    standings: dict[str, Any] | None,
) -> tuple[RoundCard | None, MoveView | None]:
    """The round just finished (while it matters) and the move after it."""
    if session.status != Session.Status.RUNNING:
        return None, None
    if now is not None and now.done and not session.tables_advance:
        # Every tray sent; the room moves on the director's call (none after the last round).
        if number >= session.rounds.count():
            return None, None
        return None, move_after(table=table, round_number=number, wait_for_director=True)
    if number <= 1:
        return None, None
    last = number > session.rounds.count()
    prev = round_card(
        table=table, number=number - 1, device=device, sending=False, checking=True, standings=standings
    )
    if prev is None:
        return None, None
    started = now is not None and any(t.line for t in now.trays)
    waiting = any(t.line and t.line.status == SlipLine.Status.ENTERED for t in prev.trays)
    if started and not waiting:
        return None, None
    if started or last:
        return prev, None
    return prev, move_after(table=table, round_number=number - 1, wait_for_director=False)


def page_json(page: TablePage) -> dict[str, Any]:
    """The table page as plain JSON for the page's script (``GET /t/<token>/state``)."""
    return asdict(page)


#: Session fields a table's requests never need: the whole movement, kept for the director.
HEAVY = ("movement_json", "movement_params")


def table_for_link(*, token: str) -> Table:
    """The table behind a private link (as ``table_by_token``), without the session's heavy fields."""
    table = (
        Table.objects.select_related("session", "session__club")
        .defer(*(f"session__{f}" for f in HEAVY))
        .filter(token=token)
        .first()
    )
    if table is None or table.token_revoked:
        raise NotFound("This table link is not valid. Ask the director for the table's QR code.")
    return table


def table_line(*, table: Table, tray_number: Any) -> SlipLine:
    """This table's line on a tray of its session, or NotFound (never another table's)."""
    try:
        number = int(tray_number)
    except (TypeError, ValueError):
        raise NotFound(f"There is no tray {tray_number!r}.") from None
    line = SlipLine.objects.filter(table=table, tray__number=number).select_related("tray", "session").first()
    if line is None:
        raise NotFound(f"Table {table.number} has sent no result on tray {number}.")
    return line
