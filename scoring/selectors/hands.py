"""Hand records: the four hands of each deal, its trump card, dealer and double-dummy tricks.

Shown only when the visibility rule lets the viewer see the hand records
(the public once the director has published them; the director always).
The double-dummy tricks are solved in a Celery task
(``scoring.tasks.compute_double_dummy``), queued by the pages that show them
(``scoring.tasks.solve_hand_records_once``) before they read; a page never
waits on a worker, and nothing here queues.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scoring import display
from scoring.scorers import Slips
from scoring.visibility import Sight
from tournaments.models import Deal, Session
from whist.cards import SUITS, left_of


@dataclass(frozen=True)
class HandView:
    """A deal's four hands, trump card, dealer and double-dummy tricks."""

    tray: int
    dealer: str
    trump: str
    hands: Mapping[str, tuple[tuple[str, str], ...]]
    dd: Mapping[str, Any] | None

    @property
    def trump_text(self) -> str:
        """The trump card as people write it: "K♣"."""
        return display.card_text(self.trump)

    @property
    def trump_suit(self) -> str:
        """The trump suit's name."""
        return display.SUIT_NAME.get(self.trump[-1:], "")

    @property
    def leader(self) -> str:
        """The player on the dealer's left, who leads."""
        return display.SEAT_NAME[left_of(self.dealer)]

    @property
    def leads(self) -> str:
        """Which opening leads hold the double-dummy result, when that says something."""
        best = (self.dd or {}).get("best_leads", [])
        other = (self.dd or {}).get("other_leads", [])
        if not other:
            return "any lead holds it"
        if len(best) <= len(other):
            return "only " + " ".join(display.card_text(c) for c in best) + " holds it"
        return "every lead but " + " ".join(display.card_text(c) for c in other) + " holds it"


def hand_view(deal: Deal) -> HandView | None:
    """The diagram of a recorded deal, or None when the hands were not recorded."""
    if not deal.hands:
        return None
    first, _, rest = deal.hands.partition(":")
    hands: dict[str, tuple[tuple[str, str], ...]] = {}
    for k, text in enumerate(rest.split()):
        suits = text.split(".")
        hands[left_of(first, k)] = tuple(
            (s, display.holding_text(r)) for s, r in zip(SUITS, suits, strict=True)
        )
    return HandView(
        tray=deal.tray.number, dealer=deal.dealer, trump=deal.trump, hands=hands, dd=deal.double_dummy
    )


def deals_seen(*, session: Session, sight: Sight) -> list[Deal] | None:
    """The recorded deals with their double-dummy tricks (as solved so far), or None unless the viewer
    may see them."""
    if not sight.hand_records:
        return None
    return list(Deal.objects.filter(tray__session=session).select_related("tray").order_by("tray__number"))


def against_double_dummy(hand: HandView, slips: Slips | None) -> str:
    """How the tables did against double dummy: "N-S took 7 tricks at 2 tables (=), 8 at 1 (+1)"."""
    if slips is None or not hand.dd:
        return ""
    slip = next((s for s in slips.deals if s.deal == hand.tray), None)
    made = Counter(r.ns_tricks for r in slip.results if r.ns_tricks is not None) if slip else Counter()
    if not made:
        return ""
    par = int(hand.dd["ns"])
    parts = []
    for tricks, count in sorted(made.items(), reverse=True):
        diff = tricks - par
        mark = "=" if diff == 0 else display.signed(diff)
        parts.append(f"{tricks} at {count} table{'s' if count > 1 else ''} ({mark})")
    return "N-S took " + ", ".join(parts) + "."
