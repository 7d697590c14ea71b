"""The bottom package: the one table of suits, ranks and seats; the one register (``whist``)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from whist.cards import (
    PACK,
    PARTNER,
    RANK_NAME,
    RANKS,
    SEAT_NAME,
    SEATS,
    SUIT_NAME,
    SUIT_SYMBOL,
    SUITS,
    SYMBOL_SUIT,
    left_of,
    rank_text,
)
from whist.registry import Register


@dataclass(frozen=True)
class Thing:
    """Something with a name, as a movement family or a scoring method has."""

    name: str
    value: int = 0


class UnknownThingError(ValueError):
    """The owner's own error for a name not registered."""


def test_the_pack_is_52_cards_of_four_suits_and_thirteen_ranks() -> None:
    assert len(SUITS) == 4 and len(RANKS) == 13 and len(PACK) == 52
    assert {card[1] for card in PACK} == set(SUITS) and {card[0] for card in PACK} == set(RANKS)
    assert "KC" in PACK and "TD" in PACK and "10D" not in PACK


def test_a_glyph_and_a_name_go_back_to_their_suit() -> None:
    assert [SUIT_SYMBOL[s] for s in SUITS] == ["♠", "♥", "♦", "♣"]
    assert all(SYMBOL_SUIT[SUIT_SYMBOL[s]] == s for s in SUITS)
    by_name = {name: letter for letter, name in SUIT_NAME.items()}
    assert all(by_name[SUIT_NAME[s]] == s for s in SUITS) and SUIT_NAME["C"] == "clubs"


def test_ranks_are_ace_high_and_the_ten_prints_as_10() -> None:
    assert RANKS[0] == "A" and RANKS[-1] == "2" and RANK_NAME["T"] == "ten"
    assert rank_text("T") == "10" and rank_text("K") == "K"
    assert len(set(RANK_NAME.values())) == 13


def test_the_seats_go_clockwise_from_north_partners_across() -> None:
    assert SEATS == ("N", "E", "S", "W") and SEAT_NAME["E"] == "East"
    assert left_of("N") == "E" and left_of("W") == "N" and left_of("E", 3) == "N"
    assert PARTNER == {"N": "S", "E": "W", "S": "N", "W": "E"}


def test_a_register_keeps_the_order_given() -> None:
    reg = Register("thing", (Thing("b"), Thing("a"), Thing("c")))
    assert list(reg) == ["b", "a", "c"] and reg.named("a") == Thing("a")
    reg.add(Thing("d"))
    assert list(reg) == ["b", "a", "c", "d"] and isinstance(reg, dict)


def test_a_register_refuses_a_twin() -> None:
    with pytest.raises(RuntimeError, match="thing 'a' registered twice"):
        Register("thing", (Thing("a"), Thing("a", 1)))
    reg = Register("thing", (Thing("a"),))
    with pytest.raises(RuntimeError, match="registered twice"):
        reg.add(Thing("a", 2))
    assert reg["a"] == Thing("a")


def test_an_unknown_name_raises_the_owners_error_naming_the_known() -> None:
    reg = Register("thing", (Thing("b"), Thing("a")), unknown=UnknownThingError)
    with pytest.raises(UnknownThingError, match="unknown thing 'z'; known: a, b"):
        reg.named("z")
    assert reg.get("z") is None
    with pytest.raises(KeyError):
        Register("thing").named("z")
