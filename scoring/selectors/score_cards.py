"""Every entrant's personal score card as the director sees it, for the printed cards and the e-mails.

A **score card** (the public page ``public/card.html`` shows the same) lists every tray an entrant played:
where it sat, against whom, its score and the engine's account, and the total, which is the standings'.
The director's copy reads through the director's sight (``scoring.visibility.EVERYTHING``), so the cards
can be printed and sent once the session is closed, before or after it is published.

The printed card (``scoring.score_cards_pdf``) and the e-mail (``scoring.services.score_card_mail``) write
a card in the same words, read here once (``card_words``): a tray the entrant **sat out** says so, and an
**equated gain** under the exponent method is written as the book writes it, the whole gain with the
numerator over the tables raised beside it, and its value beside that: "0² (= ⅔)" (*Whist and Duplicate
Whist*, pp. 43-45).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils import timezone

from scoring.models import ScoreCardSend, Via
from scoring.scorers import get_method
from scoring.scorers.render import LABEL
from scoring.selectors.cards import CardRow, card_standing, score_card, totals_line
from scoring.selectors.layout import Cell, standings_layout
from scoring.selectors.members import team_members
from scoring.selectors.public import ScoreCard
from scoring.selectors.slips import session_slips
from scoring.selectors.standings import entrant_names, standings_seen
from scoring.visibility import EVERYTHING
from tournaments.models import Session


def session_score_cards(*, session: Session) -> list[ScoreCard]:
    """Every ranked entrant's card, in the entrants' order; empty while there are no standings."""
    seen = standings_seen(session=session, sight=EVERYTHING)
    if seen is None:
        return []
    scores = seen.typed
    names = entrant_names(session=session)
    layout = standings_layout(session=session, scores=scores, names=names, percents=None)
    slips = session_slips(session=session)
    label = LABEL[get_method(scores.method).kind].lower()
    cards = []
    for entrant in sorted(row.entrant for row in scores.entrants):
        standing = card_standing(layout, scores, entrant)
        if standing is None:
            continue
        rows = score_card(
            method=scores.method, slips=slips, scores=scores, entrant=entrant, names=names, label=label
        )
        exact, text = totals_line(rows)
        members = team_members(session=session, slips=slips, team=entrant)
        cards.append(ScoreCard(entrant, names.get(entrant, ""), standing, rows, exact, text, members))
    return cards


@dataclass(frozen=True)
class TrayWords:
    """One tray of a card as the printed card and the e-mail write it."""

    deal: int
    #: Where the entrant sat and against whom ("N-S at table 2 v Ann & Bob, 7 tricks"), or "sat out";
    #: then the laws applied there, by name.
    where: str
    #: The score: under the exponent method the gain and its value, "0² (= ⅔)"; "—" for none.
    score: str
    sat_out: bool


@dataclass(frozen=True)
class CardWords:
    """A score card in words: its heading, the entrant, its place, every tray, the sum, the members."""

    heading: str
    title: str
    place: str
    trays: tuple[TrayWords, ...]
    total: str
    members: tuple[str, ...]


def figure(cell: Cell) -> str:
    """A figure as text, with its value beside an equated gain: "2² (= 2⅔)"."""
    return cell.plain + (f" (= {cell.eq})" if cell.eq else "")


def _where(row: CardRow) -> str:
    """Where the entrant sat on a tray and against whom, as the card's page words it, and the laws."""
    parts = []
    for p in row.places:
        if not p.table:
            parts.append(p.against)
            continue
        partner = f" with {p.partner}" if p.partner else ""
        made = f", {p.made} tricks" if p.made else ""
        parts.append(f"{p.side}{partner} at table {p.table} v {p.against}{made}")
    return "; ".join(parts) + (f" · {row.law}" if row.law else "")


def _one_line(text: str) -> str:
    """Stored text on one line (a title may hold a line break)."""
    return " ".join(text.split())


def card_words(*, session: Session, card: ScoreCard) -> CardWords:
    """The card in the words both the printed card and the e-mail use."""
    figures = " · ".join(f"{label} {figure(cell)}" for label, cell in card.standing.figures)
    trays = tuple(
        TrayWords(r.deal, _where(r), figure(r.score), all(not p.table for p in r.places)) for r in card.rows
    )
    return CardWords(
        heading=_one_line(f"{session.club.name} · {session.title} · {session.date:%d %B %Y}"),
        title=_one_line(f"{card.entrant}  {card.name}"),
        place=f"Place {card.standing.rank}" + (f" · {figures}" if figures else ""),
        trays=trays,
        total=f"The trays add up to {card.total_text}.",
        members=tuple(_one_line(f"{m.name} ({m.pair}): {m.score}") for m in card.members),
    )


def score_card_sends(*, session: Session) -> list[ScoreCardSend]:
    """The session's sends of its score cards, the first first."""
    return list(ScoreCardSend.objects.filter(session=session).order_by("number"))


def send_said(send: ScoreCardSend) -> str:
    """ "Sent 12 score cards on 29 Nov at 21:40 by director X" (local time), or that it did not finish."""
    at = timezone.localtime(send.sent_at)
    who = f"by {send.sent_by}" if send.sent_by else f"from the {Via(send.sent_via).label.lower()}"
    when = f"on {at:%-d %b} at {at:%H:%M} {who}"
    if send.finished_at is None:
        return f"A send started {when} did not finish: it cannot say whom it reached"
    cards = f"{send.cards} score card{'s' if send.cards != 1 else ''}"
    return f"Sent {cards} {when}" + (" (sent again)" if send.again else "")


def send_left_out(send: ScoreCardSend) -> str:
    """ "Not sent: no e-mail address on the roster for A, B; ..." (the players a send left out, by why)."""
    by_why: dict[str, list[str]] = {}
    for each in send.skipped:
        by_why.setdefault(str(each.get("why", "")), []).append(str(each.get("name", "")))
    if not by_why:
        return ""
    return "Not sent: " + "; ".join(f"{why} for {', '.join(names)}" for why, names in by_why.items()) + "."
