"""PBN 2.1 import format: bytes to games of tags (sections 2-4 of the standard).

- **encoding** (2.2): the standard's ISO-8859-1, or UTF-8 (with or without a
  byte-order mark), which programs write today. A file with NUL bytes or a
  UTF-16/32 mark is not a PBN text file.
- **lines** (2.3, 2.4): CR LF, LF or CR; a ``%`` in the first column escapes
  the line (``% PBN 2.1``, ``% EXPORT``).
- **games** (3): a semi-empty line (spaces and tabs only) ends a game,
  except inside a ``{}`` comment.
- **tag pair** (3.3): ``[Name "value"]`` with any white space between the
  tokens, even across lines, several on a line; ``\\"`` and ``\\\\`` are the
  escapes in a string (3.2). A tag that occurs again in a game is ignored.
- **comments** (3.8): ``;`` to the end of the line, ``{`` to the next ``}``.
- **sections** (3.5, 3.6, 5): the tokens after a tag (an auction, the play,
  a table) are kept as that tag's data (``Game.data``, a string token
  without its quotes); this reader does not interpret them.
- **inheritance** (4.8): ``"#"`` takes the tag's value from the nearest
  previous game; ``"##text"`` sets ``text`` for this game and every later
  one that does not give the tag; forbidden for Dealer, Vulnerable, Deal,
  Declarer, Contract, Auction, Play and Note.

Inheritance costs the file's size, never its square: each game keeps only
the tags it gives (``Tags.own``, "#" and "##" resolved from the games
before, once), and the "##" values are kept once for the file (``Header``:
each tag's values, and the game from which each holds). A game's value of a
tag it does not give is looked up there (``Tags``); nothing is copied from
game to game, so a megabyte of games that each add a "##" tag costs a
second and megabytes, not minutes and gigabytes. Who needs every tag of
many games asks ``PBNFile.held``, which visits each value once.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import accumulate

#: Tags whose value may not be inherited (4.8).
NO_INHERIT = frozenset({"Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note"})
NAME = re.compile(r"[A-Za-z0-9_]+")
DATA = re.compile(r'[^\s\[\]{};"]+')
LINE_BREAK = re.compile(r"\r\n|\r|\n")
BLANK = " \t\v\f"
BOMS = {b"\xff\xfe": "UTF-16", b"\xfe\xff": "UTF-16", b"\x00\x00\xfe\xff": "UTF-32"}


class PBNFileError(ValueError):
    """A file that is not PBN text at all; the message says why."""


def decode(data: bytes) -> str:
    """The file's text: UTF-8 (BOM or not) when it is valid UTF-8, else ISO-8859-1."""
    for mark, name in BOMS.items():
        if data.startswith(mark):
            raise PBNFileError(f"This file is {name} text; save it as ISO-8859-1 or UTF-8 and try again.")
    if b"\x00" in data:
        raise PBNFileError("This is not a PBN text file: it has NUL bytes (a binary file?).")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("iso-8859-1")


class Header:
    """The "##" values of a file (4.8): for each tag, each value it took and the game it holds from.

    A tag joins the header when a game gives it as "##text"; from then on a
    game that gives it another value ("##" or not) changes it from that game
    on. Games are counted from 0, in the order of the file.
    """

    def __init__(self) -> None:
        self._starts: dict[str, list[int]] = {}
        self._values: dict[str, list[str]] = {}

    def __contains__(self, name: object) -> bool:
        return name in self._starts

    def set(self, name: str, game: int, value: str) -> None:
        """The tag's value from game ``game`` on (games are set in the order of the file)."""
        self._starts.setdefault(name, []).append(game)
        self._values.setdefault(name, []).append(value)

    def value(self, name: str, game: int) -> str | None:
        """The tag's value in game ``game``, None if no game up to it set one."""
        starts = self._starts.get(name)
        at = bisect_right(starts, game) - 1 if starts else -1
        return self._values[name][at] if at >= 0 else None

    def names(self) -> Iterator[str]:
        """Every tag of the header, in the order they joined it."""
        return iter(self._starts)

    def spans(self, count: int) -> Iterator[tuple[str, str, int, int]]:
        """Each value with the games it holds for: (name, value, first game, the game after the last)."""
        for name, starts in self._starts.items():
            ends = [*starts[1:], count]
            for start, end, value in zip(starts, ends, self._values[name], strict=True):
                yield name, value, start, end


