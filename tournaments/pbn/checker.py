"""A checker of PBN 2.1 export format, written from the standard (``docs/pbn_v21.txt``).

Each rule cites its section:

- 2.2 character set: ISO-8859-1; no control characters, none of 127-159.
- 2.3 lines: each ends with CR LF; no tabs; at most 255 characters with
  the CR LF.
- 2.4 escapes: ``%`` in the first column; ``% EXPORT`` says the file is in
  export format, so this checker asks for it.
- 3 games: every game but the first starts with an empty line.
- 3.3 tag pairs: ``[Name "value"]`` alone on its line, the name beginning
  with an upper-case letter; 3.2 strings escape quote and backslash.
- 3.4 the 15 mandatory tags, in their order, first; then the supplemental
  tags sorted by name; each tag once (Note excepted). 3.1 then the auction
  section, the play section, and the supplemental sections sorted by name.
- 3.4.3-3.4.15 the values of the mandatory tags, upper case only (3.11):
  date, board, dealer, vulnerability ("None" and "All" in export format),
  deal (the dealer first, ranks in descending order, no card twice),
  declarer, contract, result (declarer's tricks).
- 3.5, 3.6 an auction begins with the dealer.
- 3.8 comments: a brace comment is closed; one that follows a tag starts on
  a new line.
- 4.8 inheritance ("#", "##") is allowed by the standard in export format
  for some tags; this app's exports never use it, and ``inherit=False``
  (the default) refuses it.

The auction and play sections are checked for their place and first player,
not call by call.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whist.cards import RANKS, SEATS, SUITS, left_of

from .writer import MANDATORY

#: A backslash escapes a quote or a backslash (3.2); before anything else it stands for itself,
#: as in a table's column widths ("Result\\2R", 5.2).
TAG_LINE = re.compile(r'\[([A-Za-z0-9_]+) "((?:[^"\\]|\\.)*)"\]')
SEAT = f"[{''.join(SEATS)}]"
VALUES: dict[str, re.Pattern[str]] = {
    "Date": re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}"),
    "Board": re.compile(r"[1-9][0-9]*"),
    "Dealer": re.compile(SEAT),
    "Vulnerable": re.compile(r"None|NS|EW|All"),
    "Declarer": re.compile(r"\^?" + SEAT),
    "Contract": re.compile(r"Pass|[1-7](?:S|H|D|C|NT)(?:X|XX)?|S|H|D|C|NT"),
    "Result": re.compile(r"\^?(?:1[0-3]|[0-9])"),
}
DEAL = re.compile(SEAT + r":(\S+) (\S+) (\S+) (\S+)")
HAND = re.compile(r"-|[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*\.[AKQJT2-9]*")
SECTION_FIRST = {"Auction": "dealer", "Play": "leader"}


@dataclass
class _Game:
    """One game as the checker reads it: its tags in order, with their lines."""

    line: int
    tags: list[tuple[str, str, int]] = field(default_factory=list)
    sections: list[str] = field(default_factory=list)


def check_export(data: bytes, *, inherit: bool = False) -> list[str]:
    """Every way ``data`` breaks PBN 2.1 export format, as "line N: what (section)"; empty if none."""
    problems: list[str] = []
    parts = re.split(r"(\r\n|\r|\n)", data.decode("iso-8859-1"))
    lines, breaks = parts[0::2], parts[1::2]
    wrong = [number for number, end in enumerate(breaks, start=1) if end != "\r\n"]
    if wrong:
        more = f" (and {len(wrong) - 1} more lines)" if len(wrong) > 1 else ""
        problems.append(f"line {wrong[0]}: ends with {breaks[wrong[0] - 1]!r}, not CR LF{more} (2.3)")
    if lines[-1]:
        problems.append(f"line {len(lines)}: the last line does not end with CR LF (2.3)")
    else:
        lines.pop()
    games = _games(lines, problems)
    if not any(line.strip() == "% EXPORT" for line in lines if line.startswith("%")):
        problems.append("line 1: no '% EXPORT' line says the file is in export format (2.4)")
    for game in games:
        _check_game(game, problems, inherit)
    return problems


def _characters(number: int, line: str, problems: list[str]) -> None:
    """2.2 and 2.3: the characters of one line, and its length."""
    if len(line) + 2 > 255:
        problems.append(f"line {number}: {len(line) + 2} characters with CR LF; at most 255 (2.3)")
    for char in sorted(set(line)):
        code = ord(char)
        if char in "\t\v":
            problems.append(f"line {number}: a tab; export format has none (2.3)")
        elif code < 32 or 127 <= code < 160:
            problems.append(f"line {number}: the control character {code} (2.2)")


def _games(lines: list[str], problems: list[str]) -> list[_Game]:
    """Split the lines into games, checking each line's form on the way."""
    games: list[_Game] = []
    game: _Game | None = None
    brace = 0
    section = ""
    for number, line in enumerate(lines, start=1):
        _characters(number, line, problems)
        if brace:
            if "}" in line:
                brace = 0
                _after_comment(number, line[line.index("}") + 1 :], problems)
            continue
        if line.startswith("%"):
            continue
        if line == "":
            if game is None and games:
                problems.append(f"line {number}: two empty lines in a row (3)")
            game, section = None, ""
            continue
        if not line.strip():
            problems.append(f"line {number}: a line of spaces; a game starts after an empty line (3)")
            continue
        if game is None:
            if games and lines[number - 2] != "":
                problems.append(f"line {number}: a game must start after an empty line (3)")
            game = _Game(line=number)
            games.append(game)
        brace, section = _line(number, line, game, section, problems)
    if brace:
        problems.append(f"line {brace}: a '{{' comment is never closed (3.8)")
    return games


