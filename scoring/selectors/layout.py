"""The standings laid out for a page or a PDF: fields, columns, figures the book's way.

The book's figures first, written the book's way: trick scores as plus and
minus (p. 32), the original Howell losses (p. 42), exponent gains with
their raised numerators ("37⁵", pp. 43-44) and the same as a mixed number,
match scores (pp. 45-46). A modern matchpoint percentage stands beside
them for pairs. The fields and places are ``places``'s: a Mitchell-type
movement, where a pair keeps its direction all evening, has a N-S field and
an E-W field, each ranked apart; Howell-type movements one field (p. 38).
Every figure comes from the typed scores of one snapshot as the viewer may
see them; nothing here scores anything.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from django.utils.safestring import SafeString

from scoring import display
from scoring.scorers import EntrantTotal, Scores, get_method
from scoring.scorers.exponent import ExponentGain
from scoring.scorers.render import LABEL
from scoring.selectors.places import Places, session_places
from scoring.selectors.places import direction_fields as direction_fields
from tournaments.models import EntrantKind, SeatedEntrant, Session, Tray
from tournaments.selectors import ranked_kind


@dataclass(frozen=True)
class Cell:
    """One figure: the text shown and the exact rational behind it.

    ``raised`` is the exponent's numerator when the text is in the book's
    exponent notation (shown raised beside ``text``); ``eq`` is then the
    same value as a mixed number.
    """

    text: str
    exact: str = ""
    title: str = ""
    #: "opt" for a column a phone may leave out.
    cls: str = ""
    eq: str = ""
    raised: str = ""
    #: The column's name, which a phone shows beside the figure when the row is stacked.
    label: str = ""

    @property
    def plain(self) -> str:
        """The figure as plain text (CSV, titles): "2²"."""
        return self.text + self.raised.translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))

    @property
    def html(self) -> SafeString:
        """The figure for a page: "2<sup>2</sup>"."""
        return display.html(self.text, self.raised)

    @property
    def pdf(self) -> str:
        """The figure as the PDF's markup: "2<super>2</super>"."""
        return display.pdf(self.text, self.raised)


@dataclass(frozen=True)
class StandingRow:
    """An entrant's line: rank (in its field), number, names, figures; ``place``, the rank written ("=2")."""

    rank: int
    entrant: int
    names: str
    cells: tuple[Cell, ...]
    card_url: str = ""
    place: str = ""

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
    #: "N-S" or "E-W" (``places``), "" for the one field.
    field: str = ""


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
    #: Why some totals count fewer trays (a void tray), said where the places are.
    missing: tuple[str, ...] = ()


Column = Callable[[EntrantTotal], Cell]


def _total(row: EntrantTotal) -> Cell:
    """The total as a mixed number."""
    return Cell(display.number(row.total), str(row.total))


def _signed_total(row: EntrantTotal) -> Cell:
    """The total as a plus/minus figure."""
    return Cell(display.signed(row.total), str(row.total))


def _pm(row: EntrantTotal) -> Cell:
    """The plus/minus against the average, where the method has one."""
    pm = row.plus_minus
    return Cell("" if pm is None else display.signed(pm), "" if pm is None else str(pm))


def _extra(key: str, *, sign: bool = False) -> Column:
    """A cell for one of the method's extra figures (e.g. tricks)."""

    def cell(row: EntrantTotal) -> Cell:
        """The figure, or an empty cell."""
        value = row.extra.get(key)
        if value is None:
            return Cell("")
        return Cell((display.signed if sign else display.number)(value), str(value))

    return cell


def gain_cell(value: ExponentGain, exact: Fraction) -> Cell:
    """An equated gain in the book's exponent notation, its mixed number beside."""
    shown = display.gain(value)
    title = f"{shown.value} tricks"
    if shown.plain:
        return Cell(shown.plain, str(exact), title)
    eq = shown.value if shown.raised else ""
    return Cell(shown.whole, str(exact), title, eq=eq, raised=shown.raised)


def _gains(row: EntrantTotal) -> Cell:
    """The exponent total the book's way (rule 6): whole number and raised numerator."""
    extra = row.extra
    if "tables" not in extra:
        return _total(row)
    gain = ExponentGain(extra["whole"], extra["exponent"], int(extra["tables"]))
    return gain_cell(gain, row.total)


def _mp_percent(row: EntrantTotal) -> Cell:
    """The matchpoint method's own percentage."""
    value = row.extra.get("percent")
    return Cell(display.percent(value), str(value)) if value is not None else Cell("")


