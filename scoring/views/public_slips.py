"""Travellers, score cards and hand diagrams as the public pages show them.

A traveller (the book's traveling slip, pp. 42, 45-46) is one tray's lines:
the table, the N-S and E-W entrants, the tricks each side took and the score
each line earned by the session's method, under a heading like the book's
("Top scores: 8 (N. & S.), 7 (E. & W.)"). A score card is one entrant's
trays, each with the engine's own account of how its score came out. The
scores come from the snapshot, the working from the engine; nothing here
scores anything itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from tournaments.models import Deal

from ..scorers import Slips, explain, get_method
from ..scorers import exponent as exponent_method
from ..scorers.fmt import mixed, signed
from ..scorers.laws import apply_laws
from ..scorers.match import match_average
from ..scorers.types import DealSlip, SlipResult
from .public_standings import Cell

SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAME = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SEAT_NAME = {"N": "North", "E": "East", "S": "South", "W": "West"}


@dataclass(frozen=True)
class SlipRow:
    """One table's line on a traveller."""

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
class HandView:
    """A deal's four hands, trump card, dealer and double-dummy tricks."""

    tray: int
    dealer: str
    trump: str
    hands: Mapping[str, tuple[tuple[str, str], ...]]
    dd: Mapping[str, Any] | None

    @property
    def trump_text(self) -> str:
        """The trump card as people write it: "K♣"."""
        return card_text(self.trump)

    @property
    def trump_suit(self) -> str:
        """The trump suit's name."""
        return SUIT_NAME.get(self.trump[-1:], "")

    @property
    def leader(self) -> str:
        """The player on the dealer's left, who leads."""
        return SEAT_NAME["NESW"[("NESW".index(self.dealer) + 1) % 4]]

    @property
    def leads(self) -> str:
        """Which opening leads hold the double-dummy result, when that says something."""
        best = (self.dd or {}).get("best_leads", [])
        other = (self.dd or {}).get("other_leads", [])
        if not other:
            return "any lead holds it"
        if len(best) <= len(other):
            return "only " + " ".join(card_text(c) for c in best) + " holds it"
        return "every lead but " + " ".join(card_text(c) for c in other) + " holds it"


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
        return card_text(self.trump)


@dataclass(frozen=True)
class Place:
    """Where an entrant played a tray: side, table, partner, opponents, tricks made."""

    side: str
    table: str
    against: str
    made: str
    partner: str = ""


@dataclass(frozen=True)
class CardRow:
    """One tray on an entrant's score card (a team has two places on it), with the engine's account."""

    deal: int
    places: tuple[Place, ...]
    score: Cell
    compared: str
    sentences: tuple[str, ...]


def card_text(card: str) -> str:
    """A card as people write it: "K♣", "10♥"."""
    if len(card) < 2:
        return card
    rank = "10" if card[0] == "T" else card[0]
    return f"{rank}{SUIT_SYMBOL.get(card[1], card[1])}"


def hand_view(deal: Deal) -> HandView | None:
    """The diagram of a recorded deal, or None when the hands were not recorded."""
    if not deal.hands:
        return None
    first, _, rest = deal.hands.partition(":")
    order = "NESW"
    hands: dict[str, tuple[tuple[str, str], ...]] = {}
    for k, text in enumerate(rest.split()):
        seat = order[(order.index(first) + k) % 4]
        suits = text.split(".")
        hands[seat] = tuple(
            (s, " ".join("10" if r == "T" else r for r in ranks) or "—")
            for s, ranks in zip("SHDC", suits, strict=True)
        )
    return HandView(
        tray=deal.tray.number, dealer=deal.dealer, trump=deal.trump, hands=hands, dd=deal.double_dummy
    )


def deal_scores(scores: Mapping[str, Any] | None) -> dict[int, dict[int, str]]:
    """Deal -> entrant -> exact score, from the scores JSON."""
    if not scores:
        return {}
    return {d["deal"]: {int(e): v for e, v in d["scores"].items()} for d in scores["deals"]}


