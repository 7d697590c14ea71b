"""A movement's balance through ``manage.py movement balance``, against the published figures.

The figures are published ones (docs/design.md, "Sources beyond the book"):
John Manning's amount of competition ("Competition, balance and
arrow-switching"), Ross Moore's Mitchell table in the Jeanie scorer's help,
bridgecentral.com's perfect 4-table Howell, pjms.nl's 8-pair 8-round Howell.
The Mitchell is the book's (W. H. Barney, *Whist and Duplicate Whist*, 1900,
p. 31), one deal a round.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tournaments.movements.analysis import analyse
from tournaments.movements.balance import balance, figures
from tournaments.movements.balance_table import table
from tournaments.movements.balance_text import keeps_directions
from tournaments.movements.design import arrow_switch, best_switch, design_players, switches
from tournaments.movements.registry import generate
from tournaments.movements.types import Movement, MovementUserError, Round, TableAssignment

DATA = Path(__file__).parent / "data"


def run(*args: str) -> str:
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def balance_of(tmp_path: Path, m: Movement | dict[str, Any]) -> dict[str, Any]:
    """``movement balance --input FILE --json`` of a movement."""
    path = tmp_path / "movement.json"
    path.write_text(json.dumps(m.to_json() if isinstance(m, Movement) else m))
    return json.loads(run("balance", "--input", str(path), "--json"))


#: Moore's table: tables, mean, s.d. with no switch, one round switched, rounds 1 and 2 switched.
MOORE = [
    (5, 2.222, 2.4845, 1.6178, 3.3921),
    (7, 3.231, 3.4896, 1.0491, 3.3086),
    (9, 4.235, 4.4922, 1.1647, 2.8186),
    (11, 5.238, 5.4938, 1.8748, 2.2447),
    (13, 6.240, 6.4948, 2.7609, 1.7727),
]


@pytest.mark.parametrize(("tables", "mean", "plain", "one", "two"), MOORE)
def test_the_mitchells_figures_plain_and_arrow_switched(
    tmp_path: Path, tables: int, mean: float, plain: float, one: float, two: float
) -> None:
    mitchell = generate("mitchell", tables=tables)
    assert mitchell.trays == tables and all(len(t.trays) == 1 for r in mitchell.rounds for t in r.tables)
    for rounds, sd in (((), plain), ((1,), one), ((1, 2), two)):
        got = balance_of(tmp_path, arrow_switch(mitchell, rounds))
        assert got["mean"] == pytest.approx(mean, abs=5e-4)
        assert got["sd"] == pytest.approx(sd, abs=1e-4), (tables, rounds)


@pytest.mark.parametrize("tables", [5, 7, 9, 11, 13])
def test_one_switched_round_is_best_up_to_eleven_tables_and_two_from_thirteen(tables: int) -> None:
    mitchell = generate("mitchell", tables=tables)
    best = best_switch(mitchell)
    assert len(best.rounds) == (1 if tables <= 11 else 2)
    plain = next(s for s in switches(mitchell) if not s.rounds)
    assert best.balance.summary.sd < plain.balance.summary.sd


def test_without_a_switch_the_same_line_scores_t_and_opposite_lines_nothing(tmp_path: Path) -> None:
    got = balance_of(tmp_path, generate("mitchell", tables=7))
    ns = [e - 1 for e in got["entrants"] if e % 2 == 1]
    ew = [e - 1 for e in got["entrants"] if e % 2 == 0]
    matrix = got["competition"]
    assert {matrix[a][b] for a in ns for b in ns if a != b} == {7}
    assert {matrix[a][b] for a in ns for b in ew} == {0}
    assert got["best_switch"]["rounds"] == [1]


def test_mannings_seven_table_mitchell_shares_294_among_91(tmp_path: Path) -> None:
    got = balance_of(tmp_path, generate("mitchell", tables=7))
    assert got["total"] == 7 * 7 * 1 * 6 == 294
    assert got["mean_exact"] == "42/13"  # 294 / 91 = 3.23


def perfect_howell() -> Movement:
    """bridgecentral.com's 4-table Howell: round r, pairs mod 7, pair 8 fixed; first pair N-S."""

    def p(x: int) -> int:
        return (x - 1) % 7 + 1

    rounds = []
    for r in range(1, 8):
        games = [(8, p(r), p(r)), (p(r + 3), p(r + 4), p(r - 1)), (p(r - 1), p(r + 1), p(r - 2))]
        games.append((p(r - 2), p(r + 2), p(r - 4)))
        tables = tuple(
            TableAssignment(table=k + 1, ns=a, ew=b, trays=(s,)) for k, (a, b, s) in enumerate(games)
        )
        rounds.append(Round(number=r, tables=tables))
    return Movement(family="howell", entrants=8, tables=4, trays=7, rounds=tuple(rounds))