COLUMNS: dict[str, tuple[tuple[str, Column], ...]] = {
    "trick": (("Tricks", _extra("tricks")), ("+/−", _pm)),
    "howell": (("Losses", _total), ("+/−", _pm)),
    "exponent": (("Gains", _gains), ("In tricks", lambda row: replace(_total(row), cls="opt")), ("+/−", _pm)),
    "match": (("Match score", _total), ("+/−", _pm)),
    "matchpoints": (("Matchpoints", _total), ("%", _mp_percent)),
    "individual": (("Tricks lost", _total), ("+/−", _pm)),
    "team-trick": (("Trick score", _signed_total),),
    "team-match": (("Match score", _total), ("Trick score", _extra("tricks", sign=True))),
    # The points to the winners decide the places; the book's other way of keeping the card, the
    # winnings less the losses, stands beside under its own name (p. 24).
    "points": (("Total", _total), ("Won − lost", _pm)),
}
DEFAULT_COLUMNS: tuple[tuple[str, Column], ...] = (("Total", _total), ("+/−", _pm))


def standings_layout(
    *,
    session: Session,
    scores: Scores,
    names: Mapping[int, str],
    percents: Mapping[int, Fraction] | None,
    card_url: Callable[[int], str] | None = None,
    checks: bool = False,
) -> Standings:
    """The standings of one snapshot, laid out for the page (the book's tests only with ``checks``)."""
    method = get_method(scores.method)
    columns = COLUMNS.get(method.name, DEFAULT_COLUMNS)
    if percents and method.name != "matchpoints":
        columns = (*columns, ("%", lambda row: _percent(row, percents)))
    rows = {
        row.entrant: StandingRow(
            rank=row.rank,
            entrant=row.entrant,
            names=names.get(row.entrant, ""),
            cells=tuple(replace(fn(row), label=label) for label, fn in columns),
            card_url=card_url(row.entrant) if card_url else "",
        )
        for row in scores.entrants
    }
    return Standings(
        method=method.name,
        title=method.title,
        pages=method.pages,
        label=standings_label(session, method.kind),
        columns=tuple(label for label, _ in columns),
        fields=_split(rows, session_places(session=session, scores=scores)),
        notes=_notes(scores, checks=checks),
    )


def standings_label(session: Session, kind: str) -> str:
    """Who is ranked: "Pair", "Team", or "Player" for a session of individuals (a whist drive's players
    are scored by the pairs they formed deal by deal, but each is ranked alone, p. 24)."""
    return "Player" if session.entrant_kind == EntrantKind.INDIVIDUALS else LABEL[kind]


def missing_trays(*, session: Session, label: str) -> tuple[str, ...]:
    """A sentence for each void tray: nobody scores on it, so whoever was to play it counts one tray fewer.

    It reads tray statuses and the seating only, never a result.
    """
    voids = list(Tray.objects.filter(session=session, status=Tray.Status.VOID).order_by("number"))
    if not voids:
        return ()
    kind = ranked_kind(session)
    rows = SeatedEntrant.objects.filter(
        seating__seating_trays__tray__in=voids, entrant__kind=kind, entrant__is_phantom=False
    ).values_list("seating__seating_trays__tray__number", "entrant__number")
    due: dict[int, set[int]] = {}
    for tray, entrant in rows:
        due.setdefault(tray, set()).add(entrant)
    total = session.trays_count
    out = []
    for tray in voids:
        who = sorted(due.get(tray.number, ()))
        named = _listed([str(n) for n in who])
        plural = f"{label.lower()}s" if len(who) != 1 else label.lower()
        out.append(
            f"Tray {tray.number} is void (a new deal was needed, Laws III-IV): nobody scores on it, so "
            f"{plural} {named} are scored on {total - 1} trays and the others on {total}; "
            "totals count only the trays scored."
        )
    return tuple(out)


def _listed(items: list[str]) -> str:
    """ "1, 2 and 5"."""
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def _percent(row: EntrantTotal, percents: Mapping[int, Fraction]) -> Cell:
    """The modern percentage beside a book's method."""
    value = percents.get(row.entrant)
    return Cell(display.percent(value), str(value)) if value is not None else Cell("")


def _split(rows: Mapping[int, StandingRow], places: Places) -> tuple[StandingsField, ...]:
    """One field, or N-S and E-W fields each ranked apart, as ``places`` decides (ties share the place)."""
    return tuple(
        StandingsField(
            f"{field} pairs" if field else "",
            tuple(replace(rows[p.entrant], rank=p.place, place=p.text) for p in places.in_field(field)),
            field,
        )
        for field in places.fields
    )


def _notes(scores: Scores, *, checks: bool) -> tuple[str, ...]:
    """Method-wide figures, and for the director the book's tests, in a sentence each."""
    notes = []
    summary = scores.summary
    if "average_total_gain" in summary:
        notes.append(
            f"Average total gain {display.number(summary['average_total_gain'])} "
            "(rule 10, p. 44); plus and minus are against it."
        )
    if "top" in summary:
        notes.append(f"Top on each deal: {display.number(summary['top'])} matchpoints.")
    failed = [name for name, ok in scores.checks.items() if not ok]
    if checks and scores.checks and not failed:
        notes.append(f"The book's tests: all {len(scores.checks)} pass.")
    elif checks and failed:
        notes.append("The book's tests that do not hold: " + "; ".join(failed) + ".")
    return tuple(notes)