def _line(number: int, line: str, game: _Game, section: str, problems: list[str]) -> tuple[int, str]:
    """One line of a game: a tag pair, a comment, or a section's data; returns (open brace, section)."""
    if line.startswith("["):
        match = TAG_LINE.fullmatch(line)
        if not match:
            problems.append(f'line {number}: not a tag pair alone on its line as [Name "value"] (3.3)')
            return 0, ""
        name, value = match.group(1), re.sub(r'\\(["\\])', r"\1", match.group(2))
        if not name[0].isupper():
            problems.append(f"line {number}: the tag name {name} begins in lower case (3.3)")
        game.tags.append((name, value, number))
        return 0, name
    if line.startswith("{"):
        if "}" not in line:
            return number, section
        _after_comment(number, line[line.index("}") + 1 :], problems)
        return 0, section
    if line.startswith(";"):
        return 0, section
    if not section or section in MANDATORY:
        problems.append(f"line {number}: text that is neither a tag pair, a comment nor a section's data (3)")
    elif line[0] == " " and "\\" not in _value_of(game, section):
        problems.append(f"line {number}: a section's line begins with a space (3.5, 3.6, 5.1)")
    elif section not in game.sections:
        game.sections.append(section)
    return 0, section


def _after_comment(number: int, rest: str, problems: list[str]) -> None:
    """What follows a closing brace on its line: nothing, or a space and more (3.8)."""
    if rest and not rest.startswith(" "):
        problems.append(f"line {number}: no space after the comment's '}}' (3.8)")


def _value_of(game: _Game, name: str) -> str:
    return next((v for n, v, _ in game.tags if n == name), "")


