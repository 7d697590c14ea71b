"""The standings as the public results page shows them.

The book's figures first, written the book's way: trick scores as plus and
minus (p. 32), the original Howell losses (p. 42), exponent gains with
their raised numerators ("37⁵", pp. 43-44) and the same as a mixed number,
match scores (pp. 45-46). A modern matchpoint percentage stands beside
them for pairs. Mitchell-type movements, where a pair keeps its direction
all evening, have a N-S field and an E-W field, each ranked apart; Howell-
type movements one field (p. 38). Every figure comes from the scores JSON
of one snapshot; nothing here scores anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from tournaments.models import Session

from ..scorers import get_method
from ..scorers.exponent import ExponentGain
from ..scorers.fmt import mixed, signed
from ..scorers.render import LABEL

Row = Mapping[str, Any]


@dataclass(frozen=True)
class Cell:
    """One figure: the text shown and the exact rational behind it."""

    text: str
    exact: str = ""
    title: str = ""
    #: "opt" for a column a phone may leave out.
    cls: str = ""
    #: The value as a mixed number, when the text is in the exponent notation.
    eq: str = ""


@dataclass(frozen=True)
class StandingRow:
    """An entrant's line: rank (in its field), number, names, figures."""

    rank: int
    entrant: int
    names: str
    cells: tuple[Cell, ...]
    card_url: str = ""

    @property
    def name_lines(self) -> list[str]:
        """The names a player to a line on a phone: "Ada Whitcombe", "& Bertram Hale"."""
        first, *rest = self.names.split(" & ")
        return [first, *(f"& {name}" for name in rest)]


@dataclass(frozen=True)
class StandingsField:
    """One ranked field: everybody (Howell-type) or one direction (Mitchell-type)."""

    title: str
    rows: tuple[StandingRow, ...]


@dataclass(frozen=True)
class Standings:
    """The whole standings block of a results page."""

    method: str
    title: str
    pages: str
    label: str
    columns: tuple[str, ...]
    fields: tuple[StandingsField, ...]
    notes: tuple[str, ...]


def percent_text(value: Fraction) -> str:
    """A modern percentage to two places: "56.25"."""
    return f"{float(value):.2f}"


def _total(row: Row) -> Cell:
    """The total as a mixed number."""
    return Cell(mixed(Fraction(row["total"])), row["total"])


def _signed_total(row: Row) -> Cell:
    """The total as a plus/minus figure."""
    return Cell(signed(Fraction(row["total"])), row["total"])


def _pm(row: Row) -> Cell:
    """The plus/minus against the average, where the method has one."""
    pm = row.get("plus_minus")
    return Cell("" if pm is None else signed(Fraction(pm)), pm or "")


def _extra(key: str, *, sign: bool = False) -> Callable[[Row], Cell]:
    """A cell for one of the method's extra figures (e.g. tricks)."""

    def cell(row: Row) -> Cell:
        """The figure, or an empty cell."""
        value = row.get("extra", {}).get(key)
        if value is None:
            return Cell("")
        return Cell((signed if sign else mixed)(Fraction(value)), value)

    return cell


def _gains(row: Row) -> Cell:
    """The exponent total the book's way (rule 6): whole number and raised numerator."""
    extra = row.get("extra", {})
    if "tables" not in extra:
        return _total(row)
    gain = ExponentGain(Fraction(extra["whole"]), Fraction(extra["exponent"]), int(Fraction(extra["tables"])))
    return Cell(str(gain), row["total"], f"{gain.mixed()} tricks ({mixed(gain.exponent)} over {gain.tables})")


def _mp_percent(row: Row) -> Cell:
    """The matchpoint method's own percentage."""
    value = row.get("extra", {}).get("percent")
    return Cell(percent_text(Fraction(value)), value) if value is not None else Cell("")


