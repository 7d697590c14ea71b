"""The printed matter of a session as plain data (W. H. Barney, 1900).

- **guide card** (movement card, p. 39): one per table; its original pairs
  and deals, its schedule round by round, and for each seat where to go
  next ("NORTH — Go next to Table 4, East.") and where the deal just played
  goes ("(Take deal just played to Table 1.)"). The texts come from the
  movement engine (``movements.cards``); here they get the table's QR code.
- **traveling slip** (p. 42): one per tray, folded, with a line for every
  pair; its columns depend on the scoring method: losses for the original
  Howell (p. 42), gains for the exponent system (p. 45), a match score for
  the match system (p. 46), plus and minus for the trick score (p. 32). A
  pair's unused column is shaded; a pair that sits out the tray is marked
  "sits out", its result column left for the average the book gives it
  (pp. 42, 44, 46). Teams and individual players get a line per table.
- **tabulating sheet** (p. 42): entrants down, trays across, then totals.
- **hand records** and **curtain cards**: the known hands of each tray
  (``hands``), for the director before play.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import segno
from django.conf import settings
from django.urls import reverse

from whist.cards import SEATS

from ..display import book_card_words, movement_title
from ..models import NAMED, Drive, EntrantKind, EntrantLink, ScoringMethod, Session
from ..movements import FAMILIES, Movement
from ..movements.cards import GuideCard, guide_cards
from .hands import TrayHands, session_hands


@dataclass(frozen=True)
class TableLink:
    """A private link and its QR code: a table's (``table``), or an entrant's own (``label``)."""

    table: int
    url: str
    svg: str
    matrix: tuple[tuple[int, ...], ...]
    label: str = ""
    names: str = ""


@dataclass(frozen=True)
class Card:
    """A table's guide card, laid out for print."""

    table: int
    header: str
    originals: tuple[str, ...]
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    moves: tuple[tuple[str, str], ...]
    tray_move: str
    link: TableLink | None
    #: Where whoever sits out goes next, when the same every round ("" else: the "Sits out" column says).
    sitout_move: str = ""


@dataclass(frozen=True)
class SlipLine:
    """One line of a slip: its cells, and which cells are shaded (not used)."""

    cells: tuple[str, ...]
    shaded: frozenset[int] = frozenset()
    note: str = ""


@dataclass(frozen=True)
class Slip:
    """A traveling slip for one tray, in the layout of the session's scoring method."""

    tray: int
    title: str
    trump: str
    dealer: str
    extra: str
    headings: tuple[str, ...]
    lines: tuple[SlipLine, ...]
    footer: tuple[tuple[str, ...], ...] = ()


@dataclass(frozen=True)
class Sheet:
    """The tabulating sheet: entrants down, trays across, then totals."""

    title: str
    headings: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    footer: tuple[tuple[str, ...], ...] = ()


@dataclass
class Printed:
    """Everything printable of a session."""

    session: Session
    movement: Movement
    title: str
    subtitle: str
    cards: list[Card] = field(default_factory=list)
    slips: list[Slip] = field(default_factory=list)
    sheet: Sheet | None = None
    links: list[TableLink] = field(default_factory=list)
    entrant_links: list[TableLink] = field(default_factory=list)
    names: list[tuple[str, str]] = field(default_factory=list)
    hands: list[TrayHands] = field(default_factory=list)
    hands_unknown: list[int] = field(default_factory=list)


def trump_words(card: str) -> str:
    """The book's way of naming the trump: "CLUB KING"; a declared suit "CLUBS DECLARED"."""
    return book_card_words(card)


def _qr(url: str, title: str, **extra: Any) -> TableLink:
    """A link with its QR code, as SVG for pages and as a matrix for PDFs."""
    qr = segno.make(url, error="m")
    return TableLink(
        url=url,
        svg=qr.svg_inline(scale=4, border=2, omitsize=True, title=title),
        matrix=tuple(tuple(1 if bit else 0 for bit in row) for row in qr.matrix_iter(border=0)),
        **extra,
    )


def table_links(session: Session) -> list[TableLink]:
    """Each table's score-entry link (``SITE_URL`` + ``/t/<token>/``) with its QR code."""
    return [
        _qr(settings.SITE_URL + reverse("table:home", args=[t.token]), f"Table {t.number}", table=t.number)
        for t in session.tables.order_by("number")
    ]


