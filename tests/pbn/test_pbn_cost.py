"""What reading a PBN file costs: in proportion to its size, however it uses inheritance (4.8).

Any director may send a file of up to ``PBN_MAX_BYTES`` (the API and the
trays page). Each shape below is a hostile file: a new ``"##"`` tag in
every game (each later game inherits them all), the same with a deal in
every game (the reading then lists the tags it left), long ``"#"`` chains,
and one game of many tags.

The cost is counted, not timed: the function calls a reading makes
(Python and built-in, ``sys.setprofile``) and the peak memory it holds
(``tracemalloc``), for a file of N bytes and one of 4N. A reading linear in
its file costs about 4 times as much for the larger; a quadratic one, 16.
Only then is a file of the largest size read, against a generous clock, so
that a quadratic reader fails in a second rather than in minutes.

Last, random files check that every game's tags resolve as they did when
the reader copied every header tag into every game (``reference_tags``).
"""

from __future__ import annotations

import sys
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any

import pytest
from django.conf import settings
from hypothesis import given
from hypothesis import settings as examples
from hypothesis import strategies as st

from tournaments.pbn.reader import NO_INHERIT, Game, read_file
from tournaments.pbn.whist import QUIET, _notes, _says_something, read_deals
from tournaments.pbn.whist import TAKEN as TAKEN_TAGS

DEAL = "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 KQT2.AT.J6542.85"
#: The smaller file of a pair: a few hundred games of each shape (one game for the last); the larger is 4N.
SMALL = {
    "header_tags": 12_000,
    "header_tags_with_deals": 32_000,
    "chains": 40_000,
    "one_game_of_many_tags": 12_000,
}
#: The most the cost may grow from the smaller file to the larger (linear: 4; quadratic: 16).
MOST_GROWTH = 5.0
#: A generous bound for the largest file: a linear reading takes about a second here.
MOST_SECONDS = 5.0


def games(size: int, game: Callable[[int], str], head: str = "") -> str:
    """A file of about ``size`` bytes: ``head``, then games ``game(0)``, ``game(1)``... to that size."""
    parts, total, n = [head], len(head), 0
    while total < size:
        text = game(n)
        parts.append(text)
        total += len(text)
        n += 1
    return "".join(parts)


def header_tags(size: int) -> str:
    """Every game sets a new tag for all later games: ``[H7 "##"]``."""
    return games(size, lambda n: f'[H{n} "##"]\n\n')


def header_tags_with_deals(size: int) -> str:
    """As ``header_tags``, each game a board with its deal, so the reading lists every tag it left."""
    return games(size, lambda n: f'[H{n} "##h"]\n[Board "{n % 9999 + 1}"]\n[Deal "{DEAL}"]\n\n')


def chains(size: int) -> str:
    """Every tag inherited from the game before ("#"), one header tag redefined in every game."""
    head = '[Event "e"]\n[Site "s"]\n[Date "d"]\n[Round "##r"]\n\n'
    return games(size, lambda n: f'[Event "#"]\n[Site "#"]\n[Date "#"]\n[Round "##r{n}"]\n\n', head)


def one_game_of_many_tags(size: int) -> str:
    """One board with its deal and a tag after tag, each inherited from nowhere."""
    head = f'[Board "1"]\n[Deal "{DEAL}"]\n'
    return games(size, lambda n: f'[T{n} "#"]\n', head)


SHAPES: dict[str, Callable[[int], str]] = {
    "header_tags": header_tags,
    "header_tags_with_deals": header_tags_with_deals,
    "chains": chains,
    "one_game_of_many_tags": one_game_of_many_tags,
}
#: The shapes whose files give deals, and so can be taken.
TAKEN = frozenset({"header_tags_with_deals", "one_game_of_many_tags"})


@dataclass(frozen=True)
class Cost:
    """What one reading cost: function calls made, and the most memory held at once."""

    calls: int
    memory: int


def calls_of(work: Callable[[], Any]) -> int:
    """The function calls (Python and built-in) ``work`` makes."""
    count = 0

    def counter(frame: FrameType, event: str, arg: Any) -> None:
        nonlocal count
        if event in ("call", "c_call"):
            count += 1

    sys.setprofile(counter)
    try:
        work()
    finally:
        sys.setprofile(None)
    return count


