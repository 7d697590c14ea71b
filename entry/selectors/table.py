"""The phone at the table: where we are, the trays to send and check, the folded slips, the move.

Terms (W. H. Barney, *Whist and Duplicate Whist*, 1900):

- **traveling slip** (pp. 42-46): it stays folded; a phone following an
  entrant unfolds a tray's slip once that entrant has played it and its
  table has sent it; a bare table link unfolds none (``scoring.visibility``).
- **just played**: the round the table (or entrant) has finished, kept on
  the page while its results wait for the opponents' check (p. 55:
  "checked by one of the East and West players and taken up before the
  players and trays are changed") and until the next round's first result.
- **move**: who goes where after a round, in the book's words (p. 39:
  "Go next to Table 4, East"; "Take deal just played to Table 1"), from the
  stored seatings (``table_move``).
- **running score**: totals over the complete trays only (``standings``).

Everything here reads; the rules of sending live in ``services.results``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from django.urls import reverse

from entry.selectors.phone import Holders, Phone, phone_round, phone_seatings, phone_side, sides_of
from entry.selectors.rounds import seating_trays
from entry.selectors.table_evening import evening_card, evening_rows
from entry.selectors.table_move import MoveView, entrant_label, move_after
from entry.selectors.table_parts import (
    SCORE_WORDS,
    FollowView,
    LineView,
    RoundCard,
    ScoreNote,
    SeatView,
    StandingLine,
    TablePage,
    TrayCard,
    status_label,
)
from entry.send.rules import OTHER_SIDE, SIDE_WORDS, CheckAsked, CheckBy, decide_amend, decide_check
from infra.reads import kept, offer
from scoring import display
from scoring.models import SlipLine
from scoring.scorers import ScoringError, score
from scoring.selectors.finality import session_finality
from scoring.selectors.public import place_public, public_sight
from scoring.selectors.slips import session_slips, slips_of
from scoring.selectors.standings import entrant_names, running_score
from scoring.selectors.travellers import traveller_lines
from scoring.visibility import Sight, published, running_shown, sight
from sims.club_placings import Placing, placings_seen
from tournaments.link_reads import SessionRead
from tournaments.models import (
    MOVEMENT_FIELDS,
    EntrantKind,
    EntrantMember,
    PhonePass,
    Seat,
    Seating,
    Session,
    Tray,
)
from tournaments.selectors import slips_version
from whist.cards import SEATS

SCORES_CACHE_SECONDS = 3600


def seats_of(seatings: Iterable[Seating]) -> dict[int, dict[str, Seat]]:
    """Seating id -> direction -> its seat (with its player and entrant), for all these seatings in one
    query."""
    out: dict[int, dict[str, Seat]] = {s.pk: {} for s in seatings}
    if out:
        for seat in Seat.objects.filter(seating_id__in=out).select_related("player", "entrant").order_by():
            out[seat.seating_id][seat.direction] = seat
    return out


def seat_views(seating: Seating, seats: Mapping[str, Seat] | None = None) -> list[SeatView]:
    """Who sits in each seat (N, E, S, W) at a table in a round: name, and pair (team) number (``seats``:
    the seating's seats by direction, when read already with others' by ``seats_of``)."""
    if seats is None:
        seats = seats_of([seating])[seating.pk]
    out = []
    for direction in SEATS:
        seat = seats.get(direction)
        side = seating.ns if direction in "NS" else seating.ew
        number = seat.entrant.number if seat and seat.entrant else (side.number if side else None)
        if seat and seat.player:
            name = seat.player.name
        else:
            name = "phantom" if side is not None and side.is_phantom else "—"
        unit = side.get_kind_display() if side is not None else "Player"
        tag = f"{unit} {number}" if number is not None else ""
        word = display.SEAT_NAME[direction]
        out.append(SeatView(direction=direction, word=word, name=name, number=number, tag=tag))
    return out


def _line_view(line: SlipLine, device: str) -> LineView:
    sender = line.entered_side or "NS"
    return LineView(
        ns_tricks=line.ns_tricks,
        ew_tricks=line.ew_tricks,
        status=line.status,
        status_label=status_label(line),
        version=line.version,
        ns_revokes=line.ns_revokes,
        ew_revokes=line.ew_revokes,
        award=f"{line.ns_award} / {line.ew_award}" if line.ns_award else "",
        sent_here=bool(device) and line.device == device,
        check_side=SIDE_WORDS[OTHER_SIDE[sender]],
        sent_side=SIDE_WORDS[sender],
    )


@dataclass
class Reading:
    """What one page read needs over and over: the phone, its sight, the device, per-deal scores."""

    phone: Phone
    sight: Sight
    device: str
    wanted: frozenset[int]
    trays: dict[int, list[Tray]] = field(default_factory=dict)
    _scores: dict[int, dict[int, str]] | None = None
    #: Tray id -> the session's lines of that tray, by table number (read for the cards shown: ``read``).
    _lines: dict[int, list[SlipLine]] = field(default_factory=dict)
    #: Seating id -> its seats by direction.
    _seats: dict[int, dict[str, Seat]] = field(default_factory=dict)
    _version: int | None = None
    _phones: frozenset[tuple[int, str]] | None = None

    def phones(self) -> frozenset[tuple[int, str]]:
        """The entrants (id, side of its link) that hold a phone of their own now: a pass not ended."""
        if self._phones is None:
            passes = PhonePass.objects.filter(session_id=self.phone.session.pk, ended_at__isnull=True)
            self._phones = frozenset(passes.values_list("link__entrant_id", "link__side").order_by())
        return self._phones

    def scores(self, tray: int) -> dict[int, str]:
        """Entrant -> its score on this tray, scored once from the visible slips of the trays shown."""
        if self._scores is None:
            self._scores = _deal_scores(self.phone.session, self.sight, self.wanted, self.version)
        return self._scores.get(tray, {})

    def version(self) -> int:
        """The session's slip state, read once for the page (the keys of the scores kept in the cache)."""
        if self._version is None:
            self._version = slips_version(session_id=self.phone.session.pk)
        return self._version

    def read(self, seatings: list[Seating]) -> None:
        """Read at once what the cards of these seatings show: their trays, the session's lines of those
        trays (when the phone sees its own table's lines) and their seats; a query each, not one each
        per seating and per tray."""
        unread = [s for s in seatings if s.pk not in self.trays]
        if unread:
            found = seating_trays(unread)
            self.trays.update({s.pk: found.get(s.pk, []) for s in unread})
        if self.sight.own_lines:
            self._read_lines([t for s in seatings for t in self.trays[s.pk]])
        unseated = [s for s in seatings if s.pk not in self._seats]
        if unseated:
            self._seats.update(seats_of(unseated))

    def _read_lines(self, trays: list[Tray]) -> None:
        """The session's lines of these trays not read yet, in one query."""
        unread = {t.pk for t in trays} - set(self._lines)
        if not unread:
            return
        self._lines.update({pk: [] for pk in unread})
        rows = SlipLine.objects.filter(session_id=self.phone.session.pk, tray_id__in=unread)
        for line in rows.select_related("table", "ns", "ew").order_by("table__number"):
            self._lines[line.tray_id].append(line)

    def table_lines(self, seating: Seating, trays: list[Tray]) -> dict[int, SlipLine]:
        """Tray id -> the line this seating's table sent on it."""
        self._read_lines(trays)
        here = seating.table_id
        return {line.tray_id: line for t in trays for line in self._lines[t.pk] if line.table_id == here}

    def tray_lines(self, tray: Tray) -> list[SlipLine]:
        """The session's lines of a tray, by table number (for its traveller, which asks the rule first)."""
        self._read_lines([tray])
        return self._lines[tray.pk]

    def seats(self, seating: Seating) -> dict[str, Seat]:
        """The seating's seats by direction."""
        if seating.pk not in self._seats:
            self._seats.update(seats_of([seating]))
        return self._seats[seating.pk]


