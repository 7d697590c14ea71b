"""The move after a round, in the book's words, from the stored seatings (never recomputed).

The book's movement card (Barney, 1900, p. 39) tells each player "Go next to
Table 4, East." and the trays "(Take deal just played to Table 1.)". The
sentences come from the movement engine's guide cards
(``tournaments.movements.cards``), fed with the seatings as the database
holds them, so a substitution or a director's own movement is what the
phones show.

A phone that follows an entrant reads the **directions** from the round after
the one it just played (``tournaments.movements.directions``): that round and
the next, sit-outs included ("Round 2: sit out. Next: round 3, Table 4,
North-South."). A sit-out that is over (its deadline by the session's one
clock has passed, or the director has begun a later round) is left out, so
the box never tells a pair back at a table to sit out.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import timezone

from infra.reads import kept, offer
from scoring.selectors.standings import names_by_entrant
from tournaments.link_reads import SessionRead
from tournaments.models import Entrant, Seat, Seating, SeatingTray, Session, Table
from tournaments.models import Round as SessionRound
from tournaments.movements import Movement, Round, TableAssignment, cards
from tournaments.movements.diagram import runs
from tournaments.movements.directions import directions, stop
from tournaments.overplay import overplay_table
from tournaments.selectors import seated_kind, session_clock
from whist.cards import SEAT_NAME

MOVEMENT_CACHE_SECONDS = 12 * 3600


@dataclass(frozen=True)
class MoveLine:
    """Where one side (or seat) or the trays go after the round; ``entrant`` is whose line it is."""

    who: str
    names: str
    text: str
    entrant: int | None = None


@dataclass(frozen=True)
class MoveView:
    """The move after a round: one sentence in the book's words, then line by line."""

    after_round: int
    sentence: str
    lines: list[MoveLine]
    wait_for_director: bool


def entrant_label(entrant: Entrant | None, session: Session | SessionRead) -> str:
    """A pair's (team's) name as the page prints it: its players' names as the roster has them now."""
    if entrant is None:
        return ""
    return (
        "phantom"
        if entrant.is_phantom
        else (names_by_entrant(session=session).get(entrant.pk) or str(entrant))
    )


def stored_movement(
    *, session: Session | SessionRead, from_round: int, rounds: int | None = None
) -> Movement:
    """The stored seatings from a round on, as the movement engine's plain data (kept in the cache).

    Earlier rounds are left empty (the move after a round looks only
    forward). Seat-based movements number players by their roster id. The
    cache keys on the session's seating version, which every change of seats
    moves on.
    """
    key = f"clubwhist:movement:{session.pk}:{session.seating_version}:{from_round}"
    found: Movement | None = kept(key)
    if found is None:
        found = _stored_movement(session, from_round, rounds)
        offer(key, found, MOVEMENT_CACHE_SECONDS)
    return found


