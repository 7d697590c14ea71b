"""The organiser's writes for a simultaneous event: the event, the clubs and their keys, the heats, the state.

Terms (``sims.models``): an **event** is one set of deals many clubs play;
each club plays them in its own session, its **heat**, and sends the heat
back as a PBN 2.1 ``ScoreTable`` file (``tournaments.pbn.results``); the
organiser scores every heat together as one **field**
(``sims.selectors``). A club's **key** lets its app send its heat over the
API; only its SHA-256 is stored, the key is shown once when issued, and a
new key voids the old. A club sends again until the event is closed; the
later heat replaces the earlier.

Every value is checked here, for every door (page, API): a refusal is a
``UserError`` naming the field, a ``NotFound`` (404), a ``Conflict`` (409:
the event is closed), or a ``KeyRefused`` (401: a bad key or an unknown
event, one answer for both).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.text import slugify

from scoring.scorers.field import FieldError, score_field
from scoring.scorers.field_types import check_heat
from scoring.sim_files import heat_from_results
from tournaments.locks import locked
from tournaments.models import Club
from tournaments.pbn.pack import Pack, pack_text
from tournaments.pbn.reader import PBNFileError, decode
from tournaments.pbn.results import ResultHeat, ResultsFileError, read_results
from tournaments.pbn.whist import read_deals
from tournaments.pbn.writer import ExportDeal, export_text
from tournaments.services.club import log_action
from tournaments.services.deals import deal_cards
from tournaments.services.errors import Conflict, FieldErrors, NotFound, UserError
from tournaments.services.pbn import pbn_size_check
from tournaments.services.seating import dealer_for
from tournaments.services.text import column_text
from whist.dates import RANGE_WORDS, date_in_range, moment_in_range

from . import selectors
from .models import (
    MAX_FIELD_PAIRS,
    MAX_HEAT_PAIRS,
    METHODS,
    NAMES_MAX,
    PAIR_ID_MAX,
    SimClub,
    SimEvent,
    SimHeat,
    SimPlacing,
)

MAX_DEALS = 52
MAX_COMMENTARY = 4000
#: The most clubs an event takes (withdrawn ones count): what one organiser's page lists.
MAX_CLUBS = 500
CLOSED = "The event is closed: results are no longer taken"
BAD_KEY = "This key is not valid for this event."


class KeyRefused(UserError):
    """A heat sent with a key that is not a club's of the event (or an event that does not exist): 401."""

    status = 401


