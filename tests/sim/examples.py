"""The published across-the-field examples of simultaneous pairs, with tricks in place of points.

Each is named by where it was published (the EBU's newsletter, forum and
Laws & Ethics pages, the Nationwide Pairs' scoring page), with the
matchpoints printed there; the field's scorer is held to them. In whist a deal's score is the tricks
N-S won, and only the order of the results matters to matchpoints, so each
bridge score is replaced by N-S tricks in the same order, ties kept.
"""

from __future__ import annotations

from fractions import Fraction as F

from scoring.scorers.field import FieldLine, Heat

#: EBU newsletter, Winter 2019: +400, +190, +170, -1400, -50, +420 on a 6-table club board, top 10.
EBU_CLUB_TRICKS = [11, 9, 8, 2, 5, 12]
EBU_CLUB_MP = [8, 6, 4, 0, 2, 10]
#: Nationwide Pairs: +1430, +690, +680 x3, +660 x2, +650, -100 x2, -200; 11 results, top 20.
NATIONWIDE_TRICKS = [13, 12, 11, 11, 11, 10, 10, 9, 4, 4, 3]
NATIONWIDE_MP = [20, 18, 14, 14, 14, 9, 9, 6, 3, 3, 0]
#: EBU forum: 400 x2, 150, 120 x3, -50 x4; 10 tables, top 18; the table 17, 14, 10, 3.
FORUM_TRICKS = [10, 10, 9, 8, 8, 8, 6, 6, 6, 6]
FORUM_MP = [17, 17, 14, 10, 10, 10, 3, 3, 3, 3]
#: EBU Laws & Ethics: 520, 500, 490, 480, 460, 450, 430, 420, 400, -50: 10 results where 11 were expected.
NEUBERG_TRICKS = [13, 12, 11, 10, 9, 8, 7, 6, 5, 0]
NEUBERG_PRINTED = ["19.9", "17.7", "15.5", "13.3", "11.1", "8.9", "6.7", "4.5", "2.3", "0.1"]
NEUBERG_MP = [F(x) for x in NEUBERG_PRINTED]


def split_heats(deal: int, tricks: list[int], clubs: int) -> list[Heat]:
    """One deal's results dealt out among ``clubs`` heats in turn: table i's N-S pair is "i", E-W "i+100"."""
    lines: list[list[FieldLine]] = [[] for _ in range(clubs)]
    for i, t in enumerate(tricks, start=1):
        lines[(i - 1) % clubs].append(FieldLine(deal, str(i), str(100 + i), t))
    return [Heat(f"Club {c + 1}", tuple(x)) for c, x in enumerate(lines)]


def club_of(table: int, clubs: int) -> str:
    """The club ``split_heats`` gave table ``table``."""
    return f"Club {(table - 1) % clubs + 1}"


def neuberg_heats() -> list[Heat]:
    """Two deals in three clubs: deal 1 played at 11 tables, deal 2 at 10 (the last table did not play it)."""
    played_11 = [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]
    lines: list[list[FieldLine]] = [[] for _ in range(3)]
    for i, t in enumerate(played_11, start=1):
        lines[(i - 1) % 3].append(FieldLine(1, str(i), str(100 + i), t))
    for i, t in enumerate(NEUBERG_TRICKS, start=1):
        lines[(i - 1) % 3].append(FieldLine(2, str(i), str(100 + i), t))
    return [Heat(f"Club {c + 1}", tuple(x)) for c, x in enumerate(lines)]
