"""A session's results in PBN 2.1: each board's traveling slip as a ``ScoreTable`` (5.9).

A club's heat of a simultaneous event goes to the organiser as this file;
other programs read the same section. What is written, and read back:

- one game per board, in export format (``writer.py``): the 15 mandatory
  tags, ``[Site]`` the club's name (the organiser tells the heats apart by
  it; on reading, a board giving none or "?" is the club's too), the deal
  when it is given (else ``[Deal ""]``), then the section
  ``[ScoreTable "Table;Round;PairId_NS;PairId_EW;Result"]`` with one row per
  table that played the board (5.2: elements separated by one space, a row
  to a line).
- ``Result`` is N-S's tricks as the Result tag writes whose tricks they are
  (3.4.15): ``"NS 8"``, a string token since it holds a space. Whist has no
  declarer, so a bare number is refused on reading; "EW 5", "NS 8 EW 5" and
  "EW 5 NS 8" are read, and a caret ("^NS 8", tricks agreed wrongly) is
  taken as scored.
- the pairs' names, where the club gives them: the columns ``Names_NS``
  and ``Names_EW`` (5.9: the two players' names, or the partnership's), a
  string token each, within ``NAMES_MAX`` characters; on reading, names
  separated by ";" are joined with " & ".
- an artificial score (5.2, 5.9): ``Result`` is "-" and the columns
  ``Percentage_NS`` and ``Percentage_EW`` give each side's share of the top
  with a caret: ``^60`` ``^40``. They are written only on boards that have
  one ("-" on the other rows). A pair that sat out has no row.

Reading takes any column order, the '+'/'-' order marks and the minimum
widths ("Result\\\\6L", 5.2) of a hand-written table, rows spread over lines
as import format allows. Whatever is wrong stops the reading with a
``ResultsFileError`` naming the board and the row.

Pure Python, no Django.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .reader import Game, PBNFileError, decode, read_file
from .writer import CRLF, MANDATORY, ExportDeal, game_lines, latin1_text, tag

COLUMNS = ("Table", "Round", "PairId_NS", "PairId_EW", "Result")
ARTIFICIAL = ("Percentage_NS", "Percentage_EW")
NAMES = ("Names_NS", "Names_EW")
#: The longest names of a pair written or read (two a row keep the row within a line of 255, 2.3).
NAMES_MAX = 80
NEEDED = ("PairId_NS", "PairId_EW", "Result")
RESULT = re.compile(r"\^?(NS|EW) ([0-9]{1,2})(?: (NS|EW) ([0-9]{1,2}))?")
WIDTH = re.compile(r"\\[0-9]+[LR]?$")
TOKEN = re.compile(r'[^\s\[\]{};"%]+')


class ResultsFileError(ValueError):
    """A results file that cannot be read; the message names the board and the row."""


@dataclass(frozen=True)
class ResultLine:
    """One row of a board's ScoreTable: who sat where, and N-S's tricks (or the artificial scores)."""

    board: int
    ns: str
    ew: str
    ns_tricks: int | None
    table: int | None = None
    round: int | None = None
    ns_percent: Fraction | None = None
    ew_percent: Fraction | None = None
    ns_names: str = ""
    ew_names: str = ""


@dataclass(frozen=True)
class ResultHeat:
    """A results file read: the club (its ``[Site]``), the event and date, every row."""

    club: str
    event: str
    date: str
    lines: tuple[ResultLine, ...]

    def names(self) -> dict[str, str]:
        """Pair id -> the names the file gives the pair (its last row that gives any)."""
        out: dict[str, str] = {}
        for line in self.lines:
            for pair, names in ((line.ns, line.ns_names), (line.ew, line.ew_names)):
                if names:
                    out[pair] = names
        return out

    def by_board(self) -> dict[int, tuple[ResultLine, ...]]:
        """The rows board by board, in board order."""
        out: dict[int, list[ResultLine]] = {}
        for line in self.lines:
            out.setdefault(line.board, []).append(line)
        return {board: tuple(out[board]) for board in sorted(out)}


def results_text(
    *,
    site: str,
    event: str,
    date: dt.date | None,
    lines: Iterable[ResultLine],
    deals: Sequence[ExportDeal] = (),
    status: str = "",
    changes: Sequence[str] = (),
) -> str:
    """A session's results in export format, a game per board with a ScoreTable, as text; ``status``
    ("Provisional until ...", "Final") a comment line after the format's own, and each of the ``changes``
    made to the published results ("Tray 2, table 2 corrected from ... on ...: why") one after it."""
    by_board: dict[int, list[ResultLine]] = {}
    for line in lines:
        by_board.setdefault(line.board, []).append(line)
    hands = {d.board: d for d in deals}
    out = ["% PBN 2.1", "% EXPORT"]
    for said in ([status] if status else []) + list(changes):
        out.append("% " + " ".join(latin1_text(said).split()))
    for number, board in enumerate(sorted(by_board)):
        if number:
            out.append("")
        deal = hands.get(board)
        if deal is not None:
            out += game_lines(deal, event=event, date=date, site=site)
        else:
            out += _bare_tags(board, event=event, date=date, site=site)
        out += _score_table(by_board[board])
    return CRLF.join(out) + CRLF


def results_bytes(
    *,
    site: str,
    event: str,
    date: dt.date | None,
    lines: Iterable[ResultLine],
    deals: Sequence[ExportDeal] = (),
    status: str = "",
    changes: Sequence[str] = (),
) -> bytes:
    """The file as bytes, ISO-8859-1 (2.2)."""
    text = results_text(
        site=site, event=event, date=date, lines=lines, deals=deals, status=status, changes=changes
    )
    return text.encode("iso-8859-1")


def _bare_tags(board: int, *, event: str, date: dt.date | None, site: str) -> list[str]:
    """The mandatory tags of a board whose hands are not given."""
    values = dict.fromkeys(MANDATORY, "")
    values.update(
        Event=event or "?",
        Site=site or "?",
        Date=f"{date:%Y.%m.%d}" if date else "????.??.??",
        Board=str(board),
        Vulnerable="None",
    )
    return [tag(name, values[name]) for name in MANDATORY]


def _score_table(rows: list[ResultLine]) -> list[str]:
    """The ScoreTable tag and its rows, one a line."""
    artificial = any(r.ns_tricks is None for r in rows)
    named = any(r.ns_names or r.ew_names for r in rows)
    columns = COLUMNS + (ARTIFICIAL if artificial else ()) + (NAMES if named else ())
    out = [tag("ScoreTable", ";".join(columns))]
    for row in rows:
        cells = [_number(row.table), _number(row.round), _token(row.ns), _token(row.ew)]
        if row.ns_tricks is None:
            cells += ["-", _percent(row.ns_percent), _percent(row.ew_percent)]
        else:
            cells.append(f'"NS {row.ns_tricks}"')
            cells += ["-", "-"] if artificial else []
        cells += [_names(row.ns_names), _names(row.ew_names)] if named else []
        out.append(" ".join(cells))
    return out


def _names(names: str) -> str:
    """A pair's names as a string token ("-" for none)."""
    clean = latin1_text(names).strip()[:NAMES_MAX]
    return '"' + clean.replace("\\", "\\\\").replace('"', '\\"') + '"' if clean else "-"