def test_the_perfect_four_table_howell(tmp_path: Path) -> None:
    got = balance_of(tmp_path, perfect_howell())
    assert {v for row in got["competition"] for v in row if v is not None} == {3}
    assert got["sd"] == 0 and got["qf"] == 100 and got["balanced"] is True
    assert "It is balanced" in run("balance", "--input", str(tmp_path / "movement.json"))


def test_an_eight_pair_eight_round_howell_with_pjms_figures(tmp_path: Path) -> None:
    """The amounts of pjms's version 3 (2 for 12 pairs of pairs, 4 for 12, 6 for 4), here in a Howell
    the designer found: s.d. 1.40, SS 384, SS_min 336, Qf 87.50."""
    data = json.loads((DATA / "howell_8_pairs_8_rounds.json").read_text())
    got = balance_of(tmp_path, data)
    amounts = Counter(v for i, row in enumerate(got["competition"]) for v in row[i + 1 :])
    assert amounts == {2: 12, 4: 12, 6: 4}
    assert (got["ss"], got["ss_min"], got["qf"]) == (384, 336, 87.5)
    assert got["sd"] == pytest.approx(1.40, abs=5e-3) and got["mean"] == pytest.approx(3.4286, abs=1e-4)
    assert figures([2] * 12 + [4] * 12 + [6] * 4).qf == 87.5


def test_an_individual_movement_counts_partners_and_opponents() -> None:
    b = balance(generate("individual", players=8))
    assert b.partners is not None and b.opponents is not None
    assert b.whist_tournament in (True, False)
    assert any("partner" in line for line in b.words())


def test_teams_of_four_are_refused_with_a_reason() -> None:
    with pytest.raises(MovementUserError, match="not for teams"):
        balance(generate("fours-howell", teams=4))


def test_keeps_directions_only_when_every_pair_sits_one_way() -> None:
    mitchell = generate("mitchell", tables=5)
    assert keeps_directions(mitchell)
    assert not keeps_directions(arrow_switch(mitchell, [1]))


def test_a_switched_round_swaps_every_table_and_says_so() -> None:
    mitchell = generate("mitchell", tables=5)
    switched = arrow_switch(mitchell, [2])
    for before, after in zip(mitchell.rounds[1].tables, switched.rounds[1].tables, strict=True):
        assert (after.ns, after.ew) == (before.ew, before.ns)
    assert switched.rounds[0] == mitchell.rounds[0]
    assert "Arrow switch in round 2" in switched.notes[-1]
    with pytest.raises(MovementUserError, match="no round 9"):
        arrow_switch(mitchell, [9])


def test_the_generated_movement_takes_a_switch_on_the_command_line() -> None:
    plain = json.loads(run("mitchell", "--tables", "7", "--json"))
    best = json.loads(run("mitchell", "--tables", "7", "--json", "--switch", "best"))
    first = plain["rounds"][0]["tables"][0]
    assert best["rounds"][0]["tables"][0]["ns"] == first["ew"]
    assert best["rounds"][1] == plain["rounds"][1]


