"""The scorer's eye: a session's lines that cannot be right, caught before publishing.

The commonest error at a duplicate table is not a wrong sum but a right
count in the wrong column: N-S enter E-W's tricks (4 for 9), a count goes on
the wrong tray, a tray is skipped. Each line of a tray is judged against the
tray's other lines (the book's traveling slip, p. 42: every table plays the
same cards) and, where the hands are known, against the **double-dummy**
tricks of the tray's trump (``scoring.hand_records``: what N-S take if all
four hands are seen and played perfectly). Terms:

- **swapped**: the count fits the tray far better read the other way
  (13 - N). Where the tray has ``Rules.min_others`` other lines or more,
  the rule is the simultaneous field's ``line swapped``
  (``field_checks.suspect_results``), on the tray's frequency table (how
  many lines made each of 0..13 N-S tricks) with the double-dummy count
  entered as ``Rules.dd_votes`` results more: a line is flagged when the
  side it hurts scores under 10% of the top against the rest, fewer than 10%
  of the rest are within a trick of it, at least half of the rest are
  within a trick of 13 - N, and 13 - N stands at least ``swap.margin``
  tricks nearer the rest's median than N does. A tray needs
  ``swap.min_results`` results in all (the double dummy's among them) to be
  judged: the field's 8 would leave a club's trays of 5 tables unjudged.
  Where it has fewer other lines and the hands are known (the Mnemonic
  Duplicate's two plays of a deal, pp. 25-27; a small tray with lines not
  yet in), the **hands judge alone**: a line is swapped when it stands
  ``Rules.hands_gap`` tricks or more from the double dummy and 13 - N
  stands nearer it (``swapped_by_hands``). One other line cannot outvote
  the hands, and need not agree: both plays entered the other way are both
  flagged.
- **far_from_field**: at least ``Rules.field_gap`` tricks from the median of
  the tray's other lines, and more than ``Rules.field_spread`` times their
  mean distance from that median (the tray's own spread: a wild tray allows
  more), over at least ``Rules.min_others`` other lines.
- **far_from_double_dummy**: at least ``Rules.dd_gap`` tricks from what the
  hands make, with no other line within a trick of it (a tray the whole room
  played off the double dummy is a hard deal, not a wrong line).
- **missing**: a table due to play the tray with no line once its round's
  deadline has passed. The board decides it (its "late"); ``missing_check``
  words it.

One cause, one flag: a line is flagged once, by the first of swapped,
far_from_field, far_from_double_dummy that fits. Artificial scores (an
average awarded, a new deal) have no count and are neither judged nor used.
A **whist drive** is not duplicate (each table plays its own hands,
p. 24): only ``missing`` applies there, so ``tray_checks`` is never asked.

**The thresholds**, from the bench of evenings whose true lines are known
(``bench/bench_checks.py``: a 5-table and a 13-table Mitchell, a Howell and
a Mnemonic Duplicate, each line drawn about the double-dummy count at a
tight and a loose spread, swaps, wrong-tray entries and skips injected):
``dd_votes`` 3, ``swap.min_results`` 3, ``swap.margin`` 1, ``field_gap`` 3,
``field_spread`` 2, ``min_others`` 3, ``dd_gap`` 4, ``hands_gap`` 3 (the
field's other thresholds unchanged). The double dummy counts as 3 lines
because a club's tray of 3 or 4 other lines is too few to centre it alone. Under 3
other lines the votes failed the Mnemonic Duplicate (0.89 of its swaps, 1
false flag in 55 lines): its one other line, a trick from a swapped count,
hid it (and two plays both entered the other way hid each other), while a
true 5 where the hands make 7 was flagged. The hands alone catch 0.92 of
them with no false flag at the tight spread (0.87 and 1 in 51 at the
loose, against 0.84 and 1 in 31); a ``hands_gap`` of 2 would catch 0.98
but flag 1 true line in 40, one of 4 catch 0.74. The Howell's trays with a
line skipped gain a little. At the tight spread every size catches at least 0.92
of the swaps with 1 false flag in 112 lines or fewer; the loose spread costs
about 0.05 of recall and up to 1 false flag in 21 lines (a 5-table
Mitchell). Wrong-tray entries 3 or more tricks off are caught at 0.77 (the
Mnemonic's two lines) to 0.92. The bench's table is in its docstring.
Every decision is taken on exact fractions. This module imports nothing from
Django.
"""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from . import field_checks
from .field_matchpoints import BUCKETS

KINDS = ("swapped", "far_from_field", "far_from_double_dummy", "missing")


@dataclass(frozen=True)
class Rules:
    """The thresholds of the checks (the module's docstring says how each is used)."""

    swap: field_checks.Rules = field(
        default_factory=lambda: field_checks.Rules(min_results=3, margin=Fraction(1))
    )
    dd_votes: int = 3
    field_gap: int = 3
    field_spread: int = 2
    min_others: int = 3
    dd_gap: int = 4
    hands_gap: int = 3


RULES = Rules()


