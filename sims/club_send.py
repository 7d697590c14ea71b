"""A club's heat of a simultaneous event sent to its organiser: in-process when the event is on this server.

A *simultaneous event* is one set of deals played by many clubs, each in its
own session (its *heat*), the organiser scoring every heat together as one
field (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 48). The club's
session keeps the organiser's pack (``Session.sim_pack``): the event's
``ref``, where to send the heat and the club's *key*.

Where the organiser is on another server, the heat goes over the network
(``scoring.services.sim_send``, by ``infra.outbound``, which asks only
public addresses or those the deployment allows). Where the event is
organised on this server (a ``SimEvent`` of the pack's ``ref``), asking
this server over HTTP would be the app asking itself: on a laptop
(``SITE_URL`` http://127.0.0.1:8000) or in a hall (a private address),
``infra.outbound`` rightly refuses it. So the heat is handed to the
organiser's service directly, as the heat API hands it
(``sims.services.heat_receive_with_key``: the club's key checked, a bad
key and an unknown event one refusal), and its answers are read as the
network's would be: 200 with the receipt, 401, 409, 400 with the reason.
The field is read directly too (``sims.club_placings``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from scoring.services.sim_send import Answer, HeatSent, sim_heat_send
from tournaments.models import Session
from tournaments.services.errors import Conflict, NotFound, UserError

from . import services
from .models import SimEvent


def organised_here(session: Session) -> str:
    """The ``ref`` of the session's pack when its event is organised on this server, else ""."""
    ref = str((session.sim_pack or {}).get("ref", ""))[:80]
    return ref if ref and SimEvent.objects.filter(ref=ref).exists() else ""


def hand_over(ref: str, key: str, pbn: str) -> Answer:
    """The heat taken by the organiser's service on this server, with the club's key, as the API takes it
    (``sims.api.SimHeatSendView``): its answer as the API's status and body."""
    try:
        heat, lines = services.heat_receive_with_key(ref=ref, key=key[:200], data=pbn)
    except services.KeyRefused:
        return Answer(401, None)
    except Conflict:
        return Answer(409, None)
    except NotFound:
        return Answer(404, None)
    except UserError as exc:
        return Answer(400, None, reason=exc.message)
    return Answer(200, {"club": heat.sim_club.name, "sends": heat.sends, "lines": lines})


def heat_send(*, session: Session, user: Any = None) -> HeatSent:
    """Send the closed session's heat to the organiser of its pack: handed over in-process when the event
    is organised on this server, else over the network; recorded, or refused with a sentence."""
    ref = organised_here(session)
    if ref:
        return sim_heat_send(session=session, user=user, here=partial(hand_over, ref))
    return sim_heat_send(session=session, user=user)
