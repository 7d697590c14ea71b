"""Score cards: one entrant's trays, against whom, its score on each and the engine's working.

"Why is my score this": each line carries the engine's own account
(``scorers.explain``) of how the score came out, and the card's scores add
up, exactly, to the entrant's total in the standings. A card needs both the
standings and the travellers (it shows other tables' results).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from scoring import display
from scoring.scorers import Scores, Slips, explain
from scoring.scorers.types import DealSlip
from scoring.selectors.layout import Cell, Standings
from scoring.selectors.travellers import deal_scores, entrant_label, exponent_gains, law_name, score_cell


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
    #: The laws applied where the entrant sat on this tray, by name (Laws III-V).
    law: str = ""


@dataclass(frozen=True)
class CardStanding:
    """An entrant's line of the standings, for the head of its score card."""

    rank: int
    total: str
    figures: list[tuple[str, Cell]]
    #: The rank as written ("=2"), and the field it is in ("N-S"; "" when the session has one field).
    place: str = ""
    field: str = ""


def card_standing(standings: Standings, scores: Scores, entrant: int) -> CardStanding | None:
    """The entrant's rank (in its field) and figures, as the results page shows them; None if absent."""
    field, found = next(
        ((f, r) for f in standings.fields for r in f.rows if r.entrant == entrant), (None, None)
    )
    total = next((r.total for r in scores.entrants if r.entrant == entrant), None)
    if field is None or found is None or total is None:
        return None
    cells = zip(standings.columns, found.cells, strict=True)
    figures = [(label, c) for label, c in cells if c.text and not c.cls]
    return CardStanding(found.rank, str(total), figures, found.place or str(found.rank), field.field)


def score_card(
    *, method: str, slips: Slips, scores: Scores, entrant: int, names: Mapping[int, str], label: str = "pair"
) -> list[CardRow]:
    """Every tray an entrant was scored on, against whom, its score and the engine's working."""
    by_deal = deal_scores(scores)
    gains = exponent_gains(slips) if method == "exponent" else {}
    rows = []
    for slip in slips.deals:
        law = _laws(slip, entrant)
        if entrant not in by_deal.get(slip.deal, {}) and not law:
            continue
        # A deal a law made void (a new deal) scores nothing, but the card still names the law.
        account = explain(method, slips, entrant, slip.deal)
        places = _places(slip, entrant, names)
        cell = score_cell(entrant, by_deal.get(slip.deal, {}), gains.get(slip.deal, {})) or Cell("—")
        side = places[0].side if len(places) == 1 else ""
        rows.append(
            CardRow(
                deal=slip.deal,
                places=places,
                score=cell,
                compared=_compared(side, account.compared_with, entrant, label),
                sentences=tuple(display.prose(s) for s in account.sentences),
                law=law,
            )
        )
    return rows


def _places(slip: DealSlip, entrant: int, names: Mapping[int, str]) -> tuple[Place, ...]:
    """Every place an entrant had on a slip (a team two, a pair one); none, said so as the slip says why
    ("sat out", "not seated at this tray", ``slips``)."""
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
    why = next((a.reason for a in slip.averages if a.entrant == entrant), "sat out")
    return tuple(places) or (Place(side="—", table="", against=why, made=""),)


def _laws(slip: DealSlip, entrant: int) -> str:
    """The laws on the lines where the entrant sat, by name."""
    names = []
    for line in slip.results:
        seats = set((line.seats or {}).values())
        if line.law and (entrant in (line.ns, line.ew) or entrant in seats):
            names.append(law_name(line.law))
    return "; ".join(names)


def _compared(side: str, compared: Mapping[int, Fraction], me: int, label: str) -> str:
    """ "Compared with these N-S results: 8 (pair 1), 6 (pair 3)." """
    others = [(e, v) for e, v in compared.items() if e != me]
    if not others or side not in ("N-S", "E-W"):
        return ""
    listed = ", ".join(f"{display.number(v)} ({label} {e})" for e, v in others)
    return f"Compared with these {side} results: {listed}."


def totals_line(rows: Sequence[CardRow]) -> tuple[str, str]:
    """The card's scores added up, exactly: (rational, mixed number)."""
    total = sum((Fraction(r.score.exact) for r in rows if r.score.exact), Fraction(0))
    return str(total), display.number(total)
