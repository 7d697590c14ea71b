"""Scoring Mnemonic Duplicate (pp. 25-28, 66): each deal's original play against its overplay."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.scorers import explain, score, slips_from_json
from scoring.scorers.types import DealSlip, SlipError, SlipResult, Slips
from tournaments.movements import generate


def play(table: int, seats: dict, ns_tricks: int, **kw) -> SlipResult:
    return SlipResult(table=table, ns=seats["N"], ew=seats["E"], ns_tricks=ns_tricks, seats=seats, **kw)


def session_from(movement, tricks: dict[tuple[int, int], int], **kw) -> Slips:
    """Slips of a mnemonic movement: play 1 (original) and 2 (overplay) of each deal."""
    half = len(movement.rounds) // 2
    lines: dict[int, list[SlipResult]] = {}
    for index, r in enumerate(movement.rounds):
        t = r.tables[0]
        for tray in t.trays:
            p = 1 if index < half else 2
            lines.setdefault(tray, []).append(play(p, dict(t.seats), tricks[(tray, p)]))
    return Slips((1, 2, 3, 4), tuple(DealSlip(d, tuple(ls)) for d, ls in sorted(lines.items())), **kw)


@settings(max_examples=30, deadline=None)
@given(st.sampled_from([None, "individual"]), st.data())
def test_the_gains_of_the_four_players_always_add_to_nothing(variant, data):
    m = generate("mnemonic", deals=6, variant=variant)
    tricks = {(d, p): data.draw(st.integers(0, 13)) for d in range(1, 7) for p in (1, 2)}
    scores = score("mnemonic", session_from(m, tricks, declared_trump="S"))
    assert sum(t.total for t in scores.entrants) == 0
    for ds, d in zip(scores.deals, range(1, 7), strict=True):
        gain = tricks[(d, 1)] - tricks[(d, 2)]
        assert sorted(ds.scores.values()) == sorted([gain, gain, -gain, -gain])


def test_the_original_n_s_holders_gain_what_they_made_above_their_adversaries():
    m = generate("mnemonic", deals=2)
    slips = session_from(m, {(1, 1): 8, (1, 2): 6, (2, 1): 5, (2, 2): 5})
    scores = score("mnemonic", slips)
    assert scores.deals[0].scores == {1: 2, 2: -2, 3: 2, 4: -2}
    assert {t.entrant: t.extra["match"] for t in scores.entrants} == {1: 3, 2: 1, 3: 3, 4: 1}
    why = explain("mnemonic", slips, 2, 1)
    assert why.score == -2
    assert "On the original play 1 & 3 held the same cards and took 8." in why.text


def test_an_irregularity_in_the_hands_is_always_a_new_deal_at_one_table():
    m = generate("mnemonic", deals=1)
    t1, t2 = (r.tables[0].seats for r in m.rounds)
    slips = Slips((1, 2, 3, 4), (DealSlip(1, (play(1, dict(t1), 7), play(2, dict(t2), 6, law="V.2"))),))
    assert score("mnemonic", slips).deals[0].scores == {}
    assert "always be a new deal (p. 66)" in explain("mnemonic", slips, 1, 1).text


def test_it_refuses_an_overplay_where_a_player_holds_his_own_cards_again():
    same = {"N": 1, "E": 2, "S": 3, "W": 4}
    slips = Slips((1, 2, 3, 4), (DealSlip(1, (play(1, same, 7), play(2, same, 6))),))
    with pytest.raises(SlipError, match="a hand an adversary held"):
        score("mnemonic", slips)


def test_the_slips_json_of_a_sitting_with_a_declared_suit():
    seats1, seats2 = {"N": 1, "E": 2, "S": 3, "W": 4}, {"N": 4, "E": 1, "S": 2, "W": 3}
    data = {
        "entrants": [1, 2, 3, 4],
        "declared_trump": "H",
        "deals": [
            {
                "deal": 1,
                "trump": "H",
                "results": [
                    {"table": 1, "seats": seats1, "ns_tricks": 9},
                    {"table": 2, "seats": seats2, "ns_tricks": 7},
                ],
            }
        ],
    }
    slips = slips_from_json(data, method="mnemonic")
    assert score("mnemonic", slips).entrants[0].total == 2
