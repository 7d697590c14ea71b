"""The phone at the table: the link it opened, the entrant it follows, where that entrant is now.

A table's QR code opens a **table link**: a place (``selectors.place``). A
phone that has said there which entrant it is (its **pass**), or that opens
an entrant's own link (the QR code on the entrant's movement card, the
book's card of p. 39), **follows that entrant** from table to table: it
shows where the entrant sits now, where it goes next, and the travellers of
the trays it has played (``scoring.visibility``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from entry.selectors.rounds import entrant_round, entrant_seatings, table_round
from scoring.models import SlipLine
from scoring.visibility import Viewer, entrant_viewer, table_viewer
from tournaments.models import EntrantLink, PhonePass, Seating, SeatingTray, Session, Table
from tournaments.selectors import follower_by_token, table_by_token
from tournaments.services.errors import NotFound


@dataclass(frozen=True)
class Phone:
    """A phone: a bare table link, or an entrant it follows (``link``: by its own printed link, or by
    the phone's ``pass_`` said at a table)."""

    session: Session
    table: Table | None = None
    link: EntrantLink | None = None
    pass_: PhonePass | None = None

    @property
    def viewer(self) -> Viewer:
        """Who is looking, for the visibility rule."""
        if self.link is not None:
            return entrant_viewer(entrant_id=self.link.entrant_id, side=self.link.side)
        assert self.table is not None
        return table_viewer(table_id=self.table.pk)

    @cached_property
    def rounds(self) -> int:
        """How many rounds the session has."""
        return self.session.rounds.count()

    @cached_property
    def seatings(self) -> dict[int, Seating]:
        """Round number -> the phone's seating: its table's, or its entrant's (absent when sitting out)."""
        if self.link is not None:
            return entrant_seatings(link=self.link)
        assert self.table is not None
        # By the session's rounds as well: PostgreSQL then reads the entrants by their keys, where it
        # hashed every round and entrant the database holds (tests/table/test_reads_by_session.py).
        rows = Seating.objects.filter(table=self.table, round__session_id=self.table.session_id)
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
        """Who acted, for the slip's history: "table 3 N-S", or "pair 5 (N-S phone)"."""
        if self.link is None:
            assert self.table is not None
            return f"table {self.table.number} {side}"
        entrant = self.link.entrant
        return f"{entrant.get_kind_display().lower()} {entrant.number} ({side} phone)"

    @property
    def follows(self) -> bool:
        """Whether the phone follows an entrant."""
        return self.link is not None


def phone_for_table(*, token: str) -> Phone:
    """A bare table link's phone, or NotFound (its session read without the heavy movement fields)."""
    table = table_by_token(token=token)
    return Phone(session=table.session, table=table)


def phone_for_entrant(*, token: str) -> Phone:
    """A phone that follows an entrant, by its own link or by a phone's pass; else NotFound."""
    link, phone_pass = follower_by_token(token=token)
    return Phone(session=link.session, link=link, pass_=phone_pass)


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
        SlipLine.objects.filter(session=phone.session, table_id__in=tables, tray__number=number)
        .select_related("tray", "session", "table")
        .first()
    )
    if line is None:
        raise NotFound(f"No result has been sent on tray {number} at your table.")
    return line
