"""Near names: the roster's players a typed name may mean though it is not theirs ("did you mean").

A name typed or pasted that is on no roster entry may be a new person or a
slip of the keyboard. It is **near** a roster name when, compared with case,
accents and full stops set aside:

- it is at most two letters apart (a letter left out, added, changed, or two
  side by side swapped: "Margret Quill" for "Margaret Quill"); one letter
  for a name of eight letters or fewer ("Bob Hart" is not near "Zoe Hart");
- it has the same words in another order ("Quill Margaret");
- it gives initials for some words ("M. Quill", "Quill M"), the others whole;

and it has the same digits, if any (names told apart by a number, "Guest 1"
and "Guest 2", are two people).

Only names near some roster entry are asked about; the rest are new people.
The rule is plain edit distance (restricted Damerau-Levenshtein) on whole
names, plus the two word rules: ``difflib``'s ratio counts matching blocks,
not letters apart, and a library would add a dependency for fifteen lines.

Bounds: a roster's index is built once per list (every word and its
one-letter deletions of three letters or more), so a name is compared only
with the players sharing a word or a near word; at most ``NEAR_MOST``
players are offered for a name.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

#: The most players offered for one name, nearest first.
NEAR_MOST = 5
#: Letters apart for a name to be near: up to this many for longer names, one for names of ``SHORT`` or fewer.
LETTERS_APART = 2
SHORT = 8

Item = TypeVar("Item")


def words(name: str) -> tuple[str, ...]:
    """A name's words as compared: accents and case set aside, full stops and commas as spaces."""
    plain = unicodedata.normalize("NFKD", name)
    plain = "".join(c for c in plain if not unicodedata.combining(c)).casefold()
    return tuple(plain.replace(".", " ").replace(",", " ").split())


def letters_apart(a: str, b: str, most: int) -> int:
    """How many letters ``a`` and ``b`` are apart (left out, added, changed, two swapped), or ``most + 1``
    as soon as it is more than ``most`` (restricted Damerau-Levenshtein with a cut-off)."""
    if abs(len(a) - len(b)) > most:
        return most + 1
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > most:
            return most + 1
        before, row = row, current
    return min(row[-1], most + 1)


def _initials_fit(typed: Sequence[str], known: Sequence[str]) -> bool:
    """Whether ``typed`` is ``known`` with initials for some words (at least one word given whole)."""
    if len(typed) != len(known) or len(typed) < 2:
        return False
    whole = 0
    for t, k in zip(typed, known, strict=True):
        if t == k:
            whole += 1
        elif len(t) != 1 or not k.startswith(t):
            return False
    return 0 < whole < len(typed)


def nearness(typed: Sequence[str], known: Sequence[str]) -> int | None:
    """How near a typed name is to a known one (0 nearest), or None when it is not near."""
    a, b = " ".join(typed), " ".join(known)
    if [c for c in a if c.isdigit()] != [c for c in b if c.isdigit()]:
        return None
    most = 1 if max(len(a), len(b)) <= SHORT else LETTERS_APART
    apart = letters_apart(a, b, most)
    if apart <= most:
        return apart
    if len(typed) >= 2 and sorted(typed) == sorted(known):
        return 1
    if _initials_fit(typed, known) or _initials_fit(typed, tuple(reversed(known))):
        return 2
    return None


def _keys(word: str) -> set[str]:
    """The index's keys of a word: itself, and it with one letter left out (three letters or more)."""
    keys = {word} if len(word) >= 2 else set()
    if len(word) >= 4:
        keys |= {word[:i] + word[i + 1 :] for i in range(len(word))}
    return keys


@dataclass
class NearIndex(Generic[Item]):
    """Items (roster players) by their names' words, to find the names near a typed one."""

    items: list[tuple[Item, tuple[str, ...]]] = field(default_factory=list)
    by_key: dict[str, set[int]] = field(default_factory=dict)

    @classmethod
    def of(cls, named: Iterable[tuple[Item, str]]) -> NearIndex[Item]:
        """The index of (item, name) pairs."""
        index = cls()
        for item, name in named:
            found = words(name)
            for word in found:
                for key in _keys(word):
                    index.by_key.setdefault(key, set()).add(len(index.items))
            index.items.append((item, found))
        return index

    def near(self, typed: str) -> list[Item]:
        """The items whose names are near ``typed``, nearest first (at most ``NEAR_MOST``)."""
        mine = words(typed)
        seen: set[int] = set()
        for word in mine:
            for key in _keys(word):
                seen |= self.by_key.get(key, set())
        scored = []
        for i in seen:
            item, known = self.items[i]
            how = nearness(mine, known)
            if how is not None:
                scored.append((how, " ".join(known), i, item))
        scored.sort(key=lambda s: s[:3])
        return [item for *_, item in scored[:NEAR_MOST]]
