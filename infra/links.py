"""A private link's secret in a URL: the ``link`` path converter, ``<link:token>``.

Every route that takes a link's token (a table's, an entrant's own, a
phone's pass; whatever kind comes next) names it with this converter, and
the request logs mask whatever a ``link`` parameter holds (``infra.logs``):
one rule, read from the URLs themselves, so a new kind of link is masked
the day its route is written. A test walks the URLs to hold every
``token`` parameter to it.
"""

from __future__ import annotations

from django.urls import register_converter


class LinkToken:
    """Any path segment, as a string: the link's token (an unknown one is the view's 404)."""

    regex = "[^/]+"

    def to_python(self, value: str) -> str:
        """The token as written."""
        return value

    def to_url(self, value: str) -> str:
        """The token as written."""
        return value


register_converter(LinkToken, "link")
