"""The phone at the table: the link it opened, the entrant it follows, where that entrant is now.

A table's QR code opens a **table link**: a place (``selectors.place``). A
phone that has said there which entrant it is (its **pass**), or that opens
an entrant's own link (the QR code on the entrant's movement card, the
book's card of p. 39), **follows that entrant** from table to table: it
shows where the entrant sits now, where it goes next, and the travellers of
the trays it has played (``scoring.visibility``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from django.db.models import Q

from entry.selectors.rounds import entrant_round, entrant_seatings, table_round
from entry.send.rules import SIDE_WORDS
from scoring.models import SlipLine
from scoring.visibility import Viewer, doubted_viewer, entrant_viewer, table_viewer
from tournaments.errors import NotFound
from tournaments.link_reads import LinkRead, PassRead, SessionRead, TableRead, link_word
from tournaments.models import EntrantKind, PhonePass, Round, Seat, Seating, SeatingTray, Session, Table
from tournaments.selectors import follower_by_token, table_by_token


@dataclass(frozen=True)
class Phone:
    """A phone: a bare table link, or an entrant it follows (``link``: by its own printed link, or by
    the phone's ``pass_`` said at a table), each as its link's read found it (``tournaments.link_reads``:
    plain named tuples, the session's among them; anything more is read by its id)."""

    session: SessionRead
    table: TableRead | None = None
    link: LinkRead | None = None
    pass_: PassRead | None = None
    #: The phone's own id (its ``cw_device`` cookie), blank when it has none.
    device: str = ""

    @property
    def viewer(self) -> Viewer:
        """Who is looking, for the visibility rule."""
        if self.in_doubt:
            assert self.link is not None
            return doubted_viewer(entrant_id=self.link.entrant_id, side=self.link.side)
        if self.link is not None:
            return entrant_viewer(entrant_id=self.link.entrant_id, side=self.link.side)
        assert self.table is not None
        return table_viewer(table_id=self.table.pk)

    @property
    def in_doubt(self) -> bool:
        """Whether its pass is in doubt (``tournaments.services.phones``): it shows no result and acts on
        nothing until its entrant confirms it holds the phone."""
        return self.pass_ is not None and self.pass_.in_doubt

    @cached_property
    def rounds(self) -> int:
        """How many rounds the session has."""
        return Round.objects.filter(session_id=self.session.id).count()

    @cached_property
    def seatings(self) -> dict[int, Seating]:
        """Round number -> the phone's seating: its table's, or its entrant's (absent when sitting out)."""
        if self.link is not None:
            return entrant_seatings(link=self.link)
        assert self.table is not None
        # By the session's rounds as well: PostgreSQL then reads the entrants by their keys, where it
        # hashed every round and entrant the database holds (tests/table/test_reads_by_session.py).
        rows = Seating.objects.filter(table_id=self.table.id, round__session_id=self.table.session_id)
        rows = rows.select_related("round", "table", "ns", "ew")
        return {s.round.number: s for s in rows.order_by()}

    @cached_property
    def round_now(self) -> int:
        """The round the phone's entrant (or table) is playing now; 0 before the start (``phone_round``)."""
        if self.session.status == Session.Status.DRAFT:
            return 0
        if self.link is not None:
            return entrant_round(link=self.link, session=self.session, rounds=self.rounds)
        assert self.table is not None
        return table_round(table=self.table, rounds=self.rounds)

    def actor(self, side: str) -> str:
        """Who acted, for the slip's history: "pair 5 (N-S phone)", the entrant this phone follows and the
        side it sat on the line (``side``: "NS", "EW"); "table 3 N-S" for a table's link."""
        words = SIDE_WORDS.get(side, side)
        if self.link is None:
            assert self.table is not None
            return f"table {self.table.number} {words}"
        return f"{self.entrant_word} ({words} phone)"

    @property
    def entrant_word(self) -> str:
        """The entrant this phone follows, as the slip's history names it: "pair 5", "team 2's N-S pair"."""
        assert self.link is not None
        return link_word(self.link)

    @property
    def follows(self) -> bool:
        """Whether the phone follows an entrant."""
        return self.link is not None


def phone_for_table(*, token: str, device: str = "") -> Phone:
    """A bare table link's phone, or NotFound (its session read without the heavy movement fields)."""
    table = table_by_token(token=token)
    return Phone(session=table.session, table=table, device=device)


def phone_for_entrant(*, token: str, device: str = "") -> Phone:
    """A phone that follows an entrant, by its own link or by a phone's pass; else NotFound."""
    link, phone_pass = follower_by_token(token=token)
    return Phone(session=link.session, link=link, pass_=phone_pass, device=device)


def phone_round(phone: Phone) -> int:
    """The round the phone's table (or entrant) is playing now; 0 before the start (read once a request)."""
    return phone.round_now


def phone_seatings(phone: Phone) -> dict[int, Seating]:
    """Round number -> the phone's seating: its table's, or its entrant's (absent when sitting out)."""
    return phone.seatings


def phone_line(*, phone: Phone, tray_number: object) -> SlipLine:
    """The line of a tray at the phone's table (for an entrant, the table where it played it), or NotFound."""
    try:
        number = int(str(tray_number))
    except ValueError:
        raise NotFound(f"There is no tray {tray_number!r}.") from None
    seatings = [s.pk for s in phone_seatings(phone).values()]
    plays = SeatingTray.objects.filter(seating_id__in=seatings, tray__number=number)
    tables = set(plays.values_list("seating__table_id", flat=True))
    line = (
        SlipLine.objects.filter(session_id=phone.session.pk, table_id__in=tables, tray__number=number)
        .select_related("tray", "session", "table")
        .first()
    )
    if line is None:
        raise NotFound(f"No result has been sent on tray {number} at your table.")
    return line


#: Who sat one side of a line: the entrants there, each with the side of its link (a team's pair).
Holders = frozenset[tuple[int, str]]


def sides_of(
    *, ns: int | None, ew: int | None, fours: bool, seats: Iterable[tuple[int, str]] = ()
) -> dict[str, Holders]:
    """Who sat each side ("NS", "EW") of a table: its pairs (``ns``, ``ew``; a team of four's pair by its
    side, p. 48), else its players by their seats (``seats``: entrant id and direction)."""
    if ns is not None or ew is not None:
        return {
            side: frozenset({(pk, side if fours else "")} if pk is not None else ())
            for side, pk in (("NS", ns), ("EW", ew))
        }
    found: dict[str, set[tuple[int, str]]] = {"NS": set(), "EW": set()}
    for entrant, direction in seats:
        found["NS" if direction in "NS" else "EW"].add((entrant, ""))
    return {side: frozenset(holders) for side, holders in found.items()}


def line_sides(line: SlipLine) -> dict[str, Holders]:
    """Who sat each side of a line (``sides_of``; the seats read only when the line has no pairs)."""
    if line.ns_id is not None or line.ew_id is not None:
        fours = line.session.entrant_kind == EntrantKind.FOURS
        return sides_of(ns=line.ns_id, ew=line.ew_id, fours=fours)
    seats = Seat.objects.filter(
        seating__table_id=line.table_id, seating__round_id=line.round_id, entrant__isnull=False
    )
    return sides_of(ns=None, ew=None, fours=False, seats=seats.values_list("entrant_id", "direction"))


def phone_side(phone: Phone, sides: dict[str, Holders]) -> str:
    """The side of a line the entrant this phone follows sat on ("NS", "EW"), blank when not on it."""
    if phone.link is None:
        return ""
    me = (phone.link.entrant_id, phone.link.side)
    return next((side for side, holders in sides.items() if me in holders), "")


def holds_a_phone(*, session_id: int, holders: Holders) -> bool:
    """Whether any of these entrants holds a phone of its own: a pass not ended (released, left, or
    taken by another entrant)."""
    if not holders:
        return False
    which = Q()
    for entrant, side in holders:
        which |= Q(link__entrant_id=entrant, link__side=side)
    return PhonePass.objects.filter(which, session_id=session_id, ended_at__isnull=True).exists()


def table_left_at(phone: Phone) -> Table | TableRead | None:
    """The table a phone that follows an entrant was left at, as far as is known: the one whose code it
    opened when its pass went in doubt; else where its entrant played the last tray its table has sent;
    else where it sits now ("Not us?" leads back to that table's page)."""
    if phone.pass_ is not None and phone.pass_.doubted_table_id is not None:
        return Table.objects.filter(pk=phone.pass_.doubted_table_id).first()
    if phone.link is None:
        return phone.table
    seatings = phone.seatings
    sent = SlipLine.objects.filter(
        session_id=phone.session.pk, seats__entrant_id=phone.link.entrant_id, seats__side=phone.link.side
    )
    last = sent.order_by("-round__number").values_list("table_id", flat=True).first()
    if last is None:
        now = seatings.get(phone.round_now)
        last = now.table_id if now is not None else None
    return Table.objects.filter(pk=last).first() if last is not None else None
