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
pack (``sim_pack_import``), and taking the pack away frees the deals. A
session seated again (a late pair, another movement) keeps the pack's
deals on the trays of the same numbers (``pack_deals_kept``, then
``pack_deals_put_back``); a movement of fewer trays than the pack has deals
is refused.
"""

from __future__ import annotations

from tournaments.locks import locked

from ..models import Deal, Session, Tray
from .errors import UserError

#: A tray's deal as the pack gave it: (hands, dealer, trump), by tray number.
Kept = dict[int, tuple[str, str, str]]

#: What a director is told when the pack's deals would be changed (``doing``: "dealt again", ...).
HELD = (
    "This session plays the pack of {event}: the event's deals are the same at every club taking part, "
    "so they cannot be {doing} here. Deal the cards into the trays from the hand records or curtain "
    "cards; to play other deals, take the pack away first (the session then no longer plays the event)."
)


def pack_deals_held(session: Session, *, doing: str, field: str = "pack") -> None:
    """``UserError`` when the session plays a pack (read afresh, its row locked in a transaction)."""
    pack = locked(Session.objects.all()).values_list("sim_pack", flat=True).get(pk=session.pk)
    if pack:
        event = str(pack.get("event", "")) if isinstance(pack, dict) else ""
        raise UserError(HELD.format(event=event or "a simultaneous event", doing=doing), field=field)


def pack_deals_kept(session: Session, trays: int) -> Kept:
    """The pack's deals by tray number, before the session is seated again by a movement of ``trays``
    trays (none when it plays no pack); ``UserError`` when that movement would leave some of them out."""
    pack = Session.objects.filter(pk=session.pk).values_list("sim_pack", flat=True).first()
    if not pack:
        return {}
    rows = Deal.objects.filter(tray__session=session).exclude(hands="")
    kept = {n: (h, d, t) for n, h, d, t in rows.values_list("tray__number", "hands", "dealer", "trump")}
    if kept and max(kept) > trays:
        raise UserError(
            f"This session plays the pack of {pack.get('event', 'a simultaneous event')}, whose deals go to"
            f" tray {max(kept)}: a movement of {trays} trays would leave some of the event's deals out."
            " Choose a movement of as many trays as the pack has deals, or take the pack away first.",
            field="family",
        )
    return kept


def pack_deals_put_back(session: Session, kept: Kept) -> None:
    """The pack's deals on the trays of the same numbers, once the session is seated again."""
    for tray in Tray.objects.filter(session=session, number__in=list(kept)):
        hands, dealer, trump = kept[tray.number]
        Deal.objects.filter(tray=tray).update(hands=hands, dealer=dealer, trump=trump, double_dummy=None)
