"""A club's side of a simultaneous event: the organiser's pack played in one of the club's sessions.

A *simultaneous event* is one set of deals played by many clubs, each in its
own session (its *heat*), the results scored together as one field; the
book's clubs met over the same deals in "a short tournament between a large
number of clubs" (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 48).
The organiser gives each club a *pack* (``tournaments.pbn.pack``): the
event, the club's name and key, where to send the heat, the deals.

Importing a pack into a session puts its deals on the trays (as a PBN file's,
``tournaments.services.pbn``) and keeps the rest on the session
(``Session.sim_pack``, the deals aside) with the pack's *release time*
(``Session.hands_release_at``): until then the hands are the director's
alone (``scoring.visibility``). Only a pairs session that has not been
closed and has no result yet takes a pack: the field is of pairs, and a
result played on other deals would not be the event's. Removing the pack
leaves the deals on the trays and lifts the hold. Online, the pack can be
fetched instead of imported as a file (``sim_pack_fetch``: the pack's
address the organiser gives with the key, ``infra.outbound``).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from infra.outbound import Unreachable, exchange
from tournaments.locks import lock_session

from ..models import EntrantKind, Session
from ..pbn.pack import KEY, MAX_PACK_BYTES, URL, Pack, PackError, read_pack
from ..pbn.whist import ranges, read_deals
from ..selectors import slips_version
from .club import log_action
from .errors import UserError
from .pbn import pbn_place

#: What of a pack the session keeps (``Session.sim_pack``): everything but the deals.
PACK_FIELDS = (
    "ref",
    "event",
    "organiser",
    "club",
    "methods",
    "results_url",
    "key",
    "plays_from",
    "plays_to",
    "release_at",
)


def pack_kept(pack: Pack) -> dict[str, Any]:
    """The pack as the session keeps it: its fields but the deals, dates and times in ISO."""
    return {
        "ref": pack.ref,
        "event": pack.event,
        "organiser": pack.organiser,
        "club": pack.club,
        "methods": list(pack.methods),
        "results_url": pack.results_url,
        "key": pack.key,
        "plays_from": pack.plays_from.isoformat(),
        "plays_to": pack.plays_to.isoformat(),
        "release_at": pack.release_at.isoformat(),
    }


def pack_summary(session: Session) -> dict[str, Any] | None:
    """What may be shown of the session's pack (never its key), or None when it plays none."""
    kept = session.sim_pack
    if not kept:
        return None
    return {name: kept.get(name) for name in PACK_FIELDS if name != "key"} | {
        "hands_release_at": session.hands_release_at.isoformat() if session.hands_release_at else None
    }


def _check_takes_pack(session: Session) -> None:
    """``UserError`` unless the session is a pairs session, not closed, with no result yet."""
    if session.entrant_kind != EntrantKind.PAIRS:
        raise UserError(
            "A simultaneous event is played by pairs: this session's entrants are not pairs.", field="pack"
        )
    if session.status not in (Session.Status.DRAFT, Session.Status.RUNNING):
        raise UserError(
            "This session is closed: a pack's deals go on the trays before the session is played.",
            field="pack",
        )
    if slips_version(session_id=session.pk):
        raise UserError(
            "This session has results already: they were played on other deals than the pack's.",
            field="pack",
        )


def _read(data: bytes | str) -> Pack:
    """The pack, or ``UserError`` with ``read_pack``'s sentence."""
    try:
        return read_pack(data)
    except PackError as exc:
        raise UserError(str(exc), field="pack") from None