def test_the_docs_table_of_every_systems_figures_is_generated() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "balance.md").read_text(encoding="utf-8")
    assert doc == table(), "run: python -m tournaments.movements.balance_table > docs/balance.md"
    assert "| Mitchell System (pp. 31-33) |  | 14 pairs | 7 | 7 | 3.23 | 3.49 | 46.94 | round 1:" in doc


@pytest.mark.slow
def test_the_designer_on_the_command_line_for_pairs_and_players() -> None:
    found = json.loads(run("design", "--pairs", "8", "--rounds", "7", "--seconds", "3", "--json"))
    m = Movement.from_json(found)
    assert analyse(m).sound and found["balance"]["qf"] > 0
    assert {e for r in m.rounds for t in r.tables for e in (t.ns, t.ew)} == set(range(1, 9))
    players = json.loads(run("design", "--players", "13", "--seconds", "5", "--json"))
    assert players["balance"]["whist_tournament"] is True
    assert analyse(Movement.from_json(players)).sound
    plain = json.loads(run("design", "--players", "16", "--seconds", "2"))
    assert "balance" not in plain and plain["entrant_kind"] == "player"


def test_the_designer_says_when_it_is_asked_for_too_much() -> None:
    from django.core.management import CommandError

    with pytest.raises(CommandError, match="4 to 30 pairs"):
        run("design", "--pairs", "40", "--rounds", "5")
    with pytest.raises(CommandError, match="multiple of four or one more"):
        run("design", "--players", "14")
    with pytest.raises(CommandError, match="--pairs N --rounds R"):
        run("design", "--pairs", "8")


def test_a_designed_individual_movement_for_twelve_says_none_is_balanced() -> None:
    m = design_players(12, seconds=1)
    b = balance(m)
    assert b.partners is not None and set(b.partners.values()) == {1}
    assert any("No balanced whist tournament exists for 12 players" in n for n in m.notes)


def _partner_starters(m: int) -> Iterator[tuple[set[int], set[int]]]:
    """Every two tables of residues 1..m-1 whose partners' differences cover each difference once (the
    designer's starters for m players, one sitting out each round)."""

    def pairings(rest: list[int]) -> Iterator[list[tuple[int, int]]]:
        if not rest:
            yield []
            return
        for i in range(1, len(rest)):
            for more in pairings(rest[1:i] + rest[i + 1 :]):
                yield [(rest[0], rest[i]), *more]

    for partners in pairings(list(range(1, m))):
        if sorted(min((a - b) % m, (b - a) % m) for a, b in partners) == list(range(1, m // 2 + 1)):
            for first in ((0, 1), (0, 2), (0, 3)):
                one = {x for i in first for x in partners[i]}
                yield one, set(range(1, m)) - one


def test_the_designer_says_plainly_why_8_and_9_players_cannot_be_searched() -> None:
    """Two tables, one deal a round, each deal in one tray: a player meets deal off_k + x − a at table k, so
    every player plays every deal once only if table 1's residues moved on by the tables' offset c ≠ 0 miss
    table 2's. For 8 players (7 residues, the eighth stationary) that asks four residues of 7 to be moved onto
    themselves; for 9, no starter at all allows it (each is tried here)."""
    from django.core.management import CommandError

    assert not any(
        {(a + c) % 9 for a in one}.isdisjoint(two) for one, two in _partner_starters(9) for c in range(1, 9)
    )
    for players, words in ((8, "individual match for 8 players (p. 27)"), (9, "no such arrangement exists")):
        with pytest.raises(CommandError, match=re.escape(words)):
            run("design", "--players", str(players), "--seconds", "30")


def test_the_words_print_a_negative_amount_with_a_true_minus() -> None:
    """A Narragansett of 4 tables compares some two pairs the opposite way (amounts from −24): the words
    say "−24", as they say "−1 the opposite way", not a hyphen."""
    words = balance(generate("narragansett", tables=4)).words()
    assert "the amounts run from \u221224 to 28" in words[1], words[1]
    assert not any(re.search(r"(?<![\w-])-\d", line) for line in words), words
