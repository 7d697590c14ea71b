"""Matches between two teams of four at two tables (pp. 28-30).

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **players**: 1, 2, 3 and 4 are the challenging team, 5, 6, 7 and 8 the
  challenged (p. 29). Players are placed by seat.
- **the match** (p. 28): one team sits N-S at Table 1 and E-W at Table 2, the
  other the opposite way; the deals played at each table are replayed at the
  other, and only the N-S scores are compared. The plain match (no variant)
  is this with any even number of deals: Table 1 starts with the first half
  of the deals, Table 2 with the second half, and then they exchange. The
  book's default length is twenty-four deals, "sufficient for an evening's
  play" (p. 29).
- **league match** (variant ``awl``, p. 29): the American Whist League's
  schedule for Challenge Trophy matches, 48 deals in two sessions; each row
  is four deals, two played at each table and then exchanged and replayed
  (Table 1 starts with the first two, Table 2 with the last two; the book
  does not say which, this is derived). With 24 deals only the first session
  is played, as "is usually employed" (p. 29).
- **New England schedules** (variants ``new-england-24`` and
  ``new-england-36``, pp. 29-30): each line gives the deals at each table and
  the players; the challenging players exchange seats for the overplay. Each
  line is a round.
"""

from __future__ import annotations

from ._seating import check, seated
from .family import Family
from .types import Movement, MovementUserError, Round

Row = tuple[int, int, int, int, int, int, int, int]
#: One line of a schedule: Table 1's deals, its N, S, E, W; Table 2's deals, its N, S, E, W.
Line = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]

#: The American Whist League schedule (p. 29): Table 1 N, S, E, W; Table 2 N, S, E, W.
AWL: tuple[Row, ...] = (
    (1, 2, 5, 6, 7, 8, 3, 4),
    (1, 2, 7, 8, 5, 6, 3, 4),
    (1, 3, 7, 5, 8, 6, 2, 4),
    (1, 3, 6, 8, 7, 5, 2, 4),
    (1, 4, 5, 8, 7, 6, 2, 3),
    (1, 4, 6, 7, 5, 8, 2, 3),
    # second session
    (1, 2, 6, 5, 8, 7, 3, 4),
    (1, 2, 8, 7, 6, 5, 3, 4),
    (1, 3, 5, 7, 6, 8, 2, 4),
    (1, 3, 8, 6, 5, 7, 2, 4),
    (1, 4, 8, 5, 6, 7, 2, 3),
    (1, 4, 7, 6, 8, 5, 2, 3),
)

#: The New England schedule, 24 deals (pp. 29-30): deals and N, S, E, W at each table.
NEW_ENGLAND_24: tuple[Line, ...] = (
    ((1, 3), (1, 2, 5, 6), (2, 4), (7, 8, 3, 4)),
    ((2, 4), (2, 1, 5, 6), (1, 3), (7, 8, 4, 3)),
    ((5, 7), (2, 1, 7, 8), (6, 8), (5, 6, 4, 3)),
    ((6, 8), (1, 2, 7, 8), (5, 7), (5, 6, 3, 4)),
    ((9, 11), (1, 3, 7, 5), (10, 12), (8, 6, 2, 4)),
    ((10, 12), (3, 1, 7, 5), (9, 11), (8, 6, 4, 2)),
    ((13, 15), (3, 1, 8, 6), (14, 16), (5, 7, 4, 2)),
    ((14, 16), (1, 3, 8, 6), (13, 15), (5, 7, 2, 4)),
    ((17, 19), (1, 4, 8, 5), (18, 20), (6, 7, 2, 3)),
    ((18, 20), (4, 1, 8, 5), (17, 19), (6, 7, 3, 2)),
    ((21, 23), (4, 1, 6, 7), (22, 24), (8, 5, 3, 2)),
    ((22, 24), (1, 4, 6, 7), (21, 23), (8, 5, 2, 3)),
)

