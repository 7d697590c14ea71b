"""What a table's own link shows: the place, its card, and "who has this phone?"; never a result.

A table's link is a **place** (``scoring.visibility``): everyone who ever
sat at the table holds it. Its page is the table's card as the book's
guide card prints it (W. H. Barney, *Whist and Duplicate Whist*, 1900,
p. 39: who sits here in each round, which trays), the question "who has
this phone?" with the entrants on that card, and the call to the director.
It shows no count, no score, no traveller, and not even how far the table
has got: nothing on it changes when a tray is played. It leads with the
round **due** now and the next, by the session's one clock (the round the
timer is in, or the director's round; ``tournaments.clock``), which moves
with the time and the director alone: who sits here then and the trays,
and the entrants to tap first; the rest of the card, and the entrants of
other rounds, are a tap away. At a whist drive
(p. 24) it is the drive's table: the change in play, the table's deal in
it and each player by his seat, to tap his name and score the deal on his
own drive page; that moves only when the last table's result seats the
next change, which every phone is then shown.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field, replace
from typing import Any

from django.db.models import Prefetch, prefetch_related_objects
from django.urls import reverse
from django.utils import timezone

from entry.selectors.drive import drive_table_now
from entry.selectors.table import results_changes, results_status, seat_views, seats_of
from scoring.visibility import published
from tournaments.link_reads import SessionRead, TableRead
from tournaments.models import (
    EntrantLink,
    EntrantMember,
    PhonePass,
    Seat,
    Seating,
    SeatingTray,
    Session,
    Table,
)
from tournaments.selectors import card_links, seated_by_results, session_clock


@dataclass(frozen=True)
class ClaimChoice:
    """An entrant a phone at this table may say it is: ``value`` is what the form sends."""

    value: str
    number: int
    side: str
    label: str
    names: str
    #: A phone follows it already (another phone then needs the entrant's code).
    held: bool
    #: This phone is the one that follows it.
    this_phone: bool
    #: At a whist drive, the seat the player holds at this table in the change in play ("North").
    seat: str = ""
    #: The rounds it sits at this table; whether one of them is due now or next, and when it comes in
    #: words ("now", "next", "round 5"; "" once the session is not running).
    rounds: tuple[int, ...] = ()
    due: bool = False
    when: str = ""


@dataclass(frozen=True)
class CardRound:
    """A round of the table's card: who sits N-S and E-W ("Pair 3", "N Player 5 · S Player 9"), the trays."""

    number: int
    ns: str
    ew: str
    trays: list[int]
    #: "now" or "next" for the rounds due (``PlacePage.due``), else "".
    when: str = ""


@dataclass
class PlacePage:
    """A table's own link: the table, its card, and the entrants a phone may say it is."""

    table: int
    session_title: str
    session_date: str
    status: str
    #: Phones may say here which entrant they are (the director may turn it off).
    claims_open: bool
    claims: list[ClaimChoice]
    card: list[CardRound]
    #: A whist drive: seats follow the results, so the table has no card; each player's page says.
    seated_by_results: bool
    #: A running whist drive: the change in play, of how many, and this table's deal in it.
    change: int = 0
    changes: int = 0
    deal: int = 0
    #: The public results page, once the director has published the standings.
    results_url: str = ""
    #: Then whether they are final ("Provisional until ...", "Final").
    results_status: str = ""
    #: And the changes made to them since publishing, as the public results say them (what, when, why).
    results_changes: list[str] = field(default_factory=list)
    #: The round due now by the one clock (0 outside a running session), and the card's rounds due now
    #: and next: who sits here then, the trays.
    round_now: int = 0
    due: list[CardRound] = field(default_factory=list)
    stamp: str = ""

    @property
    def claims_first(self) -> list[ClaimChoice]:
        """The entrants to tap first: those due now and next (every one when no round is due)."""
        return [c for c in self.claims if c.due or not self.due]

    @property
    def claims_later(self) -> list[ClaimChoice]:
        """The entrants of other rounds, a tap away."""
        return [c for c in self.claims if not c.due] if self.due else []


def _choice_value(link: EntrantLink) -> str:
    """What the form sends for an entrant: its number, and for one pair of a team its side."""
    return f"{link.entrant.number}-{link.side}" if link.side else str(link.entrant.number)