def _deal_scores(
    session: Session | SessionRead, seen: Sight, wanted: frozenset[int], slip_state: Callable[[], int]
) -> dict[int, dict[int, str]]:
    """Tray -> entrant -> score, scored from these visible slips alone (so nothing else can move them)."""
    trays = frozenset(t for t in wanted if seen.tray(t))
    if not trays or (seen.trays is None and not seen.standings):
        return {}
    version = slip_state()
    key = f"clubwhist:deal-scores:{session.pk}:{version}:{','.join(map(str, sorted(trays)))}"
    found: dict[int, dict[int, str]] | None = kept(key)
    if found is None:
        found = _score_trays(session, trays)
        offer(key, found, SCORES_CACHE_SECONDS)
    return found


def _score_trays(session: Session | SessionRead, trays: frozenset[int]) -> dict[int, dict[int, str]]:
    """Score only these trays' slips, by the session's method."""
    slips = slips_of(session_slips(session=session, trays=trays), trays)
    if not slips.deals:
        return {}
    try:
        scores = score(session.scoring_method, slips)
    except ScoringError:
        return {}
    sign = session.scoring_method == "trick"
    return {d.deal: {e: display.number(v, plus=sign) for e, v in d.scores.items()} for d in scores.deals}


def _score_notes(reading: Reading, tray: int, seating: Seating) -> list[ScoreNote]:
    """This table's sides' scores on one tray, when its slip is unfolded for this phone."""
    shown = reading.scores(tray)
    words = SCORE_WORDS.get(reading.phone.session.scoring_method, "score")
    notes = []
    for side, entrant in (("N-S", seating.ns), ("E-W", seating.ew)):
        if entrant is not None and entrant.number in shown:
            who = f"{side}, {entrant.get_kind_display().lower()} {entrant.number}"
            notes.append(ScoreNote(who=who, value=shown[entrant.number], words=words))
    return notes


