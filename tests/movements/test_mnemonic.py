"""Single table, or Mnemonic Duplicate (pp. 25-27, 66): every deal twice, from each side once."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tournaments.movements import MovementUserError, generate
from tournaments.movements.mnemonic import overplay_order

NS = {"N", "S"}


def plays(movement):
    """(player, deal) -> the sides the player held it from, in play order."""
    out: dict[tuple[int, int], list[str]] = {}
    for r in movement.rounds:
        for t in r.tables:
            for seat, player in t.seats.items():
                for tray in t.trays:
                    out.setdefault((player, tray), []).append("NS" if seat in NS else "EW")
    return out


@pytest.mark.parametrize("variant", [None, "individual"])
@pytest.mark.parametrize("deals", [3, 6, 9, 12, 24])
def test_every_player_gets_each_deal_once_from_each_side(variant, deals):
    m = generate("mnemonic", deals=deals, variant=variant)
    held = plays(m)
    assert set(held) == {(p, d) for p in range(1, 5) for d in range(1, deals + 1)}
    assert all(sorted(sides) == ["EW", "NS"] for sides in held.values())


@pytest.mark.parametrize("variant", [None, "individual"])
def test_on_the_overplay_each_player_holds_a_hand_an_adversary_held(variant):
    m = generate("mnemonic", deals=12, variant=variant)
    half = len(m.rounds) // 2
    for first, second in zip(m.rounds[:half], m.rounds[half:], strict=True):
        a, b = first.tables[0].seats, second.tables[0].seats
        assert sorted(first.tables[0].trays) == sorted(second.tables[0].trays)
        for seat in "NESW":
            before = a[seat]
            partner_before = a[{"N": "S", "S": "N", "E": "W", "W": "E"}[seat]]
            assert b[seat] not in (before, partner_before)  # an adversary now holds this hand


@pytest.mark.parametrize("deals", range(1, 41))
def test_the_overplay_is_in_another_order_as_far_apart_as_the_session_allows(deals):
    order = overplay_order(list(range(1, deals + 1)))
    assert sorted(order) == list(range(1, deals + 1))
    for a, b in pairwise(order):
        assert b != a + 1  # no two deals follow each other as they did
    gaps = [deals + order.index(d) + 1 - d for d in range(1, deals + 1)]
    assert min(gaps) >= (deals + 1) // 2


def test_eight_deals_are_replayed_5_1_6_2_7_3_8_4():
    m = generate("mnemonic")
    assert m.trays == 8 and [r.tables[0].trays for r in m.rounds] == [
        (1, 2, 3, 4, 5, 6, 7, 8),
        (5, 1, 6, 2, 7, 3, 8, 4),
    ]
    assert m.rounds[1].tables[0].seats == {"N": 4, "E": 1, "S": 2, "W": 3}


def test_for_an_individual_record_each_player_partners_each_other_for_a_third():
    m = generate("mnemonic", variant="individual")
    partners = [(r.tables[0].seats["N"], r.tables[0].seats["S"]) for r in m.rounds[:3]]
    assert partners == [(1, 3), (1, 2), (1, 4)]  # S and E exchange, then S and W (p. 26)
    assert [r.tables[0].seats for r in m.rounds[3:]] == [
        {"N": 4, "E": 1, "S": 2, "W": 3},
        {"N": 4, "E": 1, "S": 3, "W": 2},
        {"N": 2, "E": 1, "S": 3, "W": 4},
    ]


def test_it_is_one_size_four_players_at_one_table():
    assert generate("mnemonic", pairs=2).to_json() == generate("mnemonic").to_json()
    assert generate("mnemonic", players=4, tables=None).tables == 1
    with pytest.raises(MovementUserError, match="four players at one table"):
        generate("mnemonic", players=8)
    with pytest.raises(MovementUserError, match="multiple of 3"):
        generate("mnemonic", deals=8, variant="individual")