def entrant_links(session: Session) -> list[TableLink]:
    """Each entrant's own link (``/p/<token>/``), for its card: the phone follows it to every table."""
    links = (
        EntrantLink.objects.filter(session=session, revoked=False)
        .select_related("entrant")
        .prefetch_related("entrant__members__player")
        .order_by("entrant__number", "side")
    )
    # A whist drive's players follow their own page (the change after change of p. 24).
    page = "drive:player" if Drive.objects.filter(session=session).exists() else "phone:home"
    if session.movement_family == "mnemonic":  # one table, two plays: the players' own page (pp. 25-27)
        page = "mnemonic:player"
    out = []
    for link in links:
        entrant = link.entrant
        side = {"NS": ", N-S pair", "EW": ", E-W pair"}.get(link.side, "")
        label = f"{entrant.get_kind_display()} {entrant.number}{side}"
        names = " & ".join(
            m.player.name for m in entrant.members.all() if not link.side or m.role in link.side
        )
        url = settings.SITE_URL + reverse(page, args=[link.token])
        out.append(_qr(url, label, table=0, label=label, names=names))
    return out


def _card(card: GuideCard, link: TableLink | None) -> Card:
    """The engine's card text split into a heading, a schedule table and the moves."""
    rows = tuple(tuple(cell.strip() for cell in row.split("|")) for row in card.schedule)
    return Card(
        table=card.table,
        header=card.header,
        originals=card.originals,
        headings=card.headings,
        rows=rows,
        moves=tuple((seat, card.moves[seat]) for seat in SEATS if seat in card.moves),
        tray_move=card.tray_move,
        link=link,
        sitout_move=card.sitout_move,
    )


def _plays(movement: Movement) -> dict[int, dict[int, tuple[int, str]]]:
    """For each tray: entrant -> (table, "NS" or "EW") where it plays it (pair movements)."""
    out: dict[int, dict[int, tuple[int, str]]] = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            for tray in t.trays:
                seen = out.setdefault(tray, {})
                if t.ns is not None:
                    seen[t.ns] = (t.table, "NS")
                if t.ew is not None:
                    seen[t.ew] = (t.table, "EW")
    return out


def _tables_of(movement: Movement) -> dict[int, list[tuple[int, str]]]:
    """For each tray: (table, who plays there) in order of play (team and seat movements)."""
    out: dict[int, list[tuple[int, str]]] = {}
    for rnd in movement.rounds:
        for t in rnd.tables:
            if t.seats is not None:
                who = " ".join(f"{s}{t.seats[s]}" for s in SEATS if s in t.seats)
            else:
                who = f"{t.ns} v {t.ew}"
            for tray in t.trays:
                out.setdefault(tray, []).append((t.table, who))
    return out


#: A slip's parts: title, the line under it, headings, lines, footer rows.
SlipParts = tuple[str, str, tuple[str, ...], tuple[SlipLine, ...], tuple[tuple[str, ...], ...]]

#: Slip columns after "Pairs", by scoring method, as the book prints them.
PAIR_SLIPS: dict[str, tuple[str, tuple[str, ...], str]] = {
    ScoringMethod.HOWELL: (
        "FORM OF SCORE SLIP (p. 42)",
        ("Scores N. & S.", "Scores E. & W.", "Losses"),
        "TOP SCORES: ____ (N. & S.), ____ (E. & W.)",
    ),
    ScoringMethod.EXPONENT: (
        "SCORE SLIP, EXPONENT SYSTEM (p. 45)",
        ("N. & S. scores", "E. & W. scores", "N. & S. gains", "E. & W. gains"),
        "LOWEST SCORES: ____ (N. & S.), ____ (E. & W.)",
    ),
    ScoringMethod.MATCH: (
        "SCORE SLIP, MATCH SYSTEM (p. 46)",
        ("Scores N. & S.", "Scores E. & W.", "Match score"),
        "AVERAGE: ____ (N. & S.), ____ (E. & W.)",
    ),
    ScoringMethod.TRICK: (
        "TRAVELING SCORE SLIP (p. 32)",
        ("N. & S. scores", "E. & W. scores", "Result + / -"),
        "AVERAGE: ____ (N. & S.), ____ (E. & W.)",
    ),
}


