"""The phone at the table: the link it opened, the entrant it follows, where that entrant is now.

A table's QR code opens a **table link**. A phone that has said which
entrant it is (one of those seated at that table in its round), or that
opens an entrant's own link (the QR code on the entrant's movement card,
the book's card of p. 39), **follows that entrant** from table to table:
it shows where the entrant sits now, where it goes next, and the travellers
of the trays it has played. A phone that said nothing is a bare table link:
it enters and checks that table's results and sees no traveller
(``scoring.visibility``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from tournaments.models import Entrant, EntrantLink, Seating, SeatingTray, Session, Table
from tournaments.selectors import entrant_link_by_token, table_by_token
from tournaments.services.errors import NotFound

from ..models import SlipLine
from ..visibility import Viewer, entrant_viewer, table_viewer
from .rounds import entrant_round, entrant_seatings, table_round


@dataclass(frozen=True)
class Phone:
    """A phone: a bare table link, or an entrant it follows (``link``)."""

    session: Session
    table: Table | None = None
    link: EntrantLink | None = None

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
    """A phone that holds an entrant's own link, or NotFound."""
    link = entrant_link_by_token(token=token)
    return Phone(session=link.session, link=link)


def phone_round(phone: Phone) -> int:
    """The round the phone's table (or entrant) is playing now; 0 before the start."""
    if phone.session.status == Session.Status.DRAFT:
        return 0
    if phone.link is not None:
        return entrant_round(
            link=phone.link, session=phone.session, seatings=phone.seatings, rounds=phone.rounds
        )
    assert phone.table is not None
    return table_round(table=phone.table, rounds=phone.rounds)


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


@dataclass(frozen=True)
class Claim:
    """One entrant a phone at this table may say it is: a pair, one pair of a team, or a player."""

    link: EntrantLink
    label: str
    names: str
    side: str


def _claim_label(entrant: Entrant, side: str, where: str) -> str:
    """ "N-S · Pair 3", "E-W · Team 2", "North · Player 5"."""
    return f"{where} · {entrant.get_kind_display()} {entrant.number}"


def claims_at(*, table: Table, round_number: int) -> list[Claim]:
    """The entrants seated at this table in this round, each with its own link (phantoms excepted)."""
    seating = Seating.objects.filter(table=table, round__number=round_number).first()
    if seating is None:
        return []
    links = {
        (link.entrant_id, link.side): link
        for link in EntrantLink.objects.filter(session_id=table.session_id, revoked=False).order_by()
    }
    claims = []
    for seated in seating.seated.select_related("entrant").prefetch_related("entrant__members__player"):
        entrant = seated.entrant
        link = links.get((entrant.pk, seated.side))
        if link is None or entrant.is_phantom:
            continue
        seat = seating.seats.filter(entrant=entrant).first()
        where = seat.get_direction_display() if seat else _side_words(seating, entrant, seated.side)
        names = " & ".join(m.player.name for m in entrant.members.all() if _in_side(m.role, seated.side))
        claims.append(
            Claim(link=link, label=_claim_label(entrant, seated.side, where), names=names, side=where)
        )
    return claims


def _side_words(seating: Seating, entrant: Entrant, side: str) -> str:
    """ "N-S" or "E-W" for a pair or one pair of a team."""
    if side:
        return "N-S" if side == "NS" else "E-W"
    return "N-S" if seating.ns_id == entrant.pk else "E-W"


def _in_side(role: str, side: str) -> bool:
    """Whether a team member of this role plays in this pair (N and S are N-S, p. 48)."""
    return not side or not role or role in side
