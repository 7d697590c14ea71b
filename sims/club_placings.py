"""A club's pairs' two placings in a simultaneous event's published field: read for the phones and pages.

Terms (``sims.models``, ``scoring.scorers.field``): a **simultaneous
event** is one set of deals played by many clubs, each in its own session
(its **heat**), every heat scored together as one **field** (the book's
clubs compared their scores on the same deals, W. H. Barney, *Whist and
Duplicate Whist*, 1900, p. 48). Each pair then has two **placings**: its
place in the whole field ("5th of 18") with its percentage (matchpoints)
or its score (the trick method, the exponent system), and its place in its
own club's heat scored alone ("2nd of 6 at the club"). A tie shares the
higher place and is written "=5th".

Where the field comes from, for a session that played the organiser's
pack (``Session.sim_pack``):

1. the event lives on this server (a ``SimEvent`` with the pack's ``ref``):
   it is read directly, and only once the organiser has published it;
2. otherwise, the copy the club's director fetched from the organiser's
   public API or imported from its file (``sims.club_field``, kept on
   ``Session.sim_placings``: the club's own pairs' rows alone).

Who sees which placings is ``scoring.visibility.sim_placings_seen``'s to say.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.visibility import DIRECTOR, Viewer, sim_placings_seen
from tournaments.models import Session

from . import selectors
from .models import METHODS, SimEvent

#: How a method is named beside a placing when the event scores more than one.
METHOD_WORDS = {"matchpoints": "matchpoints", "trick": "the trick method", "exponent": "the exponent system"}


@dataclass(frozen=True)
class Placing:
    """One pair's two placings by one method, and the sentence the phone shows."""

    method: str
    pair: str
    direction: str
    overall: str
    score: str
    club: str
    text: str


def ordinal_text(rank: int, tied: bool, of: int) -> str:
    """ "2nd of 6", "=2nd of 6" when tied."""
    return f"{'=' if tied else ''}{selectors.ordinal(rank)} of {of}"


def club_rows(fields: Mapping[str, Sequence[Mapping[str, Any]]], club: str) -> dict[str, dict[str, Any]]:
    """From a published field (method -> its rows, as the public API gives them), per method the field's
    size (``pairs``) and the rows of one club's pairs (``rows``), its name compared case aside."""
    name = club.casefold()
    out = {}
    for method, rows in fields.items():
        mine = [dict(r) for r in rows if str(r.get("club", "")).casefold() == name]
        keep = ("pair", "direction", "rank", "score", "club_rank")
        out[method] = {"pairs": len(rows), "rows": [{k: r[k] for k in keep} for r in mine]}
    return out


def _score_text(method: str, score: str) -> str:
    """A matchpoint percentage to one place ("56.3%"), else the method's score as published."""
    return f"{float(score):.1f}%" if method == "matchpoints" else f"score {score}"


def _method_order(method: str) -> int:
    """Where a method comes among the field's methods (an unknown one last)."""
    return METHODS.index(method) if method in METHODS else len(METHODS)


def placings_of(found: Mapping[str, Any]) -> list[Placing]:
    """The kept field's placings, pair by pair, the methods in the field's order (matchpoints, trick,
    exponent: a copy kept as JSON on PostgreSQL comes back with its keys in another order)."""
    methods = found.get("methods", {})
    out = []
    for method, part in sorted(methods.items(), key=lambda item: _method_order(item[0])):
        rows = part["rows"]
        label = f" ({METHOD_WORDS.get(method, method)})" if len(methods) > 1 else ""
        for row in rows:
            tied = sum(1 for r in rows if r["club_rank"] == row["club_rank"]) > 1
            club = ordinal_text(row["club_rank"], tied, len(rows))
            score = _score_text(method, row["score"])
            text = f"Simultaneous event{label}: {row['rank']} pairs overall ({score}), {club} at the club"
            out.append(Placing(method, str(row["pair"]), row["direction"], row["rank"], score, club, text))
    return out


def local_field(event: SimEvent, club: str) -> dict[str, Any]:
    """The field of an event on this server, as it concerns one club (the same shape as a kept copy)."""
    fields = {m: selectors.standings_rows(event, m) for m in event.methods}
    return {"ref": event.ref, "event": event.name, "via": "here", "methods": club_rows(fields, club)}


def session_field(session: Session) -> dict[str, Any] | None:
    """The published field as it concerns the session's club (the module's two sources), or None."""
    found = Session.objects.filter(pk=session.pk).values_list("sim_pack", "sim_placings").first()
    pack, kept = found or (None, None)
    if not pack:
        return None
    ref = str(pack.get("ref", ""))
    event = SimEvent.objects.filter(ref=ref[:80]).first()
    if event is None:  # the copy kept, if it is of this pack's event
        return kept if isinstance(kept, dict) and kept.get("ref") == ref else None
    if event.state != SimEvent.State.PUBLISHED:
        return None
    return local_field(event, str(pack.get("club", "")))


def placings_seen(*, session: Session, viewer: Viewer, pair: str = "") -> list[Placing]:
    """The placings this viewer may see of the session's pairs (``pair``: the phone's own entrant)."""
    if not session.pk or not sim_placings_seen(viewer=viewer, session=session, field_published=True):
        return []
    found = session_field(session)
    seen = sim_placings_seen(viewer=viewer, session=session, field_published=found is not None)
    if not seen or found is None:
        return []
    every = placings_of(found)
    return every if seen == "all" else [p for p in every if p.pair == str(pair)]


def field_box(session: Session) -> dict[str, Any]:
    """The close page's part of the field: whether the event is organised here (``sim_here``), every
    pair's placings as the director sees them, and how and when the kept copy came (``sim_kept``)."""
    found = Session.objects.filter(pk=session.pk).values_list("sim_pack", "sim_placings").first()
    pack, kept = found or (None, None)
    if not pack:
        return {"sim_here": False, "sim_placings": [], "sim_kept": None}
    here = SimEvent.objects.filter(ref=str(pack.get("ref", ""))[:80]).exists()
    placings = placings_seen(session=session, viewer=DIRECTOR)
    copy = isinstance(kept, dict) and placings and not here
    return {
        "sim_here": here,
        "sim_placings": placings,
        "sim_kept": {"via": kept.get("via"), "at": kept.get("at")}
        if copy and isinstance(kept, dict)
        else None,
    }
