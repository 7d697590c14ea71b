"""Hand records: double-dummy tricks for whist, computed with the endplay solver.

Whist has no bidding (Laws III-IV, pp. 60-61): the suit of the turned trump
card is trumps, and the player on the dealer's left leads to the first
trick. So each deal has one double-dummy question: with that trump suit and
that opening leader, how many tricks can each side take if all four hands
are seen and played perfectly? ``endplay`` (a maintained binding of Bo
Haglund's DDS) solves the opening lead; the best lead's tricks are the
leader's side's, and the other side takes the rest of the thirteen.

The answer is kept on ``Deal.double_dummy``::

    {"trump": "C", "leader": "E", "ns": 6, "ew": 7,
     "best_leads": ["AH", "TH"], "other_leads": ["2C", ...], "solver": "endplay 0.5.12"}

It is computed in a Celery task (``scoring.tasks.compute_double_dummy``) so
publishing never waits for it; a deal changed by the director has its
record cleared by the deals service and is solved again. A session's solve
begins no deal past its deadline (``SolveOverTime``); one deal's solve is
bounded by the solver itself (0.1 s a deal; the longest of 900 random deals,
7 s on two busy cores).
"""

from __future__ import annotations

import logging
import math
import time
from dataclasses import asdict, dataclass
from importlib.metadata import version
from typing import Any

from tournaments.models import Deal, Session
from whist.cards import left_of

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class DoubleDummy:
    """The double-dummy tricks of each side, with the trump suit and the leader."""

    trump: str
    leader: str
    ns: int
    ew: int
    best_leads: tuple[str, ...]
    other_leads: tuple[str, ...]
    solver: str

    def as_json(self) -> dict[str, Any]:
        """The form kept on ``Deal.double_dummy``."""
        return {**asdict(self), "best_leads": list(self.best_leads), "other_leads": list(self.other_leads)}


def leader_of(dealer: str) -> str:
    """The player on the dealer's left, who leads (Law IV)."""
    return left_of(dealer)


def solver_available() -> bool:
    """Whether the endplay solver can be imported here."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def solve(*, hands: str, trump_card: str, dealer: str) -> DoubleDummy:
    """Solve one deal double dummy: trump suit from the turned card, dealer's left leads."""
    from endplay.dds import solve_board
    from endplay.types import Deal as EndplayDeal
    from endplay.types import Denom, Player

    suit, leader = trump_card[-1].upper(), leader_of(dealer)
    board = EndplayDeal(hands)
    board.first = Player.find(leader)
    board.trump = Denom.find(suit)
    leads = [(card, tricks) for card, tricks in solve_board(board)]
    best = max(tricks for _, tricks in leads)
    leader_side = best if leader in "NS" else 13 - best
    return DoubleDummy(
        trump=suit,
        leader=leader,
        ns=leader_side,
        ew=13 - leader_side,
        best_leads=tuple(_card(c) for c, tricks in leads if tricks == best),
        other_leads=tuple(_card(c) for c, tricks in leads if tricks != best),
        solver=f"endplay {version('endplay')}",
    )


def _card(card: Any) -> str:
    """An endplay card as rank and suit letter: "AH", "TC"."""
    return f"{card.rank.abbr}{card.suit.name[0].upper()}"


def deal_double_dummy(*, deal: Deal) -> dict[str, Any] | None:
    """Solve one deal and keep the answer, unless its hands changed meanwhile."""
    if not (deal.hands and deal.trump):
        return None
    result = solve(hands=deal.hands, trump_card=deal.trump, dealer=deal.dealer).as_json()
    Deal.objects.filter(pk=deal.pk, hands=deal.hands, trump=deal.trump, dealer=deal.dealer).update(
        double_dummy=result
    )
    return result


def deals_missing_double_dummy(*, session_id: int) -> list[Deal]:
    """The session's recorded deals that have no double-dummy answer yet."""
    return list(
        Deal.objects.filter(tray__session_id=session_id, double_dummy__isnull=True)
        .exclude(hands="")
        .exclude(trump="")
        .select_related("tray")
        .order_by("tray__number")
    )


class SolveOverTime(Exception):
    """A session's solve stopped at its deadline, between two deals: the deals solved are kept."""


def session_double_dummy(*, session_id: int, until: float = math.inf) -> int:
    """Solve every recorded deal of a session that lacks an answer; returns how many.

    ``until`` (a ``time.monotonic()``): no deal is begun after it; ``SolveOverTime`` says it stopped.
    """
    if not solver_available():
        logger.warning("endplay is not installed: hand records are left without double-dummy tricks")
        return 0
    session = Session.objects.get(pk=session_id)
    solved = 0
    for deal in deals_missing_double_dummy(session_id=session.pk):
        if time.monotonic() >= until:
            raise SolveOverTime(f"{solved} deals of session {session_id} solved before the deadline")
        if deal_double_dummy(deal=deal) is not None:
            solved += 1
    return solved