def _pair_slip(plays: dict[int, tuple[int, str]], entrants: int, method: str) -> SlipParts:
    """Headings, lines and footer of a pair slip in the book's layout."""
    title, columns, extra = PAIR_SLIPS.get(method, PAIR_SLIPS[ScoringMethod.TRICK])
    lines: list[SlipLine] = []
    for pair in range(1, entrants + 1):
        where = plays.get(pair)
        blank = ("",) * len(columns)
        if where is None:  # sits out: the score columns are struck, the average goes in the last (p. 42)
            cells = (str(pair), "sits out", *("",) * (len(columns) - 1))
            lines.append(SlipLine(cells=cells, shaded=frozenset({1, 2}), note="average"))
            continue
        table, side = where
        unused = {2} if side == "NS" else {1}
        if method == ScoringMethod.EXPONENT:
            unused |= {4} if side == "NS" else {3}
        lines.append(SlipLine(cells=(str(pair), *blank), shaded=frozenset(unused), note=f"Table {table}"))
    footer = (("Total", *("",) * len(columns)),)
    return title, extra, ("Pairs", *columns), tuple(lines), footer


def _table_slip(tables: list[tuple[int, str]], seats: bool) -> SlipParts:
    """A modern traveller: one line per table that plays the tray."""
    who = "Players (N E S W)" if seats else "N-S v E-W"
    headings = ("Table", who, "N. & S. tricks", "E. & W. tricks")
    lines = tuple(SlipLine(cells=(str(t), w, "", "")) for t, w in tables)
    return "TRAVELING SCORE SLIP", "N. & S. tricks + E. & W. tricks = 13", headings, lines, ()


def slips(session: Session, movement: Movement) -> Iterator[Slip]:
    """A slip for every tray of the session."""
    deals = {t.number: t.deal for t in session.trays.select_related("deal")}
    pair_plays, table_plays = _plays(movement), _tables_of(movement)
    per_pair = (
        session.entrant_kind == EntrantKind.PAIRS
        and movement.entrant_kind == "pair"
        and session.scoring_method in PAIR_SLIPS
    )
    seats = movement.entrant_kind == "player"
    for tray in range(1, movement.trays + 1):
        deal = deals.get(tray)
        if per_pair:
            parts = _pair_slip(pair_plays.get(tray, {}), movement.entrants, session.scoring_method)
        else:
            parts = _table_slip(table_plays.get(tray, []), seats)
        title, extra, headings, lines, footer = parts
        yield Slip(
            tray=tray,
            title=title,
            trump=trump_words(deal.trump) if deal else "",
            dealer=deal.get_dealer_display() if deal else "",
            extra=extra,
            headings=headings,
            lines=lines,
            footer=footer,
        )


def sheet(session: Session, movement: Movement, names: list[tuple[str, str]]) -> Sheet:
    """The tabulating sheet (p. 42): a row per entrant, a column per tray, and the totals."""
    unit = {"pair": "Pair", "team": "Team", "player": "Player"}[movement.entrant_kind]
    trays = tuple(str(t) for t in range(1, movement.trays + 1))
    method = ScoringMethod(session.scoring_method).label
    by_number = dict(names)
    rows = tuple(
        (str(n), by_number.get(str(n), ""), *("",) * len(trays), "", "")
        for n in range(1, movement.entrants + 1)
    )
    footer = (("Average", "", *("",) * len(trays), "", ""),)
    return Sheet(
        title=f"TABULATING SHEET — {method}",
        headings=(unit, "Names", *trays, "Total", "+ / -"),
        rows=rows,
        footer=footer,
    )


def entrant_names(session: Session) -> list[tuple[str, str]]:
    """(number, names) of every entrant, for the sheet and the cards' key."""
    out = []
    for e in session.entrants.prefetch_related(*NAMED).order_by("kind", "number"):
        out.append((str(e.number), e.name))
    return out


def printed(session: Session) -> Printed:
    """Everything printable of a seated session."""
    movement = Movement.from_json(session.movement_json)
    family = FAMILIES.get(session.movement_family)
    links = table_links(session)
    by_table = {link.table: link for link in links}
    names = entrant_names(session)
    kind = EntrantKind(session.entrant_kind).label
    out = Printed(
        session=session,
        movement=movement,
        title=session.title,
        subtitle=f"{session.date:%A %d %B %Y} · {kind} · "
        + (
            f"{family.title}{f', {movement.variant}' if movement.variant else ''}"
            if family
            else movement_title(movement.family, movement.variant or "")
        )
        + (f" ({family.pages})" if family else ""),
        links=links,
        entrant_links=entrant_links(session),
        names=names,
    )
    out.cards = [_card(c, by_table.get(c.table)) for c in guide_cards(movement)]
    out.slips = list(slips(session, movement))
    out.sheet = sheet(session, movement, names)
    out.hands, out.hands_unknown = session_hands(session)
    return out
