"""The Parallel System, in four forms (Barney, 1900, pp. 35-36).

Terms:

- **rows**: the tables are arranged in two parallel rows; with 2n tables the
  first row is Tables 1..n and the second Tables n+1..2n, Table i facing
  Table n+i. Column c means Tables c and n+c.
- **across**: to the facing table in the other row. **up**: to the next
  lower-numbered table of the same row (the first to the last), the book's
  sense of "up" (p. 24); in the Mitchell forms E-W pairs go the other way
  (next higher), as in the Mitchell diagram (p. 31).
- **deals**: the odd-numbered deals in the first row, the even-numbered in the
  second (1, 3, 5, ... and 2, 4, 6, ..., p. 36), Table i deal 2i-1 and Table
  n+i deal 2i; a new set of deals is numbered on from the first.

Forms (variants):

- ``form1`` (Mitchell): play through in each row, exchange the deals across
  and play through again; then a new set, E-W pairs exchanged across, twice
  through again. Odd tables in each row; twice as many deals as tables.
- ``form2`` (Mitchell): exchange deals across, two deals before the players
  move; then players one way and deals the other in each row; after a set, a
  new set and E-W pairs exchanged across. Odd tables in each row; twice as
  many deals as tables.
- ``form3`` (Clay): E-W pairs move up after each deal, through each row twice;
  deals across, then up and across, then across, ...; then E-W pairs
  exchanged across and another set. Any even number of tables; twice as many
  deals as tables. (Moving down instead is the Mitchell Seventh Modification.)
- ``form4``: as the third until the E-W pairs have been once through a row;
  then players up and across, deals up but not across, and on as before.
  A multiple of four tables; as many deals as tables.

An odd number of pairs: pair 2n is missing and its opponent sits out (p. 36).
"""

from __future__ import annotations

from collections.abc import Callable

from ._pair_common import SetRow, assemble, blocked_sets, checked, odd_pair_note, resolve_pairs
from .family import Family
from .types import Movement, MovementUserError

VARIANTS = ("form1", "form2", "form3", "form4")
_PAGES = "pp. 35-36"
_NAMES = {"form1": "First Form", "form2": "Second Form", "form3": "Third Form", "form4": "Fourth Form"}

#: Where things stand in one round: E-W of column c, deal of column c, as
#: (row flip, column shift) for E-W pairs and for deals, and the set layer.
Step = tuple[int, int, int, int, int]


def _form1(n: int) -> list[Step]:
    """Mitchell in each row, twice, deals exchanged; then E-W exchanged, a new set."""
    return [(phase // 2, i, phase % 2, -i, phase // 2) for phase in range(4) for i in range(n)]


def _form2(n: int) -> list[Step]:
    """Mitchell with the deals exchanged across between the two plays of each change."""
    return [(layer, j, h, -j, layer) for layer in range(2) for j in range(n) for h in range(2)]


def _form3(n: int) -> list[Step]:
    """Clay: E-W up each deal; deals across, then up and across (p. 35)."""
    return [(layer, -i, i % 2, -(i // 2), layer) for layer in range(2) for i in range(2 * n)]


def _form4(n: int) -> list[Step]:
    """The third form with one change: half way, players up and across, deals up only."""
    return [(i // n, -i, (i % 2) ^ (i // n), -(i // 2), 0) for i in range(2 * n)]


_FORMS: dict[str, tuple[Callable[[int], list[Step]], int]] = {
    "form1": (_form1, 2),
    "form2": (_form2, 2),
    "form3": (_form3, 2),
    "form4": (_form4, 1),
}


def _check(tables: int, form: str) -> None:
    """Refuse a number of tables the form cannot serve, with the book's reason."""
    per_row = tables // 2
    if tables % 2 or tables < 2:
        raise MovementUserError(
            f"the Parallel System arranges the tables in two equal rows (p. 35), not {tables}"
        )
    if form in ("form1", "form2") and per_row % 2 == 0:
        raise MovementUserError(
            f"the {_NAMES[form]} requires an odd number of tables in each row (p. 35); "
            f"{tables} tables can use form3{' or form4' if per_row % 2 == 0 else ''}"
        )
    if form == "form4" and per_row % 2:
        raise MovementUserError(
            "the Fourth Form is applicable only to a multiple of four tables (p. 35); "
            f"{tables} tables can use form1, form2 or form3"
        )


def _deal_number(row: int, col: int, layer: int, tables: int) -> int:
    """The deal group first placed at (row, column): odd deals in the first row (p. 36)."""
    return layer * tables + 2 * col + row + 1


def _schedule(per_row: int, steps: list[Step]) -> list[list[SetRow]]:
    """Each round's tables as (table, N-S pair, E-W pair, deal group)."""
    tables = 2 * per_row
    schedule = []
    for ew_flip, ew_shift, deal_flip, deal_shift, layer in steps:
        at = {
            (row ^ deal_flip, (col + deal_shift) % per_row): _deal_number(row, col, layer, tables)
            for row in range(2)
            for col in range(per_row)
        }
        rows: list[SetRow] = []
        for row in range(2):
            for col in range(per_row):
                table = row * per_row + col + 1
                ew = 2 * ((row ^ ew_flip) * per_row + (col - ew_shift) % per_row + 1)
                rows.append((table, 2 * table - 1, ew, at[(row, col)]))
        schedule.append(rows)
    return schedule


def parallel(*, entrants: int | None, tables: int | None, deals: int | None, variant: str | None) -> Movement:
    """One of the four forms of the Parallel System (pp. 35-36); form3 by default."""
    pairs, n = resolve_pairs(entrants, tables, system="the Parallel System", pages=_PAGES)
    form = variant or "form3"
    _check(n, form)
    make, layers = _FORMS[form]
    unit = layers * n
    total = unit if deals is None else deals
    if total % unit:
        raise MovementUserError(
            f"the {_NAMES[form]} of the Parallel System requires "
            f"{'twice as many deals as' if layers == 2 else 'as many deals as'} tables "
            f"or a multiple (p. 35): {n} tables cannot play {total}"
        )
    per_row = n // 2
    return checked(
        Movement(
            family="parallel",
            variant=form,
            entrants=pairs,
            tables=n,
            trays=total,
            rounds=assemble(_schedule(per_row, make(per_row)), blocked_sets(unit, total // unit), pairs),
            source="pp. 35-36: the Parallel System",
            notes=(
                *odd_pair_note(pairs, 2 * n),
                f"Tables 1-{per_row} form the first row, Tables {per_row + 1}-{n} the second",
            ),
        )
    )


FAMILY = Family(
    name="parallel",
    title="Parallel System",
    pages=_PAGES,
    entrant_kind="pair",
    session_kinds=("pairs",),
    generate=parallel,
    variants=VARIANTS,
    summary="Tables in two parallel rows; Mitchell (forms 1-2) or Clay (forms 3-4) "
    "movements with deals exchanged across.",
)