COLUMNS: dict[str, tuple[tuple[str, Callable[[Row], Cell]], ...]] = {
    "trick": (("Tricks", _extra("tricks")), ("+/−", _pm)),
    "howell": (("Losses", _total), ("+/−", _pm)),
    "exponent": (("Gains", _gains), ("In tricks", lambda row: replace(_total(row), cls="opt")), ("+/−", _pm)),
    "match": (("Match score", _total), ("+/−", _pm)),
    "matchpoints": (("Matchpoints", _total), ("%", _mp_percent)),
    "individual": (("Tricks lost", _total), ("+/−", _pm)),
    "team-trick": (("Trick score", _signed_total),),
    "team-match": (("Match score", _total), ("Trick score", _extra("tricks", sign=True))),
}
DEFAULT_COLUMNS = (("Total", _total), ("+/−", _pm))


def direction_fields(session: Session) -> dict[int, str] | None:
    """Entrant -> "N-S" or "E-W" when every pair kept one direction (Mitchell-type), else None."""
    ways: dict[int, set[str]] = {}
    for rnd in session.movement_json.get("rounds", []):
        for table in rnd.get("tables", []):
            for key, way in (("ns", "N-S"), ("ew", "E-W")):
                if table.get(key) is not None:
                    ways.setdefault(table[key], set()).add(way)
    sides = {way for seen in ways.values() for way in seen}
    if not ways or sides != {"N-S", "E-W"} or any(len(seen) > 1 for seen in ways.values()):
        return None
    return {entrant: next(iter(seen)) for entrant, seen in ways.items()}


def standings_view(
    *,
    session: Session,
    scores: Mapping[str, Any],
    names: Mapping[int, str],
    percents: Mapping[int, Fraction] | None,
    card_url: Callable[[int], str] | None = None,
) -> Standings:
    """The standings of one snapshot, laid out for the page."""
    method = get_method(scores["method"])
    columns = COLUMNS.get(method.name, DEFAULT_COLUMNS)
    if percents and method.name != "matchpoints":
        columns = (*columns, ("%", lambda row: _percent(row, percents)))
    rows = [
        StandingRow(
            rank=row["rank"],
            entrant=row["entrant"],
            names=names.get(row["entrant"], ""),
            cells=tuple(fn(row) for _, fn in columns),
            card_url=card_url(row["entrant"]) if card_url else "",
        )
        for row in scores["entrants"]
    ]
    fields = direction_fields(session) if method.kind == "pairs" else None
    return Standings(
        method=method.name,
        title=method.title,
        pages=method.pages,
        label=LABEL[method.kind],
        columns=tuple(label for label, _ in columns),
        fields=_split(rows, fields),
        notes=_notes(scores),
    )


def _percent(row: Row, percents: Mapping[int, Fraction]) -> Cell:
    """The modern percentage beside a book's method."""
    value = percents.get(row["entrant"])
    return Cell(percent_text(value), str(value)) if value is not None else Cell("")


def _split(rows: list[StandingRow], fields: Mapping[int, str] | None) -> tuple[StandingsField, ...]:
    """One field, or N-S and E-W fields each ranked apart (ties share the higher place)."""
    if fields is None:
        return (StandingsField("", tuple(rows)),)
    out = []
    for way in ("N-S", "E-W"):
        mine = [r for r in rows if fields.get(r.entrant) == way]
        ranked = tuple(
            StandingRow(
                rank=1 + sum(1 for o in mine if o.rank < r.rank),
                entrant=r.entrant,
                names=r.names,
                cells=r.cells,
                card_url=r.card_url,
            )
            for r in mine
        )
        out.append(StandingsField(f"{way} pairs", ranked))
    return tuple(out)


def _notes(scores: Mapping[str, Any]) -> tuple[str, ...]:
    """Method-wide figures and the book's tests, in a sentence each."""
    notes = []
    summary = scores.get("summary", {})
    if "average_total_gain" in summary:
        notes.append(
            f"Average total gain {mixed(Fraction(summary['average_total_gain']))} "
            "(rule 10, p. 44); plus and minus are against it."
        )
    if "top" in summary:
        notes.append(f"Top on each deal: {mixed(Fraction(summary['top']))} matchpoints.")
    checks = scores.get("checks", {})
    failed = [name for name, ok in checks.items() if not ok]
    if checks and not failed:
        notes.append(f"The book's tests: all {len(checks)} pass.")
    elif failed:
        notes.append("The book's tests that do not hold: " + "; ".join(failed) + ".")
    return tuple(notes)
