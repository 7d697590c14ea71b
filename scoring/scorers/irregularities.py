"""Irregularities the director records on a slip line, and what each law does to the score.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900, pp. 60-66): a line
may carry ``law``, the code of the law the director applied at that table.
What the law does to the deal:

=================  ============================================  ==========================
code               the irregularity                              the law's remedy
=================  ============================================  ==========================
``III.2d``         cards found left in the tray after the first  a new deal: the deal is
                   trick of the original play (Law III, Sec. 2    void (p. 61)
                   (d))
``IV.8``           on the overplay a wrong trump card turned,    recorded only: the card
                   corrected before play (Law IV, Sec. 8)        turned in error is liable
                                                                 to be called (p. 62)
``IV.9``           on the overplay a wrong trump card turned,    the table takes the
                   found after play began (Law IV, Sec. 9)       average; under three
                                                                 tables a new deal (p. 62)
``IV.10``          a wrong trump recorded on the slip, the deal  the recorded trump stands;
                   played with it at other tables (Law IV,       the original table takes
                   Sec. 10)                                      the average; under three
                                                                 tables a new deal (p. 62)
``IV.10-next``     a wrong trump recorded on the slip, found at  a new deal (p. 62)
                   the next table before it played (Law IV,
                   Sec. 10)
``V.1``            on the overplay a hand of the wrong number    hands rectified and passed
                   of cards, the trump card not in the dealer's  on; the table takes the
                   hand, or a card faced (Law V, Sec. 1)         average; under three
                                                                 tables a new deal (p. 62)
``V.2``            cards found left in the tray after the first  the table takes the
                   trick of the overplay (Law V, Sec. 2)         average (p. 62)
=================  ============================================  ==========================

"The average score for the deal" is entered as rule 11 directs (p. 44): the
average of the scores made that way by the tables that played, as for an
``adjusted`` award of ``average`` to both sides (``laws.py``). Law V, Sec. 2
names no smallest number of tables: the table takes the average of the
tables that played, and the deal is void only when no table played it. In
Mnemonic Duplicate "in case of the discovery of an irregularity in the
hands, there must always be a new deal" (p. 66): one table, so Law V makes
the deal void.

This module imports nothing from Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

#: What a law does to the deal: nothing to the score, the table's average
#: (a new deal under three tables), the average always, or a new deal.
Effect = Literal["record", "average", "average-always", "new-deal"]


@dataclass(frozen=True)
class Irregularity:
    """One law the director may apply at a table, as the traveller and score card name it."""

    code: str
    law: str
    title: str
    page: int
    effect: Effect

    @property
    def name(self) -> str:
        """'Law V, Sec. 1 (irregular hands on the overplay)'."""
        return f"{self.law} ({self.title})"


IRREGULARITIES: dict[str, Irregularity] = {
    i.code: i
    for i in (
        Irregularity(
            "III.2d", "Law III, Sec. 2 (d)", "cards left in the tray on the original play", 61, "new-deal"
        ),
        Irregularity(
            "IV.8", "Law IV, Sec. 8", "wrong trump card turned, corrected before play", 62, "record"
        ),
        Irregularity("IV.9", "Law IV, Sec. 9", "wrong trump card turned on the overplay", 62, "average"),
        Irregularity(
            "IV.10", "Law IV, Sec. 10", "wrong trump recorded, played at other tables", 62, "average"
        ),
        Irregularity(
            "IV.10-next", "Law IV, Sec. 10", "wrong trump recorded, found at the next table", 62, "new-deal"
        ),
        Irregularity("V.1", "Law V, Sec. 1", "irregular hands on the overplay", 62, "average"),
        Irregularity("V.2", "Law V, Sec. 2", "cards left in the tray on the overplay", 62, "average-always"),
    )
}


def takes_average(code: str | None) -> bool:
    """True when the law gives the table the average score for the deal."""
    return code is not None and IRREGULARITIES[code].effect in ("average", "average-always")


def needs_three_tables(code: str | None) -> bool:
    """True when the law calls a new deal if fewer than three tables are in play."""
    return code is not None and IRREGULARITIES[code].effect == "average"


def new_deal(code: str | None) -> bool:
    """True when the law calls a new deal whatever the number of tables."""
    return code is not None and IRREGULARITIES[code].effect == "new-deal"
