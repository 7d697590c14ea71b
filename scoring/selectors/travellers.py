"""Travellers: one tray's lines, as a phone, the API, the public pages and the PDF show them.

A traveller (the book's *traveling slip*, pp. 42, 45-46) is one tray's
lines: the table, the N-S and E-W entrants, the tricks each side took and,
on the published pages, the score each line earned by the session's method
under a heading like the book's ("Top scores: 8 (N-S), 7 (E-W)"). Every
read here asks the visibility rule first: a folded slip is ``None``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from scoring import display
from scoring.models import SlipLine
from scoring.scorers import Scores, Slips, get_method
from scoring.scorers import exponent as exponent_method
from scoring.scorers.irregularities import IRREGULARITIES
from scoring.scorers.laws import LawDeal, apply_laws
from scoring.scorers.match import match_average
from scoring.scorers.types import DealSlip, SlipResult
from scoring.selectors.hands import HandView, hand_view
from scoring.selectors.layout import Cell, gain_cell
from scoring.visibility import Sight
from tournaments.models import Deal, Session


@dataclass(frozen=True)
class TravellerLine:
    """One line of a tray's traveller as shown to someone allowed to see it."""

    table: int
    ns: int | None
    ew: int | None
    ns_tricks: int | None
    ew_tricks: int | None
    award: str
    status: str
    #: The law the director applied at this table, by name ("Law V, Sec. 2 (...)"), or blank.
    law: str = ""


def traveller_lines(
    *, session: Session, tray: int, sight: Sight, lines: Iterable[SlipLine] | None = None
) -> list[TravellerLine] | None:
    """A tray's traveller, or None while it is folded for this viewer (``lines``: every line of the tray,
    with its table and entrants, by table number, when the caller has read them with others)."""
    if not sight.tray(tray):
        return None
    if lines is None:
        lines = (
            SlipLine.objects.filter(session=session, tray__number=tray)
            .select_related("table", "ns", "ew")
            .order_by("table__number")
        )
    return [
        TravellerLine(
            table=line.table.number,
            ns=line.ns.number if line.ns else None,
            ew=line.ew.number if line.ew else None,
            ns_tricks=line.ns_tricks,
            ew_tricks=line.ew_tricks,
            award=f"{line.ns_award}/{line.ew_award}" if line.ns_award else "",
            status=line.status,
            law=law_name(line.law),
        )
        for line in lines
    ]


@dataclass(frozen=True)
class SlipRow:
    """One table's line on a published traveller."""

    table: int
    ns: int
    ew: int
    ns_label: str
    ew_label: str
    ns_tricks: str
    ew_tricks: str
    ns_score: Cell | None
    ew_score: Cell | None
    note: str
    dd: str = ""


@dataclass(frozen=True)
class TravellerView:
    """One tray's traveling slip, its heading, and its hand record when published."""

    tray: int
    trump: str
    dealer: str
    void: bool
    heading: str
    rows: tuple[SlipRow, ...]
    averages: tuple[str, ...]
    hand: HandView | None

    @property
    def trump_text(self) -> str:
        """The trump card as people write it: "K♣"."""
        return display.card_text(self.trump)


def law_name(code: str | None) -> str:
    """A law on a line by its name, "Law V, Sec. 1 (irregular hands on the overplay)"; blank if none."""
    law = IRREGULARITIES.get(code or "")
    return law.name if law is not None else ""


def deal_scores(scores: Scores | None) -> dict[int, Mapping[int, Fraction]]:
    """Deal -> entrant -> exact score."""
    return {d.deal: d.scores for d in scores.deals} if scores else {}


def entrant_label(line: SlipResult, way: str, names: Mapping[int, str]) -> tuple[int, str]:
    """The entrant number and names one way of a line (two players for individual seats)."""
    if line.seats is not None:
        a, b = (line.seats["N"], line.seats["S"]) if way == "ns" else (line.seats["E"], line.seats["W"])
        return a, f"{names.get(a, a)} & {names.get(b, b)}"
    number = line.ns if way == "ns" else line.ew
    return number, names.get(number, str(number))


def exponent_gains(slips: Slips) -> dict[int, dict[int, exponent_method.ExponentGain]]:
    """Deal -> entrant -> equated gain with its exponent, from the engine's tabulating sheet."""
    return {s.deal: dict(s.gains) for s in exponent_method.tabulate(slips).slips}


def score_cell(entrant: int, shown: Mapping[int, Fraction], gains: Mapping[int, Any]) -> Cell | None:
    """An entrant's score on a deal; under the exponent system in the book's notation."""
    if entrant not in shown:
        return None
    gain = gains.get(entrant)
    if gain is not None:
        return gain_cell(gain, shown[entrant])
    return Cell(display.number(shown[entrant]), str(shown[entrant]))


