"""Cards on the pages: ``{{ deal.trump|card }}`` writes "KC" as "K♣", never the raw code.

``{{ suit|suit_symbol }}`` ("S" -> "♠") and ``{{ seat|seat_name }}`` ("N" -> "North") read the one
table, ``whist.cards``.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from whist.cards import SEAT_NAME, SUIT_SYMBOL

from ..display import card_text

register = template.Library()


@register.filter
def card(code: str) -> SafeString | str:
    """A card with its suit symbol, red for hearts and diamonds: "K♣", "10♥", "♠ declared"; else blank."""
    text = card_text(code or "")
    if not text:
        return ""
    return format_html('<span class="trump suit-{}">{}</span>', code[-1], text)


@register.filter
def suit_symbol(suit: str) -> str:
    """A suit's letter as its symbol: "S" -> "♠"; blank when not a suit."""
    return SUIT_SYMBOL.get(suit, "")


@register.filter
def seat_name(seat: str) -> str:
    """A seat's letter as its name: "N" -> "North"; blank when not a seat."""
    return SEAT_NAME.get(seat, "")
