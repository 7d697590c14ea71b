"""The analysis of a movement: the checks behind the book's claims (pp. 31, 36, 38)."""

from __future__ import annotations

import ast
import json
from dataclasses import replace
from pathlib import Path

import pytest

import tournaments.movements as package
from tournaments.movements import Movement, Round, TableAssignment, generate
from tournaments.movements.analysis import analyse


def pairs_movement(rounds, entrants=4, trays=2, kind="pair"):
    """A movement from rows of (table, ns, ew, trays) per round."""
    return Movement(
        family="custom",
        entrants=entrants,
        tables=2,
        trays=trays,
        entrant_kind=kind,
        rounds=tuple(
            Round(
                number=i,
                tables=tuple(TableAssignment(table=t, ns=n, ew=e, trays=tuple(x)) for t, n, e, x in rows),
                sitout=tuple(out),
            )
            for i, (rows, out) in enumerate(rounds, start=1)
        ),
    )


def test_it_finds_a_pair_at_two_tables_in_one_round():
    m = pairs_movement([([(1, 1, 2, [1]), (2, 1, 4, [2])], [])])
    assert analyse(m).collisions == ("round 1: pair 1 at 2 places",)
    assert not analyse(m).sound


def test_it_finds_a_tray_at_two_tables_at_once_but_allows_an_exchange():
    clash = pairs_movement([([(1, 1, 2, [1]), (2, 3, 4, [1])], [])])
    assert "round 1: tray 1 at 2 tables at once" in analyse(clash).collisions
    exchange = pairs_movement([([(1, 1, 2, [1, 2]), (2, 3, 4, [2, 1])], [])])
    assert analyse(exchange).collisions == ()


def test_it_finds_a_pair_that_plays_and_sits_out():
    m = pairs_movement([([(1, 1, 2, [1]), (2, 3, 4, [2])], [3])])
    assert analyse(m).collisions == ("round 1: pair 3 both plays and sits out",)


def test_it_finds_trays_never_played_and_trays_played_twice():
    m = pairs_movement(
        [([(1, 1, 2, [1]), (2, 3, 4, [2])], []), ([(1, 1, 4, [1]), (2, 3, 2, [2])], [])], trays=3
    )
    a = analyse(m)
    assert a.trays_never_played == (3,)
    assert a.replays == ((1, 1), (3, 2))


def test_it_counts_meetings_comparisons_and_sit_outs_per_pair():
    m = generate("mitchell", tables=3)
    a = analyse(m)
    one = a.entrants[1]
    assert one.trays == (1, 2, 3)
    assert {p.direction for p in one.plays} == {"NS"}
    assert one.meetings == {2: 1, 4: 1, 6: 1}
    assert one.opponents == {2: 1, 4: 1, 6: 1}
    # N-S pair 1 is compared with the other N-S pairs on every tray, never with E-W
    assert one.comparisons == {3: 3, 5: 3}
    assert (a.comparisons.least, a.comparisons.most) == (0, 3)
    assert a.tray_plays == {1: 3, 2: 3, 3: 3}


def test_the_howell_claim_is_checkable():
    a = analyse(generate("howell", pairs=12))
    assert a.sound and a.meetings.least == a.meetings.most == 1


def test_the_safford_claim_is_checkable():
    a = analyse(generate("safford", pairs=12))
    assert a.sound and a.comparisons.spread == 0


def test_sit_outs_are_listed_per_pair_and_per_round():
    a = analyse(generate("howell", pairs=7))
    assert a.entrants[3].sitouts == (3,)
    assert a.sitouts_per_round == (1,) * 7


def test_it_reads_players_by_seat_in_individual_movements():
    m = Movement(
        family="custom", entrants=8, tables=2, trays=2, entrant_kind="player",
        rounds=(Round(number=1, tables=(
            TableAssignment(table=1, trays=(1, 2), seats={"N": 1, "E": 2, "S": 3, "W": 4}),
            TableAssignment(table=2, trays=(2, 1), seats={"N": 5, "E": 6, "S": 7, "W": 8}),
        )),),
    )  # fmt: skip
    a = analyse(m)
    assert a.sound
    assert a.entrants[1].partners == {3: 1}
    assert a.entrants[1].meetings == {2: 1, 4: 1}
    assert {p.direction for p in a.entrants[2].plays} == {"EW"}
    assert a.entrants[1].comparisons == {5: 2, 7: 2}


def test_a_team_may_sit_both_ways_in_one_round_but_not_one_way_twice():
    ok = pairs_movement([([(1, 1, 2, [1, 2]), (2, 2, 1, [2, 1])], [])], entrants=2, kind="team")
    assert analyse(ok).collisions == ()
    bad = pairs_movement([([(1, 1, 2, [1]), (2, 1, 2, [2])], [])], entrants=2, kind="team")
    assert len(analyse(bad).collisions) == 2


def test_the_analysis_json_is_plain_json():
    a = analyse(generate("safford", pairs=8, deals=28))
    data = json.loads(json.dumps(a.to_json()))
    assert data["sound"] is True
    assert data["balance"]["comparisons"] == {"min": 12, "max": 12, "spread": 0}
    assert data["entrants"][4]["entrant"] == 5
    assert data["entrants"][4]["plays"][0] == {"round": 1, "table": 4, "tray": 2, "direction": "EW"}


def test_a_movement_read_back_from_json_analyses_the_same():
    m = generate("clay", tables=5, deals=20, variant="mod3")
    assert analyse(Movement.from_json(m.to_json())).to_json() == analyse(m).to_json()


@pytest.mark.parametrize("path", sorted(Path(package.__file__).parent.glob("*.py")), ids=lambda p: p.name)
def test_the_movement_package_imports_nothing_from_django(path):
    tree = ast.parse(path.read_text())
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    assert not [n for n in names if n.split(".")[0] == "django"]


@pytest.mark.parametrize(("family", "size"), [("new-england", {"tables": 4}), ("fours-howell", {"teams": 6})])
def test_a_dummy_table_s_sit_outs_are_a_pair_each_not_a_whole_team(family, size):
    """With a dummy table (pp. 50-51) the sit-out names the team whose N-S pair, then the team whose E-W
    pair, sits out; each plays the other way at a table that round. The analysis read "team 2 both plays
    and sits out" and called the book's movement unsound."""
    m = generate(family, **size)
    assert any(r.sitout for r in m.rounds)
    a = analyse(m)
    assert a.collisions == () and a.sound
    first = next(r for r in m.rounds if r.sitout)
    ns_out = first.sitout[0]
    playing_ns = next(t for t in first.tables if t.ns is not None and t.ns != ns_out)
    broken = replace(first, sitout=(playing_ns.ns, first.sitout[1]))
    rounds = tuple(broken if r.number == first.number else r for r in m.rounds)
    clash = analyse(replace(m, rounds=rounds)).collisions
    assert f"round {first.number}: team {playing_ns.ns} (NS) both plays and sits out" in clash
