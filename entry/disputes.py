"""A disputed line's two counts, each by the side that gave it, and the sentences that tell them.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, p. 42, and modern practice):

- one side **sends** a line, the other **checks** it; either side's phone may send. The side that sent
  is ``SlipLine.entered_side`` ("NS", "EW"; blank: the director's entry, or a line sent before sides
  were recorded, which N-S sent). The line's ``ns_tricks`` is the **sender's figure**;
- the checking side that counts differently **disputes** it: its count, ``SlipLine.claimed``, is the
  **disputer's figure**. Both figures are counts of the N-S tricks (E-W took 13 less);
- the director **settles** the dispute by accepting one side's figure, named by its side.

Nothing here reads or writes.
"""

from __future__ import annotations

from dataclasses import dataclass

from entry.send.rules import OTHER_SIDE, SIDE_WORDS


def sender_of(entered_side: str) -> str:
    """The side whose count a line is ("NS", "EW"): the side that sent it, N-S when none is recorded."""
    return entered_side if entered_side in OTHER_SIDE else "NS"


@dataclass(frozen=True)
class Figures:
    """A disputed line's two figures of the N-S tricks: the sender's (``sent``, the line as it stands)
    and the disputer's (``claim``; None where an older dispute did not keep it)."""

    sender: str
    sent: int | None
    claim: int | None

    @classmethod
    def of(cls, entered_side: str, ns_tricks: int | None, claimed: int | None) -> Figures:
        """The figures of a line, from its side that sent, its tricks and the count disputing them."""
        return cls(sender_of(entered_side), ns_tricks, claimed)

    @property
    def disputer(self) -> str:
        """The side that disputes: the one that did not send."""
        return OTHER_SIDE[self.sender]

    def of_side(self, side: str) -> int | None:
        """The figure a side ("NS", "EW") gave."""
        return self.sent if side == self.sender else self.claim

    @property
    def ns(self) -> int | None:
        """N-S's figure (their count of the N-S tricks)."""
        return self.of_side("NS")

    @property
    def ew(self) -> int | None:
        """E-W's figure (their count of the N-S tricks)."""
        return self.of_side("EW")

    def words(self, sender_names: str = "", disputer_names: str = "", *, sep: str = ", ") -> str:
        """ "N-S entered 8, E-W say 7" or "E-W entered N-S 9, N-S say 8" (joined by ``sep``), with each
        side's names if given."""
        said = "N-S " if self.sender == "EW" else ""
        claim = "?" if self.claim is None else self.claim
        sender, disputer = SIDE_WORDS[self.sender], SIDE_WORDS[self.disputer]
        if sender_names:
            sender, disputer = f"{sender}, {sender_names},", f"{disputer}, {disputer_names},"
        return f"{sender} entered {said}{self.sent}{sep}{disputer} say {claim}"

    def settled(self, accept: str) -> str:
        """The line's history on a settle: whose figure was accepted, and what the other side had said."""
        tricks = self.of_side(accept)
        if accept == self.sender:
            other = f"{SIDE_WORDS[self.disputer]} said {self.claim}"
        else:
            other = f"{SIDE_WORDS[self.sender]} had entered {self.sent}"
        return f"Dispute settled: {SIDE_WORDS[accept]}'s figure accepted, N-S {tricks} ({other})."