class Tags(Mapping[str, str]):
    """A game's tag values: those it gives (``own``), over the file's header as it stands at that game.

    Looking a tag up costs a search in that tag's header values; going
    through every tag costs the whole header, which a loop over the games
    must not do (``PBNFile.held`` visits each value once).
    """

    def __init__(
        self, own: dict[str, str] | None = None, header: Header | None = None, game: int = 0
    ) -> None:
        self.own: dict[str, str] = own if own is not None else {}
        self._header = header
        self._game = game

    def __getitem__(self, name: str) -> str:
        if name in self.own:
            return self.own[name]
        value = self._header.value(name, self._game) if self._header is not None else None
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        yield from self.own
        if self._header is not None:
            for name in self._header.names():
                if name not in self.own and self._header.value(name, self._game) is not None:
                    yield name

    def __len__(self) -> int:
        return sum(1 for _ in self)


@dataclass
class Game:
    """One game of the file: its tags as written and as inherited, where each is, what is wrong."""

    number: int
    line: int
    written: dict[str, str] = field(default_factory=dict)
    tags: Tags = field(default_factory=Tags)
    lines: dict[str, int] = field(default_factory=dict)
    sections: set[str] = field(default_factory=set)
    problems: list[tuple[int, str]] = field(default_factory=list)
    #: Each section's tokens in order (a string token unquoted): a table's elements, row after row.
    data: dict[str, list[str]] = field(default_factory=dict)


@dataclass
class PBNFile:
    """The games of a file, the "##" values they set, and what its escape lines said."""

    games: list[Game]
    version: str = ""
    export: bool = False
    problems: list[tuple[int, str]] = field(default_factory=list)
    header: Header = field(default_factory=Header)

    def held(self, chosen: Callable[[Game], bool]) -> Iterator[tuple[str, str, Game | None]]:
        """Every tag value the chosen games hold, at least once each, in time linear in the file.

        (name, value, game) for the tags a game gives; (name, value, None)
        for a header value that some chosen game holds (whether or not it
        gives the tag itself: if it does, it gives that very value).
        """
        picked = [chosen(game) for game in self.games]
        before = list(accumulate(picked, initial=0))  # before[i]: the chosen games among the first i
        for game, pick in zip(self.games, picked, strict=True):
            if pick:
                yield from ((name, value, game) for name, value in game.tags.own.items())
        for name, value, start, end in self.header.spans(len(self.games)):
            if before[end] > before[start]:
                yield name, value, None


@dataclass
class _Tag:
    """A tag pair being read, token by token: after "[", after the name, after the value."""

    line: int
    stage: int = 1
    name: str = ""
    value: str = ""


