"""What the director's law page shows: the table's line, every law, what each would do here.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, Laws pp. 61-62):
a law that gives a table "the average score for the deal" calls a new deal
instead when fewer than three tables are in play (Law IV, Secs. 9-10; Law
V, Sec. 1); at a single table (Mnemonic Duplicate, p. 66) an irregularity
in the hands is always a new deal. The page says which applies to this
tray before the director chooses.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from scoring.models import SlipLine, SlipLineVersion
from scoring.scorers.irregularities import IRREGULARITIES, Irregularity
from scoring.scorers.laws import MIN_TABLES_FOR_AVERAGE
from tournaments.models import Seating, Session, Tray


@dataclass(frozen=True)
class LawChoice:
    """One law the director may apply, and what it does to this tray's score here."""

    code: str
    name: str
    page: int
    does: str


@dataclass(frozen=True)
class LawPage:
    """One table on one tray: who played, its line as it stands, the laws, the line's history."""

    tray: int
    table: int
    round: int
    ns: str
    ew: str
    tables: int
    line: SlipLine | None
    choices: tuple[LawChoice, ...]
    history: tuple[SlipLineVersion, ...]


def what_it_does(law: Irregularity, *, tables: int, single_table: bool) -> str:
    """The law's remedy for this tray, as the director will see it applied (pp. 61-62, 66)."""
    if law.effect == "record":
        return "the score stands; the card turned in error is liable to be called"
    if law.effect == "new-deal" or single_table:
        return "a new deal: nobody scores the deal as played" + (" (p. 66)" if single_table else "")
    if law.effect == "average" and tables < MIN_TABLES_FOR_AVERAGE:
        return f"only {tables} table{'s' if tables != 1 else ''} in play: a new deal, nobody scores the deal"
    return "this table takes the average score for the deal (p. 44, rule 11)"


def tables_in_play(*, tray: Tray) -> int:
    """The tables that play the tray, not counting a table against a phantom."""
    return (
        Seating.objects.filter(seating_trays__tray=tray)
        .exclude(Q(ns__is_phantom=True) | Q(ew__is_phantom=True))
        .count()
    )


def law_page(*, session: Session, tray_number: int, table_number: int) -> LawPage | None:
    """The law page of one table on one tray, or None when that table does not play it."""
    tray = Tray.objects.filter(session=session, number=tray_number).first()
    seating = (
        Seating.objects.filter(table__session=session, table__number=table_number, seating_trays__tray=tray)
        .select_related("round", "ns", "ew")
        .first()
        if tray is not None
        else None
    )
    if tray is None or seating is None:
        return None
    tables = tables_in_play(tray=tray)
    single = session.movement_family == "mnemonic"
    choices = tuple(
        LawChoice(code, law.name, law.page, what_it_does(law, tables=tables, single_table=single))
        for code, law in IRREGULARITIES.items()
    )
    line = SlipLine.objects.filter(tray=tray, table__number=table_number).select_related("ns", "ew").first()
    history = SlipLineVersion.objects.filter(
        session=session, tray_number=tray_number, table_number=table_number
    ).order_by("-changed_at", "-id")
    return LawPage(
        tray=tray_number,
        table=table_number,
        round=seating.round.number,
        ns=_side(seating, "NS"),
        ew=_side(seating, "EW"),
        tables=tables,
        line=line,
        choices=choices,
        history=tuple(history.select_related("changed_user")),
    )


def _side(seating: Seating, way: str) -> str:
    """ "Pair 3 (...)", or the two players by seat in movements that seat players."""
    entrant = seating.ns if way == "NS" else seating.ew
    if entrant is not None:
        return str(entrant)
    seats = seating.seats.filter(direction__in=list(way), player__isnull=False).select_related("player")
    return " & ".join(s.player.name for s in seats.order_by("direction") if s.player)