def _stored_movement(session: Session | SessionRead, from_round: int, rounds: int | None) -> Movement:
    """The stored seatings from a round on, read from the database."""
    total = SessionRound.objects.filter(session_id=session.pk).count() if rounds is None else rounds
    seatings = list(
        Seating.objects.filter(round__session_id=session.pk, round__number__gte=from_round)
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
    kind = seated_kind(session)
    everyone = set(Entrant.objects.filter(session_id=session.pk, kind=kind).values_list("number", flat=True))
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
    tables = Table.objects.filter(session_id=session.pk).count()
    return Movement(
        family=session.movement_family or "custom",
        entrants=len(everyone),
        tables=tables,
        trays=session.trays_count,
        rounds=rounds,
        entrant_kind="team" if kind == Entrant.Kind.TEAM else "pair",
    )


def room_tables(session: Session) -> dict[int, int]:
    """The session's tables that are another table of the room: a mnemonic overplay is Table 1's (p. 26)."""
    overplay = overplay_table(session)
    return {overplay: 1} if overplay else {}


def move_after(
    *,
    session: Session | SessionRead,
    seating: Seating,
    wait_for_director: bool,
    entrant: Entrant | None = None,
) -> MoveView:
    """Where everyone at this table goes after its round (only ``entrant``'s line, if given, with its
    directions from the round it goes to: the module docstring)."""
    table, round_number = seating.table.number, seating.round.number
    movement = stored_movement(session=session, from_round=round_number)
    room = room_tables(session)
    sentence = cards.table_move_sentence(movement, table, round_number)
    going = _going_to(session, movement, seating, entrant)
    lines: list[MoveLine] = []
    if round_number < len(movement.rounds):
        for side, who in (("N-S", seating.ns), ("E-W", seating.ew)):
            if who is None or who.is_phantom or (entrant is not None and who.pk != entrant.pk):
                continue
            to = going if entrant is not None else round_number + 1
            place = _next_place(movement, to, who.number, side)
            lines.append(
                MoveLine(
                    who=f"{side} · {who.get_kind_display()} {who.number}",
                    names=entrant_label(who, session),
                    text=_place_words(place, side, table, round_number=to),
                    entrant=who.number,
                )
            )
        lines += _seat_lines(movement, seating, entrant, room)
        lines += tray_lines(cards.tray_moves(movement, table).get(round_number, {}), table, room)
    if entrant is not None and lines:
        sentence = _entrant_directions(movement, seating, entrant, going) or lines[0].text + "."
    elif room and lines:  # mnemonic duplicate: one table of four all session (p. 26)
        sentence = "Everyone stays at this table: each seat's move is below."
    return MoveView(
        after_round=round_number, sentence=sentence, lines=lines, wait_for_director=wait_for_director
    )


def _entrant_side(seating: Seating, entrant: Entrant) -> str:
    """ "NS" or "EW": where the entrant sat at this seating ("" for a movement seated one by one)."""
    if seating.ns_id == entrant.pk:
        return "NS"
    return "EW" if seating.ew_id == entrant.pk else ""


def _going_to(session: Session, movement: Movement, seating: Seating, entrant: Entrant | None) -> int:
    """The round an entrant's directions start from after this seating's round: the next, past any
    sit-out that is over (the one clock's deadline passed, or the director began a later round)."""
    to = seating.round.number + 1
    side = _entrant_side(seating, entrant) if entrant is not None else ""
    if not side or entrant is None or to >= len(movement.rounds):
        return to
    if not stop(movement, entrant.number, to, side).sits_out:
        return to  # the clock is read only for a sit-out (a phone's look reads a fixed few)
    clock, now = session_clock(session=session), timezone.localtime()
    held = 0 if session.tables_advance else session.current_round
    while to < len(movement.rounds) and stop(movement, entrant.number, to, side).sits_out:
        if not (clock.late(to, now) or held > to):
            break
        to += 1
    return to


def _entrant_directions(movement: Movement, seating: Seating, entrant: Entrant, going: int) -> str:
    """An entrant's directions from round ``going`` ("" in a movement seated one by one)."""
    side = _entrant_side(seating, entrant)
    if not side or going > len(movement.rounds):
        return ""
    return directions(movement, entrant.number, going, side if movement.entrant_kind == "team" else "")


def tray_lines(moves: Mapping[int, int], table: int, room: Mapping[int, int]) -> list[MoveLine]:
    """Where the trays go, one line for all bound for one table: "Trays 1–16", "Take them to Table 2"."""
    bound: dict[int, list[int]] = {}
    for tray, to in sorted(moves.items()):
        bound.setdefault(to, []).append(tray)
    out = []
    for to, trays in sorted(bound.items()):
        it = "it" if len(trays) == 1 else "them"
        if to in room and table not in room:
            text = f"Keep {it} on this table for the overplay"
        elif room.get(to, to) == room.get(table, table):
            text = f"Leave {it} on this table"
        else:
            text = f"Take {it} to Table {room.get(to, to)}"
        who = f"Tray {trays[0]}" if len(trays) == 1 else f"Trays {runs(trays).replace('-', '–')}"
        out.append(MoveLine(who=who, names="", text=text))
    return out


def _next_place(movement: Movement, rnd: int, who: int, side: str) -> Any:
    """Where a pair (or one pair of a team, whose two pairs sit apart, p. 48) sits next, or "sit out"."""
    if movement.entrant_kind == "team":
        key = "ns" if side == "N-S" else "ew"
        if not any(getattr(t, key) == who for t in movement.rounds[rnd - 1].tables):
            return "sit out"
    return cards.next_place(movement, rnd, who, "N" if side == "N-S" else "E")


def _seat_lines(
    movement: Movement, seating: Seating, entrant: Entrant | None, room: Mapping[int, int]
) -> list[MoveLine]:
    """Seat-based movements: where each player goes (only ``entrant``'s player, if given)."""
    if seating.ns_id is not None or seating.ew_id is not None:
        return []
    out = []
    round_number, table = seating.round.number, seating.table.number
    for seat in Seat.objects.filter(seating=seating, player__isnull=False).select_related(
        "player", "entrant"
    ):
        if entrant is not None and seat.entrant_id != entrant.pk:
            continue
        place = cards.next_place(movement, round_number + 1, seat.player_id, seat.direction)  # type: ignore[arg-type]
        side = "N-S" if seat.direction in "NS" else "E-W"
        out.append(
            MoveLine(
                who=seat.get_direction_display(),
                names=seat.player.name,
                text=_place_words(place, side, table, seat.direction, room),
                entrant=seat.entrant.number if seat.entrant else None,
            )
        )
    return out


def _place_words(
    place: Any,
    side: str,
    table: int,
    seat: str = "",
    room: Mapping[int, int] | None = None,
    round_number: int = 0,
) -> str:
    """ "Stay", "Go to Table 4, sit East-West" (a player: "sit North"), "Sit out round 4".

    ``room`` names the session's tables that are another table of the room (a mnemonic overplay);
    ``round_number`` the round the move goes to.
    """
    if place == "sit out":
        which = f"round {round_number}" if round_number else "the next round"
        return f"Sit out {which} (you take the average, p. 38)"
    if not isinstance(place, tuple):
        return "Play no more: the session is over for you"
    to_table, to_seat = place
    if seat:
        return _seat_words(to_table, to_seat, table, seat, room or {})
    direction = "North-South" if to_seat in ("N", "S") else "East-West"
    if to_table == table and direction[0] == side[0]:
        return "Stay at this table"
    return f"Go to Table {to_table}, sit {direction}"


def _seat_words(to_table: int, to_seat: str, table: int, seat: str, room: Mapping[int, int]) -> str:
    """A player's move: "Keep your seat", "Stay at this table, sit East", "Go to Table 4, sit North"."""
    if to_table in room and table not in room:  # the same table, played again (p. 26)
        return f"Stay at this table for the overplay: sit {SEAT_NAME[to_seat]}, holding an adversary's hand"
    to_table, here = room.get(to_table, to_table), room.get(table, table)
    if (to_table, to_seat) == (here, seat):
        return "Keep your seat"
    if to_table == here:
        return f"Stay at this table, sit {SEAT_NAME[to_seat]}"
    return f"Go to Table {to_table}, sit {SEAT_NAME[to_seat]}"
