"""A club's copy of a simultaneous event's published field, fetched from the organiser or imported.

A *simultaneous event*'s organiser scores every club's heat as one *field*
and publishes it (``sims.club_placings`` defines the two *placings* each
pair has in it). When the event lives on another server, the club's
director brings the field to the club's session:

- **fetched** (``sim_field_fetch``): GET the organiser's public API, its
  address derived from the pack's ``results_url`` (``.../api/v1/sims/<ref>/heats/``
  gives ``.../api/v1/sims/<ref>/``) by ``infra.outbound``, no redirect
  followed; a network that fails, a 404 (the field is not published yet)
  and an answer that is not the field each become one sentence;
- **imported** (``sim_field_import``): the field file the organiser's
  public page offers (``/sims/<ref>/field.json``, the same body as the
  API), for a club in a hall with no internet.

The field must be the pack's event's (its ``ref``) and published, within
the bounds of a field (``MAX_FIELD_PAIRS`` a method, ``FIELD_MAX`` bytes)
and of a heat (``MAX_HEAT_PAIRS`` of the club's, each once); only the
club's own pairs' rows (by the pack's club name) are kept on the session
(``Session.sim_placings``), each with its club place worked out once
(``sims.club_placings.with_club_places``), with the field's size per
method. Bringing it again replaces the copy.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping
from typing import Any

from django.utils import timezone

from infra.outbound import Unreachable, exchange
from tournaments.models import Session
from tournaments.services.club import log_action
from tournaments.services.errors import UserError

from .club_placings import club_rows
from .models import MAX_FIELD_PAIRS, MAX_HEAT_PAIRS, METHODS, PAIR_ID_MAX, SimEvent

#: The largest field read or imported, in bytes.
FIELD_MAX = 8_000_000
#: A published overall place, as the organiser writes it: "5th of 18", "=5th of 18".
RANK = re.compile(r"=?[1-9][0-9]{0,5}(st|nd|rd|th) of [1-9][0-9]{0,5}")
NOT_A_FIELD = "This is not a simultaneous event's published field"
#: The longest score a field's row may give (its percentage or score, and its club score), in characters.
SCORE_MAX = 30
#: A pair's way in a field's row: N-S, E-W, or both (a Howell, or arrows switched).
DIRECTIONS = ("NS", "EW", "NS/EW")


def _pack(session: Session) -> dict[str, Any]:
    """The session's pack, or ``UserError`` when it plays none."""
    pack = session.sim_pack or {}
    if not pack:
        raise UserError("This session does not play a simultaneous event's pack.", field="field")
    return dict(pack)


def field_url(results_url: str) -> str:
    """The organiser's public API of the event, from the pack's address for heats."""
    if not results_url.endswith("/heats/"):
        raise UserError(
            "The organiser of this event takes heats as files: download the field from its public page"
            " and import the file here.",
            field="field",
        )
    return results_url.removesuffix("heats/")


def _get(url: str) -> tuple[int, bytes]:
    """GET the field: the status and the body, or ``UserError`` when the organiser cannot be reached."""
    try:
        answer = exchange(url, headers={"Accept": "application/json"}, limit=FIELD_MAX + 1)
    except Unreachable as exc:
        raise UserError(
            f"The organiser could not be reached ({exc.why}): download the field from its public page and"
            " import the file here.",
            field="field",
        ) from None
    return answer.status, answer.body


def _row_ok(row: Any) -> bool:
    """Whether a row of the field is one the organiser's app writes."""
    if not isinstance(row, Mapping):
        return False
    texts = all(isinstance(row.get(k), str) and len(row[k]) <= 120 for k in ("club", "pair", "direction"))
    texts = texts and len(row["pair"]) <= PAIR_ID_MAX and row["direction"] in DIRECTIONS
    rank, club_rank = row.get("rank"), row.get("club_rank")
    return (
        texts
        and isinstance(rank, str)
        and RANK.fullmatch(rank) is not None
        and isinstance(club_rank, int)
        and not isinstance(club_rank, bool)
        and 1 <= club_rank <= MAX_HEAT_PAIRS
        and _figure(row.get("score"))
        and ("club_score" not in row or row["club_score"] == "" or _figure(row["club_score"]))
    )


def _figure(value: Any) -> bool:
    """Whether a score of the field is one: a finite number written as text, of at most ``SCORE_MAX``
    characters (a field from a server that kept no club score has none: ``club_score`` may be missing or
    blank)."""
    try:
        number = float(value) if isinstance(value, str) and len(value) <= SCORE_MAX else math.nan
    except ValueError:
        number = math.nan
    return math.isfinite(number)


