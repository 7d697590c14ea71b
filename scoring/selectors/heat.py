"""A session's results as a club's heat of a simultaneous event: the PBN 2.1 ``ScoreTable`` file.

The director's, before publication as after: the club sends it to the
organiser, who scores every club's heat as one field (``python manage.py sim
score``; ``scoring.scorers.field``). The file itself is written by
``tournaments.pbn.results``; here the slip lines become its rows:

- one row per line of a tray's traveling slip (the book's slip, p. 42):
  table, round, the N-S and E-W entrants' numbers as the pair ids, and
  N-S's tricks, after the tricks a revoke moves (Law X, Sec. 4; a revoking
  side held to the average keeps its tricks here, the file having no way
  to say it);
- an adjusted score (``average``, ``average-plus``, ``average-minus``,
  ``scoring.scorers.laws``) written as its share of a top, 50, 60 or 40,
  each side its own; a table a law gives the average (Laws IV-V, pp. 61-62)
  gets 50 both ways;
- a tray nobody scores on (declared void, a law's new deal, too few tables
  to give an average: ``scoring.scorers.laws.void_reason``) is left out,
  and so is a line with no pair or a phantom on it;
- each pair's names as the club's results page gives them (the players
  of the roster, read at the time of sending: a rename is sent with the
  heat sent again), in the rows' ``Names_NS`` and ``Names_EW``; the
  organiser's public page names the pairs by them;
- the deals, where their hands are known, as the deals' PBN export writes
  them; ``[Site]`` the club's name, ``[Event]`` the session's title,
  ``[Date]`` its date.

Only a pairs session of a closed or published session makes a heat: the
field is of pairs, and its results are final.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import replace
from fractions import Fraction
from typing import Any

from scoring.models import SlipLine
from scoring.scorers.irregularities import takes_average
from scoring.scorers.laws import transfer_revoke_tricks, void_reason
from scoring.scorers.types import DealSlip, SlipResult
from scoring.selectors.finality import session_finality
from scoring.selectors.standings import entrant_names
from scoring.visibility import EVERYTHING
from tournaments.errors import UserError
from tournaments.models import EntrantKind, Session, Tray
from tournaments.pbn.results import ResultLine, results_bytes
from tournaments.selectors import export_deals

#: An adjusted score as its share of a top (the modern percentages, ``scoring.scorers.laws``).
AWARD_PERCENT: dict[str, Fraction] = {
    "average": Fraction(50),
    "average-plus": Fraction(60),
    "average-minus": Fraction(40),
}
#: What a line needs of the database, in this order.
FIELDS = (
    "tray__number",
    "tray__status",
    "table__number",
    "round__number",
    "ns__number",
    "ew__number",
    "ns_tricks",
    "ns_revokes",
    "ew_revokes",
    "ns_award",
    "ew_award",
    "law",
)


class NotAHeat(UserError):
    """A session that cannot be sent as a heat: not of pairs, or not closed yet."""


def heat_check(session: Session) -> None:
    """``NotAHeat`` saying why, unless the session is a closed or published pairs session."""
    if session.entrant_kind != EntrantKind.PAIRS:
        raise NotAHeat("A simultaneous event is played by pairs: this session's results cannot be a heat.")
    if session.status not in (Session.Status.CLOSED, Session.Status.PUBLISHED):
        raise NotAHeat("Close the session first: the results sent to the organiser are final.")


def session_result_lines(*, session: Session) -> list[ResultLine]:
    """The session's slip lines as the rows of the results file, tray by tray, table by table, each pair
    named as the club's results page names it."""
    rounds: dict[tuple[int, int], int] = {}
    slips: dict[int, list[SlipResult]] = defaultdict(list)
    void: set[int] = set()
    lines = SlipLine.objects.filter(session=session, ns__is_phantom=False, ew__is_phantom=False)
    for row in lines.order_by("tray__number", "table__number").values_list(*FIELDS):
        tray, status, table, rnd, ns, ew, tricks, ns_rev, ew_rev, ns_award, ew_award, law = row
        if status == Tray.Status.VOID:
            void.add(tray)
        adjusted: Any = (ns_award, ew_award) if ns_award and ew_award else None
        slips[tray].append(SlipResult(table, ns, ew, tricks, ns_rev, ew_rev, None, adjusted, law or None))
        rounds[tray, table] = rnd
    out: list[ResultLine] = []
    for tray, results in slips.items():
        if void_reason(DealSlip(tray, tuple(results), void=tray in void)) is None:
            out += [_row(tray, line, rounds[tray, line.table]) for line in results]
    names = {str(number): text for number, text in entrant_names(session=session).items()}
    return [replace(r, ns_names=names.get(r.ns, ""), ew_names=names.get(r.ew, "")) for r in out]


def _row(tray: int, line: SlipResult, rnd: int) -> ResultLine:
    """One line as a row: N-S's tricks after any revoke, or each side's share of a top."""
    ns, ew = str(line.ns), str(line.ew)
    if line.adjusted is not None:
        ns_award, ew_award = line.adjusted
        return ResultLine(
            tray, ns, ew, None, line.table, rnd, AWARD_PERCENT[ns_award], AWARD_PERCENT[ew_award]
        )
    if takes_average(line.law) or line.ns_tricks is None:
        half = AWARD_PERCENT["average"]
        return ResultLine(tray, ns, ew, None, line.table, rnd, half, half)
    tricks, _, _ = transfer_revoke_tricks(line.ns_tricks, line.ns_revokes, line.ew_revokes)
    return ResultLine(tray, ns, ew, tricks, line.table, rnd)


def session_results_pbn(*, session: Session, site: str = "") -> bytes:
    """The session's heat as a PBN 2.1 file (ISO-8859-1), or ``NotAHeat`` saying why not; ``site``, the
    club's name as the organiser knows it (a simultaneous event's pack says it), else the club's own."""
    heat_check(session)
    said = session_finality(session=session, sight=EVERYTHING)
    return results_bytes(
        site=site or session.club.name,
        event=session.title,
        date=session.date,
        lines=session_result_lines(session=session),
        deals=export_deals(session),
        status=said.words if said else "",
        changes=said.changes_said if said else (),
    )


def heat_site(session: Session) -> str:
    """The heat's ``[Site]``: the club's name as a simultaneous event's pack gives it, else blank (the
    club's own name is written)."""
    return str((session.sim_pack or {}).get("club", ""))


def results_filename(session: Session) -> str:
    """The file's name: the club, the date, the session and what it is."""
    return f"{session.club.slug}-{session.date:%Y-%m-%d}-{session.pk}-results.pbn"
