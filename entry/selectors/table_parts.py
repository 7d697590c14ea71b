"""What the phone's page shows, as plain dataclasses: the page, its rounds, trays, lines and scores.

The same objects are the page's template context and, as JSON, the phones'
API state (``entry.api.tables``); ``table`` fills them in.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from entry.disputes import Figures
from entry.selectors.table_move import MoveView
from entry.send.rules import OTHER_SIDE, SIDE_WORDS
from scoring import display
from scoring.models import SlipLine, Via
from scoring.selectors.travellers import TravellerLine
from sims.club_placings import Placing

#: What one deal's score means, by method (the book's words, pp. 32, 42-46).
SCORE_WORDS = {
    "trick": "tricks against the average",
    "howell": "loss from the top score",
    "exponent": "equated gain",
    "match": "match score",
    "matchpoints": "matchpoints",
}


def status_label(line: SlipLine) -> str:
    """What a line's state says on the phones, truly: who sent it and who must check it, or who checked
    it (a side, on its own phone or on the sender's handed across; the director; a dispute settled)."""
    sender = line.entered_side or "NS"
    other, side = SIDE_WORDS[OTHER_SIDE[sender]], SIDE_WORDS.get(line.checked_side, "")
    if line.status == SlipLine.Status.ENTERED:
        return f"Waiting for {other} to check"
    if line.status == SlipLine.Status.DISPUTED:
        return f"Disputed, with the director: {Figures.of(sender, line.ns_tricks, line.claimed).words()}"
    how = SlipLine.Checked
    if line.checked_how == how.OWN and side:
        return f"Checked by {side}"
    if line.checked_how == how.ACROSS and side:
        return f"Checked by {side}, on {SIDE_WORDS[sender]}'s phone handed across"
    if line.checked_how == how.SETTLED and side:
        return f"Disputed; settled by the director for {side}'s count"
    if line.checked_how == how.DIRECTOR:
        return "Entered by the director" if line.entered_via == Via.DIRECTOR else "Confirmed by the director"
    return "Checked"


@dataclass(frozen=True)
class SeatView:
    """One seat: direction, player's name, and the pair (team) number."""

    direction: str
    word: str
    name: str
    number: int | None
    tag: str


@dataclass(frozen=True)
class LineView:
    """The table's own line on a tray's slip."""

    ns_tricks: int | None
    ew_tricks: int | None
    status: str
    status_label: str
    version: int
    ns_revokes: int
    ew_revokes: int
    award: str
    sent_here: bool
    #: The side that must check it ("E-W"), and the side that sent it.
    check_side: str = "E-W"
    sent_side: str = "N-S"


@dataclass(frozen=True)
class ScoreNote:
    """A side's score on one tray, on the trays its slip is unfolded for."""

    who: str
    value: str
    words: str


@dataclass
class TrayCard:
    """A tray in play at the table: its deal, the table's line, its slip once unfolded."""

    number: int
    trump: display.CardView | None
    dealer: str
    line: LineView | None = None
    traveller: list[TravellerLine] | None = None
    scores: list[ScoreNote] = field(default_factory=list)
    can_send: bool = False
    #: The send asks for the trump card turned at the table: none is known to this phone (``table``).
    asks_trump: bool = False
    #: This phone may check it: it follows the side that must check, or that side holds no phone of its
    #: own and this phone is the sender's, to hand across (``hand_across``; ``rules.decide_check``).
    can_confirm: bool = False
    hand_across: bool = False
    #: The side that sent it may still correct its count: the other side has not checked it
    #: (``services.amend``).
    can_amend: bool = False
    #: The sender's phone, while the other side checks on a phone of its own.
    waits_for_check: bool = False


@dataclass(frozen=True)
class EveningLine:
    """A tray the phone's entrant has played and its table has sent, on "My evening so far": where and
    against whom, the tricks each way, and its score on the tray once scored (blank: none to show)."""

    tray: int
    round: int
    table: int
    side: str
    against: str
    against_names: str
    took: int | None
    gave: int | None
    award: str
    status: str
    status_label: str
    score: str = ""


@dataclass
class RoundCard:
    """One round at one table: who sits where and the trays."""

    number: int
    table: int
    ns: int | None
    ew: int | None
    ns_name: str
    ew_name: str
    seats: list[SeatView]
    trays: list[TrayCard]
    done: bool
    #: The side the entrant this phone follows sits this round ("N-S", "E-W"; blank: not at this table):
    #: the side a send from this phone is (the phone's script names it on a send kept offline).
    side: str = ""


@dataclass(frozen=True)
class StandingLine:
    """One line of the running score: ``rank``, the place in its field, written ``place`` ("=2")."""

    rank: int
    entrant: int
    name: str
    total: str
    plus_minus: str
    here: bool
    field: str = ""
    place: str = ""


@dataclass(frozen=True)
class FollowView:
    """The entrant a phone follows; ``code``, what a partner's phone types at a table's link to follow it
    too (blank until a phone first says at a table who it is); ``phones``, how many phones follow it."""

    label: str
    names: str
    code: str = ""
    phones: int = 0


@dataclass
class TablePage:
    """Everything the phone's page shows, for the template and the state JSON."""

    table: int
    session_title: str
    session_date: str
    status: str
    accepts_results: bool
    rounds: int
    round: int
    finished: bool
    now: RoundCard | None
    just_played: RoundCard | None
    #: Earlier rounds' lines still waiting for E-W's check, wherever the table (or pair) is now.
    unchecked: list[RoundCard]
    move: MoveView | None
    running: list[StandingLine] | None
    running_trays: list[int]
    score_words: str
    follows: FollowView | None
    sitting_out: bool
    #: The public results page, once the director has published the standings.
    results_url: str = ""
    #: Then the followed entrant's place in its field and its figures ("=2nd of 5 N-S, total +1⅓").
    results_place: str = ""
    #: Then whether they are final: "Provisional until Tuesday 1 December 2026, 20:00 GMT", or "Final".
    results_status: str = ""
    #: And the changes made to them since publishing, as the public results say them (what, when, why).
    results_changes: list[str] = field(default_factory=list)
    #: "My evening so far": every tray the entrant has played and its table has sent, in the order played.
    evening: list[EveningLine] = field(default_factory=list)
    #: The pair's two placings in a simultaneous event's published field, once the session is closed.
    sim_placings: list[Placing] = field(default_factory=list)
    #: The phone's pass is in doubt: it may be in another pair's hands, and shows nothing of its entrant's
    #: results until the entrant confirms it holds it (``tournaments.services.phones``).
    in_doubt: bool = False
    stamp: str = ""