def _number(value: int | None) -> str:
    return "?" if value is None else str(value)


def _token(text: str) -> str:
    """A section token as it is, or a string token when it has characters a section token may not."""
    if TOKEN.fullmatch(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _percent(value: Fraction | None) -> str:
    """An artificial percentage with its caret: "^60", "^57.5", "^170/3"."""
    if value is None:
        return "?"
    value = Fraction(value)
    for places in range(7):
        scaled = value * 10**places
        if scaled.denominator == 1:
            whole, rest = divmod(scaled.numerator, 10**places)
            return f"^{whole}.{rest:0{places}d}" if places else f"^{whole}"
    return f"^{value.numerator}/{value.denominator}"


def read_results(data: bytes | str) -> ResultHeat:
    """A results file read into its club and rows, or ``ResultsFileError`` saying why not."""
    try:
        text = decode(data) if isinstance(data, bytes) else data
    except PBNFileError as exc:
        raise ResultsFileError(str(exc)) from exc
    pbn = read_file(text)
    problems = [f"line {line}: {message}" for line, message in pbn.problems]
    problems += [f"line {line}: {message}" for g in pbn.games for line, message in g.problems]
    games = [g for g in pbn.games if "ScoreTable" in g.tags]
    if not problems and not games:
        problems.append("there is no ScoreTable in the file: it holds no results")
    lines: list[ResultLine] = []
    for game in games:
        lines += _game_rows(game, problems)
    clubs = {g.tags.get("Site", "").strip() for g in games} - {"", "?"}
    if not problems and len(clubs) != 1:
        problems.append("the [Site] tag must name the club, the same on every board that gives it")
    if problems:
        more = len(problems) - 1  # one line for a command's error; the count says there is more
        raise ResultsFileError(problems[0] + (f" (and {more} more problems)" if more > 0 else ""))
    first = games[0].tags
    return ResultHeat(clubs.pop(), first.get("Event", ""), first.get("Date", ""), tuple(lines))


def _game_rows(game: Game, problems: list[str]) -> list[ResultLine]:
    """The rows of one game's ScoreTable."""
    board_text = game.tags.get("Board", "").strip()
    if not board_text.isdigit() or int(board_text) < 1:
        problems.append(f"game {game.number} (line {game.line}): a ScoreTable with no board number")
        return []
    board = int(board_text)
    columns = [_column(c) for c in game.tags["ScoreTable"].split(";")]
    missing = [c for c in NEEDED if c not in columns]
    if missing:
        problems.append(f"board {board}: the ScoreTable has no column {', '.join(missing)}")
        return []
    cells = game.data.get("ScoreTable", [])
    if len(cells) % len(columns):
        problems.append(
            f"board {board}: the ScoreTable's {len(cells)} elements are not whole rows of "
            f"{len(columns)} columns"
        )
        return []
    rows = [
        dict(zip(columns, cells[i : i + len(columns)], strict=True))
        for i in range(0, len(cells), len(columns))
    ]
    out = []
    for number, row in enumerate(rows, start=1):
        try:
            out.append(_row(board, row))
        except ValueError as exc:
            problems.append(f"board {board}, row {number}: {exc}")
    return out


def _column(name: str) -> str:
    """A column's name without its order mark and minimum width (5.2)."""
    return WIDTH.sub("", name.strip().lstrip("+-"))


def _row(board: int, row: dict[str, str]) -> ResultLine:
    """One row read; ``ValueError`` says what is wrong with it."""
    ns, ew = row["PairId_NS"], row["PairId_EW"]
    if ns in ("", "?", "-") or ew in ("", "?", "-"):
        raise ValueError("the pairs are not named in PairId_NS and PairId_EW")
    table, rnd = _optional_number(row.get("Table"), "Table"), _optional_number(row.get("Round"), "Round")
    result = row["Result"]
    ns_names, ew_names = _read_names(row.get("Names_NS")), _read_names(row.get("Names_EW"))
    if result.lstrip("^") == "-":
        ns_percent = _artificial(row.get("Percentage_NS"), "Percentage_NS")
        ew_percent = _artificial(row.get("Percentage_EW"), "Percentage_EW")
        return ResultLine(board, ns, ew, None, table, rnd, ns_percent, ew_percent, ns_names, ew_names)
    return ResultLine(board, ns, ew, _ns_tricks(result), table, rnd, ns_names=ns_names, ew_names=ew_names)


def _read_names(text: str | None) -> str:
    """A Names element: "" for none ("-", "?"), players separated by ";" joined with " & "."""
    if text is None or text.strip() in ("", "-", "?"):
        return ""
    return " & ".join(part.strip() for part in text.split(";") if part.strip())[:NAMES_MAX]


def _ns_tricks(result: str) -> int:
    """N-S's tricks from "NS 8", "EW 5", "NS 8 EW 5" (3.4.15)."""
    match = RESULT.fullmatch(result.strip())
    if match is None:
        if result.strip().lstrip("^").isdigit():
            raise ValueError(f'the result {result!r} does not say whose tricks; write "NS {result}"')
        raise ValueError(f'the result {result!r} is not N-S\'s tricks as "NS 8"')
    side, tricks, other_side, other = match.groups()
    ns = int(tricks) if side == "NS" else 13 - int(tricks)
    if not 0 <= int(tricks) <= 13:
        raise ValueError(f"the result {result!r}: tricks are 0 to 13")
    if other_side is not None:
        other_ns = int(other) if other_side == "NS" else 13 - int(other)
        if other_side == side or other_ns != ns:
            raise ValueError(f"the result {result!r}: the two sides' tricks do not make 13")
    return ns


def _optional_number(text: str | None, column: str) -> int | None:
    """A Table or Round element: a whole number, or unknown."""
    if text is None or text in ("?", "-"):
        return None
    if not text.isdigit():
        raise ValueError(f"{column} {text!r} is not a whole number")
    return int(text)


def _artificial(text: str | None, column: str) -> Fraction:
    """An artificial percentage, "^60" (the caret optional), from 0 to 100."""
    if text is None or text.lstrip("^") in ("", "?", "-"):
        raise ValueError(f"an artificial score (Result '-') needs its {column}")
    try:
        value = Fraction(text.lstrip("^"))
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{column} {text!r} is not a percentage") from None
    if not 0 <= value <= 100:
        raise ValueError(f"{column} {text!r} is outside 0..100")
    return value