def _names(link: EntrantLink) -> str:
    """The players' names of an entrant (of one pair, for a team's pair)."""
    members = link.entrant.members.all()  # prefetched with their players (``claim_choices``)
    return " & ".join(m.player.name for m in members if not link.side or not m.role or m.role in link.side)


def _label(link: EntrantLink) -> str:
    """ "Pair 5", "Team 2 · N-S pair", "Player 7"."""
    entrant = link.entrant
    side = {"NS": " · N-S pair", "EW": " · E-W pair"}.get(link.side, "")
    return f"{entrant.get_kind_display()} {entrant.number}{side}"


def claim_choices(*, table: Table | TableRead, device: str) -> list[ClaimChoice]:
    """The entrants on the table's card, each marked if a phone (this one?) follows it."""
    links = card_links(table=table)
    prefetch_related_objects(
        links, Prefetch("entrant__members", EntrantMember.objects.select_related("player"))
    )
    passes = (
        PhonePass.objects.filter(link__in=links, ended_at__isnull=True)
        .values_list("link_id", "device")
        .order_by()
    )
    held: dict[int, set[str]] = {}
    for link_id, phone in passes:
        held.setdefault(link_id, set()).add(phone)
    return [
        ClaimChoice(
            value=_choice_value(link),
            number=link.entrant.number,
            side=link.side,
            label=_label(link),
            names=_names(link),
            held=link.pk in held,
            this_phone=bool(device) and device in held.get(link.pk, set()),
        )
        for link in links
    ]


def _side(seating: Seating, side: str, seats_here: dict[str, Seat]) -> str:
    """Who sits N-S (or E-W) in a round: the pair or team, or each seat's player for individuals."""
    entrant = seating.ns if side == "NS" else seating.ew
    if entrant is not None:
        return "phantom" if entrant.is_phantom else f"{entrant.get_kind_display()} {entrant.number}"
    seats = [v for v in seat_views(seating, seats_here) if v.direction in side]
    return " · ".join(f"{v.direction} {v.tag}" for v in seats if v.tag)


def table_card(*, table: Table) -> list[CardRound]:
    """The table's card: every round it is played in, who sits where and its trays."""
    return _card_and_rounds(table)[0]


#: Entrant number -> side ("NS", "EW") -> the rounds it sits at the table on that side.
RoundsHere = dict[int, dict[str, set[int]]]


def _rounds_here(seatings: list[Seating], seats: dict[int, dict[str, Seat]]) -> RoundsHere:
    """Who sits at the table in which rounds, by side, from the card's seatings (no query)."""
    out: RoundsHere = {}
    for s in seatings:
        here = {"NS": s.ns, "EW": s.ew}
        for direction, seat in seats.get(s.pk, {}).items():
            here.setdefault(f"{direction}{direction}", seat.entrant)
        for side, entrant in here.items():
            if entrant is not None:
                key = "NS" if side[0] in "NS" else "EW"
                out.setdefault(entrant.number, {}).setdefault(key, set()).add(s.round.number)
    return out


def _card_and_rounds(table: Table | TableRead) -> tuple[list[CardRound], RoundsHere]:
    """The table's card, and who sits at it in which rounds."""
    seatings = list(
        Seating.objects.filter(table=table, round__session_id=table.session_id)
        .select_related("round", "table", "ns", "ew")
        .order_by("round__number")
    )
    # Seats are read only where a round seats players by seat (individuals), all such rounds at once.
    seats = seats_of(s for s in seatings if s.ns_id is None or s.ew_id is None)
    trays: dict[int, list[int]] = {}
    for seating_id, number in (
        SeatingTray.objects.filter(seating__table=table)
        .order_by("order")
        .values_list("seating_id", "tray__number")
    ):
        trays.setdefault(seating_id, []).append(number)
    card = [
        CardRound(
            number=s.round.number,
            ns=_side(s, "NS", seats.get(s.pk, {})),
            ew=_side(s, "EW", seats.get(s.pk, {})),
            trays=trays.get(s.pk, []),
        )
        for s in seatings
    ]
    return card, _rounds_here(seatings, seats)


