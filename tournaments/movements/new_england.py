"""The New England System for teams of four (pp. 51-52).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **team**, **set** of deals, **dummy table**: as in the other matches for
  fours (``fours.py``, pp. 48-50). ``ns`` and ``ew`` are team numbers.
- **position**: a round. In the first position every team's two pairs sit
  together at the team's own table and play the first set (p. 51: "Starting
  the teams together, play one or more deals").
- **the movement** (p. 51): after each position the E-W players take their
  deal (or set) to the next lower table and, skipping that table, sit at the
  table after it, two tables lower. The deals thus move one table lower and
  the E-W players two; the N-S players receive the deals in order 1, 2, 3, …,
  the E-W players in reverse order. The number of tables must be odd: an even
  number of teams adds a dummy table, as in the Howell System (p. 50), and
  the pairs due to meet its players sit out (``sitout``: the N-S pair's team,
  then the E-W pair's).
- **the sample schedule** (five tables, p. 52): at Table t in position p the
  N-S pair of team t plays the E-W pair of team t + 2(p-1) on set t + (p-1),
  counted round the circuit; this rule reproduces it exactly. The opposition
  of teams is the same as under the Howell modification (p. 51): the E-W of X
  replay against the N-S of Y the deals the N-S of X played against the E-W
  of Y.
"""

from __future__ import annotations

from ._seating import check
from .family import Family
from .fours import dummy_rounds, per_set, team_count
from .types import Movement


def new_england(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The New England System (pp. 51-52): deals one table lower, E-W players two."""
    teams = team_count(entrants, tables, dummy=True)
    n = teams + (teams % 2 == 0)
    k = per_set(deals, n)
    rounds = dummy_rounds(teams, k, n, lambda t, p: t + 2 * (p - 1), lambda t, p: t + (p - 1))
    notes = [
        (
            "after each position the E-W players carry their deals to the next lower "
            "table and sit at the table after it (p. 51)"
        ),
        "first position: each team's two pairs together at its own table (p. 51)",
    ]
    if n > teams:
        notes.append(
            f"table {n} is the dummy table: its deals move like the others; sitout "
            "lists the team whose N-S pair, then the team whose E-W pair, sits out"
        )
    return check(
        Movement(
            family="new-england",
            entrants=teams,
            tables=teams,
            trays=n * k,
            rounds=rounds,
            entrant_kind="team",
            source="pp. 51-52: the New England System",
            notes=tuple(notes),
        )
    )


FAMILY = Family(
    name="new-england",
    title="New England System",
    pages="pp. 51-52",
    entrant_kind="team",
    session_kinds=("fours",),
    generate=new_england,
    summary="Teams of four; deals one table lower, E-W players two tables lower.",
)