class _Scanner:
    """Reads lines into games; keeps the state that crosses lines (a comment, a tag pair)."""

    def __init__(self) -> None:
        self.out = PBNFile(games=[])
        self.game: Game | None = None
        self.brace = 0  # line where an open {} comment began, 0 if none
        self.tag: _Tag | None = None
        self.last = ""  # the game's last tag, which owns the data tokens that follow it

    def feed(self, number: int, line: str) -> None:
        """One line of the file."""
        if not self.brace and self.tag is None and line.startswith("%"):
            self._escape(line)
        elif not self.brace and not line.strip(BLANK):
            self._close_tag(number, "a tag pair is not closed before the empty line")
            self.end_game()
        else:
            self._tokens(number, line)

    def finish(self, number: int) -> PBNFile:
        """The end of the file: whatever is still open is a problem."""
        if self.brace:
            self._problem(self.brace, "a '{' comment is never closed with '}'")
        self._close_tag(number, "a tag pair is not closed at the end of the file")
        self.end_game()
        return self.out

    def end_game(self) -> None:
        """A semi-empty line (or the end of the file) closes the game."""
        if self.game is not None:
            self.out.games.append(self.game)
        self.game, self.last = None, ""

    def _escape(self, line: str) -> None:
        """``% PBN 2.1`` and ``% EXPORT``; any other escaped line is ignored."""
        words = line[1:].split()
        if len(words) == 2 and words[0] == "PBN":
            self.out.version = words[1]
        elif words == ["EXPORT"]:
            self.out.export = True

    def _game(self, number: int) -> Game:
        if self.game is None:
            self.game = Game(number=len(self.out.games) + 1, line=number)
        return self.game

    def _problem(self, number: int, message: str) -> None:
        if self.game is not None:
            self.game.problems.append((number, message))
        else:
            self.out.problems.append((number, message))

    def _close_tag(self, number: int, message: str) -> None:
        if self.tag is not None:
            self._problem(self.tag.line, message)
            self.tag = None

    def _tokens(self, number: int, line: str) -> None:
        pos = 0
        while pos < len(line):
            if self.brace:
                end = line.find("}", pos)
                if end < 0:
                    return
                self.brace, pos = 0, end + 1
                continue
            char = line[pos]
            if char in BLANK:
                pos += 1
            elif char in ";{":
                if self.tag is not None:
                    self._close_tag(number, "a comment inside a tag pair")
                if char == ";":
                    return
                self.brace, pos = number, pos + 1
            elif self.tag is not None:
                pos = self._tag_token(number, line, pos)
            else:
                pos = self._token(number, line, pos)

    def _token(self, number: int, line: str, pos: int) -> int:
        """A token outside a tag pair: "[" opens one; anything else is data of the last tag."""
        char = line[pos]
        game = self._game(number)
        if char == "[":
            self.tag = _Tag(line=number)
            return pos + 1
        if char == "]":
            self._problem(number, "a ']' with no '[' before it")
            return len(line)
        if char == '"':
            end, token = _string(line, pos)
            if end < 0:
                self._problem(number, "a string is not closed with '\"'")
                return len(line)
        else:
            match = DATA.match(line, pos)
            end = match.end() if match else pos + 1
            token = line[pos:end]
        if not self.last:
            self._problem(number, f"{_shown(line[pos:end])} is not a tag pair")
            return len(line)
        game.sections.add(self.last)
        game.data.setdefault(self.last, []).append(token)
        return end

    def _tag_token(self, number: int, line: str, pos: int) -> int:
        """The next token of a tag pair: its name, its value, then "]"."""
        tag = self.tag
        assert tag is not None
        if tag.stage == 1:
            match = NAME.match(line, pos)
            if not match:
                return self._bad_tag(number, "a tag pair has no name after '['", line)
            tag.name, tag.stage = match.group(), 2
            return match.end()
        if tag.stage == 2:
            if line[pos] != '"':
                return self._bad_tag(number, f"[{tag.name}] has no value in quotes", line)
            end, value = _string(line, pos)
            if end < 0:
                return self._bad_tag(number, f"the value of [{tag.name}] is not closed with '\"'", line)
            tag.value, tag.stage = value, 3
            return end
        if line[pos] != "]":
            return self._bad_tag(number, f"[{tag.name} ...] is not closed with ']'", line)
        self._store(tag)
        self.tag = None
        return pos + 1

    def _bad_tag(self, number: int, message: str, line: str) -> int:
        """A broken tag pair: say so, and skip the rest of the line."""
        self._problem(number, message)
        self.tag = None
        return len(line)

    def _store(self, tag: _Tag) -> None:
        game = self._game(tag.line)
        self.last = tag.name
        if tag.name in game.written and tag.name != "Note":
            return  # import format: a tag that already occurred is ignored (3.4)
        game.written[tag.name] = tag.value
        game.lines[tag.name] = tag.line


def _string(line: str, pos: int) -> tuple[int, str]:
    """A string token from the quote at ``pos``: (end, value), or (-1, "") if never closed."""
    out = []
    i = pos + 1
    while i < len(line):
        char = line[i]
        if char == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
            out.append(line[i + 1])
            i += 2
        elif char == '"':
            return i + 1, "".join(out)
        else:
            out.append(char)
            i += 1
    return -1, ""


def _shown(text: str, limit: int = 24) -> str:
    cut = text if len(text) <= limit else text[:limit] + "…"
    return repr(cut)


def inherit(games: list[Game]) -> Header:
    """Resolve "#" and "##" into each game's ``tags`` (4.8), once a game; the file's header of "##" values."""
    header = Header()
    last: dict[str, str] = {}  # each tag's value in the nearest previous game that gave it
    for index, game in enumerate(games):
        own = _own_tags(game, index, header, last)
        last.update(own)
        game.tags = Tags(own, header, index)
    return header


def _own_tags(game: Game, index: int, header: Header, last: dict[str, str]) -> dict[str, str]:
    """The values of the tags a game gives, "#" from the game before and "##" into the header."""
    own: dict[str, str] = {}
    for name, raw in game.written.items():
        if raw.startswith("#") and name in NO_INHERIT:
            game.problems.append((game.lines[name], f'[{name} "{raw[:12]}"] may not be inherited'))
            continue
        if raw == "#":  # a header tag's latest value was given by the game that set it: in ``last``
            own[name] = last.get(name, "")
            continue
        own[name] = raw[2:] if raw.startswith("##") else raw
        if raw.startswith("##") or name in header:
            header.set(name, index, own[name])
    return own


def read_file(text: str) -> PBNFile:
    """Every game of a PBN text, its tags inherited, each problem with its line."""
    scanner = _Scanner()
    number = 0
    for number, line in enumerate(LINE_BREAK.split(text), start=1):
        scanner.feed(number, line)
    out = scanner.finish(number)
    out.header = inherit(out.games)
    return out