def travellers_layout(
    *,
    method: str,
    slips: Slips,
    scores: Scores | None,
    names: Mapping[int, str],
    deals: Mapping[int, Deal],
) -> list[TravellerView]:
    """Every tray's traveller, the score each line earned (pairs methods), and its hand record."""
    by_deal = deal_scores(scores)
    pairs = get_method(method).kind == "pairs"
    gains = exponent_gains(slips) if method == "exponent" and scores else {}
    out = []
    for slip in slips.deals:
        deal = deals.get(slip.deal)
        hand = hand_view(deal) if deal is not None else None
        shown = by_deal.get(slip.deal, {}) if pairs else {}
        rows = tuple(_row(line, names, shown, gains.get(slip.deal, {}), hand) for line in slip.results)
        out.append(
            TravellerView(
                tray=slip.deal,
                trump=deal.trump if deal else "",
                dealer=deal.dealer if deal else "",
                void=slip.void,
                heading=slip_heading(method, slip) if pairs else "",
                rows=rows,
                averages=tuple(
                    f"{names.get(a.entrant, a.entrant)} ({a.reason}): {a.award}" for a in slip.averages
                ),
                hand=hand,
            )
        )
    return out


def _row(
    line: SlipResult,
    names: Mapping[int, str],
    shown: Mapping[int, Fraction],
    gains: Mapping[int, Any],
    hand: HandView | None,
) -> SlipRow:
    """One line of a traveller, with its scores, notes and result against double dummy."""
    ns, ns_label = entrant_label(line, "ns", names)
    ew, ew_label = entrant_label(line, "ew", names)
    notes = []
    if line.law:
        notes.append(law_name(line.law))
    if line.adjusted:
        notes.append(f"adjusted: {line.adjusted[0]} / {line.adjusted[1]}")
    if line.ns_revokes or line.ew_revokes:
        notes.append(f"revokes N-S {line.ns_revokes}, E-W {line.ew_revokes}")
    dd = ""
    if hand is not None and hand.dd and line.ns_tricks is not None:
        diff = line.ns_tricks - int(hand.dd["ns"])
        dd = "=" if diff == 0 else display.signed(diff)
    return SlipRow(
        table=line.table,
        ns=ns,
        ew=ew,
        ns_label=ns_label,
        ew_label=ew_label,
        ns_tricks="" if line.ns_tricks is None else str(line.ns_tricks),
        ew_tricks="" if line.ew_tricks is None else str(line.ew_tricks),
        ns_score=_labelled(score_cell(line.ns, shown, gains), "N-S score"),
        ew_score=_labelled(score_cell(line.ew, shown, gains), "E-W score"),
        note="; ".join(notes),
        dd=dd,
    )


def _labelled(cell: Cell | None, label: str) -> Cell | None:
    """A score with its column's name, for a phone's stacked line."""
    return None if cell is None else replace(cell, label=label)


def slip_heading(method: str, slip: DealSlip) -> str:
    """The slip's heading as the book writes it for each method (pp. 32, 42, 45, 46)."""
    if slip.void or not slip.results:
        return ""
    law = apply_laws(slip, match_average) if method == "match" else apply_laws(slip)
    if law.void is not None or not law.lines:
        return law.void or ""
    number = display.number
    if method == "howell":
        top_ns = max(ln.ns_score for ln in law.lines)
        top_ew = max(ln.ew_score for ln in law.lines)
        return f"Top scores: {number(top_ns)} (N-S), {number(top_ew)} (E-W)."
    if method == "exponent":
        return _exponent_heading(law)
    return f"Average: {number(law.average_ns)} (N-S), {number(law.average_ew)} (E-W)."


def _exponent_heading(law: LawDeal) -> str:
    """The exponent slip's heading: lowest scores, gain columns, equating (rules 3-4, 9)."""
    worked = exponent_method.equate(law)
    if worked is None:
        return ""
    number = display.number
    text = (
        f"Lowest scores: {number(worked.lowest_ns)} (N-S), {number(worked.lowest_ew)} (E-W). "
        f"Gains: {number(worked.ns_total)} (N-S), {number(worked.ew_total)} (E-W)"
    )
    if worked.lesser:
        text += f"; the {worked.lesser} column equated with exponent {number(worked.exponent)}"
    average = f"{number(worked.numerator)} over {worked.tables}"
    if number(worked.average_gain) != average:
        average += f" = {number(worked.average_gain)}"
    return text + f". Average equated gain {average} (rule 9)."
