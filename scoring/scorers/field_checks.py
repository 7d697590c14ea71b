"""The organiser's checks on a simultaneous field before publishing: what looks wrong, in words.

Bridge organisers look over every heat before the overall result goes out
(``field.py``; the EBU's and ECATS's practice): a club that has not sent, a
result far from the field because the directions were entered the wrong way
round ("a -420 in a sea of +420s"), and a club whose results do not fit the
deal, a sign its boards were dealt wrongly. At whist the score of a deal is
the tricks N-S took, so each check works on the deal's **frequency table**
(how many tables made each of 0..13 N-S tricks). Each finding is a ``Flag``
with a sentence a director can act on; nothing is changed or left out.

- **missing heat**: a club on the list of those taking part that has not
  sent; **unknown club**: a heat from a club not on the list (often the
  same club under another spelling). Names are compared ignoring case and
  spacing.
- **heat swapped**: a whole heat that fits the field far better with N-S
  and E-W exchanged throughout. For each line, its squared distance from
  the mean N-S tricks of the *rest* of the field on that deal, as entered
  (t) and exchanged (13 - t); the heat is flagged when the exchanged sum is
  at most half the entered one over at least 3 deals whose field mean is a
  trick or more from 6 1/2 (on a deal near 6 1/2 an exchange shows nothing).
- **deal off**: a heat whose mean N-S tricks on a deal, over at least 3 of
  its tables, stands off the rest of the field's mean by more than 4
  standard errors (the rest's standard deviation over the square root of the
  heat's tables: more than chance allows) and by a trick or more: a sign the
  club's copy of the deal differs from the deal file.
- **line swapped**: a line far from the field that would sit in it the
  other way round. On a deal with at least 8 results in the field
  (artificial scores left out), a line of t N-S tricks is **far** when the
  side that did worse scores under 10% of the top in matchpoints against
  the other results (EBU scale: 2 for each result beaten, 1 for each tie)
  and fewer than 10% of the other results are within a trick of t (a plain
  bottom in a spread field is not far); it would **sit in the field** when
  at least half of the other results are within a trick of 13 - t, what
  the line would show with the directions the other way round. A club's
  own tray of a few lines (``line_checks``) asks one thing more, a
  ``margin``: that 13 - t stand nearer the median of the other results
  than t does, by at least that many tricks.

One cause, one flag: a heat flagged as swapped is not flagged again deal
by deal or line by line, and the other checks compare with the field
without it; a heat's deal on which at least 3 tables, and at
least half of them, look swapped is one **deal off** flag, not a flag a
line; and a deal is judged off on the heat's other tables, so that one
swapped line does not make its deal look off.
Every decision is taken on exact fractions; the figures in the sentences
are rounded for reading. The thresholds are ``Rules``. This module imports
nothing from Django.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from .field_matchpoints import BUCKETS
from .field_types import FieldLine, Heat
from .fmt import decimal

KINDS = ("missing heat", "unknown club", "heat swapped", "deal off", "line swapped")
Table = list[int]


@dataclass(frozen=True)
class Rules:
    """The thresholds of the checks (the module's docstring says how each is used)."""

    min_results: int = 8
    far: Fraction = Fraction(1, 10)
    near_share: Fraction = Fraction(1, 2)
    min_tables: int = 3
    sigmas: int = 4
    min_gap: Fraction = Fraction(1)
    swap_ratio: Fraction = Fraction(1, 2)
    min_swap_deals: int = 3
    #: A line swapped must also stand this many tricks nearer the median of the rest read the other way
    #: (None: not asked; a club's tray of a few lines asks it, ``line_checks``).
    margin: Fraction | None = None


RULES = Rules()


@dataclass(frozen=True)
class Flag:
    """One thing to look at before publishing: its kind (``KINDS``), where, and a sentence saying why."""

    kind: str
    club: str
    text: str
    deal: int | None = None
    table: int | None = None
    round: int | None = None
    ns: str | None = None
    ew: str | None = None
    #: A line's N-S tricks as entered.
    tricks: int | None = None


@dataclass(frozen=True, slots=True)
class Sums:
    """Results on a deal as whole numbers: how many, their N-S tricks added, and their squares added."""

    count: int
    tricks: int
    squares: int

    @classmethod
    def of(cls, table: Table) -> Sums:
        """The sums of a frequency table."""
        return cls(
            sum(table), sum(t * c for t, c in enumerate(table)), sum(t * t * c for t, c in enumerate(table))
        )

    def __sub__(self, other: Sums) -> Sums:
        return Sums(self.count - other.count, self.tricks - other.tricks, self.squares - other.squares)

    @property
    def mean(self) -> Fraction:
        """The mean N-S tricks."""
        return Fraction(self.tricks, self.count)

    @property
    def deviation(self) -> float:
        """The standard deviation, for reading."""
        return math.sqrt(max(self.count * self.squares - self.tricks**2, 0)) / self.count


def check_field(
    heats: Iterable[Heat], clubs: Iterable[str] | None = None, rules: Rules = RULES
) -> list[Flag]:
    """Every check on the field, in order: clubs, whole heats, heats' deals, single lines."""
    heats = list(heats)
    field, by_heat = frequency_tables(heats)
    flags = missing_clubs(heats, clubs) if clubs is not None else []
    swapped = swapped_heats(by_heat, field, rules)
    if swapped:  # the rest is judged against the field without them
        skip = {f.club for f in swapped}
        heats = [h for h in heats if h.club not in skip]
        field, by_heat = frequency_tables(heats)
    lines = swapped_lines(heats, field, rules)
    crowded = crowded_deals(lines, by_heat, rules)
    off = deals_off(_without(by_heat, lines), field, rules)
    off = [f for f in off if (f.club, f.deal) not in crowded]
    single = [f for f in lines if (f.club, f.deal) not in crowded]
    return flags + swapped + list(crowded.values()) + off + single


def _without(
    by_heat: Mapping[str, Mapping[int, Table]], lines: Iterable[Flag]
) -> dict[str, dict[int, Table]]:
    """The heats' tables less the lines that look swapped (a deal is judged off on its other tables)."""
    out = {club: {deal: list(table) for deal, table in deals.items()} for club, deals in by_heat.items()}
    for flag in lines:
        if flag.deal is not None and flag.tricks is not None:
            out[flag.club][flag.deal][flag.tricks] -= 1
    return out


def crowded_deals(
    lines: Iterable[Flag], by_heat: Mapping[str, Mapping[int, Table]], rules: Rules
) -> dict[tuple[str, int], Flag]:
    """A heat's deal on which most tables look swapped: one flag for the deal, not one a line."""
    found = Counter((f.club, f.deal) for f in lines if f.deal is not None)
    out = {}
    for (club, deal), count in sorted(found.items()):
        tables = sum(by_heat[club][deal])
        if count >= rules.min_tables and 2 * count >= tables:
            text = (
                f"{club}, deal {deal}: {count} of its {tables} tables' results look entered with N-S and E-W "
                f"the other way round. Check that the club's deal {deal} was dealt as the deal file says, "
                "N-S's hands at North and South, and how its results were entered."
            )
            out[(club, deal)] = Flag("deal off", club, text, deal)
    return out


def frequency_tables(heats: Iterable[Heat]) -> tuple[dict[int, Table], dict[str, dict[int, Table]]]:
    """The field's frequency table of each deal, and each heat's own (artificial scores left out)."""
    field: dict[int, Table] = {}
    by_heat: dict[str, dict[int, Table]] = {}
    for heat in heats:
        own = by_heat.setdefault(heat.club, {})
        for line in heat.lines:
            if line.ns_tricks is not None:
                own.setdefault(line.deal, [0] * BUCKETS)[line.ns_tricks] += 1
                field.setdefault(line.deal, [0] * BUCKETS)[line.ns_tricks] += 1
    return field, by_heat


def missing_clubs(heats: Iterable[Heat], clubs: Iterable[str]) -> list[Flag]:
    """A club taking part that has not sent, and a heat from a club not on the list."""
    sent = {_name(h.club): h.club for h in heats}
    listed = {_name(c): c for c in clubs}
    flags = [
        Flag("missing heat", club, f"{club} is taking part but has not sent its heat.")
        for key, club in listed.items()
        if key not in sent
    ]
    flags += [
        Flag(
            "unknown club",
            club,
            f"A heat came from {club}, which is not on the list of clubs taking part: "
            "check the name in its file, or add the club.",
        )
        for key, club in sent.items()
        if key not in listed
    ]
    return flags


def _name(club: str) -> str:
    """A club's name as compared: case and spacing ignored."""
    return " ".join(club.split()).casefold()


def deals_off(
    by_heat: Mapping[str, Mapping[int, Table]], field: Mapping[int, Table], rules: Rules
) -> list[Flag]:
    """Each heat's deals whose results stand off the rest of the field's (in whole numbers)."""
    totals = {deal: Sums.of(table) for deal, table in field.items()}
    flags = []
    for club, deals in by_heat.items():
        for deal, own in sorted(deals.items()):
            mine = Sums.of(own)
            rest = totals[deal] - mine
            k, n = mine.count, rest.count
            if k < rules.min_tables or n < rules.min_results:
                continue
            gap = mine.tricks * n - rest.tricks * k  # the difference of the means, times k x n
            spread = n * rest.squares - rest.tricks**2  # the rest's variance, times n squared
            if abs(gap) >= rules.min_gap * k * n and gap * gap > rules.sigmas**2 * k * spread:
                flags.append(Flag("deal off", club, _off_text(club, deal, mine, rest), deal))
    return flags


def _off_text(club: str, deal: int, mine: Sums, rest: Sums) -> str:
    """The sentence of a deal off the field."""
    return (
        f"{club}, deal {deal}: its {mine.count} tables averaged {decimal(mine.mean, 1)} N-S tricks; the "
        f"other {rest.count} tables of the field averaged {decimal(rest.mean, 1)}, most within "
        f"{rest.deviation:.1f} of it. A difference that large is not chance: check that the club's "
        f"deal {deal} was dealt as the deal file says."
    )


def swapped_heats(
    by_heat: Mapping[str, Mapping[int, Table]], field: Mapping[int, Table], rules: Rules
) -> list[Flag]:
    """Whole heats that fit the field far better with N-S and E-W exchanged throughout."""
    totals = {deal: Sums.of(table) for deal, table in field.items()}
    flags = []
    for club, deals in by_heat.items():
        entered = exchanged = Fraction(0)
        lines = telling = 0
        for deal, own in deals.items():
            mine = Sums.of(own)
            rest = totals[deal] - mine
            n, k = rest.count, mine.count
            if n < rules.min_results or not k:
                continue
            # sum of (t - mean)^2 over the heat's lines, and of (13 - t - mean)^2, each times n squared
            entered += Fraction(
                mine.squares * n * n - 2 * rest.tricks * mine.tricks * n + k * rest.tricks**2, n * n
            )
            other = 13 * n - rest.tricks
            exchanged += Fraction(k * other**2 - 2 * other * mine.tricks * n + mine.squares * n * n, n * n)
            lines += k
            telling += abs(2 * rest.tricks - 13 * n) >= 2 * n
        if telling >= rules.min_swap_deals and exchanged <= rules.swap_ratio * entered:
            flags.append(Flag("heat swapped", club, _swapped_text(club, entered, exchanged, lines)))
    return flags


def _swapped_text(club: str, entered: Fraction, exchanged: Fraction, lines: int) -> str:
    """The sentence of a heat that looks swapped throughout."""
    as_entered, other_way = (math.sqrt(x / lines) for x in (entered, exchanged))
    return (
        f"{club}: its results look like the field's with N-S and E-W the other way round on every deal: "
        f"as entered its lines are {as_entered:.1f} tricks from the field's mean on their deal, exchanged "
        f"{other_way:.1f} (root mean square). Check how the club's file names the directions; its lines are "
        "not flagged one by one."
    )


@dataclass(frozen=True)
class Suspect:
    """A N-S result on a deal that looks swapped: the side it hurts, that side's share, the results near."""

    side: str
    tricks: int
    share: Fraction
    near: int
    others: int


def swapped_lines(heats: Iterable[Heat], field: Mapping[int, Table], rules: Rules) -> list[Flag]:
    """Lines far from the field on their deal that would sit in it the other way round."""
    suspect = {deal: suspect_results(table, rules) for deal, table in field.items()}
    flags = []
    for heat in heats:
        for line in heat.lines:
            found = suspect[line.deal].get(line.ns_tricks) if line.ns_tricks is not None else None
            if found is not None:
                text = _line_text(heat.club, line, found)
                where = (line.deal, line.table, line.round, line.ns, line.ew, line.ns_tricks)
                flags.append(Flag("line swapped", heat.club, text, *where))
    return flags


def suspect_results(table: Table, rules: Rules = RULES) -> dict[int, Suspect]:
    """Each N-S result of a deal's frequency table that looks swapped (see the module's docstring).

    The windows "within a trick of t" and "of 13 - t" do not meet once t is alone and 13 - t is near
    half the field, so the line itself is never counted near 13 - t.
    """
    n = sum(table)
    if n < rules.min_results:
        return {}
    out = {}
    for t in range(BUCKETS):
        if not table[t]:
            continue
        ns_share = Fraction(2 * sum(table[:t]) + table[t] - 1, 2 * (n - 1))
        x = 13 - t
        alone = sum(table[max(t - 1, 0) : t + 2]) - 1 < rules.far * (n - 1)
        near = sum(table[max(x - 1, 0) : x + 2])
        if not (alone and min(ns_share, 1 - ns_share) < rules.far and near >= rules.near_share * (n - 1)):
            continue
        if rules.margin is None or nearer_other_way(table, t) >= rules.margin:
            side = Suspect("N-S", t, ns_share, near, n - 1)
            out[t] = side if ns_share < 1 - ns_share else Suspect("E-W", 13 - t, 1 - ns_share, near, n - 1)
    return out


def nearer_other_way(table: Table, t: int) -> Fraction:
    """How many tricks nearer the median of the rest (the table less one result of ``t``) 13 - t stands."""
    rest = [v for v, count in enumerate(table) for _ in range(count - (v == t))]
    half = len(rest) // 2
    middle = Fraction(rest[half]) if len(rest) % 2 else Fraction(rest[half - 1] + rest[half], 2)
    return abs(t - middle) - abs(13 - t - middle)


def _line_text(club: str, line: FieldLine, found: Suspect) -> str:
    """The sentence of a line that looks swapped."""
    where = [f"{club}, deal {line.deal}"]
    if line.table is not None:
        where.append(f"table {line.table}")
    if line.round is not None:
        where.append(f"round {line.round}")
    return (
        f"{', '.join(where)} (N-S {line.ns} v E-W {line.ew}): {found.side}'s {found.tricks} tricks score "
        f"{decimal(100 * found.share, 0)}% of the top against the other {found.others} results on the deal, "
        f"while {found.near} of them ({decimal(Fraction(100 * found.near, found.others), 0)}%) are within a "
        "trick of N-S "
        f"{13 - (line.ns_tricks or 0)}, what this line would show with N-S and E-W the other way round. "
        "Check which way the pairs sat and how the result was entered."
    )