#: The New England schedule, 36 deals (p. 30).
NEW_ENGLAND_36: tuple[Line, ...] = (
    ((1, 2, 3), (1, 2, 5, 6), (4, 5, 6), (7, 8, 3, 4)),
    ((4, 5, 6), (2, 1, 5, 6), (1, 2, 3), (7, 8, 4, 3)),
    ((7, 8, 9), (1, 2, 7, 8), (10, 11, 12), (5, 6, 3, 4)),
    ((10, 11, 12), (2, 1, 7, 8), (7, 8, 9), (5, 6, 4, 3)),
    ((13, 14, 15), (3, 1, 7, 5), (16, 17, 18), (8, 6, 4, 2)),
    ((16, 17, 18), (1, 3, 7, 5), (13, 14, 15), (8, 6, 2, 4)),
    ((19, 20, 21), (3, 1, 8, 6), (22, 23, 24), (5, 7, 4, 2)),
    ((22, 23, 24), (1, 3, 8, 6), (19, 20, 21), (5, 7, 2, 4)),
    ((25, 26, 27), (1, 4, 8, 5), (28, 29, 30), (6, 7, 2, 3)),
    ((28, 29, 30), (4, 1, 8, 5), (25, 26, 27), (6, 7, 3, 2)),
    ((31, 32, 33), (1, 4, 6, 7), (34, 35, 36), (8, 5, 2, 3)),
    ((34, 35, 36), (4, 1, 6, 7), (31, 32, 33), (8, 5, 3, 2)),
)

PLAIN_DEFAULT_DEALS = 24


def _nesw(n: int, s: int, e: int, w: int) -> tuple[int, int, int, int]:
    """The book's N, S, E, W columns in the order N, E, S, W."""
    return (n, e, s, w)


def _awl_lines(deals: int) -> list[Line]:
    """The A. W. L. rows as lines: two deals at each table, then exchanged."""
    lines: list[Line] = []
    for r, row in enumerate(AWL[: deals // 4]):
        a, b, c, d = (4 * r + i for i in range(1, 5))
        lines.append(((a, b, c, d), row[:4], (c, d, a, b), row[4:]))
    return lines


def _plain_lines(deals: int) -> list[Line]:
    """The plain match (p. 28): one seating; each half of the deals replayed at the other table."""
    if deals % 2:
        raise MovementUserError(
            "every deal of a two-team match is replayed at the other table (p. 28): "
            f"the number of deals must be even, not {deals}"
        )
    first = tuple(range(1, deals // 2 + 1))
    second = tuple(range(deals // 2 + 1, deals + 1))
    return [(first + second, (1, 2, 5, 6), second + first, (7, 8, 3, 4))]


def _lines(variant: str | None, deals: int | None) -> tuple[list[Line], str]:
    """The schedule's lines for a variant and number of deals, and its source."""
    if variant is None:
        return _plain_lines(deals or PLAIN_DEFAULT_DEALS), "p. 28: match between two teams of four"
    if variant == "awl":
        if deals not in (None, 24, 48):
            raise MovementUserError(
                f"the American Whist League schedule is 48 deals, or its first session of 24 "
                f"(p. 29), not {deals}"
            )
        return _awl_lines(deals or 48), "p. 29: the American Whist League schedule"
    schedule = NEW_ENGLAND_24 if variant == "new-england-24" else NEW_ENGLAND_36
    size = 24 if variant == "new-england-24" else 36
    if deals not in (None, size):
        raise MovementUserError(f"the New England schedule {variant} is {size} deals (pp. 29-30)")
    return list(schedule), f"pp. 29-30: the New England schedule, {size} deals"


def two_teams(
    *, entrants: int | None, tables: int | None, deals: int | None, variant: str | None
) -> Movement:
    """A match between two teams of four (pp. 28-30)."""
    if entrants not in (None, 8) or tables not in (None, 2):
        raise MovementUserError("a match between two teams of four is eight players at two tables (p. 28)")
    lines, source = _lines(variant, deals)
    rounds = tuple(
        Round(
            number=r,
            tables=(
                seated(1, deals1, _nesw(*players1)),
                seated(2, deals2, _nesw(*players2)),
            ),
        )
        for r, (deals1, players1, deals2, players2) in enumerate(lines, start=1)
    )
    trays = max(max(line[0]) for line in lines)
    return check(
        Movement(
            family="two-teams",
            variant=variant,
            entrants=8,
            tables=2,
            trays=trays,
            rounds=rounds,
            entrant_kind="player",
            source=source,
            notes=(
                "players 1-4 are the challenging team, 5-8 the challenged (p. 29)",
                "only the N-S scores are compared (p. 28)",
            ),
        )
    )


FAMILY = Family(
    name="two-teams",
    title="Match between two teams of four",
    pages="pp. 28-30",
    entrant_kind="player",
    session_kinds=("fours",),
    generate=two_teams,
    unit_players={"teams": 4, "pairs": 2},
    variants=("awl", "new-england-24", "new-england-36"),
    summary="Two teams of four at two tables: plain, A. W. L. or New England schedules.",
)
