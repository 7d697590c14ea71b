"""Progressive whist scoring, points and counters, and the prize list (p. 24).

A drive is run through the movement engine with random tricks, then scored:
counters always balance to the starting total, and the points are the
winners' tricks over six, the losers scoring 0.
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.scorers import explain, prize_list, score, scores_to_json, slips_from_json
from scoring.scorers.progressive import hands
from scoring.scorers.types import AverageAward, DealSlip, SlipError, SlipResult, Slips
from tournaments.movements import generate
from tournaments.movements.drive import TableResult, first_change, next_change


def seated(table: int, seats: dict, ns_tricks: int) -> SlipResult:
    """A slip line naming the four players by seat (N-S and E-W default to N and E)."""
    return SlipResult(table=table, ns=seats["N"], ew=seats["E"], ns_tricks=ns_tricks, seats=seats)


def run_drive(method: str, tables: int, tricks: list[int]) -> Slips:
    """Play ``len(tricks) // tables`` changes of a drive with these N-S tricks, as slips."""
    change = first_change(tables, method)
    deals = []
    for c in range(len(tricks) // tables):
        row = tricks[c * tables : (c + 1) * tables]
        for t, ns in enumerate(row, start=1):
            line = seated(t, dict(change.seating[t]), ns)
            deals.append(DealSlip(deal=c * tables + t, results=(line,)))
        res = {t: TableResult.from_tricks(t, ns) for t, ns in enumerate(row, start=1)}
        change = next_change(method, change.seating, res, number=change.number + 1)
    return Slips(entrants=tuple(range(1, 4 * tables + 1)), deals=tuple(deals))


@st.composite
def drives(draw: st.DrawFn) -> Slips:
    tables = draw(st.integers(min_value=2, max_value=40))
    changes = draw(st.integers(min_value=1, max_value=4))
    tricks = draw(st.lists(st.integers(0, 13), min_size=tables * changes, max_size=tables * changes))
    return run_drive(draw(st.sampled_from(["first", "second", "second-alt"])), tables, tricks)


@settings(max_examples=40, deadline=None)
@given(drives())
def test_the_counters_always_balance_to_twenty_five_each(slips):
    scores = score("counters", slips)
    assert sum(t.total for t in scores.entrants) == 25 * len(slips.entrants)
    assert scores.summary["counters"] == 25 * len(slips.entrants)
    for ds in scores.deals:
        assert sum(ds.scores.values()) == 0  # the losers pay exactly what the winners take


@settings(max_examples=40, deadline=None)
@given(drives())
def test_the_winners_score_their_tricks_over_six_and_the_losers_nothing(slips):
    scores = score("points", slips)
    for deal, ds in zip(slips.deals, scores.deals, strict=True):
        ns = deal.results[0].ns_tricks
        points = max(ns, 13 - ns) - 6
        assert sorted(ds.scores.values()) == [0, 0, points, points]
    counters = {t.entrant: t.total for t in score("counters", slips).entrants}
    for t in scores.entrants:  # the gains less the losses is the counters won
        assert t.plus_minus == counters[t.entrant] - 25


def test_it_scores_a_table_of_four_by_points_and_counters():
    line = seated(1, {"N": 1, "E": 2, "S": 3, "W": 4}, 9)
    slips = Slips(entrants=(1, 2, 3, 4), deals=(DealSlip(1, (line,)),))
    assert score("points", slips).deals[0].scores == {1: 3, 2: 0, 3: 3, 4: 0}
    assert score("counters", slips).deals[0].scores == {1: 3, 2: -3, 3: 3, 4: -3}
    totals = {t.entrant: t.total for t in score("counters", slips).entrants}
    assert totals == {1: 28, 2: 22, 3: 28, 4: 22}


def test_the_third_and_fourth_methods_score_pairs_the_same_way():
    movement = generate("progressive", pairs=8, variant="fourth")
    deals = tuple(
        DealSlip(t.trays[0], (SlipResult(table=t.table, ns=t.ns, ew=t.ew, ns_tricks=7 + t.table % 2),))
        for r in movement.rounds
        for t in r.tables
    )
    slips = Slips(entrants=tuple(range(1, 9)), deals=deals)
    scores = score("counters", slips)
    assert sum(t.total for t in scores.entrants) == 8 * 25
    assert score("points", slips).entrants[0].total > 0


def test_a_sitting_out_pair_scores_nothing_and_an_adjusted_score_is_refused():
    line = SlipResult(table=1, ns=1, ew=2, ns_tricks=5)
    slips = Slips((1, 2, 3), (DealSlip(1, (line,), averages=(AverageAward(3),)),))
    assert score("points", slips).deals[0].scores == {1: 0, 2: 2}
    bad = SlipResult(table=1, ns=1, ew=2, ns_tricks=None, adjusted=("average", "average"))
    with pytest.raises(SlipError, match="not duplicate and has no average"):
        score("points", Slips((1, 2), (DealSlip(1, (bad,)),)))


def test_the_slips_json_serves_a_drive_and_the_scores_json_says_the_method():
    data = {
        "entrants": [1, 2, 3, 4],
        "deals": [
            {"deal": 1, "results": [{"table": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}, "ns_tricks": 4}]}
        ],
    }
    out = scores_to_json(score("counters", slips_from_json(data, method="counters")))
    assert out["method"] == "counters"
    assert out["deals"] == [{"deal": 1, "scores": {"1": "-3", "2": "3", "3": "-3", "4": "3"}}]
    assert out["entrants"][0] == {
        "entrant": 2,
        "total": "28",
        "plus_minus": "3",
        "rank": 1,
        "extra": {"gains": "3", "losses": "0"},
    }


