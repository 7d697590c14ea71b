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
  a table) are kept as that tag's data; this reader does not interpret them.
- **inheritance** (4.8): ``"#"`` takes the tag's value from the nearest
  previous game; ``"##text"`` sets ``text`` for this game and every later
  one that does not give the tag; forbidden for Dealer, Vulnerable, Deal,
  Declarer, Contract, Auction, Play and Note.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

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


@dataclass
class Game:
    """One game of the file: its tags as written and as inherited, where each is, what is wrong."""

    number: int
    line: int
    written: dict[str, str] = field(default_factory=dict)
    tags: dict[str, str] = field(default_factory=dict)
    lines: dict[str, int] = field(default_factory=dict)
    sections: set[str] = field(default_factory=set)
    problems: list[tuple[int, str]] = field(default_factory=list)


@dataclass
class PBNFile:
    """The games of a file, and what its escape lines said."""

    games: list[Game]
    version: str = ""
    export: bool = False
    problems: list[tuple[int, str]] = field(default_factory=list)


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
            end, _ = _string(line, pos)
            if end < 0:
                self._problem(number, "a string is not closed with '\"'")
                return len(line)
        else:
            match = DATA.match(line, pos)
            end = match.end() if match else pos + 1
        if not self.last:
            self._problem(number, f"{_shown(line[pos:end])} is not a tag pair")
            return len(line)
        game.sections.add(self.last)
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


def inherit(games: list[Game]) -> None:
    """Resolve "#" and "##" into each game's ``tags`` (4.8)."""
    last: dict[str, str] = {}
    sticky: dict[str, str] = {}
    for game in games:
        tags: dict[str, str] = {}
        for name, raw in game.written.items():
            if raw.startswith("#") and name in NO_INHERIT:
                game.problems.append((game.lines[name], f'[{name} "{raw[:12]}"] may not be inherited'))
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
        game.tags = tags


def read_file(text: str) -> PBNFile:
    """Every game of a PBN text, its tags inherited, each problem with its line."""
    scanner = _Scanner()
    number = 0
    for number, line in enumerate(LINE_BREAK.split(text), start=1):
        scanner.feed(number, line)
    out = scanner.finish(number)
    inherit(out.games)
    return out