def _fields(body: Mapping[str, Any]) -> dict[str, list[Any]]:
    """The field's rows by method, each checked, or ``UserError``."""
    fields = body.get("fields")
    if not isinstance(fields, Mapping) or not fields:
        raise UserError(f"{NOT_A_FIELD}: it has no rankings.", field="field")
    for method, rows in fields.items():
        if method not in METHODS or not isinstance(rows, list):
            raise UserError(f"{NOT_A_FIELD}: {str(method)[:40]!r} is not one of its methods.", field="field")
        if len(rows) > MAX_FIELD_PAIRS:
            raise UserError(
                f"{NOT_A_FIELD}: its {method} ranking has {len(rows):,} pairs, and a field has at most"
                f" {MAX_FIELD_PAIRS:,}.",
                field="field",
            )
        if not all(_row_ok(r) for r in rows):
            raise UserError(f"{NOT_A_FIELD}: a row of its {method} ranking is not one.", field="field")
    return {str(m): list(rows) for m, rows in fields.items()}


def _club_bounded(fields: Mapping[str, list[Any]], club: str) -> None:
    """``UserError`` when the field gives the club more pairs than a heat has, or one pair twice."""
    name = club.casefold()
    for method, rows in fields.items():
        mine = [r["pair"] for r in rows if r["club"].casefold() == name]
        if len(mine) > MAX_HEAT_PAIRS or len(set(mine)) != len(mine):
            raise UserError(
                f"{NOT_A_FIELD}: its {method} ranking gives {club} {len(mine):,} rows, and a heat has at"
                f" most {MAX_HEAT_PAIRS} pairs, each once.",
                field="field",
            )


def read_field(body: Any, pack: Mapping[str, Any]) -> dict[str, Any]:
    """The published field of the pack's event as it concerns the pack's club, or ``UserError``."""
    if not isinstance(body, Mapping):
        raise UserError(f"{NOT_A_FIELD}.", field="field")
    ref = str(pack.get("ref", ""))
    if body.get("ref") != ref:
        raise UserError(
            f"This is the field of another event ({str(body.get('ref', ''))[:80]!r}), not of {ref!r}.",
            field="field",
        )
    if body.get("state") != SimEvent.State.PUBLISHED:
        raise UserError("The organiser has not published this field yet: ask again later.", field="field")
    club = str(pack.get("club", ""))
    fields = _fields(body)
    _club_bounded(fields, club)
    methods = club_rows(fields, club)
    if not any(part["rows"] for part in methods.values()):
        raise UserError(
            f"The field has no pair of {club}: has the organiser had the club's heat?", field="field"
        )
    return {"ref": ref, "event": str(body.get("name", pack.get("event", "")))[:200], "methods": methods}


def _keep(session: Session, found: dict[str, Any], via: str, user: Any) -> dict[str, Any]:
    """Keep the club's copy on the session and log it."""
    kept = {**found, "via": via, "at": timezone.now().isoformat()}
    Session.objects.filter(pk=session.pk).update(sim_placings=kept, updated_at=timezone.now())
    session.sim_placings = kept
    pairs = sum(len(p["rows"]) for p in found["methods"].values())
    log_action(
        club=session.club,
        session=session,
        user=user,
        action="sim.field",
        ref=found["ref"],
        via=via,
        rows=pairs,
    )
    return kept


def _parse(raw: bytes | str) -> Any:
    """JSON text, or ``UserError``."""
    if len(raw) > FIELD_MAX:
        raise UserError(f"{NOT_A_FIELD}: it is larger than {FIELD_MAX:,} bytes.", field="field")
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):
        raise UserError(f"{NOT_A_FIELD}: it is not JSON.", field="field") from None


def _not_here(pack: Mapping[str, Any]) -> None:
    """``UserError`` when the event lives on this server: its field is read directly."""
    if SimEvent.objects.filter(ref=str(pack.get("ref", ""))[:80]).exists():
        raise UserError(
            "This event is organised on this server: its field is shown as soon as it is published.",
            field="field",
        )


def sim_field_fetch(*, session: Session, user: Any = None) -> dict[str, Any]:
    """Fetch the published field from the organiser's public API and keep the club's placings."""
    pack = _pack(session)
    _not_here(pack)
    status, raw = _get(field_url(str(pack.get("results_url", ""))))
    if status == 404:
        raise UserError("The organiser has not published the field yet: ask again later.", field="field")
    if status != 200:
        raise UserError(
            f"The organiser answered {status}: download the field from its public page and import the file.",
            field="field",
        )
    return _keep(session, read_field(_parse(raw), pack), "fetch", user)


def sim_field_import(*, session: Session, data: Any, user: Any = None) -> dict[str, Any]:
    """Import the field file the organiser's public page offers (its text, or the JSON already read)."""
    pack = _pack(session)
    _not_here(pack)
    body = _parse(data) if isinstance(data, bytes | str) else data
    return _keep(session, read_field(body, pack), "file", user)