def _check_game(game: _Game, problems: list[str], inherit: bool) -> None:
    """3.4: which tags, in which order, once each, with which values."""
    names = [n for n, _, _ in game.tags]
    at = {n: line for n, _, line in reversed(game.tags)}
    seen: set[str] = set()
    for name, _, line in game.tags:
        if name in seen and name != "Note":
            problems.append(f"line {line}: [{name}] occurs more than once in a game (3.4)")
        seen.add(name)
    if names[: len(MANDATORY)] != list(MANDATORY):
        missing = [n for n in MANDATORY if n not in names]
        what = f"missing {', '.join(missing)}" if missing else "not in their order"
        problems.append(f"line {game.line}: the 15 mandatory tags must come first, in order; {what} (3.4)")
    _check_order(game, names[len(MANDATORY) :], problems)
    values = {n: v for n, v, _ in reversed(game.tags)}
    for name, value, line in game.tags:
        if (value == "#" or value.startswith("##")) and not inherit:
            problems.append(f'line {line}: [{name} "{value}"] inherits; this app\'s exports never do (4.8)')
        elif name in VALUES and value not in ("", "?") and not VALUES[name].fullmatch(value):
            problems.append(f'line {line}: [{name} "{value}"] is not a value export format allows (3.4)')
    if values.get("Deal"):
        _check_deal(values["Deal"], values.get("Dealer", ""), at["Deal"], problems)
    _check_sections(values, at, problems)


def _check_order(game: _Game, rest: list[str], problems: list[str]) -> None:
    """3.1 and 3.4: supplemental tags sorted; then auction, play; then supplemental sections sorted."""
    plain = [n for n in rest if n not in game.sections and n not in ("Auction", "Play", "Note")]
    if plain != sorted(plain):
        problems.append(f"line {game.line}: the supplemental tags are not sorted by name (3.4)")
    order = [n for n in rest if n != "Note"]
    kinds = [0 if n in plain else 1 if n == "Auction" else 2 if n == "Play" else 3 for n in order]
    if kinds != sorted(kinds):
        problems.append(f"line {game.line}: tags, auction, play and sections are not in that order (3.1)")
    tables = [n for n in order if n in game.sections and n not in SECTION_FIRST]
    if tables != sorted(tables):
        problems.append(f"line {game.line}: the supplemental sections are not sorted by name (3.1)")


def _check_deal(value: str, dealer: str, line: int, problems: list[str]) -> None:
    """3.4.11: the dealer first, upper case, ranks descending, no card twice, hands of one size."""
    match = DEAL.fullmatch(value)
    if not match:
        problems.append(f"line {line}: [Deal] is not <first>:<hand> <hand> <hand> <hand> (3.4.11)")
        return
    if dealer in SEATS and value[0] != dealer:
        problems.append(f"line {line}: [Deal] begins with {value[0]}, not the dealer {dealer} (3.4.11)")
    seen: set[str] = set()
    sizes = set()
    for hand in match.groups():
        if not HAND.fullmatch(hand):
            problems.append(f"line {line}: the hand {hand} is not four suits of ranks or '-' (3.4.11)")
            return
        if hand == "-":
            continue
        cards = [r + s for s, ranks in zip(SUITS, hand.split("."), strict=True) for r in ranks]
        for suit in hand.split("."):
            if list(suit) != sorted(suit, key=RANKS.index):
                problems.append(f"line {line}: the ranks {suit} are not in descending order (3.4.11)")
        if seen & set(cards) or len(set(cards)) != len(cards):
            problems.append(f"line {line}: a card is dealt twice (3.4.11)")
        seen |= set(cards)
        sizes.add(len(cards))
    if len(sizes) > 1 or any(size > 13 for size in sizes):
        problems.append(f"line {line}: the hands are not of one size up to 13 cards (3.4.11, 3.10)")


def _check_sections(values: dict[str, str], at: dict[str, int], problems: list[str]) -> None:
    """3.5, 3.6: the auction starts with the dealer, the play with declarer's left-hand opponent."""
    dealer, declarer = values.get("Dealer", ""), values.get("Declarer", "").lstrip("^")
    if "Auction" in values and dealer in SEATS and values["Auction"] != dealer:
        first = values["Auction"]
        problems.append(f"line {at['Auction']}: the auction starts with {first}, not the dealer (3.5)")
    if "Play" in values and declarer in SEATS and values["Play"] != left_of(declarer):
        first = values["Play"]
        problems.append(f"line {at['Play']}: the play starts with {first}, not the opening leader (3.6)")
