"""The public results page's simultaneous event box: each pair's two placings in the published field.

A tag, so that the club's public page (``scoring``, a layer below
``sims``) shows what ``sims.club_placings`` reads, as the visibility rule
lets the public see it (``scoring.visibility.sim_placings_seen``).
"""

from __future__ import annotations

from typing import Any

from django import template

from scoring.visibility import PUBLIC
from sims.club_placings import METHOD_WORDS, Placing, placings_seen
from tournaments.models import Session

register = template.Library()


@register.inclusion_tag("public/_sim_placings.html")
def sim_placings(session: Session) -> dict[str, Any]:
    """The session's pairs' placings in the field, as the public may see them (none: nothing shown), method
    by method, and whether the field is scored by more than one method (``several``) or by matchpoints."""
    placings = placings_seen(session=session, viewer=PUBLIC)
    methods: dict[str, list[Placing]] = {}
    for placing in placings:  # in the field's order of methods, each method's pairs in its order
        methods.setdefault(placing.method, []).append(placing)
    return {
        "placings": placings,
        "methods": [(m, METHOD_WORDS.get(m, m), rows) for m, rows in methods.items()],
        "several": len(methods) > 1,
        "matchpoints": "matchpoints" in methods,
    }
