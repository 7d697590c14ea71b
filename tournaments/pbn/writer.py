"""Whist deals in PBN 2.1 export format (sections 2.3, 3, 3.4 and 3.8 of the standard).

What export format asks, and how a whist tray fills it:

- ``% PBN 2.1`` and ``% EXPORT`` first; every line ends with CR LF; no tabs;
  ISO-8859-1 only (a character it lacks is written "?"); no inheritance:
  every game gives every tag.
- the 15 mandatory tags, in their order, then the supplemental tags sorted
  by name. A value that is unknown is "?" (the site); one that does not
  apply to whist is "" (players, who change at every table; scoring;
  declarer, contract and result, as there is no auction). Vulnerable is
  "None": no side is ever vulnerable at whist.
- ``[Deal]`` begins with the dealer, ranks in descending order.
- ``[Trump "KC"]``, a supplemental tag: the turned trump card, rank and suit,
  when it is known.
- a comment (the double-dummy tricks, when known) on its own line after the
  tags.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from .cards import Hands, deal_notation

CRLF = "\r\n"
MANDATORY = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
#: A tag line may have 255 characters with its CR LF (2.3); keep free text well within that.
VALUE_MAX = 200


@dataclass(frozen=True)
class ExportDeal:
    """One tray for the file: its number, dealer, four hands, trump card, and a comment."""

    board: int
    dealer: str
    hands: Hands
    trump: str = ""
    comment: str = ""


def latin1_text(text: str) -> str:
    """Text within the standard's character set: printable ISO-8859-1, anything else "?"."""
    return "".join(c if 32 <= ord(c) < 127 or 160 <= ord(c) <= 255 else "?" for c in text)


def string_value(text: str) -> str:
    """A tag value as a string token: the escapes for quote and backslash (3.2)."""
    clean = latin1_text(text)[:VALUE_MAX]
    return clean.replace("\\", "\\\\").replace('"', '\\"')


def tag(name: str, value: str) -> str:
    """A tag pair as export format writes it: ``[Name "value"]`` (3.3).

    A value PBN would read as inheriting a previous game's ("#", or "##" and
    a text for all later games, 4.8) loses its leading "#"s: a session titled
    "#" is written as unknown, "?".
    """
    text = string_value(value)
    if text == "#" or text.startswith("##"):
        text = text.lstrip("#") or "?"
    return f'[{name} "{text}"]'


def game_lines(deal: ExportDeal, *, event: str, date: dt.date | None, site: str = "?") -> list[str]:
    """The lines of one game: the mandatory tags, the supplemental ones, the comment."""
    values = dict.fromkeys(MANDATORY, "")
    values.update(
        Event=event or "?",
        Site=site or "?",
        Date=f"{date:%Y.%m.%d}" if date else "????.??.??",
        Board=str(deal.board),
        Dealer=deal.dealer,
        Vulnerable="None",
        Deal=deal_notation(deal.hands, first=deal.dealer),
    )
    lines = [tag(name, values[name]) for name in MANDATORY]
    # A card turned; a suit declared for the sitting (Law IV, Sec. 11) is no card and not written.
    supplemental = {"Trump": deal.trump} if len(deal.trump) == 2 else {}
    lines += [tag(name, supplemental[name]) for name in sorted(supplemental)]
    if deal.comment:
        text = latin1_text(deal.comment).replace("}", ")").replace("{", "(")
        lines.append("{" + text[:VALUE_MAX] + "}")
    return lines


def export_text(*, event: str, date: dt.date | None, deals: Sequence[ExportDeal], site: str = "?") -> str:
    """A whole file in export format, as text (encode it as ISO-8859-1)."""
    lines = ["% PBN 2.1", "% EXPORT"]
    for number, deal in enumerate(sorted(deals, key=lambda d: d.board)):
        if number:
            lines.append("")
        lines += game_lines(deal, event=event, date=date, site=site)
    return CRLF.join(lines) + CRLF


def export_bytes(*, event: str, date: dt.date | None, deals: Sequence[ExportDeal], site: str = "?") -> bytes:
    """The file as bytes, ISO-8859-1 as the standard's character set (2.2)."""
    return export_text(event=event, date=date, deals=deals, site=site).encode("iso-8859-1")
