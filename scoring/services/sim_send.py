"""A club's heat of a simultaneous event sent to the organiser over the network.

A *simultaneous event* is one set of deals played by many clubs, each in its
own session (its *heat*), the organiser scoring every heat together as one
field (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 48: "a short
tournament between a large number of clubs"). The organiser's pack
(``tournaments.pbn.pack``, kept on the session by
``tournaments.services.sim_pack``) says where to send the heat
(``results_url``) and the club's *key* for it.

The heat is the session's results file (``scoring.selectors.heat``: PBN 2.1
with a ``ScoreTable``), its ``[Site]`` the club's name as the pack gives it,
POSTed as JSON ``{"pbn": "<text>"}`` with the header ``X-Sim-Key: <key>``.
The organiser answers 200 ``{"club", "sends", "lines"}`` when it took the
heat, 401 for a wrong key, 409 once the event is closed, 400 for a file
it refused; each becomes one sentence for the director (``UserError``) in
the app's own words, never the organiser's (nothing of an answer but its
status is repeated), and so does a network that fails. A closed
session can be reopened, corrected, closed and sent again: the organiser
keeps the last. The session records when it was last sent and how often.

The request is ``infra.outbound``'s: a public address (or one the deployment
allows), one deadline, no redirect followed (the key goes only to the
address the pack names). An event organised on this server is not asked
over the network at all: the caller hands the heat to the organiser's
service in-process (``here``, ``sims.club_send``), its answers read the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import F
from django.utils import timezone

from infra.outbound import Unreachable, exchange
from scoring.selectors.heat import heat_site, session_results_pbn
from tournaments.models import Session
from tournaments.services.club import log_action
from tournaments.services.errors import UserError

#: The most of the organiser's answer read.
ANSWER_MAX = 64_000
#: The longest club name of the organiser's receipt shown to the director.
CLUB_MAX = 300
FALLBACK = "download the heat file and send it to them."


@dataclass(frozen=True)
class HeatSent:
    """The organiser's receipt: the club as it knows it, how many sends it has had, the lines it took."""

    club: str
    sends: int
    lines: int


@dataclass(frozen=True)
class Answer:
    """The organiser's answer to a heat: its status (200, 400, 401, 409, ...) and its JSON body.

    ``reason``: why an organiser on this server refused the file, in the app's own words (an organiser
    elsewhere is never repeated)."""

    status: int
    body: Any
    reason: str = ""


#: Hands a heat to the organiser without the network: (the club's key, the heat's text) -> its answer.
Deliver = Callable[[str, str], Answer]


def _post(url: str, key: str, pbn: str) -> Answer:
    """POST the heat; the organiser's status and JSON body, or ``UserError`` when it cannot be reached."""
    try:
        answer = exchange(
            url,
            data=json.dumps({"pbn": pbn}).encode("utf-8"),
            headers={"Content-Type": "application/json", "Accept": "application/json", "X-Sim-Key": key},
            limit=ANSWER_MAX,
        )
    except Unreachable as exc:
        raise UserError(f"The organiser could not be reached ({exc.why}): {FALLBACK}", field="send") from None
    try:
        body = json.loads(answer.body)
    except (ValueError, RecursionError):
        body = None
    return Answer(answer.status, body)


def _refusal(answer: Answer) -> UserError:
    """An answer other than 200 as the director's sentence (its status only: the body is not repeated)."""
    if answer.status == 401:
        message = (
            "The organiser did not accept the club's key: check that this is the pack the organiser gave"
            " the club, or ask them for a new one."
        )
    elif answer.status == 409:
        message = "The organiser has closed the event: it takes no more heats."
    elif answer.status == 400 and answer.reason:
        message = (
            f"The organiser refused the heat file: {answer.reason} Correct the session and send it again."
        )
    elif answer.status == 400:
        message = "The organiser refused the heat file: ask them why, correct the session and send it again."
    else:
        message = f"The organiser answered {answer.status}: {FALLBACK}"
    return UserError(message, field="send")


def _receipt(body: Any, club: str) -> HeatSent:
    """The organiser's 200 answer read as a receipt (what it leaves out, taken as nothing said)."""
    body = body if isinstance(body, dict) else {}
    sends, lines = body.get("sends"), body.get("lines")
    return HeatSent(
        club=str(body.get("club") or club)[:CLUB_MAX],
        sends=sends if isinstance(sends, int) and not isinstance(sends, bool) else 0,
        lines=lines if isinstance(lines, int) and not isinstance(lines, bool) else 0,
    )


def sim_heat_send(*, session: Session, user: Any = None, here: Deliver | None = None) -> HeatSent:
    """Send the closed session's heat to the organiser of its pack; record it, or say why it failed.

    ``here``: the organiser is on this server, and takes the heat in-process (no request is made)."""
    pack = session.sim_pack or {}
    if not pack:
        raise UserError(
            "This session does not play a simultaneous event's pack: download the heat file instead.",
            field="send",
        )
    if here is None and not pack.get("results_url"):
        raise UserError(f"The organiser of this event takes heats as files: {FALLBACK}", field="send")
    text = session_results_pbn(session=session, site=heat_site(session)).decode("iso-8859-1")
    key = str(pack.get("key", ""))
    answer = here(key, text) if here is not None else _post(str(pack["results_url"]), key, text)
    if answer.status != 200:
        raise _refusal(answer)
    receipt = _receipt(answer.body, str(pack.get("club", "")))
    now = timezone.now()
    Session.objects.filter(pk=session.pk).update(sim_sent_at=now, sim_sends=F("sim_sends") + 1)
    session.refresh_from_db(fields=["sim_sent_at", "sim_sends"])
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="sim.heat.send",
        ref=pack.get("ref", ""),
        sends=receipt.sends,
        lines=receipt.lines,
    )
    return receipt
