"""What a whist club takes from a PBN file: each board's deal, dealer and trump card.

Whist has no auction and no contract (Laws III-IV, pp. 60-61): a tray
carries its four hands, its dealer, and the trump card, the last card dealt,
turned face up in the dealer's hand. So from each game of the file this
reader takes:

- ``[Board]``, the tray it goes on: a whole number from 1 to 9999;
- ``[Dealer]``: N, E, S or W (blank or "?": the tray keeps its own dealer);
- ``[Deal]``: four hands of 13 cards, or three (the fourth is the 13 cards
  left); fewer hands, an end position or a false pack is refused;
- ``[Trump "KC"]``, this app's supplemental tag for the turned card (rank and
  suit, "CK" also read), which must be in the dealer's hand. A bridge file
  has none: those trays get their trump card turned at the table.

Everything else (players, vulnerability, auction, play, contract, result,
scores, tables) is bridge and is left; the reading says which tags it left.
A game with no ``[Deal]`` is left too. A board given in several games (one
per table) is taken once if every game gives the same deal, refused if not.

The reading refuses a file if anything it would take is wrong: each problem
names the board (or the game, when there is no board number), the line,
and the reason. Nothing of a refused file is taken.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from whist.cards import SEAT_NAME, SEATS

from .cards import DealError, Hands, card_text, read_card, read_deal, whole_deal
from .reader import Game, PBNFile, PBNFileError, decode, read_file

TAKEN = frozenset({"Board", "Dealer", "Deal", "Trump"})
#: Tags that describe the file rather than a tray: the session keeps its own title and date.
QUIET = frozenset({"Event", "Site", "Date"})
#: Values that say nothing: unknown, inappropriate, or no vulnerability (whist has none).
EMPTY = frozenset({"", "?", "-"})
NO_VULNERABILITY = frozenset({"none", "love", "-"})
BOARD = re.compile(r"[0-9]{1,4}")
BOARD_MAX = 9999
#: At most this many problems are listed; the rest are counted.
SHOWN_PROBLEMS = 30


@dataclass(frozen=True)
class WhistDeal:
    """One board as a tray carries it: four hands, the dealer (None: keep the tray's), the trump card."""

    board: int
    hands: Hands
    dealer: str | None = None
    trump: str | None = None
    game: int = 0
    line: int = 0

    def same_as(self, other: WhistDeal) -> bool:
        """The same hands, dealer and trump card."""
        return (self.hands, self.dealer, self.trump) == (other.hands, other.dealer, other.trump)


@dataclass
class Reading:
    """The deals a file gives, what was left, and what is wrong (nothing is taken if anything is)."""

    deals: list[WhistDeal] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether the file can be taken."""
        return not self.problems and bool(self.deals)

    def message(self) -> str:
        """The refusal as one text: every problem (up to a limit), one a line."""
        shown = self.problems[:SHOWN_PROBLEMS]
        more = len(self.problems) - len(shown)
        return "\n".join(shown + ([f"... and {more} more problems."] if more > 0 else []))


def read_deals(data: bytes | str) -> Reading:
    """Read a PBN file (import format) into whist deals, or say exactly why not."""
    reading = Reading()
    try:
        text = decode(data) if isinstance(data, bytes) else data
    except PBNFileError as exc:
        reading.problems.append(str(exc))
        return reading
    pbn = read_file(text)
    reading.problems += [f"Line {line}: {message}." for line, message in pbn.problems]
    boards: dict[int, WhistDeal] = {}
    repeated: set[int] = set()
    for game in pbn.games:
        reading.problems += [f"{_where(game, line)}: {message}." for line, message in game.problems]
        if "Deal" not in game.written:
            continue
        deal = _deal(game, reading.problems)
        if deal is None:
            continue
        first = boards.setdefault(deal.board, deal)
        if first is not deal:
            repeated.add(deal.board)
            if not first.same_as(deal):
                reading.problems.append(
                    f"{_where(game, deal.line)}: game {game.number} gives board {deal.board} another deal "
                    f"than game {first.game} (line {first.line})."
                )
    reading.deals = [boards[n] for n in sorted(boards)]
    if not reading.deals and not reading.problems:
        reading.problems.append("There is no board with a [Deal] in this file.")
    reading.notes = _notes(pbn, reading.deals, repeated)
    return reading


def _where(game: Game, line: int) -> str:
    """ "Board 5 (line 40)", or "Game 27 (line 300)" when the game has no board number."""
    number = _board(game.tags.get("Board", ""))
    return f"Board {number} (line {line})" if number else f"Game {game.number} (line {line})"


def _board(value: str) -> int | None:
    """A board number from 1 to 9999, or None."""
    text = value.strip()
    return int(text) if BOARD.fullmatch(text) and int(text) >= 1 else None


def _deal(game: Game, problems: list[str]) -> WhistDeal | None:
    """The game's deal for a tray, or None with its problems added."""
    before = len(problems)
    line = game.lines.get("Deal", game.line)
    where = _where(game, line)
    board = _board(game.tags.get("Board", ""))
    if board is None:
        problems.append(f"{where}: {_board_problem(game.tags.get('Board'))}.")
    dealer = _dealer(game, where, problems)
    hands: Hands | None = None
    try:
        if "Deal" in game.tags:
            hands, _ = whole_deal(read_deal(game.tags["Deal"]).hands)
    except DealError as exc:
        problems.append(f"{where}: {exc}.")
    trump = _trump(game, where, problems)
    if hands is not None and trump and dealer and trump not in hands[dealer]:
        problems.append(
            f"{where}: the trump card {card_text(trump)} is not in the dealer's ({SEAT_NAME[dealer]}'s) "
            "hand; the trump card is the last card dealt, to the dealer (Law III)."
        )
    if len(problems) > before or board is None or hands is None:
        return None
    return WhistDeal(board=board, hands=hands, dealer=dealer, trump=trump, game=game.number, line=line)


def _board_problem(value: str | None) -> str:
    """Why a board number will not do."""
    if value is None or not value.strip():
        return "a deal with no board number: say which tray it goes on with [Board]"
    shown = repr(value if len(value) <= 12 else value[:12] + "…")
    return f"the board number {shown} is not a whole number from 1 to {BOARD_MAX}"


def _dealer(game: Game, where: str, problems: list[str]) -> str | None:
    """The dealer given (upper case), None when blank or unknown."""
    value = game.tags.get("Dealer", "").strip()
    if value in EMPTY:
        return None
    if value.upper() not in SEATS or len(value) != 1:
        problems.append(f"{where}: the dealer {value[:12]!r} is not N, E, S or W.")
        return None
    return value.upper()


def _trump(game: Game, where: str, problems: list[str]) -> str | None:
    """The trump card of the ``[Trump]`` tag, None when there is none."""
    value = game.tags.get("Trump", "").strip()
    if value in EMPTY:
        return None
    try:
        return read_card(value)
    except DealError as exc:
        problems.append(f"{where}: the trump card: {exc}.")
        return None


def _notes(pbn: PBNFile, deals: list[WhistDeal], repeated: set[int]) -> list[str]:
    """What the reading left, in words."""
    notes = []
    games = pbn.games
    left = sorted(
        {
            name
            for name, value, game in pbn.held(lambda game: "Deal" in game.written)
            if name not in TAKEN | QUIET and _says_something(name, value, game)
        }
    )
    if left:
        notes.append("Not taken, as a whist tray has no use for them: " + ", ".join(left) + ".")
    filled = [(d.board, _filled_seat(games, d)) for d in deals]
    notes += [
        f"Board {b}: {SEAT_NAME[s]}'s hand was not given; it is the 13 cards left." for b, s in filled if s
    ]
    if repeated:
        word = "boards" if len(repeated) > 1 else "board"
        notes.append(f"Given in several games with the same deal, taken once: {word} {ranges(repeated)}.")
    no_deal = [g.number for g in games if "Deal" not in g.written]
    if no_deal and deals:
        notes.append(f"Games with no deal, left: {ranges(no_deal)}.")
    return notes


def _says_something(name: str, value: str, game: Game | None) -> bool:
    """Whether a tag left carries anything (a section's data counts); ``game`` None: a header value."""
    if game is not None and name in game.sections:
        return True
    if name == "Vulnerable":
        return value.strip().lower() not in NO_VULNERABILITY and value.strip() not in EMPTY
    return value.strip() not in EMPTY


def _filled_seat(games: list[Game], deal: WhistDeal) -> str | None:
    """The seat whose hand the file did not give (it was filled in), if any."""
    game = games[deal.game - 1]
    given = read_deal(game.tags["Deal"]).hands
    return next((s for s in SEATS if s not in given), None)


def ranges(numbers: set[int] | list[int]) -> str:
    """ "1-4, 7, 9-11"."""
    out: list[str] = []
    run: list[int] = []
    for n in sorted(set(numbers)):
        if run and n == run[-1] + 1:
            run.append(n)
            continue
        if run:
            out.append(_run(run))
        run = [n]
    if run:
        out.append(_run(run))
    return ", ".join(out)


def _run(run: list[int]) -> str:
    return str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}"