def test_it_explains_a_drive_score_card_line():
    line = seated(3, {"N": 1, "E": 2, "S": 3, "W": 4}, 9)
    slips = Slips(entrants=(1, 2, 3, 4), deals=(DealSlip(7, (line,)),))
    why = explain("points", slips, 3, 7)
    assert why.score == 3
    assert "On deal 7 you sat at table 3 with 1 as partner against 2 & 4." in why.text
    assert "9 tricks, 3 over the book" in why.text
    loser = explain("counters", slips, 2, 7)
    assert loser.score == -3 and "you pay 3 counters" in loser.text


def test_the_prize_list_gives_tied_players_the_higher_place():
    lines = [
        seated(1, {"N": 1, "E": 2, "S": 3, "W": 4}, 9),
        seated(2, {"N": 5, "E": 6, "S": 7, "W": 8}, 8),
    ]
    slips = Slips(tuple(range(1, 9)), tuple(DealSlip(i, (ln,)) for i, ln in enumerate(lines, 1)))
    prizes = prize_list(score("points", slips), 3, booby=True)
    assert [(p.place, p.entrants, p.total) for p in prizes] == [
        (1, (1, 3), F(3)),
        (3, (5, 7), F(2)),
        (5, (2, 4, 6, 8), F(0)),
    ]
    assert "share the place" in prizes[0].note
    assert prizes[-1].note == "booby prize; 4 tied, they cut for it"
    assert prizes[0].to_json() == {"place": 1, "entrants": [1, 3], "total": "3", "note": prizes[0].note}
    assert [p.place for p in prize_list(score("points", slips), 2)] == [1]


def test_manage_py_score_takes_points_counters_and_mnemonic(tmp_path):
    import io
    import json

    from django.core.management import call_command

    seats = {"N": 1, "E": 2, "S": 3, "W": 4}
    drive = {
        "entrants": [1, 2, 3, 4],
        "deals": [{"deal": 1, "results": [{"table": 1, "seats": seats, "ns_tricks": 4}]}],
    }
    path = tmp_path / "slips.json"
    path.write_text(json.dumps(drive))
    for method, total in (("points", "3"), ("counters", "28")):
        out = io.StringIO()
        call_command("score", method, "--input", str(path), "--json", stdout=out)
        assert json.loads(out.getvalue())["entrants"][0]["total"] == total
    out = io.StringIO()
    call_command("score", "counters", "--input", str(path), stdout=out)
    assert out.getvalue().startswith("Progressive whist: counters (p. 24)")


def test_a_table_with_an_empty_seat_is_refused_by_name() -> None:
    """Four to a table (p. 24): a line whose seat has no player is a ``SlipError`` naming the deal."""
    line = SlipResult(table=2, ns=1, ew=2, ns_tricks=8, seats={"N": 1, "E": 2, "S": 3})
    slips = Slips(entrants=(1, 2, 3, 4), deals=(DealSlip(deal=5, results=(line,)),))
    with pytest.raises(SlipError, match=r"deal 5, line 1 \(table 2\): seats must name N, E, S and W"):
        score("points", slips)
    with pytest.raises(SlipError, match=r"deal 5, line 1 \(table 2\): a seat has no player"):
        list(hands(slips))  # read alone, as a player's score card reads it
