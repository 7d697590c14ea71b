"""Changing partners between sessions: club tournaments and the Edgewood System (Barney, 1900, pp. 46-47).

These are not movements: each session is a pair match under the Howell System
(p. 46); these functions say who partners whom in a given session.

Terms:

- **arrangement** (p. 46): the pairing of the club's players for one session.
  Number the players; pair the highest with the lowest, the next highest with
  the next lowest, and so on. Each later arrangement keeps the highest number
  as a pivot and rotates the others, each following the next lower number and
  1 following the next to the highest (11 becomes 1 of twelve players).
- **dummy** (p. 46): with an odd number of players an extra player, numbered
  highest, is added; whoever is paired with dummy sits bye that session. (If
  the number of *pairs* is odd, the book makes a dummy pair the pivot of the
  Howell schedule so that the pairs sit out in turn; that is the odd-pair rule
  of the Howell movement, p. 38.)
- **Edgewood schedule** (p. 47): for married couples, numbered alike; lady i
  plays with gentleman s - i (counted round from 1 to n) in session s, so
  that whenever Mrs. A plays with Mr. B, Mrs. B plays with Mr. A.
- **ladies in order** (p. 47): the simpler schedule in which each lady plays
  one session with each gentleman: the higher numbers each following the next
  lower, the lowest after the highest.
"""

from __future__ import annotations

from .types import MovementUserError


def _check(count: int, session: int, what: str) -> None:
    """Refuse nonsense sizes and session numbers."""
    if count < 2:
        raise MovementUserError(f"at least two {what} are needed, not {count}")
    if session < 1:
        raise MovementUserError(f"sessions are numbered from 1, not {session}")


def club_tournament_partners(players: int, session: int) -> list[tuple[int, int]]:
    """The book's arrangement of partners for a session (p. 46); dummy is players + 1."""
    _check(players, session, "players")
    top = players + players % 2
    cycle = top - 1

    def moved(x: int) -> int:
        return x if x == top else (x + session - 2) % cycle + 1

    return [(moved(top + 1 - i), moved(i)) for i in range(1, top // 2 + 1)]


def club_tournament_bye(players: int, session: int) -> int | None:
    """The player paired with dummy, who sits bye that session (odd players, p. 46)."""
    if players % 2 == 0:
        _check(players, session, "players")
        return None
    dummy = players + 1
    for a, b in club_tournament_partners(players, session):
        if dummy in (a, b):
            return b if a == dummy else a
    raise AssertionError("dummy is always paired")


def edgewood_partners(couples: int, session: int) -> list[tuple[int, int]]:
    """(lady, gentleman) for each lady in a session of the Edgewood schedule (p. 47)."""
    _check(couples, session, "couples")
    return [(lady, (session - lady - 1) % couples + 1) for lady in range(1, couples + 1)]


def ladies_in_order_partners(couples: int, session: int) -> list[tuple[int, int]]:
    """(lady, gentleman): each lady plays one session with each gentleman in turn (p. 47)."""
    _check(couples, session, "couples")
    return [(lady, (lady + session - 2) % couples + 1) for lady in range(1, couples + 1)]