def entrant_label(line: SlipResult, way: str, names: Mapping[int, str]) -> tuple[int, str]:
    """The entrant number and names one way of a line (two players for individual seats)."""
    if line.seats is not None:
        a, b = (line.seats["N"], line.seats["S"]) if way == "ns" else (line.seats["E"], line.seats["W"])
        return a, f"{names.get(a, a)} & {names.get(b, b)}"
    number = line.ns if way == "ns" else line.ew
    return number, names.get(number, str(number))


def travellers_view(
    *,
    method: str,
    slips: Slips,
    scores: Mapping[str, Any] | None,
    names: Mapping[int, str],
    deals: Mapping[int, Deal],
    hands_published: bool,
) -> list[TravellerView]:
    """Every tray's traveller, the score each line earned (pairs methods), and its hand record."""
    by_deal = deal_scores(scores)
    pairs = get_method(method).kind == "pairs"
    gains = _exponent_gains(slips) if method == "exponent" and scores else {}
    out = []
    for slip in slips.deals:
        deal = deals.get(slip.deal)
        hand = hand_view(deal) if deal is not None and hands_published else None
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


def _exponent_gains(slips: Slips) -> dict[int, dict[int, exponent_method.ExponentGain]]:
    """Deal -> entrant -> equated gain with its exponent, from the engine's tabulating sheet."""
    return {s.deal: dict(s.gains) for s in exponent_method.tabulate(slips).slips}


def _score_cell(entrant: int, shown: Mapping[int, str], gains: Mapping[int, Any]) -> Cell | None:
    """An entrant's score on a deal; under the exponent system in the book's notation."""
    if entrant not in shown:
        return None
    value = Fraction(shown[entrant])
    gain = gains.get(entrant)
    if gain is not None:
        eq = gain.mixed() if gain.exponent else ""
        return Cell(str(gain), shown[entrant], f"{gain.mixed()} tricks", eq=eq)
    return Cell(mixed(value), shown[entrant])


def _row(
    line: SlipResult,
    names: Mapping[int, str],
    shown: Mapping[int, str],
    gains: Mapping[int, Any],
    hand: HandView | None,
) -> SlipRow:
    """One line of a traveller, with its scores, notes and result against double dummy."""
    ns, ns_label = entrant_label(line, "ns", names)
    ew, ew_label = entrant_label(line, "ew", names)
    notes = []
    if line.adjusted:
        notes.append(f"adjusted: {line.adjusted[0]} / {line.adjusted[1]}")
    if line.ns_revokes or line.ew_revokes:
        notes.append(f"revokes N-S {line.ns_revokes}, E-W {line.ew_revokes}")
    dd = ""
    if hand is not None and hand.dd and line.ns_tricks is not None:
        diff = line.ns_tricks - int(hand.dd["ns"])
        dd = "=" if diff == 0 else signed(diff)
    return SlipRow(
        table=line.table,
        ns=ns,
        ew=ew,
        ns_label=ns_label,
        ew_label=ew_label,
        ns_tricks="" if line.ns_tricks is None else str(line.ns_tricks),
        ew_tricks="" if line.ew_tricks is None else str(line.ew_tricks),
        ns_score=_score_cell(line.ns, shown, gains),
        ew_score=_score_cell(line.ew, shown, gains),
        note="; ".join(notes),
        dd=dd,
    )


def slip_heading(method: str, slip: DealSlip) -> str:
    """The slip's heading as the book writes it for each method (pp. 32, 42, 45, 46)."""
    if slip.void or not slip.results:
        return ""
    law = apply_laws(slip, match_average) if method == "match" else apply_laws(slip)
    if law.void is not None or not law.lines:
        return law.void or ""
    if method == "howell":
        top_ns = max(ln.ns_score for ln in law.lines)
        top_ew = max(ln.ew_score for ln in law.lines)
        return f"Top scores: {mixed(top_ns)} (N-S), {mixed(top_ew)} (E-W)."
    if method == "exponent":
        return _exponent_heading(law)
    return f"Average: {mixed(law.average_ns)} (N-S), {mixed(law.average_ew)} (E-W)."