def place_page(*, table: Table | TableRead, device: str = "") -> PlacePage:
    """The whole page of a table's own link (the module docstring says what it holds)."""
    session = table.session
    by_results = seated_by_results(session)
    open_now = session.phones_claim and session.status in (Session.Status.DRAFT, Session.Status.RUNNING)
    card, here = ([], {}) if by_results else _card_and_rounds(table)
    page = PlacePage(
        table=table.number,
        session_title=session.title,
        session_date=f"{session.date:%-d %B %Y}",
        status=session.status,
        claims_open=open_now,
        claims=claim_choices(table=table, device=device) if open_now else [],
        card=card,
        seated_by_results=by_results,
        results_url=reverse("public:session", args=[session.club.slug, session.pk])
        if published(session).standings
        else "",
        results_status=results_status(session),
        results_changes=results_changes(session),
    )
    if by_results:
        _drive_now(page, table)
    else:
        _due(page, place_round(session=session), here)
    page.stamp = place_stamp(page)
    return page


def place_round(*, session: Session | SessionRead) -> int:
    """The round due now at every table by the one clock: round 1 before the start, the director's round
    while the tables wait for the director, else the round the timer (or the director) last began; 0 once
    the session is over, and while tables move on by themselves with no timer: then no clock says which
    round is due (each table goes at its own pace), and the page offers the whole card alike rather than
    call round 1 "now" all evening. Never how far a table has got (the module docstring)."""
    if session.status == Session.Status.DRAFT:
        return 1
    if session.status != Session.Status.RUNNING:
        return 0
    if not session.tables_advance:
        return session.current_round
    if not session.minutes_per_tray:
        return 0
    return session_clock(session=session).round_at(timezone.now()) or 1


def _due(page: PlacePage, now: int, here: RoundsHere) -> None:
    """Mark the card's rounds due now and next, and the entrants sitting here then (tapped first, the
    rest by the round they come)."""
    claims = []
    for c in page.claims:
        sides = here.get(c.number, {})
        rounds = set().union(
            *(sides.get(side, set()) for side in (("NS", "EW") if not c.side else (c.side,)))
        )
        claims.append(replace(c, rounds=tuple(sorted(rounds))))
    page.claims = claims
    if not now:
        return
    ahead = [r for r in page.card if r.number >= now][:2]
    page.round_now = now
    page.due = [replace(r, when="now" if r.number == now else "next") for r in ahead]
    due = {r.number for r in page.due}
    claims = [replace(c, when=_when(c.rounds, now, due)) for c in page.claims]
    page.claims = sorted(
        (replace(c, due=c.when in ("now", "next")) for c in claims),
        key=lambda c: (not c.due, min([r for r in c.rounds if r >= now], default=1 << 16), c.number, c.side),
    )


def _when(rounds: tuple[int, ...], now: int, due: set[int]) -> str:
    """When an entrant comes to the table, from the round due now: "now", "next" (the next round the
    table plays), "round 5", or "" (not again)."""
    coming = [r for r in rounds if r >= now]
    if not coming:
        return ""
    if coming[0] == now:
        return "now"
    return "next" if coming[0] in due else f"round {coming[0]}"


def _drive_now(page: PlacePage, table: Table | TableRead) -> None:
    """A running drive's table: the change in play and its deal, and each player to claim by his seat."""
    now = drive_table_now(table=table)
    if now is None:
        return
    page.change, page.changes, page.deal = now.change, now.changes, now.deal
    order = {seat: i for i, seat in enumerate(("North", "East", "South", "West"))}
    claims = [replace(c, seat=now.seats.get(c.number, "")) for c in page.claims]
    page.claims = sorted(claims, key=lambda c: (order.get(c.seat, len(order)), c.number))


def place_json(page: PlacePage) -> dict[str, Any]:
    """The page as plain JSON (the phones' API state of a table's link)."""
    return asdict(page)


def place_stamp(page: PlacePage) -> str:
    """A digest of what the page shows; the phone polls it to know when to refresh."""
    body = asdict(page)
    body.pop("stamp", None)
    return hashlib.sha256(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:16]


def follower_urls(*, session: Session | SessionRead, token: str) -> tuple[str, str]:
    """The page and the API state of a phone that follows an entrant by this token, by the session's kind
    (a whist drive's player page, a mnemonic sitting's, or the duplicate phone's)."""
    if seated_by_results(session):
        return reverse("drive:player", args=[token]), reverse("entrant-link-drive", args=[token])
    if session.movement_family == "mnemonic":
        return reverse("mnemonic:player", args=[token]), reverse("entrant-link-mnemonic", args=[token])
    return reverse("phone:home", args=[token]), reverse("entrant-link-state", args=[token])