def key_hash(key: str) -> str:
    """The SHA-256 of a key, as hex (what is stored)."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def _date(value: Any, field: str, label: str) -> dt.date:
    """A date, or an ISO date text such as 2026-12-01."""
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return _dated(value, field, label)
    text = str(value or "").strip()[:40]
    try:
        day = dt.date.fromisoformat(text) if len(text) == 10 else None
    except ValueError:
        day = None
    if day is None:
        raise UserError(f"{label} is not a date such as 2026-12-01.", field=field)
    return _dated(day, field, label)


def _dated(day: dt.date, field: str, label: str) -> dt.date:
    """The day, or a ``UserError`` naming the field when it is outside the years a client may give."""
    if not date_in_range(day):
        raise UserError(f"{label} must be {RANGE_WORDS}.", field=field)
    return day


def _moment(value: Any) -> dt.datetime:
    """An aware date and time (a naive one is taken in the server's time zone)."""
    moment = value if isinstance(value, dt.datetime) else None
    if moment is None:
        try:
            moment = dt.datetime.fromisoformat(str(value or "").strip()[:40].replace("Z", "+00:00"))
        except ValueError:
            raise UserError(
                "The release time is not a date and time such as 2026-12-05T22:00.", field="release_at"
            ) from None
    aware = moment if timezone.is_aware(moment) else timezone.make_aware(moment)
    if not moment_in_range(aware):
        raise UserError(f"The release time must be {RANGE_WORDS}.", field="release_at")
    return aware


def _methods(value: Any) -> list[str]:
    """One to three of the field's methods, each once, in the order given."""
    given = (
        [value] if isinstance(value, str) else list(value or []) if isinstance(value, list | tuple) else []
    )
    if not given or any(m not in METHODS for m in given) or len(set(given)) != len(given):
        raise UserError("Choose one or more of the methods: " + ", ".join(METHODS) + ".", field="methods")
    return [str(m) for m in given]


def dealt_pbn(count: Any, name: str) -> str:
    """``count`` deals (1..52) shuffled afresh, as a PBN 2.1 export file."""
    try:
        number = int(str(count).strip())
    except ValueError:
        number = 0
    if not 1 <= number <= MAX_DEALS:
        raise UserError(f"Deal from 1 to {MAX_DEALS} deals.", field="deals")
    out = []
    for board in range(1, number + 1):
        dealer = dealer_for(board)
        hands, trump = deal_cards(dealer=dealer)
        out.append(ExportDeal(board=board, dealer=dealer, hands=hands, trump=trump))
    return export_text(event=name, date=None, deals=out)


def given_pbn(text: str | bytes, name: str) -> str:
    """A PBN file's deals, checked whole and written again as a clean export file."""
    pbn_size_check(len(text.encode("utf-8", "surrogatepass")) if isinstance(text, str) else len(text))
    reading = read_deals(text)
    if not reading.ok:
        raise UserError(reading.message() or "The file gives no deals.", field="pbn")
    deals = [
        ExportDeal(d.board, d.dealer or dealer_for(d.board), d.hands, d.trump or "") for d in reading.deals
    ]
    return export_text(event=name, date=None, deals=deals)


def new_ref(name: str) -> str:
    """A reference made from the name and a short random suffix (letters, digits, -)."""
    stem = slugify(name)[:60].strip("-") or "sim"
    return f"{stem}-{secrets.token_hex(3)}"


@dataclass(frozen=True)
class EventValues:
    """A new event's values, each checked (``event_values``)."""

    name: str
    plays_from: dt.date
    plays_to: dt.date
    release_at: dt.datetime
    methods: list[str]
    deals_pbn: str


def _each(errors: dict[str, str], field: str, read: Callable[[], Any]) -> Any:
    """``read()``, or None with its refusal kept in ``errors`` (under its own field, else ``field``)."""
    try:
        return read()
    except UserError as exc:
        errors[exc.field or field] = exc.message
        return None


def _name(value: Any) -> str:
    """The event's name: one line, not blank, as long as its column takes."""
    name = column_text(value, SimEvent, "name", label="The event's name")
    if not name or "\n" in name or "\r" in name:
        raise UserError("Give the event a name (one line).", field="name")
    return name


def event_values(
    *, name: Any, plays_from: Any, plays_to: Any, release_at: Any, methods: Any, deals: Any, pbn: Any
) -> EventValues:
    """Every value of a new event checked at once: ``FieldErrors`` names each field at fault, not the first
    alone (a form with the year 1 in its three dates hears of all three)."""
    errors: dict[str, str] = {}
    title = _each(errors, "name", lambda: _name(name))
    start = _each(errors, "plays_from", lambda: _date(plays_from, "plays_from", "The first day"))
    end = _each(errors, "plays_to", lambda: _date(plays_to, "plays_to", "The last day"))
    if start is not None and end is not None and end < start:
        errors["plays_to"] = "The last day of play comes before the first."
    moment = _each(errors, "release_at", lambda: _moment(release_at))
    chosen = _each(errors, "methods", lambda: _methods(methods))
    text = _each(
        errors,
        "pbn" if pbn else "deals",
        lambda: given_pbn(pbn, title or "") if pbn else dealt_pbn(deals, title or ""),
    )
    if errors:
        raise fields_refused(errors)
    return EventValues(title, start, end, moment, chosen, text)


def fields_refused(errors: dict[str, str]) -> FieldErrors:
    """A ``FieldErrors`` whose summary counts the fields of a form (not the rows of a list)."""
    refused = FieldErrors(errors)
    if len(errors) > 1:
        refused.message = f"{len(errors)} fields need a change: " + " ".join(errors.values())
    return refused


@transaction.atomic
def event_create(
    *,
    organiser: Club,
    name: Any,
    plays_from: Any,
    plays_to: Any,
    release_at: Any,
    methods: Any,
    deals: Any = None,
    pbn: str | bytes | None = None,
    user: Any = None,
) -> SimEvent:
    """A new event, open: its deals dealt afresh (``deals``, a count) or given as a PBN file (``pbn``)."""
    given = event_values(
        name=name, plays_from=plays_from, plays_to=plays_to, release_at=release_at, methods=methods,
        deals=deals, pbn=pbn,
    )  # fmt: skip
    event = SimEvent.objects.create(organiser=organiser, ref=new_ref(given.name), **asdict(given))
    log_action(club=organiser, user=user, action="sim.create", ref=event.ref, boards=len(event_boards(event)))
    return event


def event_boards(event: SimEvent) -> list[int]:
    """The event's board numbers, in order."""
    return sorted(d.board for d in read_deals(event.deals_pbn).deals)


def event_update_commentary(*, event: SimEvent, deal: Any, text: Any, user: Any = None) -> SimEvent:
    """Set (or, with no text, remove) the commentary on one of the event's deals."""
    try:
        board = int(str(deal).strip())
    except ValueError:
        board = 0
    if board not in event_boards(event):
        raise UserError("That is not one of the event's deals.", field="deal")
    words = str(text or "").replace("\x00", "").strip()
    if len(words) > MAX_COMMENTARY:
        raise UserError(f"A commentary has at most {MAX_COMMENTARY} characters.", field="text")
    commentary = {k: v for k, v in (event.commentary or {}).items() if k != str(board)}
    if words:
        commentary[str(board)] = words
    event.commentary = commentary
    event.save(update_fields=["commentary"])
    log_action(club=event.organiser, user=user, action="sim.commentary", ref=event.ref, deal=board)
    return event


def _issue(sim_club: SimClub) -> str:
    """A new key for the club (the old one stops working); returns the key, shown once."""
    key = secrets.token_urlsafe(24)
    sim_club.key_hash = key_hash(key)
    return key


def _taking_heats(event: SimEvent, what: str) -> None:
    """Refuse a change to the clubs once the event no longer takes heats (closed or published)."""
    if event.state != SimEvent.State.OPEN:
        raise UserError(f"The event is closed: reopen it to {what}.", field="name")


def sim_club_add(*, event: SimEvent, name: Any, user: Any = None) -> tuple[SimClub, str]:
    """A club taking part, by its heat's ``[Site]`` name (unique in the event, case aside), and its key."""
    name = column_text(name, SimClub, "name", label="The club's name")
    if not name or "\n" in name or "\r" in name:
        raise UserError(
            "Give the club's name, as its heat file's Site tag gives it (one line).", field="name"
        )
    if event.state != SimEvent.State.OPEN:
        raise UserError("The event is closed: no club can be added.", field="name")
    if event.clubs.filter(name__iexact=name).exists():
        raise UserError(f"{name} is already taking part.", field="name")
    if event.clubs.count() >= MAX_CLUBS:
        raise UserError(f"An event takes at most {MAX_CLUBS} clubs.", field="name")
    sim_club = SimClub(event=event, name=name)
    key = _issue(sim_club)
    try:
        with transaction.atomic():
            sim_club.save()
    except IntegrityError:
        raise UserError(f"{name} is already taking part.", field="name") from None
    log_action(club=event.organiser, user=user, action="sim.club_add", ref=event.ref, sim_club=name)
    return sim_club, key


def sim_club_rekey(*, sim_club: SimClub, user: Any = None) -> str:
    """A new key for the club: the old one no longer sends its heat (while the event takes heats)."""
    _taking_heats(sim_club.event, "issue a new key")
    key = _issue(sim_club)
    sim_club.save(update_fields=["key_hash"])
    event = sim_club.event
    log_action(
        club=event.organiser, user=user, action="sim.club_rekey", ref=event.ref, sim_club=sim_club.name
    )
    return key


def sim_club_withdraw(*, sim_club: SimClub, user: Any = None) -> SimClub:
    """The club no longer takes part: its heat is left out of the field, and its key sends nothing (while
    the event takes heats: a closed or published field is not changed behind its readers)."""
    _taking_heats(sim_club.event, "withdraw a club")
    sim_club.withdrawn = True
    sim_club.save(update_fields=["withdrawn"])
    event = sim_club.event
    log_action(
        club=event.organiser, user=user, action="sim.club_withdraw", ref=event.ref, sim_club=sim_club.name
    )
    return sim_club


def pack_for(*, sim_club: SimClub, key: str, results_url: str) -> str:
    """The pack the club imports: the event, its name, its key, where to send, the deals (JSON text)."""
    event = sim_club.event
    return pack_text(
        Pack(
            ref=event.ref, event=event.name, organiser=event.organiser.name, club=sim_club.name,
            plays_from=event.plays_from, plays_to=event.plays_to, release_at=event.release_at,
            methods=tuple(event.methods), results_url=results_url, key=key, deals=event.deals_pbn,
        )
    )  # fmt: skip


def key_matches(sim_club: SimClub, key: str) -> bool:
    """Whether ``key`` is the club's current key (compared in constant time)."""
    return hmac.compare_digest(key_hash(key), sim_club.key_hash)


def read_heat_file(data: bytes | str, boards: list[int]) -> tuple[str, ResultHeat]:
    """The heat file as text and as read, or a ``UserError`` saying what is wrong with it."""
    pbn_size_check(len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data))
    try:
        text = (decode(data) if isinstance(data, bytes) else data).replace("\x00", "")
        text.encode("utf-8")
        results = read_results(text)
    except UnicodeEncodeError:
        raise UserError("This heat file holds characters that are not text.", field="pbn") from None
    except (PBNFileError, ResultsFileError) as exc:
        raise UserError(f"This heat file cannot be taken: {exc}.", field="pbn") from None
    heat_within_event(results, boards)
    try:
        heat = heat_from_results(results)
        check_heat(heat)
        for method in METHODS:
            score_field(method, [heat])
    except FieldError as exc:
        raise UserError(f"This heat file cannot be taken: {exc}.", field="pbn") from None
    return text, results


