"""Builders of slips for the pair-method tests: the book's specimens and random sessions.

The specimen slip is the deal the book scores three ways (pp. 42, 45, 46):
DEAL No. 2, TRUMP club king, four tables 1 v 6, 3 v 5, 4 v 7, 8 v 2
(N-S v E-W), N-S tricks 8, 6, 6, 7.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from hypothesis import strategies as st

from scoring.scorers.types import AverageAward, Award, DealSlip, SlipResult, Slips

#: (table, N-S pair, E-W pair, N-S tricks), p. 42 (and pp. 45, 46).
SPECIMEN_LINES = ((1, 1, 6, 8), (2, 3, 5, 6), (3, 4, 7, 6), (4, 8, 2, 7))


def line(table: int, ns: int, ew: int, tricks: int | None, **kw: object) -> SlipResult:
    """One slip line: table, N-S pair, E-W pair, N-S tricks."""
    return SlipResult(table=table, ns=ns, ew=ew, ns_tricks=tricks, **kw)  # type: ignore[arg-type]


def deal(
    number: int,
    lines: Iterable[SlipResult | tuple[int, int, int, int]],
    *,
    sat_out: Sequence[int] = (),
    void: bool = False,
) -> DealSlip:
    """A slip from lines (or (table, ns, ew, tricks) tuples) and the pairs given the average."""
    results = tuple(x if isinstance(x, SlipResult) else line(*x) for x in lines)
    return DealSlip(number, results, tuple(AverageAward(e) for e in sat_out), "KC", void)


def session(entrants: Iterable[int], *deals: DealSlip) -> Slips:
    """Slips of a session."""
    return Slips(tuple(entrants), tuple(deals))


def specimen_even() -> Slips:
    """The specimen slip with an even number of pairs (eight pairs, four tables)."""
    return session(range(1, 9), deal(2, SPECIMEN_LINES))


def specimen_odd() -> Slips:
    """The odd-pairs specimen of p. 45: pair 8's table gone, pair 2 sits out."""
    return session(range(1, 8), deal(2, SPECIMEN_LINES[:3], sat_out=[2]))


AWARD_PAIRS: list[tuple[Award, Award] | None] = [
    None,
    None,
    None,
    ("average", "average"),
    ("average-plus", "average-minus"),
    ("average-plus", "average-plus"),
]


@st.composite
def sessions(
    draw: st.DrawFn,
    *,
    revokes: bool = False,
    adjusted: bool = False,
    only_average_awards: bool = False,
    uneven: bool = True,
    max_pairs: int = 12,
) -> Slips:
    """A random but valid session: any pairs, trays played at different numbers of
    tables, the pairs not seated on a deal given the average (sit-outs, phantoms)."""
    pairs = draw(st.integers(2, max_pairs))
    entrants = tuple(range(1, pairs + 1))
    deals = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        order = draw(st.permutations(entrants))
        tables = draw(st.integers(1, pairs // 2)) if uneven else pairs // 2
        lines = []
        for t in range(tables):
            kw: dict[str, object] = {}
            if adjusted:
                choices = AWARD_PAIRS[:4] if only_average_awards else AWARD_PAIRS
                kw["adjusted"] = draw(st.sampled_from(choices))
            if revokes and kw.get("adjusted") is None:
                kw["ns_revokes"] = draw(st.integers(0, 2))
                kw["ew_revokes"] = draw(st.integers(0, 2))
            tricks = draw(st.integers(0, 13))
            lines.append(line(t + 1, order[2 * t], order[2 * t + 1], tricks, **kw))
        deals.append(deal(number, lines, sat_out=order[2 * tables :]))
    return Slips(entrants, tuple(deals))


def by_entrant(rows: Iterable[object]) -> Mapping[int, object]:
    """Standings rows by entrant number."""
    return {r.entrant: r for r in rows}  # type: ignore[attr-defined]