def _check_fits(session: Session, pack: Pack) -> None:
    """``UserError`` in the director's words when the pack's deals are not all the session's trays' numbers:
    every club plays every deal of the event, so the movement must play as many trays as the pack has
    deals (a pack that cannot be read is left to ``pbn_place`` to refuse, board by board)."""
    reading = read_deals(pack.deals)
    boards = sorted({d.board for d in reading.deals})
    trays = set(session.trays.values_list("number", flat=True))
    if not reading.ok or not boards or set(boards) <= trays:
        return
    deals = f"{len(boards)} deal{'s' if len(boards) != 1 else ''}"
    if not trays:
        raise UserError(
            f"The pack has {deals} and this session has no trays yet: seat it by a movement of"
            f" {len(boards)} trays (its set-up page, 2. Movement), then import the pack.",
            field="pack",
        )
    if len(boards) > len(trays):
        raise UserError(
            f"The pack has {deals}; this session's movement plays {len(trays)} trays. Seat the session by"
            f" a movement of {len(boards)} trays (its set-up page, 2. Movement), or ask the organiser for a"
            f" pack of {len(trays)}.",
            field="pack",
        )
    raise UserError(
        f"The pack's deals are numbered {ranges(boards)}; this session's trays are numbered"
        f" {ranges(sorted(trays))}. Ask the organiser for a pack whose deals are numbered as the trays.",
        field="pack",
    )


def sim_pack_import(*, session: Session, data: bytes | str, user: Any = None) -> Session:
    """Play the pack in this session: its deals on the trays, the event and its release time kept."""
    pack = _read(data)
    _check_takes_pack(session)
    with transaction.atomic():
        locked = lock_session(session.pk, defer=("movement_json", "movement_params"))
        _check_takes_pack(locked)
        _check_fits(locked, pack)
        try:
            pbn_place(session=locked, text=pack.deals, user=user)
        except UserError as exc:
            raise UserError(
                f"The pack's deals do not fit this session: {exc.message}", field="pack"
            ) from None
        locked.sim_pack, locked.hands_release_at = pack_kept(pack), pack.release_at
        locked.save(update_fields=["sim_pack", "hands_release_at", "updated_at"])
        log_action(
            club=session.club,
            session=locked,
            user=user,
            action="sim.pack.import",
            ref=pack.ref,
            event=pack.event,
        )
    session.sim_pack, session.hands_release_at = locked.sim_pack, locked.hands_release_at
    return session


def sim_pack_remove(*, session: Session, user: Any = None) -> Session:
    """The session no longer plays a pack: the deals stay on the trays, the hands are no longer held back."""
    with transaction.atomic():
        locked = lock_session(session.pk, defer=("movement_json", "movement_params"))
        if not locked.sim_pack:
            raise UserError("This session does not play a simultaneous event's pack.", field="pack")
        if locked.status not in (Session.Status.DRAFT, Session.Status.RUNNING):
            raise UserError(
                "This session is closed: reopen it to take its pack away (its heat was played on the pack).",
                field="pack",
            )
        ref = locked.sim_pack.get("ref", "")
        locked.sim_pack, locked.hands_release_at = None, None
        locked.save(update_fields=["sim_pack", "hands_release_at", "updated_at"])
        log_action(club=session.club, session=locked, user=user, action="sim.pack.remove", ref=ref)
    session.sim_pack, session.hands_release_at = None, None
    return session


def sim_pack_fetch(*, session: Session, address: object, key: object, user: Any = None) -> Session:
    """Fetch the pack from the organiser (its pack's address and the club's key) and import it."""
    address, key = str(address or "").strip(), str(key or "").strip()
    if not URL.fullmatch(address):
        raise UserError(
            "Give the pack's address, as the organiser gave it (http:// or https://).", field="address"
        )
    if not KEY.fullmatch(key):
        raise UserError(
            "Give the club's key, as the organiser gave it (16 to 128 letters and digits).", field="key"
        )
    _check_takes_pack(session)
    try:
        answer = exchange(
            address, headers={"Accept": "application/json", "X-Sim-Key": key}, limit=MAX_PACK_BYTES + 1
        )
    except Unreachable as exc:
        raise UserError(
            f"The organiser could not be reached ({exc.why}): ask them for the pack's file.", field="address"
        ) from None
    if answer.status == 401:
        raise UserError("The organiser did not accept this key for this event.", field="key")
    if answer.status != 200:
        raise UserError(
            f"The organiser answered {answer.status}: ask them for the pack's file.", field="address"
        )
    return sim_pack_import(session=session, data=answer.body, user=user)