def heat_pairs(results: ResultHeat) -> set[str]:
    """The pair ids of a heat."""
    return {pair for line in results.lines for pair in (line.ns, line.ew)}


def heat_within_event(results: ResultHeat, boards: list[int]) -> None:
    """A ``UserError`` for a heat beyond its event: a deal not the event's, more pairs than a heat has
    (``MAX_HEAT_PAIRS``), a pair id longer than ``PAIR_ID_MAX``."""
    unknown = sorted({line.board for line in results.lines} - set(boards))
    if unknown:
        raise UserError(
            f"The heat has results of board {unknown[0]}, not one of the event's deals.", field="pbn"
        )
    pairs = heat_pairs(results)
    if len(pairs) > MAX_HEAT_PAIRS:
        raise UserError(
            f"The heat has {len(pairs):,} pairs: a heat has at most {MAX_HEAT_PAIRS}"
            f" ({MAX_HEAT_PAIRS // 2} tables).",
            field="pbn",
        )
    long = next((p for p in sorted(pairs) if len(p) > PAIR_ID_MAX), None)
    if long is not None:
        raise UserError(
            f"The heat names a pair {long[:30]!r}: a pair id has at most {PAIR_ID_MAX} characters.",
            field="pbn",
        )


def _field_room(event: SimEvent, sim_club: SimClub, pairs: int) -> None:
    """A ``UserError`` when the heat would take the field past ``MAX_FIELD_PAIRS`` (the event locked)."""
    others = (
        SimHeat.objects.filter(sim_club__event=event, sim_club__withdrawn=False)
        .exclude(sim_club=sim_club)
        .aggregate(n=Sum("pairs"))["n"]
        or 0
    )
    if others + pairs > MAX_FIELD_PAIRS:
        raise UserError(
            f"The field would have {others + pairs:,} pairs with this heat: a field has at most"
            f" {MAX_FIELD_PAIRS:,}.",
            field="pbn",
        )