def peak_memory_of(work: Callable[[], Any]) -> int:
    """The most memory ``work`` holds at once, in bytes."""
    tracemalloc.start()
    try:
        work()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    return peak


def cost(text: str) -> Cost:
    """What reading ``text`` costs."""
    return Cost(calls=calls_of(lambda: read_deals(text)), memory=peak_memory_of(lambda: read_deals(text)))


def assert_linear(name: str) -> None:
    """Reading 4N bytes of the shape costs at most ``MOST_GROWTH`` times reading N."""
    shape, size = SHAPES[name], SMALL[name]
    read_deals(shape(1000))  # the regular expressions compiled, the modules imported
    small, large = cost(shape(size)), cost(shape(4 * size))
    assert large.calls <= MOST_GROWTH * small.calls, f"calls grew {large.calls / small.calls:.1f} times"
    assert large.memory <= MOST_GROWTH * small.memory, f"memory grew {large.memory / small.memory:.1f} times"


@pytest.mark.parametrize("name", SHAPES)
def test_reading_a_file_costs_in_proportion_to_its_size_up_to_the_largest_allowed(name: str) -> None:
    assert_linear(name)  # first, so that a quadratic reading fails here in a second, not in minutes
    text = SHAPES[name](int(settings.PBN_MAX_BYTES) - 200)
    assert len(text.encode()) <= settings.PBN_MAX_BYTES
    start = time.process_time()
    reading = read_deals(text)
    seconds = time.process_time() - start
    assert seconds < MOST_SECONDS, f"{seconds:.1f} s for {len(text):,} bytes"
    assert reading.ok == (name in TAKEN), reading.problems[:3]


NAMES = ["Event", "Site", "Board", "Trump", "Deal", "Dealer", "Auction", "Note", "X"]
RAWS = ["#", "##", "##a", "##b", "b", "c", "", "?", "###"]


def reference_tags(games: list[Game]) -> list[dict[str, str]]:
    """Each game's tags as the reader resolved them before (a copy of every header tag in every game)."""
    out: list[dict[str, str]] = []
    last: dict[str, str] = {}
    sticky: dict[str, str] = {}
    for game in games:
        tags: dict[str, str] = {}
        for name, raw in game.written.items():
            if raw.startswith("#") and name in NO_INHERIT:
                continue
            if raw == "#":
                value = last.get(name, "")
            elif raw.startswith("##"):
                value = sticky[name] = raw[2:]
            else:
                value = raw
                if name in sticky:
                    sticky[name] = value
            tags[name] = value
        for name, value in sticky.items():
            tags.setdefault(name, value)
        last.update(tags)
        out.append(tags)
    return out


def reference_left(games: list[Game], tags: list[dict[str, str]]) -> list[str]:
    """The tags a reading leaves, from every tag of every game with a deal, as before."""
    return sorted(
        {
            name
            for game, held in zip(games, tags, strict=True)
            if "Deal" in game.written
            for name, value in held.items()
            if name not in TAKEN_TAGS | QUIET and _says_something(name, value, game)
        }
    )


def pbn_text(games: list[list[tuple[str, str, bool]]]) -> str:
    """Games of tags, each tag perhaps followed by a section's data."""
    return "\n".join("".join(f'[{n} "{v}"]{" 1C" if data else ""}\n' for n, v, data in g) for g in games)


a_game = st.lists(st.tuples(st.sampled_from(NAMES), st.sampled_from(RAWS), st.booleans()), max_size=6)


@examples(max_examples=300, deadline=None)
@given(st.lists(a_game, min_size=1, max_size=12))
def test_inheritance_resolves_every_tag_as_the_copying_reader_did(
    written: list[list[tuple[str, str, bool]]],
) -> None:
    pbn = read_file(pbn_text(written))
    expected = reference_tags(pbn.games)
    assert [dict(game.tags) for game in pbn.games] == expected
    for game, tags in zip(pbn.games, expected, strict=True):
        assert all(game.tags.get(name) == tags.get(name) for name in NAMES)
    left = reference_left(pbn.games, expected)
    notes = _notes(pbn, [], set())
    assert notes == ([f"Not taken, as a whist tray has no use for them: {', '.join(left)}."] if left else [])
