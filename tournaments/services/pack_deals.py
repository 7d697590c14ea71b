"""The deals of a session that plays a simultaneous event's pack are the event's, not the club's.

A *simultaneous event* is one set of deals played by many clubs, each in
its own session (its *heat*), the results scored together as one field (the
book's clubs met over the same deals, W. H. Barney, *Whist and Duplicate
Whist*, 1900, p. 48). A session that plays the organiser's pack
(``Session.sim_pack``, ``tournaments.services.sim_pack``) has the pack's
deals on its trays: dealing them again, importing a PBN file over them,
leaving them unknown, editing a tray's hands or dealer, or declaring a suit
trumps for the sitting would make its heat one of other deals, scored
against the field as if it were not. Every service that changes a tray's
deal asks ``pack_deals_held`` first; another pack may still replace the
pack (``sim_pack_import``), and taking the pack away frees the deals.
"""

from __future__ import annotations

from ..models import Session
from .errors import UserError

#: What a director is told when the pack's deals would be changed (``doing``: "dealt again", ...).
HELD = (
    "This session plays the pack of {event}: the event's deals are the same at every club taking part, "
    "so they cannot be {doing} here. Deal the cards into the trays from the hand records or curtain "
    "cards; to play other deals, take the pack away first (the session then no longer plays the event)."
)


def pack_deals_held(session: Session, *, doing: str, field: str = "pack") -> None:
    """``UserError`` when the session plays a pack (read afresh, its row locked in a transaction)."""
    pack = Session.objects.select_for_update().values_list("sim_pack", flat=True).get(pk=session.pk)
    if pack:
        event = str(pack.get("event", "")) if isinstance(pack, dict) else ""
        raise UserError(HELD.format(event=event or "a simultaneous event", doing=doing), field=field)
