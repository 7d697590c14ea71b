"""What the director's pages write about a session: the movement as the book names it, readable links."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings

from ..display import movement_named, movement_title, plural
from ..models import Session

register = template.Library()


@register.filter(name="movement_title")
def movement_title_of(session: Session | Any) -> str:
    """A session's movement as the book names it, or "no movement yet"."""
    family = getattr(session, "movement_family", "") or ""
    if not family:
        return "no movement yet"
    return movement_title(family, getattr(session, "movement_variant", "") or "")


@register.filter(name="movement_named")
def movement_named_of(session: Session | Any) -> str:
    """A session's movement as a sentence names it: "the Mitchell System", "the club's movement “X”"."""
    family = getattr(session, "movement_family", "") or ""
    return movement_named(family, getattr(session, "movement_variant", "") or "") if family else "no movement"


@register.filter(name="plural")
def plural_filter(count: int, word: str) -> str:
    """ "1 table", "5 tables" (never "table(s)")."""
    return plural(count, word)


@register.filter
def get_item(mapping: Any, key: str) -> Any:
    """A value of a dict (or a form's data) by a key built in the template: ``errors|get_item:key``."""
    if not mapping:
        return ""
    getter = getattr(mapping, "get", None)
    return getter(key, "") if getter else ""


@register.simple_tag
def site_url() -> str:
    """The address the club's phones and members use (``SITE_URL``), as the printed links carry it."""
    return str(settings.SITE_URL)
