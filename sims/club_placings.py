"""A club's pairs' two placings in a simultaneous event's published field: read for the phones and pages.

Terms (``sims.models``, ``scoring.scorers.field``): a **simultaneous
event** is one set of deals played by many clubs, each in its own session
(its **heat**), every heat scored together as one **field** (the book's
clubs compared their scores on the same deals, W. H. Barney, *Whist and
Duplicate Whist*, 1900, p. 48). Each pair then has two **placings**: its
place in the whole field ("5th of 18") with its percentage (matchpoints)
or its score (the trick method, the exponent system), and its place at
its own club: in its club field (the N-S or the E-W pairs of a Mitchell
whose pairs kept their direction, p. 31; all of them otherwise), from its
club's heat scored alone ("=2nd of 5 N-S at the club"), as its club's own
results page places it (``scoring.scorers.field_places``). A tie shares
the higher place and is written "=5th".

Nothing is ranked on a read: an event on this server keeps its placings
when it is published (``sims.models.SimPlacing``), and a copy brought from
elsewhere keeps its club places when it is brought; a phone reads only its
own pair's rows, a club's page only its club's.

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

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from scoring.display import rounded
from scoring.scorers.field_places import club_places
from scoring.visibility import DIRECTOR, Viewer, sim_placings_seen
from tournaments.link_reads import SessionRead
from tournaments.models import Session

from . import selectors
from .models import METHODS, NAMES_MAX, SimEvent

#: A score as a field writes one ("56.25"), read exactly; another form a field may hold (checked finite by
#: ``sims.club_field``: "5.625e1") is shown as it came, never expanded.
PLAIN_DECIMAL = re.compile(r"-?\d{1,12}(?:\.\d{1,12})?")
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
    #: The pair's score in its club's heat scored alone ("56.3%", "score 22.40"; "" when not kept).
    club_score: str = ""
    #: The names its heat gave the pair ("" when not known).
    names: str = ""


def club_rows(fields: Mapping[str, Sequence[Mapping[str, Any]]], club: str) -> dict[str, dict[str, Any]]:
    """From a published field (method -> its rows, as the public API gives them), per method the field's
    size (``pairs``) and the rows of one club's pairs (``rows``), its name compared case aside, each with
    its club place worked out here once (``club_place``, "=2nd of 5 N-S")."""
    name = club.casefold()
    out = {}
    for method, rows in fields.items():
        mine = [r for r in rows if str(r.get("club", "")).casefold() == name]
        keep = ("pair", "direction", "rank", "score", "club_rank")
        kept = [{**{k: r[k] for k in keep}, **_optional(r)} for r in mine]
        out[method] = {"pairs": len(rows), "rows": with_club_places(kept)}
    return out


def _optional(row: Mapping[str, Any]) -> dict[str, str]:
    """What a field's row may give beyond its placings (a field from an older server gives neither): the
    club score (checked by ``sims.club_field``) and the pair's names, as text within their bounds."""
    names = row.get("names")
    return {
        "club_score": str(row.get("club_score", "")),
        "names": names[:NAMES_MAX] if isinstance(names, str) else "",
    }


def with_club_places(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One club's rows with their club places (``scoring.scorers.field_places.club_places``): from the
    direction and the club rank alone, so a field whose ranks pool N-S and E-W is placed by field too."""
    places = club_places([(str(r["direction"]), int(r["club_rank"])) for r in rows])
    return [{**r, "club_place": p.text} for r, p in zip(rows, places, strict=True)]


def _score_text(method: str, score: str) -> str:
    """A matchpoint percentage to one place ("56.3%", rounded as every figure is: ``display.rounded``),
    else the method's score as published."""
    if method != "matchpoints":
        return f"score {score}"
    return f"{rounded(score, 1) if PLAIN_DECIMAL.fullmatch(score) else score}%"


def _method_order(method: str) -> int:
    """Where a method comes among the field's methods (an unknown one last)."""
    return METHODS.index(method) if method in METHODS else len(METHODS)


def placings_of(found: Mapping[str, Any], pair: str = "") -> list[Placing]:
    """The kept field's placings, pair by pair (or one pair's, ``pair``), the methods in the field's order
    (matchpoints, trick, exponent: a copy kept as JSON on PostgreSQL comes back with its keys in another
    order). Nothing is ranked here: the club places came with the field."""
    methods = found.get("methods", {})
    out = []
    for method, part in sorted(methods.items(), key=lambda item: _method_order(item[0])):
        rows = part["rows"]
        if rows and "club_place" not in rows[0]:  # a copy kept before the club places came with it
            rows = with_club_places(rows)
        label = f" ({METHOD_WORDS.get(method, method)})" if len(methods) > 1 else ""
        for row in rows if not pair else [r for r in rows if str(r["pair"]) == str(pair)]:
            club, score = row["club_place"], _score_text(method, row["score"])
            text = f"Simultaneous event{label}: {row['rank']} pairs overall ({score}), {club} at the club"
            alone = _score_text(method, row["club_score"]) if row.get("club_score") else ""
            out.append(
                Placing(
                    method, str(row["pair"]), row["direction"], row["rank"], score, club, text, alone,
                    str(row.get("names", "")),
                )
            )  # fmt: skip
    return out


def local_field(event: SimEvent, club: str, pair: str = "") -> dict[str, Any]:
    """The published field of an event on this server as it concerns one club (or one of its pairs), read
    from the placings kept when it was published: only its rows (the same shape as a kept copy)."""
    fields = selectors.published_club(event, club, pair)
    methods = {m: {"pairs": event.field_size, "rows": rows} for m, rows in fields.items()}
    return {"ref": event.ref, "event": event.name, "via": "here", "methods": methods}


def session_field(session: Session, pair: str = "") -> dict[str, Any] | None:
    """The published field as it concerns the session's club (the module's two sources), or None;
    ``pair``: only that pair's rows are read of an event on this server."""
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
    return local_field(event, str(pack.get("club", "")), pair)


def placings_seen(*, session: Session | SessionRead, viewer: Viewer, pair: str = "") -> list[Placing]:
    """The placings this viewer may see of the session's pairs (``pair``: the phone's own entrant; its
    phone reads only that pair's placing)."""
    seen = sim_placings_seen(viewer=viewer, session=session, field_published=True) if session.pk else ""
    mine = "" if seen == "all" else str(pair)
    if not seen or (seen == "own" and not mine):
        return []
    found = session_field(session, mine)
    return [] if found is None else placings_of(found, mine)


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
