"""Cards as people write them: "K♣", "10♥", "king of clubs", for every page and PDF.

The book turns a trump card for each deal (Law III, Sec. 1; Law IV, Sec. 1)
and the app stores it as rank and suit letters ("KC", "TH"); a sitting with
a suit declared trumps and no card turned (Law IV, Sec. 11) stores the suit
alone ("S"), shown as "♠ declared". Nobody reads those codes: pages, cards
and PDFs show the glyph ("K♣") or the words ("king of clubs"), read from the
one table of suits, ranks and seats (``whist.cards``). The scoring side
re-exports these through ``scoring.display``.
"""

from __future__ import annotations

from dataclasses import dataclass

from whist.cards import RANK_NAME, RANKS, SUIT_NAME, SUIT_SYMBOL, SUITS, rank_text

from .movements import FAMILIES
from .movements.design import DESIGNED
from .movements.family import variant_words


@dataclass(frozen=True)
class CardView:
    """A card for a page: "K♣" as rank "K" and symbol "♣", and in words."""

    code: str
    rank: str
    suit: str
    symbol: str
    words: str

    @property
    def text(self) -> str:
        """The card as people write it: "K♣", "10♥"; a declared suit "♠ declared"."""
        return f"{self.rank}{self.symbol}" if self.rank else f"{self.symbol} declared"

    @property
    def declared(self) -> bool:
        """A suit declared trumps for the sitting, no card turned (Law IV, Sec. 11)."""
        return not self.rank


def normal_code(card: str) -> str:
    """ "kc", "10h", " TH " -> "KC", "TH"; anything else as given, upper-cased."""
    return (card or "").strip().upper().replace("10", "T")


def card_view(card: str) -> CardView | None:
    """A turned trump card (or a declared suit, Law IV Sec. 11) for a page; None when unknown."""
    code = normal_code(card)
    if len(code) == 1 and code in SUITS:
        words = f"{SUIT_NAME[code]}, declared trumps for the sitting"
        return CardView(code=code, rank="", suit=code, symbol=SUIT_SYMBOL[code], words=words)
    if len(code) != 2 or code[0] not in RANKS or code[1] not in SUITS:
        return None
    return CardView(
        code=code,
        rank=rank_text(code[0]),
        suit=code[1],
        symbol=SUIT_SYMBOL[code[1]],
        words=f"{RANK_NAME[code[0]]} of {SUIT_NAME[code[1]]}",
    )


def card_text(card: str) -> str:
    """A card as people write it ("K♣"); blank when unknown."""
    view = card_view(card)
    return view.text if view else ""


def card_words(card: str) -> str:
    """A card in words ("king of clubs"); blank when unknown."""
    view = card_view(card)
    return view.words if view else ""


def holding_text(ranks: str) -> str:
    """One suit of a hand as printed: "A K 10 4", or "—" when void."""
    return " ".join(rank_text(r) for r in ranks) or "—"


def book_card_words(card: str) -> str:
    """The trump as the book's cards name it, suit first: "CLUB KING"; a declared suit "SPADES DECLARED"."""
    code = normal_code(card)
    if card_view(code) is None:
        return ""
    if len(code) == 1:  # a suit declared for the sitting, no card turned (Law IV, Sec. 11)
        return f"{SUIT_NAME[code].upper()} DECLARED"
    return f"{SUIT_NAME[code[1]][:-1].upper()} {RANK_NAME[code[0]].upper()}"


def movement_title(family: str, variant: str = "") -> str:
    """A movement as the book names it: "Howell Pair System", "Mitchell System, modification 3"; a
    designed one by the club's name for it: "Club movement “Friday six”"."""
    if family == DESIGNED:
        return f"Club movement “{variant}”" if variant else "Designed movement"
    fam = FAMILIES.get(family)
    title = fam.title if fam else family
    return f"{title}, {variant_words(variant)}" if variant else title


def movement_named(family: str, variant: str = "") -> str:
    """A movement as a sentence names it, after "Seated by": "the Howell Pair System, plan 2"; a designed
    one "the club's movement “Friday six”" (never "the Club movement")."""
    if family == DESIGNED:
        return f"the club's movement “{variant}”" if variant else "a designed movement"
    return f"the {movement_title(family, variant)}"


def plural(count: int, word: str) -> str:
    """ "1 table", "5 tables", "1 round" (never "round(s)")."""
    if count == 1:
        return f"1 {word}"
    return f"{count} {word}es" if word.endswith(("s", "sh", "ch")) else f"{count} {word}s"
