"""A phone's "My evening so far": the trays its entrant has played and its table has sent, and nothing else.

The lines are the entrant's own, found by its places on the slips (``scoring.SlipSeat``: a pair, one pair
of a team of four by its side, a player by his seat), the same places the visibility rule reads
(``scoring.visibility.played_trays``): a tray the entrant has not played, or whose line its table has not
sent, is not on the card, and another table's line never is. The score on a tray comes from the page's
scores of the trays its slip is unfolded for (``table.Reading``), so it too is only what the rule allows.
One query: the lines with their tray, round, table and entrants (and, where players are seated by seats,
who sat where, in the same query).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.db.models import OuterRef, QuerySet, Subquery

from entry.selectors.phone import Phone
from entry.selectors.table_parts import EveningLine, status_label
from scoring.models import SlipLine
from scoring.selectors.standings import names_by_entrant
from scoring.visibility import Sight
from tournaments.models import EntrantKind, Seat
from whist.cards import SEATS

#: Sessions whose players are seated by seats (no N-S or E-W entrant on a line).
BY_SEATS = frozenset({EntrantKind.INDIVIDUALS, EntrantKind.SIXES, EntrantKind.EIGHTS})


def evening_rows(*, phone: Phone, seen: Sight) -> list[SlipLine]:
    """The entrant's own lines this session, in the order played (none for a table's bare link)."""
    link = phone.link
    if link is None or not seen.own_lines:
        return []
    lines: QuerySet[SlipLine] = (
        SlipLine.objects.filter(
            session_id=phone.session.pk, seats__entrant_id=link.entrant_id, seats__side=link.side
        )
        .select_related("tray", "round", "table", "ns", "ew")
        .order_by()
    )  # sorted below
    if phone.session.entrant_kind in BY_SEATS:
        lines = lines.annotate(**_who_sat(lines))
    return sorted(lines, key=lambda line: (line.round.number, line.tray.number))


def _who_sat(lines: QuerySet[SlipLine]) -> dict[str, Any]:
    """Each seat's entrant and player's name at the line's table in its round, as subqueries."""
    out: dict[str, Any] = {}
    for seat in SEATS:
        sat = Seat.objects.filter(
            seating__round_id=OuterRef("round_id"), seating__table_id=OuterRef("table_id"), direction=seat
        )
        out[f"entrant_{seat}"] = Subquery(sat.values("entrant_id")[:1])
        out[f"player_{seat}"] = Subquery(sat.values("player__name")[:1])
    return out


def evening_card(
    rows: list[SlipLine], *, phone: Phone, scores: Callable[[int], dict[int, str]]
) -> list[EveningLine]:
    """The card's lines: where, against whom, the tricks each way and the score (``scores``: tray ->
    entrant number -> score, the page's, for the trays unfolded to this phone)."""
    link = phone.link
    if link is None:
        return []
    number = link.entrant.number
    named = names_by_entrant(session=phone.session)
    out = []
    for line in rows:
        north_south, against, names = _sides(line, link.entrant_id, link.side, named)
        took, gave = (line.ns_tricks, line.ew_tricks) if north_south else (line.ew_tricks, line.ns_tricks)
        award = line.ns_award if north_south else line.ew_award
        out.append(
            EveningLine(
                tray=line.tray.number,
                round=line.round.number,
                table=line.table.number,
                side="N-S" if north_south else "E-W",
                against=against,
                against_names=names,
                took=took,
                gave=gave,
                award=award,
                status=line.status,
                status_label=status_label(line),
                score=scores(line.tray.number).get(number, ""),
            )
        )
    return out


def _sides(line: SlipLine, entrant_id: int, side: str, named: Mapping[int, str]) -> tuple[bool, str, str]:
    """Whether the entrant sat N-S on this line; its adversaries, and their names (``named``: entrant id
    -> name, ``names_by_entrant``)."""
    if line.ns_id is not None or line.ew_id is not None:
        north_south = line.ns_id == entrant_id and side in ("", "NS")
        other = line.ew if north_south else line.ns
        if other is None:
            return north_south, "", ""
        label = "phantom" if other.is_phantom else f"{other.get_kind_display()} {other.number}"
        return north_south, label, "" if other.is_phantom else named.get(other.pk, "")
    seat = next((s for s in SEATS if getattr(line, f"entrant_{s}", None) == entrant_id), "N")
    north_south = seat in "NS"
    theirs = [getattr(line, f"player_{s}", None) or "—" for s in SEATS if (s in "NS") != north_south]
    return north_south, " & ".join(theirs), ""
