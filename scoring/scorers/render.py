"""The tabulating sheet in plain text, laid out as the book lays it out.

"On a tabulating sheet, set down against each pair their respective losses
on all the deals" (p. 42); "in the columns provided for the respective
deals, enter the gains equated" (rule 5, p. 43). So: pairs (or players, or
teams) down, deals across, then the total, the plus/minus against the
average, and the rank. Scores are mixed numbers ("2 1/2"); under the
exponent system each entry is written the book's way ("2²", "0⁴") with the
average equated gain's numerator at the foot of each deal and the totals
carried by rule 6 (p. 44). The book's tests are summed up under the sheet.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import exponent
from .fmt import mixed, signed
from .registry import METHODS
from .types import Scores, Slips

LABEL = {"pairs": "Pair", "teams": "Team", "individuals": "Player", "single-table": "Player"}


def render_sheet(scores: Scores, slips: Slips) -> str:
    """The tabulating sheet of a scored session, as text."""
    method = METHODS.get(scores.method)
    label = LABEL[method.kind] if method else "Entrant"
    if label == "Pair" and any(ln.seats is not None for d in slips.deals for ln in d.results):
        label = "Player"
    deals = [d.deal for d in scores.deals]
    header = [label, *(f"D{n}" for n in deals), "Total", "+/-", "Rank"]
    rows = _rows(scores, slips)
    if scores.method == exponent.NAME:
        rows.append(_exponent_foot(scores, slips, deals))
    title = method.title if method else scores.method
    pages = f" ({method.pages})" if method else ""
    lines = [f"{title}{pages}", "", *_table([header, *rows]), ""]
    lines += _summary(scores)
    return "\n".join(lines).rstrip() + "\n"


def _rows(scores: Scores, slips: Slips) -> list[list[str]]:
    """One row per entrant, in number order."""
    cells = {d.deal: {e: mixed(v) for e, v in d.scores.items()} for d in scores.deals}
    totals = {t.entrant: mixed(t.total) for t in scores.entrants}
    if scores.method == exponent.NAME:
        sheet = exponent.tabulate(slips)
        for s in sheet.slips:
            cells[s.deal] = {e: str(g) for e, g in s.gains.items()}
        totals = {e: str(t) for e, t in sheet.totals.items()}
    rows = []
    for t in sorted(scores.entrants, key=lambda t: t.entrant):
        deal_cells = [cells.get(d.deal, {}).get(t.entrant, "-") for d in scores.deals]
        pm = "" if t.plus_minus is None else signed(t.plus_minus)
        rows.append([str(t.entrant), *deal_cells, totals[t.entrant], pm, str(t.rank)])
    return rows


def _exponent_foot(scores: Scores, slips: Slips, deals: Sequence[int]) -> list[str]:
    """The average equated gain's numerator under each deal (rule 10)."""
    sheet = exponent.tabulate(slips)
    foot = {s.deal: mixed(s.numerator) for s in sheet.slips}
    return ["Av.", *(foot.get(d, "-") for d in deals), mixed(sheet.numerators), "", ""]


def _table(rows: list[list[str]]) -> list[str]:
    """Columns padded to their widest cell; the first left, the rest right."""
    widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
    out = []
    for index, row in enumerate(rows):
        cells = [row[0].ljust(widths[0]), *(c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True))]
        out.append("  ".join(cells).rstrip())
        if index == 0:
            out.append("  ".join("-" * w for w in widths))
    return out


def _summary(scores: Scores) -> list[str]:
    """Method-wide figures and the book's tests."""
    out = [f"{name.replace('_', ' ')}: {mixed(v)}" for name, v in scores.summary.items()]
    if scores.checks:
        failed = [name for name, ok in scores.checks.items() if not ok]
        passed = len(scores.checks) - len(failed)
        out.append(f"the book's tests: {passed} of {len(scores.checks)} hold")
        out += [f"  does not hold: {name}" for name in failed]
    return out
