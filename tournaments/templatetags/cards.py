"""Cards on the pages: ``{{ deal.trump|card }}`` writes "KC" as "K♣", never the raw code."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString

from ..display import card_text

register = template.Library()


@register.filter
def card(code: str) -> SafeString | str:
    """A card with its suit symbol, red for hearts and diamonds: "K♣", "10♥", "♠ declared"; else blank."""
    text = card_text(code or "")
    if not text:
        return ""
    return format_html('<span class="trump suit-{}">{}</span>', code[-1], text)