def heat_receive(
    *, event: SimEvent, sim_club: SimClub, data: bytes | str, via: str, user: Any = None
) -> SimHeat:
    """Take a club's heat (it replaces the club's last); refused once the event is closed."""
    if sim_club.event_id != event.pk:
        raise NotFound("No such club in this event.")
    if sim_club.withdrawn:
        raise UserError(f"{sim_club.name} has withdrawn from the event.", field="pbn")
    if via not in SimHeat.Via.values:
        raise UserError("A heat comes as a file or over the API.", field="via")
    text, results = read_heat_file(data, event_boards(event))
    kept = {"pbn": text, "received_at": timezone.now(), "via": via, "pairs": len(heat_pairs(results))}
    kept["names"] = {pair: names[:NAMES_MAX] for pair, names in results.names().items()}
    with transaction.atomic():
        state = locked(SimEvent.objects.all()).values_list("state", flat=True).get(pk=event.pk)
        if state != SimEvent.State.OPEN:
            raise Conflict(CLOSED)
        _field_room(event, sim_club, kept["pairs"])
        heat, made = locked(SimHeat.objects.all()).get_or_create(sim_club=sim_club, defaults=kept)
        if not made:
            for name, value in kept.items():
                setattr(heat, name, value)
            heat.sends += 1
            heat.save()
        log_action(
            club=event.organiser, user=user, actor="" if user else f"sim {sim_club.name}", action="sim.heat",
            ref=event.ref, sim_club=sim_club.name, sends=heat.sends, lines=len(results.lines), via=via,
        )  # fmt: skip
    return heat


