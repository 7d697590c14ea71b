"""The move after a round, in the book's words, from the stored seatings (never recomputed).

The book's movement card (Barney, 1900, p. 39) tells each player "Go next to
Table 4, East." and the trays "(Take deal just played to Table 1.)". The
sentences come from the movement engine's guide cards
(``tournaments.movements.cards``), fed with the seatings as the database
holds them, so a substitution or a director's own movement is what the
phones show.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tournaments.models import Entrant, Seat, Seating, SeatingTray, Session, Table
from tournaments.movements import Movement, Round, TableAssignment, cards

from .services.standings import ranked_kind


@dataclass(frozen=True)
class MoveLine:
    """Where one side (or seat) or the trays go after the round."""

    who: str
    names: str
    text: str


@dataclass(frozen=True)
class MoveView:
    """The move after a round: one sentence in the book's words, then line by line."""

    after_round: int
    sentence: str
    lines: list[MoveLine]
    wait_for_director: bool


def entrant_label(entrant: Entrant | None) -> str:
    """A pair's (team's) name as the page prints it."""
    if entrant is None:
        return ""
    return "phantom" if entrant.is_phantom else (entrant.name or str(entrant))


def stored_movement(*, session: Session, from_round: int) -> Movement:
    """The stored seatings from a round on, as the movement engine's plain data.

    Earlier rounds are left empty (the move after a round looks only
    forward). Seat-based movements number players by their roster id.
    """
    total = session.rounds.count()
    seatings = list(
        Seating.objects.filter(round__session=session, round__number__gte=from_round)
        .select_related("round", "table", "ns", "ew")
        .order_by("round__number", "table__number")
    )
    trays: dict[int, list[int]] = {}
    for st in SeatingTray.objects.filter(seating__in=seatings).select_related("tray").order_by("order"):
        trays.setdefault(st.seating_id, []).append(st.tray.number)
    seats: dict[int, dict[str, int]] = {}
    for seat in Seat.objects.filter(seating__in=seatings, player__isnull=False):
        seats.setdefault(seat.seating_id, {})[seat.direction] = seat.player_id
    by_round: dict[int, list[TableAssignment]] = {n: [] for n in range(1, total + 1)}
    for s in seatings:
        seat_based = s.ns is None and s.ew is None and s.pk in seats
        by_round[s.round.number].append(
            TableAssignment(
                table=s.table.number,
                trays=tuple(trays.get(s.pk, ())),
                ns=None if seat_based or s.ns is None else s.ns.number,
                ew=None if seat_based or s.ew is None else s.ew.number,
                seats=seats[s.pk] if seat_based else None,  # type: ignore[arg-type]
            )
        )
    kind = ranked_kind(session)
    everyone = set(session.entrants.filter(kind=kind).values_list("number", flat=True))
    rounds = tuple(
        Round(
            number=n,
            tables=tuple(tabs),
            sitout=tuple(sorted(everyone - {x for t in tabs for x in (t.ns, t.ew) if x is not None}))
            if tabs and tabs[0].seats is None
            else (),
        )
        for n, tabs in sorted(by_round.items())
    )
    tables = session.tables.count()
    return Movement(
        family=session.movement_family or "custom",
        entrants=len(everyone),
        tables=tables,
        trays=session.trays_count,
        rounds=rounds,
        entrant_kind="team" if kind == Entrant.Kind.TEAM else "pair",
    )


def move_after(*, table: Table, round_number: int, wait_for_director: bool) -> MoveView | None:
    """Where everyone at this table goes after a round, from the stored seatings."""
    session = table.session
    here = Seating.objects.filter(table=table, round__number=round_number).select_related("ns", "ew").first()
    if here is None:
        return None
    movement = stored_movement(session=session, from_round=round_number)
    sentence = cards.table_move_sentence(movement, table.number, round_number)
    lines: list[MoveLine] = []
    if round_number < len(movement.rounds):
        for side, seat, entrant in (("N-S", "N", here.ns), ("E-W", "E", here.ew)):
            if entrant is None or entrant.is_phantom:
                continue
            place = cards.next_place(movement, round_number + 1, entrant.number, seat)  # type: ignore[arg-type]
            lines.append(
                MoveLine(
                    who=f"{side} · {entrant.get_kind_display()} {entrant.number}",
                    names=entrant_label(entrant),
                    text=_place_words(place, side, table.number),
                )
            )
        for tray, to in sorted(cards.tray_moves(movement, table.number).get(round_number, {}).items()):
            text = "Leave it on this table" if to == table.number else f"Take it to Table {to}"
            lines.append(MoveLine(who=f"Tray {tray}", names="", text=text))
    return MoveView(
        after_round=round_number, sentence=sentence, lines=lines, wait_for_director=wait_for_director
    )


def _place_words(place: Any, side: str, table: int) -> str:
    """ "Stay", "Go to Table 4, sit East-West", "Sit out the next round"."""
    if place == "sit out":
        return "Sit out the next round (you take the average, p. 38)"
    if not isinstance(place, tuple):
        return "Play no more: the session is over for you"
    to_table, seat = place
    direction = "North-South" if seat in ("N", "S") else "East-West"
    if to_table == table and direction[0] == side[0]:
        return "Stay at this table"
    return f"Go to Table {to_table}, sit {direction}"
