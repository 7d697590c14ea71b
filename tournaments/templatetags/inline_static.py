"""``{% inline_css "css/app.css" %}``: a stylesheet written into the page itself.

The phones' page paints after one wait on the network instead of two (the
page, then its stylesheets): on a slow phone network each wait is the
better part of a second. Only for stylesheets with no ``url()`` of their
own (a relative address would resolve against the page's).
"""

from __future__ import annotations

from functools import lru_cache

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils.safestring import SafeString, mark_safe

register = template.Library()


@lru_cache(maxsize=16)
def _kept(name: str) -> str:
    return _read(name)


def _read(name: str) -> str:
    found = finders.find(name)
    if not isinstance(found, str):
        raise template.TemplateSyntaxError(f"inline_css: no static file {name}")
    with open(found, encoding="utf-8") as handle:
        css = handle.read()
    if "url(" in css or "</" in css:
        raise template.TemplateSyntaxError(f"inline_css: {name} names other files or closes a tag")
    return css


@register.simple_tag
def inline_css(name: str) -> SafeString:
    """The static stylesheet NAME in a <style> element (read once a process, each time while DEBUG)."""
    css = _read(name) if settings.DEBUG else _kept(name)
    return mark_safe(f"<style>{css}</style>")  # the club's own stylesheet, checked above
