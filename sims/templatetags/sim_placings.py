"""The public results page's simultaneous event box: each pair's two placings in the published field.

A tag, so that the club's public page (``scoring``, a layer below
``sims``) shows what ``sims.club_placings`` reads, as the visibility rule
lets the public see it (``scoring.visibility.sim_placings_seen``).
"""

from __future__ import annotations

from typing import Any

from django import template

from scoring.visibility import PUBLIC
from sims.club_placings import placings_seen
from tournaments.models import Session

register = template.Library()


@register.inclusion_tag("public/_sim_placings.html")
def sim_placings(session: Session) -> dict[str, Any]:
    """The session's pairs' placings in the field, as the public may see them (none: nothing shown)."""
    return {"placings": placings_seen(session=session, viewer=PUBLIC)}
