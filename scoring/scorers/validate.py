"""Checks that a set of traveling slips is possible before it is scored.

A **traveling slip** (pp. 42, 45, 46) has one line per table that played the
deal: the N-S entrant, the E-W entrant and the N-S tricks; the E-W tricks are
13 less. A slip is impossible when tricks fall outside 0..13, when one line
puts an entrant against itself, when a table or an entrant appears twice on
one slip (a pair plays each deal once, p. 31), or when it names somebody who
is not entered. Every error is a ``SlipError`` that names the deal and the
line, e.g. "deal 4, line 2 (table 3): N-S tricks 14 is outside 0..13".

What "twice on one slip" means depends on what the method ranks: a pair or a
player appears once; a team may hold both sides of a deal (its N-S pair at
one table, its E-W pair at another, p. 28), so for teams only a named pair
(when the slips carry a ``teams`` map) must appear once. With no kind given,
an entrant may not appear twice the same way of the tables.

This module imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Collection

from .cards import is_card, is_suit
from .irregularities import IRREGULARITIES, new_deal, takes_average
from .types import AWARDS, SEATS, DealSlip, SlipError, SlipResult, Slips

TRICKS = range(0, 14)


def line_label(deal: int, index: int, line: SlipResult) -> str:
    """'deal 4, line 2 (table 3)': where an error is, for people to find it."""
    return f"deal {deal}, line {index} (table {line.table})"


def check_slips(slips: Slips, *, kind: str | None = None) -> None:
    """Raise ``SlipError`` for the first impossible thing in the slips."""
    if len(set(slips.entrants)) != len(slips.entrants):
        raise SlipError("an entrant is listed twice under entrants")
    known = _known_entrants(slips)
    seen: set[int] = set()
    _check_declared(slips.declared_trump)
    for deal in slips.deals:
        if deal.deal in seen:
            raise SlipError(f"deal {deal.deal} has two slips")
        seen.add(deal.deal)
        _check_trump(deal, slips.declared_trump)
        _check_deal(deal, known, kind, bool(slips.teams))


def _check_declared(declared: str | None) -> None:
    """A suit declared for the sitting is one of S, H, D, C (Law IV, Sec. 11)."""
    if declared is not None and not is_suit(declared):
        raise SlipError(f"declared trump {declared!r} is not a suit: S, H, D or C (Law IV, Sec. 11)")


def _check_trump(deal: DealSlip, declared: str | None) -> None:
    """A trump card 'KC' or a declared suit 'S'; none turned when a suit is declared."""
    trump = deal.trump
    if trump is None:
        return
    if not (is_card(trump) or is_suit(trump)):
        raise SlipError(f"deal {deal.deal}: trump {trump!r} is neither a card like 'KC' nor a suit like 'S'")
    if declared is not None and trump != declared:
        raise SlipError(
            f"deal {deal.deal}: {declared} is declared trumps for the sitting and no trump card "
            f"is turned (Law IV, Sec. 11; p. 26), not {trump!r}"
        )


def _known_entrants(slips: Slips) -> frozenset[int]:
    """Entrant numbers a slip line may name (the teams' pairs when given)."""
    if slips.teams:
        return frozenset(p for members in slips.teams.values() for p in members)
    return frozenset(slips.entrants)


def _check_deal(deal: DealSlip, known: Collection[int], kind: str | None, named: bool) -> None:
    """Check one slip: each line, then who appears on it more than once."""
    once = kind in ("pairs", "individuals") or (kind == "teams" and named)
    plain = _plain_lines(deal, known) if once and kind != "individuals" else None
    on_lines = plain if plain is not None else _check_lines(deal, known, kind, once)
    for index, award in enumerate(deal.averages, start=1):
        where = f"deal {deal.deal}, averages entry {index}"
        if award.award not in AWARDS:
            raise SlipError(f"{where}: unknown award {award.award!r}")
        if award.entrant not in known:
            raise SlipError(f"{where}: {award.entrant} is not an entrant")
        if award.entrant in on_lines and (once or kind is None):
            raise SlipError(f"{where}: {award.entrant} played the deal and takes an average")
        on_lines.add(award.entrant)


def _plain_lines(deal: DealSlip, known: Collection[int]) -> set[int] | None:
    """Who is on the slip, when every line is a plain pair line that passes (the usual case, checked
    fast); None otherwise, for ``_check_lines`` to find and name what is wrong."""
    tables: set[int] = set()
    seen: set[int] = set()
    for line in deal.results:
        ns, ew = line.ns, line.ew
        if (
            line.seats is not None
            or line.adjusted is not None
            or line.law is not None
            or line.ns_revokes
            or line.ew_revokes
            or line.ns_tricks not in TRICKS
            or line.table in tables
            or ns == ew
            or ns in seen
            or ew in seen
            or ns not in known
            or ew not in known
        ):
            return None
        tables.add(line.table)
        seen.add(ns)
        seen.add(ew)
    return seen


def _check_lines(deal: DealSlip, known: Collection[int], kind: str | None, once: bool) -> set[int]:
    """Check each line of a slip, naming the first wrong one; who is on the slip."""
    tables: set[int] = set()
    ns_seen: set[int] = set()
    ew_seen: set[int] = set()
    for index, line in enumerate(deal.results, start=1):
        where = line_label(deal.deal, index, line)
        if kind == "single-table":  # the same four players on both plays (p. 26)
            ns_seen, ew_seen = set(), set()
        if line.table in tables:
            raise SlipError(f"{where}: table {line.table} appears twice on the slip")
        tables.add(line.table)
        _check_line(where, line, known, kind)
        strict = once or line.seats is not None
        if strict or kind is None:
            ns_side, ew_side = _sides(line)
            for who in ns_side:
                _mark(where, who, ns_seen, ew_seen if strict else set())
            for who in ew_side:
                _mark(where, who, ew_seen, ns_seen if strict else set())
    return ns_seen | ew_seen


def _sides(line: SlipResult) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Who holds N-S and E-W on a line: two players each when seats are given."""
    if line.seats is not None:
        s = line.seats
        return (s["N"], s["S"]), (s["E"], s["W"])
    return (line.ns,), (line.ew,)


def _mark(where: str, who: int, same: set[int], other: set[int]) -> None:
    """Record an entrant on a side; twice the same way (or at all) is an error."""
    if who in same or who in other:
        raise SlipError(f"{where}: {who} appears twice on the slip")
    same.add(who)


def _check_line(where: str, line: SlipResult, known: Collection[int], kind: str | None) -> None:
    """Check one line's numbers, seats and awards."""
    if line.seats is not None:
        _check_seats(where, line, known)
    elif kind == "individuals":
        raise SlipError(f"{where}: an individual match needs the seats of the four players")
    else:
        for label, who in (("N-S", line.ns), ("E-W", line.ew)):
            if who not in known:
                raise SlipError(f"{where}: {label} {who} is not an entrant")
    if line.ns == line.ew:
        raise SlipError(f"{where}: N-S and E-W are the same entrant {line.ns}")
    for label, count in (("N-S", line.ns_revokes), ("E-W", line.ew_revokes)):
        if not 0 <= count <= 13:
            raise SlipError(f"{where}: {label} revokes {count} is outside 0..13")
    _check_result(where, line)


def _check_result(where: str, line: SlipResult) -> None:
    """Tricks in 0..13, or an adjusted award for both sides (or a law's average) in their place."""
    law_scores = _check_law(where, line)
    if line.adjusted is not None:
        if len(line.adjusted) != 2 or any(a not in AWARDS for a in line.adjusted):
            raise SlipError(f"{where}: adjusted must be two of {', '.join(AWARDS)}")
        if line.ns_revokes or line.ew_revokes:
            raise SlipError(f"{where}: revokes on a table given an adjusted score")
    elif line.ns_tricks is None and not law_scores:
        raise SlipError(f"{where}: no N-S tricks and no adjusted score")
    if line.ns_tricks is not None and line.ns_tricks not in TRICKS:
        raise SlipError(f"{where}: N-S tricks {line.ns_tricks} is outside 0..13")


def _check_law(where: str, line: SlipResult) -> bool:
    """A known law; True when it decides the table's score (an average or a new deal)."""
    if line.law is None:
        return False
    if line.law not in IRREGULARITIES:
        raise SlipError(f"{where}: unknown law {line.law!r}; known: {', '.join(IRREGULARITIES)}")
    decides = takes_average(line.law) or new_deal(line.law)
    if decides and (line.ns_revokes or line.ew_revokes):
        raise SlipError(f"{where}: revokes on a table the law gives the average or a new deal")
    return decides


def _check_seats(where: str, line: SlipResult, known: Collection[int]) -> None:
    """Four seats, four different players, all entered."""
    seats = line.seats
    assert seats is not None
    if sorted(seats) != sorted(SEATS):
        raise SlipError(f"{where}: seats must name N, E, S and W")
    if len({seats[s] for s in SEATS}) != 4:
        raise SlipError(f"{where}: a player holds two seats")
    for seat in SEATS:
        if seats[seat] not in known:
            raise SlipError(f"{where}: {seat} {seats[seat]} is not an entrant")