def round_card(reading: Reading, seating: Seating, *, sending: bool, checking: bool) -> RoundCard:
    """One round at one table: seats, trays, the table's lines, and the slips this phone may unfold."""
    trays = reading.trays.get(seating.pk)
    if trays is None:
        trays = list(seating.trays.select_related("deal").order_by("seatingtray__order"))
    own = reading.sight.own_lines
    lines = reading.table_lines(seating, trays) if own else {}
    seats = seat_views(seating, reading.seats(seating))
    sides = seating_sides(seating, reading.seats(seating), reading.phone.session)
    cards = []
    for tray in trays:
        deal = getattr(tray, "deal", None)
        card = TrayCard(
            number=tray.number,
            trump=_trump(reading, tray),
            dealer=display.SEAT_NAME.get(getattr(deal, "dealer", ""), ""),
        )
        line = lines.get(tray.pk)
        if line is None:
            card.can_send = own and sending and tray.status != Tray.Status.VOID
            card.asks_trump = card.can_send and card.trump is None
        else:
            card.line = _line_view(line, reading.device)
            if checking and line.status == SlipLine.Status.ENTERED:
                _may_check(card, reading, line, sides)
            card.traveller = traveller_lines(
                session=reading.phone.session,
                tray=tray.number,
                sight=reading.sight,
                lines=reading.tray_lines(tray),
            )
            card.scores = _score_notes(reading, tray.number, seating) if card.traveller is not None else []
        cards.append(card)
    owed = [t for t in trays if t.status != Tray.Status.VOID]
    return RoundCard(
        number=seating.round.number,
        table=seating.table.number,
        ns=seating.ns.number if seating.ns else None,
        ew=seating.ew.number if seating.ew else None,
        ns_name=entrant_label(seating.ns, reading.phone.session),
        ew_name=entrant_label(seating.ew, reading.phone.session),
        seats=seats,
        trays=cards,
        done=bool(owed) and all(t.pk in lines for t in owed),
        side=SIDE_WORDS.get(phone_side(reading.phone, sides), ""),
    )


def _trump(reading: Reading, tray: Tray) -> display.CardView | None:
    """The tray's trump card as this phone may see it: one known before play (dealt, imported or declared),
    or one turned at a table and recorded with a result once this phone's entrant has played the tray
    (before, it would tell that another table had played it: ``scoring.visibility``)."""
    deal = getattr(tray, "deal", None)
    if deal is None or (deal.trump_table is not None and not reading.sight.tray(tray.number)):
        return None
    return display.card_view(deal.trump)


def seating_sides(
    seating: Seating, seats: Mapping[str, Seat], session: Session | SessionRead
) -> dict[str, Holders]:
    """Who sits each side ("NS", "EW") of a table in a round, from the seating and its seats as the page
    read them (``selectors.phone.sides_of``)."""
    fours = session.entrant_kind == EntrantKind.FOURS
    seated = [(s.entrant_id, d) for d, s in seats.items() if s.entrant_id is not None]
    return sides_of(ns=seating.ns_id, ew=seating.ew_id, fours=fours, seats=seated)


def _may_check(card: TrayCard, reading: Reading, line: SlipLine, sides: dict[str, Holders]) -> None:
    """What this phone may do with a line waiting for its check: check it (the other side's phone, or
    the sender's handed across when that side has none), or correct it (the side that sent it)."""
    mine = phone_side(reading.phone, sides)
    other = OTHER_SIDE[line.entered_side or "NS"]
    has_phone = mine != other and bool(sides[other] & reading.phones())
    decided = decide_check(CheckAsked(card.number, line.entered_side, mine, has_phone))
    card.can_confirm = isinstance(decided, CheckBy)
    card.hand_across = isinstance(decided, CheckBy) and decided.across
    card.waits_for_check = mine != "" and mine != other and has_phone
    refused = decide_amend(tray=card.number, sent_by=line.entered_side, amender=mine)
    card.can_amend = refused is None and not line.ns_award