@dataclass(frozen=True)
class Line:
    """One table's line on a tray: its table number and N-S tricks (None: an artificial score)."""

    table: int
    ns_tricks: int | None


@dataclass(frozen=True)
class Check:
    """One line to look at: where, its kind (``KINDS``), and a sentence a director reads."""

    tray: int
    table: int
    kind: str
    sentence: str


def tray_checks(
    tray: int, lines: Sequence[Line], double_dummy: int | None = None, rules: Rules = RULES
) -> list[Check]:
    """The checks on one tray's lines, in table order; ``double_dummy``: N-S's tricks, if known."""
    counted = [x for x in lines if x.ns_tricks is not None]
    suspect = swapped_counts([x.ns_tricks or 0 for x in counted], double_dummy, rules)
    out = []
    for line in sorted(counted, key=lambda x: x.table):
        others = [x for x in counted if x is not line]
        kind = _kind(line.ns_tricks or 0, others, double_dummy, suspect, rules)
        if kind is not None:
            out.append(Check(tray, line.table, kind, _sentence(tray, line, kind, others, double_dummy)))
    return out


def swapped_counts(counts: Sequence[int], double_dummy: int | None, rules: Rules = RULES) -> Container[int]:
    """Which of a tray's N-S counts look entered the other way (the module's swapped, by the tray's size)."""
    if double_dummy is not None and len(counts) - 1 < rules.min_others:
        return {t for t in counts if swapped_by_hands(t, double_dummy, rules)}
    votes = [0] * BUCKETS
    for t in counts:
        votes[t] += 1
    if double_dummy is not None:
        votes[double_dummy] += rules.dd_votes
    return field_checks.suspect_results(votes, rules.swap)


def swapped_by_hands(t: int, double_dummy: int, rules: Rules = RULES) -> bool:
    """Whether ``t`` stands ``rules.hands_gap`` tricks or more from the double dummy and 13 - t nearer it."""
    gap = abs(t - double_dummy)
    return gap >= rules.hands_gap and abs(13 - t - double_dummy) < gap


def _kind(
    t: int,
    others: Sequence[Line],
    double_dummy: int | None,
    suspect: Container[int],
    rules: Rules,
) -> str | None:
    """The one kind a line of ``t`` N-S tricks is flagged as, or None."""
    counts = [x.ns_tricks or 0 for x in others]
    if t in suspect:
        return "swapped"
    reference = counts + ([double_dummy] * rules.dd_votes if double_dummy is not None else [])
    if len(counts) >= rules.min_others and far_from_field(t, reference, rules):
        return "far_from_field"
    lonely = not any(abs(c - t) <= 1 for c in counts)
    if double_dummy is not None and abs(t - double_dummy) >= rules.dd_gap and lonely:
        return "far_from_double_dummy"
    return None


def median(values: Sequence[int]) -> Fraction:
    """The median, exact (the mean of the two middle values of an even count)."""
    ordered = sorted(values)
    half = len(ordered) // 2
    if len(ordered) % 2:
        return Fraction(ordered[half])
    return Fraction(ordered[half - 1] + ordered[half], 2)


def far_from_field(t: int, others: Sequence[int], rules: Rules = RULES) -> bool:
    """Whether ``t`` stands off the other lines (and the double dummy's votes) beyond their spread."""
    middle = median(others)
    spread = Fraction(sum(abs(c - middle) for c in others), len(others))
    gap = abs(t - middle)
    return gap >= rules.field_gap and gap > rules.field_spread * spread


def made(counts: Iterable[int]) -> str:
    """The N-S counts of other lines in words: "9", "9 or 10", "7 to 10"."""
    values = sorted(set(counts))
    if len(values) == 1:
        return str(values[0])
    if len(values) == 2:
        return f"{values[0]} or {values[1]}"
    return f"{values[0]} to {values[-1]}"


QUESTIONS = {
    "swapped": "did N-S enter E-W's count?",
    "far_from_field": "is it this tray's count, and the right one?",
    "far_from_double_dummy": "is it this tray's count, and the right one?",
}


def _sentence(tray: int, line: Line, kind: str, others: Sequence[Line], double_dummy: int | None) -> str:
    """The sentence of a flag: where, what was entered, what the tray shows, and the question."""
    t = line.ns_tricks or 0
    parts = []
    if others:
        who = "the other table" if len(others) == 1 else "the other tables"
        parts.append(f"{who} made {made(x.ns_tricks or 0 for x in others)}")
    if double_dummy is not None:
        parts.append(f"the hands make {double_dummy} double dummy")
    where = " and ".join(parts)
    return f"Table {line.table}, tray {tray}: N-S {t} where {where}; {QUESTIONS[kind]}"


def missing_check(tray: int, table: int, round_number: int) -> Check:
    """A table due to play the tray that has no line once its round's deadline has passed."""
    sentence = (
        f"Table {table}, tray {tray}: no line yet, and round {round_number}'s time is up; was it played?"
    )
    return Check(tray, table, "missing", sentence)
