"""Plain-text rendering of a movement for the terminal, and the ``movement`` command's logic.

Terms (Barney, 1900): a cell "8 v 1 (1)" is N-S pair 8 against E-W pair 1
playing tray 1, the book's own notation for its schedules (pp. 25, 31, 39);
a seats-based cell is "N3 E9 S4 W10 (1, 2)". Runs of trays are shortened:
"(1-4)". Rounds run down the page, tables across.

``movement_command`` is the whole of ``python manage.py movement`` apart from
argument parsing: it returns the text to print or raises
``MovementUserError`` with the book's reason. Nothing here imports Django.
"""

from __future__ import annotations

import json

from .analysis import Analysis, analyse
from .design import arrow_switch, best_switch
from .limits import SEAT_MAX_TABLES, check_size
from .registry import FAMILIES, generate
from .types import SEATS, Movement, MovementUserError, TableAssignment


def tray_list(trays: tuple[int, ...]) -> str:
    """Trays as "1, 8, 15" or, for a run of consecutive numbers, "1-4"."""
    if len(trays) > 2 and list(trays) == list(range(trays[0], trays[0] + len(trays))):
        return f"{trays[0]}-{trays[-1]}"
    return ", ".join(map(str, trays))


def cell(t: TableAssignment | None) -> str:
    """One table in one round: "8 v 1 (1)"."""
    if t is None:
        return "-"
    if t.seats is not None:
        who = " ".join(f"{s}{t.seats[s]}" for s in SEATS if s in t.seats)
    else:
        who = f"{t.ns} v {t.ew}"
    return f"{who} ({tray_list(t.trays)})"


def _title(m: Movement) -> str:
    """The first line: system, size and source."""
    fam = FAMILIES.get(m.family)
    name, pages = (fam.title, fam.pages) if fam else (m.family, "custom")
    variant = f", {m.variant}" if m.variant else ""
    return (
        f"{name}{variant}: {m.entrants} {m.entrant_kind}s, {m.tables} tables, "
        f"{m.trays} trays, {len(m.rounds)} rounds ({pages})"
    )


def render_text(m: Movement, analysis: bool = False) -> str:
    """The movement as a table of rounds by tables, with notes and (optionally) its analysis."""
    numbers = sorted({t.table for r in m.rounds for t in r.tables} | set(range(1, m.tables + 1)))
    header = ["Round"] + [f"Table {n}" for n in numbers]
    has_sitout = any(r.sitout for r in m.rounds)
    if has_sitout:
        header.append("Sits out")
    rows = []
    for r in m.rounds:
        at = {t.table: t for t in r.tables}
        row = [str(r.number)] + [cell(at.get(n)) for n in numbers]
        if has_sitout:
            row.append(", ".join(map(str, r.sitout)) or "-")
        rows.append(row)
    widths = [max(len(x[i]) for x in [header, *rows]) for i in range(len(header))]
    lines = [_title(m), ""]
    for row in [header, *rows]:
        lines.append("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip())
    lines += [f"Note: {n}" for n in m.notes]
    if analysis:
        lines += ["", *summary_lines(analyse(m))]
    return "\n".join(lines) + "\n"


def summary_lines(a: Analysis) -> list[str]:
    """The analysis in a few lines of text."""
    plays = sorted(set(a.tray_plays.values()))
    lines = [
        f"Sound: {'yes' if a.sound else 'NO'}",
        f"Each tray played at {', '.join(map(str, plays)) or 'no'} tables",
        f"Meetings between two entrants: {a.meetings.least} to {a.meetings.most}",
        f"Trays in comparison between two entrants: {a.comparisons.least} to {a.comparisons.most}",
    ]
    if any(a.sitouts_per_round):
        lines.append(f"Sit-outs per round: {max(a.sitouts_per_round)}")
    lines += [f"Collision: {c}" for c in a.collisions]
    lines += [f"Tray {t} is never played" for t in a.trays_never_played]
    lines += [f"Entrant {e} plays tray {t} twice" for e, t in a.replays]
    return lines


def movement_command(
    family: str,
    *,
    pairs: int | None = None,
    tables: int | None = None,
    teams: int | None = None,
    players: int | None = None,
    deals: int | None = None,
    variant: str | None = None,
    as_json: bool = False,
    analyse_it: bool = False,
    switch: str | None = None,
) -> str:
    """What ``manage.py movement`` prints: the movement JSON or text table (``switch``: the rounds to
    arrow-switch, "1,2", or "best").

    Sizes past what a director seats (``limits.SEAT_MAX_TABLES`` tables' worth, ``limits.MAX_DEALS``
    deals) are refused before any engine runs: a mistyped million tables ran for minutes and took
    gigabytes."""
    check_size(
        deals=deals, most_tables=SEAT_MAX_TABLES, pairs=pairs, tables=tables, teams=teams, players=players
    )
    sized = not (pairs is None and tables is None and teams is None and players is None)
    try:
        m = generate(
            family, pairs=pairs, tables=tables, teams=teams, players=players, deals=deals, variant=variant
        )
    except MovementUserError as exc:
        if sized or family not in FAMILIES:
            raise
        raise MovementUserError(f"give the size: --pairs, --tables, --teams or --players ({exc})") from exc
    if switch:
        m = switched(m, switch)
    if not as_json:
        return render_text(m, analysis=analyse_it)
    data = m.to_json()
    if analyse_it:
        data["analysis"] = analyse(m).to_json()
    return json.dumps(data, indent=2) + "\n"


def switched(m: Movement, switch: str) -> Movement:
    """The movement arrow-switched in the rounds named ("1,2"), or in those that balance it best ("best")."""
    if switch.strip() == "best":
        return arrow_switch(m, best_switch(m).rounds)
    try:
        rounds = [int(x) for x in switch.split(",") if x.strip()]
    except ValueError as exc:
        raise MovementUserError(f"--switch takes round numbers such as 1,2, or best: not {switch!r}") from exc
    return arrow_switch(m, rounds)