def _running(reading: Reading, number: int, here: set[int]) -> tuple[list[StandingLine] | None, list[int]]:
    """The running score over complete trays, when the director lets the tables see it."""
    phone, seen = reading.phone, reading.sight
    if not running_shown(sight=seen, session=phone.session, round_number=number, rounds=phone.rounds):
        return None, []
    board = running_score(session=phone.session, version=reading.version())
    if board is None:
        return [], []
    names = entrant_names(session=phone.session)
    rows = [
        StandingLine(
            rank=r.rank,
            entrant=r.entrant,
            name=names.get(r.entrant, ""),
            total=display.number(r.total),
            plus_minus="" if r.plus_minus is None else display.signed(r.plus_minus),
            here=r.entrant in here,
            field=r.field,
            place=r.place,
        )
        for r in board.rows
    ]
    return rows, list(board.trays)


def _follows(phone: Phone) -> FollowView | None:
    """The entrant this phone follows, as the page names it."""
    link = phone.link
    if link is None:
        return None
    entrant = link.entrant
    side = {"NS": ", N-S pair", "EW": ", E-W pair"}.get(link.side, "")
    members = EntrantMember.objects.filter(entrant_id=entrant.pk).select_related("player")
    names = " & ".join(m.player.name for m in members if not link.side or m.role in link.side)
    phones = PhonePass.objects.filter(link_id=link.pk, ended_at__isnull=True).count()
    label = f"{entrant}{side}"
    return FollowView(label=label, names=names, code=link.join_code, phones=phones)


def doubted_page(phone: Phone) -> TablePage:
    """The page of a phone whose pass is in doubt: whom it followed, and nothing else (no round, no line,
    no traveller, no score, not the entrant's code, which would confirm it)."""
    session = phone.session
    assert phone.link is not None
    follows = _follows(phone)
    page = TablePage(
        table=0,
        session_title=session.title,
        session_date=f"{session.date:%-d %B %Y}",
        status=session.status,
        accepts_results=session.accepts_results,
        rounds=phone.rounds,
        round=0,
        finished=False,
        now=None,
        just_played=None,
        unchecked=[],
        move=None,
        running=None,
        running_trays=[],
        score_words=SCORE_WORDS.get(session.scoring_method, "score"),
        follows=FollowView(label=follows.label, names=follows.names) if follows else None,
        sitting_out=False,
        in_doubt=True,
    )
    page.stamp = page_stamp(page)
    return page


def table_page(*, phone: Phone, device: str = "") -> TablePage:
    """The whole page for this phone now (see the module docstring for the parts)."""
    if phone.in_doubt:
        return doubted_page(phone)
    session = phone.session
    seen = sight(viewer=phone.viewer, session=session)
    rounds = phone.rounds
    playing = session.status == Session.Status.RUNNING
    number = phone_round(phone) if playing else 0
    seatings = phone_seatings(phone) if playing else {}
    shown = [s for n, s in sorted(seatings.items()) if n <= number][-2:]
    trays = seating_trays(shown)
    evening = evening_rows(phone=phone, seen=seen) if playing else []
    wanted = frozenset(t.number for ts in trays.values() for t in ts) | {line.tray.number for line in evening}
    reading = Reading(phone, seen, device, wanted, trays)
    reading.read(shown)
    here_seating = seatings.get(number)
    now = round_card(reading, here_seating, sending=True, checking=True) if here_seating else None
    just_played, move = _just_played(reading, seatings, number, now, rounds)
    here = {x for card in (now, just_played) if card for x in (card.ns, card.ew) if x is not None}
    running, counted = _running(reading, number, here) if playing else (None, [])
    shown_rounds = {card.number for card in (now, just_played) if card is not None}
    unchecked = _unchecked(reading, seatings, shown_rounds) if playing else []
    page = TablePage(
        table=now.table if now else (phone.table.number if phone.table else 0),
        session_title=session.title,
        session_date=f"{session.date:%-d %B %Y}",
        status=session.status,
        accepts_results=session.accepts_results,
        rounds=rounds,
        round=number,
        finished=playing and (number > rounds or (number == rounds and now is not None and now.done)),
        now=now,
        just_played=just_played,
        unchecked=unchecked,
        move=move,
        running=running,
        running_trays=counted,
        score_words=SCORE_WORDS.get(session.scoring_method, "score"),
        follows=_follows(phone),
        sitting_out=playing and 0 < number <= rounds and now is None,
        results_url=_results_url(session),
        results_place=_results_place(phone),
        results_status=results_status(session),
        results_changes=results_changes(session),
        evening=evening_card(evening, phone=phone, scores=reading.scores),
        sim_placings=_sim_placings(phone),
    )
    page.stamp = page_stamp(page)
    return page