def key_known(*, ref: str, key: str) -> SimClub:
    """The club of the event whose key this is, or ``KeyRefused`` (the same for an unknown event)."""
    digest = key_hash(key or "")
    found = (
        SimClub.objects.select_related("event", "event__organiser")
        .filter(event__ref=str(ref)[:80], key_hash=digest, withdrawn=False)
        .first()
    )
    if found is None or not hmac.compare_digest(found.key_hash, digest):
        raise KeyRefused(BAD_KEY)
    return found


def heat_receive_with_key(*, ref: str, key: str, data: bytes | str) -> tuple[SimHeat, int]:
    """A heat sent over the API with a club's key: (the heat, its lines); one refusal for a bad key or ref."""
    found = key_known(ref=ref, key=key)
    heat = heat_receive(event=found.event, sim_club=found, data=data, via=SimHeat.Via.API)
    return heat, len(read_results(heat.pbn).lines)


def _move(
    event: SimEvent,
    to: str,
    allowed: tuple[str, ...],
    refusal: str,
    user: Any,
    then: Callable[[SimEvent], None] | None = None,
) -> SimEvent:
    """Change the event's state, or refuse saying why; ``then`` writes what goes with it, the event locked."""
    with transaction.atomic():
        kept = locked(SimEvent.objects.all()).get(pk=event.pk)
        if kept.state not in allowed:
            raise UserError(refusal, field="state")
        kept.state = to
        if then is not None:
            then(kept)
        kept.save(update_fields=["state", "field_size", "frequency"])
        log_action(club=event.organiser, user=user, action=f"sim.{to}", ref=event.ref)
    event.state, event.field_size = to, kept.field_size
    return event


def _placing(event: SimEvent, club: SimClub, row: dict[str, Any], method: str, position: int) -> SimPlacing:
    """One pair's published placings by one method."""
    return SimPlacing(
        event=event, sim_club=club, method=method, position=position, pair=row["pair"],
        names=row["names"][:NAMES_MAX], direction=row["direction"], rank=row["rank"], score=row["score"],
        club_score=row["club_score"], club_rank=row["club_rank"], club_field=row["club_field"],
        club_place=row["club_place"],
    )  # fmt: skip


def keep_field(event: SimEvent) -> None:
    """Work out the field's placings once, by each method, and keep them (``SimPlacing``): what every
    page, file and phone reads while the event is published. The event is locked, its heats fixed."""
    if not SimHeat.objects.filter(sim_club__event=event, sim_club__withdrawn=False).exists():
        raise UserError("No club has sent its heat: there is no field to publish yet.", field="state")
    SimPlacing.objects.filter(event=event).delete()
    clubs = {c.name: c for c in SimClub.objects.filter(event=event, withdrawn=False)}
    size = 0
    for method in event.methods:
        rows = selectors.standings_rows(event, method)
        if len(rows) > MAX_FIELD_PAIRS:
            raise UserError(f"The field has {len(rows):,} pairs: at most {MAX_FIELD_PAIRS:,}.", field="state")
        size = len(rows)
        kept = (_placing(event, clubs[r["club"]], r, method, i) for i, r in enumerate(rows))
        SimPlacing.objects.bulk_create(kept, batch_size=1000)
    event.field_size = size
    event.frequency = {str(deal): counts for deal, counts in selectors.frequency(event).items()}


def drop_field(event: SimEvent) -> None:
    """The published placings withdrawn (the event reopened): the public sees none until published again."""
    SimPlacing.objects.filter(event=event).delete()
    event.field_size, event.frequency = 0, {}


def event_close(*, event: SimEvent, user: Any = None) -> SimEvent:
    """No more heats: the organiser checks the field before publishing."""
    return _move(event, SimEvent.State.CLOSED, (SimEvent.State.OPEN,), "The event is not open.", user)


def event_reopen(*, event: SimEvent, user: Any = None) -> SimEvent:
    """Take heats again (a published event's ranking is withdrawn from the public until published again)."""
    allowed = (SimEvent.State.CLOSED, SimEvent.State.PUBLISHED)
    return _move(event, SimEvent.State.OPEN, allowed, "The event is already open.", user, drop_field)


def event_publish(*, event: SimEvent, user: Any = None) -> SimEvent:
    """Publish the overall ranking (it closes the event: no more heats), its placings worked out once."""
    allowed = (SimEvent.State.OPEN, SimEvent.State.CLOSED)
    return _move(
        event, SimEvent.State.PUBLISHED, allowed, "The event is already published.", user, keep_field
    )
