"""Teams of eight: the Narragansett System (pp. 52-56).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **players**: the challenged team (team No. 1) is 1-8, the challenging team
  (team No. 2) 9-16; 1 and 9 are the captains (p. 54). Players are placed by
  seat.
- **tables**: four, at the corners of a square: Table 1 northwest, 2
  northeast, 3 southeast, 4 southwest (p. 53). Team No. 1 sits E-W at Tables
  1 and 3 and N-S at Tables 2 and 4; team No. 2 takes the other seats and
  keeps them through a round.
- **round** of the match: four trays, one placed on each table in order
  (tray 4(r-1) + t on Table t), and three **changes** (p. 53):
  first, trays exchanged east and west (1↔2, 3↔4) and the players of team
  No. 1 north and south (1↔4, 2↔3); second, trays diagonally (1↔3, 2↔4) and
  players east and west (1↔2, 3↔4); third, like the first.
  A team No. 1 player who begins a round at Table 1 or 3 goes round the
  square to the left (1, 4, 3, 2) and changes seat N→W→S→E→N; one who begins
  at Table 2 or 4 goes to the right (1, 2, 3, 4) and changes N→E→S→W→N
  (pp. 53-54). Every tray is a round of the movement: 28 rounds.
- **Arrangement of Players by Rounds** (p. 55): the partnerships of each of
  the seven rounds; each player partners each other member of his team once.
  Where each partnership sits at the start of a round (which fixes who leads
  through whom, p. 55) is not a rule but the book's choice: the first line of
  each round of the printed schedule (p. 56) is therefore data here, and the
  other three lines are derived from the movement, which reproduces the
  whole printed Narragansett Schedule (REVISED EDITION). Six entries of that
  schedule cannot be read in the scan; the editor supplied them from the same
  rules.
- **comparison** (p. 55): the N-S scores of team No. 1 at Tables 2 and 4
  against those of team No. 2 at Tables 1 and 3.
"""

from __future__ import annotations

from ._seating import check, seated
from .family import Family
from .types import Movement, MovementUserError, Round, TableAssignment

#: The first line of each round (p. 56): N, E, S, W at Tables 1, 2, 3, 4.
FIRST_LINES: tuple[tuple[tuple[int, int, int, int], ...], ...] = (
    ((9, 1, 10, 2), (3, 12, 4, 11), (14, 6, 13, 5), (8, 15, 7, 16)),
    ((9, 3, 11, 1), (4, 12, 2, 10), (15, 5, 13, 7), (6, 14, 8, 16)),
    ((9, 1, 12, 4), (2, 11, 3, 10), (16, 8, 13, 5), (7, 14, 6, 15)),
    ((9, 5, 13, 1), (2, 10, 6, 14), (15, 3, 11, 7), (8, 16, 4, 12)),
    ((9, 1, 14, 6), (7, 10, 2, 15), (16, 8, 11, 3), (4, 13, 5, 12)),
    ((9, 7, 15, 1), (2, 10, 8, 16), (13, 3, 11, 5), (6, 14, 4, 12)),
    ((9, 1, 16, 8), (5, 10, 2, 13), (14, 6, 11, 3), (4, 15, 7, 12)),
)

#: Where the trays go at each change (p. 53): east-west, diagonally, east-west.
TRAY_CHANGES: tuple[dict[int, int], ...] = (
    {1: 2, 2: 1, 3: 4, 4: 3},
    {1: 3, 3: 1, 2: 4, 4: 2},
    {1: 2, 2: 1, 3: 4, 4: 3},
)

DEALS = 28
TEAM_ONE = range(1, 9)


def _direction(table: int) -> int:
    """+1 to go round to the right (1, 2, 3, 4), -1 to the left (p. 53)."""
    return -1 if table in (1, 3) else 1


def _players_after(first: tuple[tuple[int, ...], ...], change: int) -> list[list[int]]:
    """N, E, S, W at each table after ``change`` changes of a round.

    Team No. 2 keeps its seats; each team No. 1 player goes ``change`` tables
    round the square and as many seats round the table, the same way (the
    seats are in the order N, E, S, W of ``types.SEATS``).
    """
    tables = [list(line) for line in first]
    for t, line in enumerate(first):
        for s, player in enumerate(line):
            if player in TEAM_ONE:
                step = _direction(t + 1) * change
                tables[(t + step) % 4][(s + step) % 4] = player
    return tables


def _trays_after(base: int, change: int) -> dict[int, int]:
    """The tray on each table after ``change`` changes of a round."""
    tray_at = {t: base + t for t in range(1, 5)}
    for moves in TRAY_CHANGES[:change]:
        tray_at = {moves[t]: tray for t, tray in tray_at.items()}
    return tray_at


def round_lines(rnd: int) -> list[list[TableAssignment]]:
    """The four lines (one tray each) of round ``rnd`` (1..7)."""
    first = FIRST_LINES[rnd - 1]
    lines = []
    for change in range(4):
        players = _players_after(first, change)
        trays = _trays_after(4 * (rnd - 1), change)
        lines.append([seated(t, (trays[t],), players[t - 1]) for t in range(1, 5)])
    return lines


def narragansett(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """The Narragansett System: two teams of eight, 28 trays, every tray a round."""
    if entrants not in (None, 16) or tables not in (None, 4):
        raise MovementUserError(
            "the Narragansett System is for two teams of eight: 16 players at four tables (p. 53)"
        )
    if deals not in (None, DEALS):
        raise MovementUserError(
            f"a Narragansett match is {DEALS} deals, four in each of seven rounds (p. 54), not {deals}"
        )
    lines = [line for r in range(1, 8) for line in round_lines(r)]
    rounds = tuple(Round(number=i, tables=tuple(line)) for i, line in enumerate(lines, start=1))
    return check(
        Movement(
            family="narragansett",
            entrants=16,
            tables=4,
            trays=DEALS,
            rounds=rounds,
            entrant_kind="player",
            source="pp. 52-56: teams of eight, the Narragansett System",
            notes=(
                "Table 1 northwest, 2 northeast, 3 southeast, 4 southwest (p. 53)",
                "players 1-8 are the challenged team, 9-16 the challenging (p. 53)",
                "each four trays are a round of the match: changes 1 and 3 trays east "
                "and west, players north and south; change 2 trays diagonally, players "
                "east and west (p. 56)",
                "compare team 1's N-S scores at Tables 2 and 4 with team 2's at Tables 1 and 3 (p. 55)",
            ),
        )
    )


FAMILY = Family(
    name="narragansett",
    title="Narragansett System (teams of eight)",
    pages="pp. 52-56",
    entrant_kind="player",
    session_kinds=("eights",),
    generate=narragansett,
    unit_players={"teams": 8},
    summary="Two teams of eight at four tables, 28 trays; every player plays every tray.",
)
