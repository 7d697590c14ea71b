"""The director's standings in figures that cannot be misread (the close page).

- **equated gains** (exponent system, rules 4 and 6, pp. 43-44): the book
  enters the numerator of a fraction over the number of tables in play "like
  an 'exponent'", the denominator "not written": "88⁴" is 88 and 4 over 7.
  Here the denominator is written in ("88 ⁴⁄₇") so that nobody reads a power,
  and the column of the same figure as a mixed number is left out.
- **the modern percentage** beside a method of the book: named "Matchpoint %"
  and said to be for comparison only, since the places are by the book's method.

Reads only: the layout of ``scoring.selectors.layout``, changed for the director's page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from scoring import display
from scoring.scorers import Scores
from scoring.scorers.exponent import ExponentGain
from scoring.selectors.layout import Cell, StandingRow, Standings

#: The modern percentage's column beside a method of the book, named for what it is.
COMPARISON_PERCENT = "Matchpoint %"
#: The gains as mixed numbers: once the gains are written out, the same figure again.
IN_TRICKS = "In tricks"
_SUP = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")
_SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def director_figures(layout: Standings, scores: Scores) -> Standings:
    """The layout with the gains written out and the modern percentage named."""
    return _percent_named(_gains_written_out(layout, scores))


def _each_cell(layout: Standings, change: Callable[[StandingRow, Cell], Cell]) -> Standings:
    """The layout with every figure passed through ``change``."""
    fields = tuple(
        replace(f, rows=tuple(replace(r, cells=tuple(change(r, c) for c in r.cells)) for r in f.rows))
        for f in layout.fields
    )
    return replace(layout, fields=fields)


def over_tables(shown: display.Notation) -> str:
    """An equated gain with its denominator written: "88 ⁴⁄₇" (the book: 88 with a raised 4)."""
    return f"{shown.whole} {shown.raised.translate(_SUP)}⁄{str(shown.tables).translate(_SUB)}"


def _gains_written_out(layout: Standings, scores: Scores) -> Standings:
    """Equated gains with the number of tables written under the raised figure, and a note saying so."""
    gains = {
        row.entrant: display.gain(
            ExponentGain(row.extra["whole"], row.extra["exponent"], int(row.extra["tables"]))
        )
        for row in scores.entrants
        if "tables" in row.extra
    }

    def written(row: StandingRow, cell: Cell) -> Cell:
        shown = gains.get(row.entrant)
        return replace(cell, text=over_tables(shown), raised="") if cell.raised and shown else cell

    example = next((g for g in gains.values() if g.raised), None)
    if example is None:
        return layout
    whole, raised, tables = example.whole, example.raised, example.tables
    note = (
        f"Gains: {over_tables(example)} means {whole} and {raised}/{tables} of a trick, {tables} being the "
        f"tables in play; the book leaves out the {tables} and writes the {raised} small and raised, “like "
        "an exponent” (rules 4 and 6, pp. 43-44): it is not a power."
    )
    return _without(replace(_each_cell(layout, written), notes=(*layout.notes, note)), IN_TRICKS)


def _without(layout: Standings, column: str) -> Standings:
    """The layout without a column (the same figure, once written out, needs no second column)."""
    if column not in layout.columns:
        return layout
    at = layout.columns.index(column)
    fields = tuple(
        replace(f, rows=tuple(replace(r, cells=r.cells[:at] + r.cells[at + 1 :]) for r in f.rows))
        for f in layout.fields
    )
    return replace(layout, columns=layout.columns[:at] + layout.columns[at + 1 :], fields=fields)


def _percent_named(layout: Standings) -> Standings:
    """Beside a method of the book the modern percentage is named, and said to be for comparison only."""
    if "%" not in layout.columns or layout.method == "matchpoints":
        return layout

    def named(row: StandingRow, cell: Cell) -> Cell:
        return replace(cell, label=COMPARISON_PERCENT) if cell.label == "%" else cell

    note = (
        f"{COMPARISON_PERCENT}: the modern matchpoint percentage of the same results, for comparison only; "
        f"the places are by the book's method: {layout.title}, {layout.pages}."
    )
    columns = tuple(COMPARISON_PERCENT if c == "%" else c for c in layout.columns)
    return replace(_each_cell(layout, named), columns=columns, notes=(*layout.notes, note))
