"""A table's result sent by keywords, as the tests send it: ``entry.send.submit`` with its one input made by
``door.send_of`` from a body, who sends (``Sender``) and where the send stands (``Standing``).

The app's own callers (the director's pages, the whist drive, the demo) make the three themselves; the
tests, which send from every standing, say them here by keyword. A send answers with its line as a row
(``entry.send.rows.LineRow``); the tests go on to check, correct and refresh it, so ``result_submit``
hands back the model of the line it answered with.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from entry.send import Standing, SubmitOutcome, send_of, submit
from entry.send.store import Sender
from scoring.models import SlipLine, Via
from tournaments.models import Table

SEND_KEYWORDS = frozenset({"ns_revokes", "ew_revokes", "trump", "idempotency_key", "device"})


def result_submit(
    *,
    table: Table,
    tray_number: Any,
    ns_tricks: Any,
    via: str = Via.TABLE,
    by: str = "",
    user: Any = None,
    as_director: bool = False,
    **sent: Any,
) -> SubmitOutcome:
    """``submit`` by keywords: the rest of
    ``sent`` as ``door.send_of`` reads a body (``ns_revokes``, ``round_number``, ``trump``,
    ``idempotency_key``, ``device``), and the standing's own (``key_scope``, ``phone_round``, ...)."""
    standing = Standing(
        scope=sent.pop("key_scope", ""),
        as_director=as_director,
        phone_round=sent.pop("phone_round", None),
        owes_more=sent.pop("sender_owes_more", False),
        entrant=sent.pop("entrant", None),
    )
    sender = Sender(via, by, user, sent.pop("side", ""))
    round_number = sent.pop("round_number", None)
    unknown = set(sent) - SEND_KEYWORDS
    if unknown:
        raise TypeError(f"result_submit() got unexpected keywords {sorted(unknown)}")
    body = {"tray": tray_number, "ns_tricks": ns_tricks, "round": round_number, **sent}
    outcome = submit(
        send_of(body, device=sent.get("device", "")), table=table, sender=sender, standing=standing
    )
    line = SlipLine.objects.select_related("tray", "table", "round", "ns", "ew").get(pk=outcome.line.pk)
    return replace(outcome, line=line)