def _unchecked(reading: Reading, seatings: dict[int, Seating], shown: set[int]) -> list[RoundCard]:
    """Each earlier round with a line E-W have not checked yet (only those trays), oldest first.

    A line stays on the phone until E-W check it or the director settles it,
    however far the table (or the pair this phone follows) has moved on.
    """
    if not reading.sight.own_lines:
        return []
    earlier = {(s.table_id, s.round_id): s for n, s in seatings.items() if n not in shown}
    waiting = (
        SlipLine.objects.filter(
            status=SlipLine.Status.ENTERED,
            table_id__in={t for t, _ in earlier},
            round_id__in={r for _, r in earlier},
        )
        .values_list("table_id", "round_id")
        .order_by()
    )
    found = sorted({earlier[key] for key in waiting if key in earlier}, key=lambda s: s.round.number)
    reading.read(found)
    cards = []
    for seating in found:
        card = round_card(reading, seating, sending=False, checking=True)
        card.trays = [t for t in card.trays if t.line and t.line.status == SlipLine.Status.ENTERED]
        cards.append(card)
    return cards


def _sim_placings(phone: Phone) -> list[Placing]:
    """The followed pair's two placings in a simultaneous event's field (``sims.club_placings``)."""
    if phone.link is None:
        return []
    pair = str(phone.link.entrant.number)
    return placings_seen(session=phone.session, viewer=phone.viewer, pair=pair)


def _results_url(session: Session) -> str:
    """The public results page, once its standings are published (the phone's page links to it)."""
    if not published(session).standings:
        return ""
    return reverse("public:session", args=[session.club.slug, session.pk])


def results_status(session: Session | SessionRead) -> str:
    """Whether the published results are provisional (until when) or final, as the public is told."""
    said = session_finality(session=session, sight=public_sight(session))
    return said.words if said else ""


def results_changes(session: Session | SessionRead) -> list[str]:
    """The changes made to the published results since publishing (a correction while provisional, a
    reopening), each in the words of the public results: only what the public results show."""
    said = session_finality(session=session, sight=public_sight(session))
    return said.changes_said if said else []


def _results_place(phone: Phone) -> str:
    """The followed entrant's published place, for the phone's sentence once the results are out."""
    if phone.link is None or phone.session.status != Session.Status.PUBLISHED:
        return ""
    session = Session.objects.defer(*MOVEMENT_FIELDS).get(pk=phone.session.pk)
    return place_public(session=session, entrant=phone.link.entrant.number)


def _just_played(
    reading: Reading, seatings: dict[int, Seating], number: int, now: RoundCard | None, rounds: int
) -> tuple[RoundCard | None, MoveView | None]:
    """The round just finished (while it matters) and the move after it."""
    session = reading.phone.session
    if session.status != Session.Status.RUNNING:
        return None, None
    entrant = reading.phone.link.entrant if reading.phone.link else None
    if now is not None and now.done and not session.tables_advance:
        # Every tray sent; the room moves on the director's call (none after the last round).
        if number >= rounds:
            return None, None
        return None, move_after(
            session=session, seating=seatings[number], wait_for_director=True, entrant=entrant
        )
    earlier = [n for n in seatings if n < number]
    if not earlier:
        return None, None
    prev_seating = seatings[max(earlier)]
    prev = round_card(reading, prev_seating, sending=False, checking=True)
    started = now is not None and any(t.line for t in now.trays)
    waiting = any(t.line and t.line.status == SlipLine.Status.ENTERED for t in prev.trays)
    if started and not waiting:
        return None, None
    if started or number > rounds:
        return prev, None
    return prev, move_after(session=session, seating=prev_seating, wait_for_director=False, entrant=entrant)


def page_json(page: TablePage) -> dict[str, Any]:
    """The page as plain JSON for the page's script and the API."""
    return asdict(page)


def page_stamp(page: TablePage) -> str:
    """A digest of what the page shows; the phone polls it to know when to refresh."""
    body = asdict(page)
    body.pop("stamp", None)
    raw = json.dumps(body, sort_keys=True, default=str)
    return hashlib.sha256(raw.encode()).hexdigest()[:16]