def _exponent_heading(law: Any) -> str:
    """The exponent slip's heading: lowest scores, gain columns, equating (rules 3-4, 9)."""
    worked = exponent_method.equate(law)
    if worked is None:
        return ""
    text = (
        f"Lowest scores: {mixed(worked.lowest_ns)} (N-S), {mixed(worked.lowest_ew)} (E-W). "
        f"Gains: {mixed(worked.ns_total)} (N-S), {mixed(worked.ew_total)} (E-W)"
    )
    if worked.lesser:
        text += f"; the {worked.lesser} column equated with exponent {mixed(worked.exponent)}"
    average = f"{mixed(worked.numerator)}/{worked.tables}"
    if mixed(worked.average_gain) != average:
        average += f" = {mixed(worked.average_gain)}"
    return text + f". Average equated gain {average} (rule 9)."


def score_card(
    *,
    method: str,
    slips: Slips,
    scores: Mapping[str, Any],
    entrant: int,
    names: Mapping[int, str],
    label: str = "pair",
) -> list[CardRow]:
    """Every tray an entrant was scored on, against whom, its score and the engine's working."""
    by_deal = deal_scores(scores)
    gains = _exponent_gains(slips) if method == "exponent" else {}
    rows = []
    for slip in slips.deals:
        if entrant not in by_deal.get(slip.deal, {}):
            continue
        account = explain(method, slips, entrant, slip.deal)
        places = _places(slip, entrant, names)
        cell = _score_cell(entrant, by_deal[slip.deal], gains.get(slip.deal, {})) or Cell("")
        side = places[0].side if len(places) == 1 else ""
        rows.append(
            CardRow(
                deal=slip.deal,
                places=places,
                score=cell,
                compared=_compared(side, account.compared_with, entrant, label),
                sentences=account.sentences,
            )
        )
    return rows


def _places(slip: DealSlip, entrant: int, names: Mapping[int, str]) -> tuple[Place, ...]:
    """Every place an entrant had on a slip (a team two, a pair one); a sit-out none, said so."""
    places = []
    for line in slip.results:
        seats: dict[str, int] = {str(k): v for k, v in (line.seats or {}).items()}
        for way, mine, theirs in (("N-S", ("N", "S"), "ew"), ("E-W", ("E", "W"), "ns")):
            own = line.ns if way == "N-S" else line.ew
            if own == entrant or any(seats.get(s) == entrant for s in mine):
                made = line.ns_tricks if way == "N-S" else line.ew_tricks
                partner = next((seats[s] for s in mine if s in seats and seats[s] != entrant), None)
                places.append(
                    Place(
                        side=way,
                        table=str(line.table),
                        against=entrant_label(line, theirs, names)[1],
                        made="" if made is None else str(made),
                        partner="" if partner is None else names.get(partner, str(partner)),
                    )
                )
    return tuple(places) or (Place(side="—", table="", against="sat out", made=""),)


def _compared(side: str, compared: Mapping[int, Fraction], me: int, label: str) -> str:
    """ "Compared with these N-S results: 8 (pair 1), 6 (pair 3)." """
    others = [(e, v) for e, v in compared.items() if e != me]
    if not others or side not in ("N-S", "E-W"):
        return ""
    listed = ", ".join(f"{mixed(v)} ({label} {e})" for e, v in others)
    return f"Compared with these {side} results: {listed}."


def totals_line(rows: Sequence[CardRow]) -> tuple[str, str]:
    """The card's scores added up, exactly: (rational, mixed number)."""
    total = sum((Fraction(r.score.exact) for r in rows if r.score.exact), Fraction(0))
    return str(total), mixed(total)
