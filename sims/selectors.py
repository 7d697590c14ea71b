"""The organiser's reads of a simultaneous event: its heats as one field, the checks, the hands, the placings.

Terms: ``sims.models`` (event, heat, release time) and
``scoring.scorers.field`` (the field, each pair's two placings). A
withdrawn club's heat is left out of everything here. In the engine's heat
the club is named as the organiser knows it (the ``SimClub``'s name),
whatever its file's ``[Site]`` says.

**Re-scoring policy (coalesced).** Nothing is scored when a heat arrives;
the field is scored on the first read after it. Each read first asks the
database for the heats' **stamp** (one aggregate query: how many heats
count, the latest time one was received, their sends and their clubs), and
the parsed heats and each method's scores are cached (``django.core.cache``)
under the event's id, that stamp and the method. So any number of reads
between two heats share one scoring; a late heat (or a club sending again,
or withdrawn) changes the stamp and the next read scores the field once
more. Two readers racing on a new stamp may both score it (no lock is
taken): a read never writes to the database. Entries expire after
``CACHE_SECONDS``; a stamp once replaced is never asked for again.

**Published**: what the public, the clubs' pages and the phones read of a
published event are the placings kept when it was published
(``SimPlacing``, and the event's ``field_size`` and ``frequency``), a page
of them (``published_page``), a club's (``published_club``), or all of
them for the field file (``published_field``); nothing is scored or ranked
on their views. The organiser's page reads the field as scored now, a page
at a time.

**Release**: the hands, the frequency tables and the commentary are shown
to nobody but the organiser (who dealt them and writes the commentary)
before the event's release time; the public sees the ranking once the
event is published, and the hands only when it is published and the
release time has come.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.db.models import Count, Max, QuerySet, Sum
from django.urls import reverse
from django.utils import timezone

from infra.reads import kept, offer
from scoring.display import rounded
from scoring.scorers.field import Field, FieldDealScores, FieldScores, Heat, PairKey
from scoring.scorers.field_checks import check_field, frequency_tables
from scoring.scorers.field_io import field_json
from scoring.scorers.field_places import FieldPlace, field_places
from scoring.scorers.field_places import ordinal as ordinal  # the pages' ordinal, from here too
from scoring.sim_files import heat_from_results
from tournaments.errors import NotFound
from tournaments.models import Club
from tournaments.pbn.cards import suit_ranks
from tournaments.pbn.results import read_results
from tournaments.pbn.whist import read_deals
from whist.cards import SEAT_NAME, SEATS, SUIT_SYMBOL, SUITS

from .models import METHODS, PAIR_ID_MAX, SimClub, SimEvent, SimHeat, SimPlacing

CACHE_SECONDS = 24 * 3600
#: Pairs on a page of the field (the event's public page and the organiser's): a view reads one page.
FIELD_PAGE_ROWS = 100
#: Pages linked on each side of the page shown (besides the first and the last).
PAGE_LINKS_NEAR = 3


def events_of(*, club: Club) -> QuerySet[SimEvent]:
    """The events a club organises, newest first."""
    return SimEvent.objects.filter(organiser=club).order_by("-plays_from", "-id")


def event_of(*, club: Club, ref: str) -> SimEvent:
    """One of the club's events, or ``NotFound``."""
    found = SimEvent.objects.select_related("organiser").filter(organiser=club, ref=str(ref)[:80]).first()
    if found is None:
        raise NotFound("No such simultaneous event.")
    return found


def event_public(*, ref: str) -> SimEvent:
    """Any event by its reference (what the public may see of it is decided by the caller), or 404."""
    found = SimEvent.objects.select_related("organiser").filter(ref=str(ref)[:80]).first()
    if found is None:
        raise NotFound("No such simultaneous event.")
    return found


def sim_club_of(*, event: SimEvent, pk: Any) -> SimClub:
    """One club of the event, or ``NotFound``."""
    try:
        found = SimClub.objects.filter(event=event, pk=int(pk)).first()
    except (TypeError, ValueError, OverflowError):
        found = None
    if found is None:
        raise NotFound("No such club in this event.")
    return found


def clubs_of(*, event: SimEvent) -> list[SimClub]:
    """The clubs of the event with their heats, in the order added."""
    return list(SimClub.objects.filter(event=event).select_related("heat").order_by("pk"))


def results_url(event: SimEvent) -> str:
    """Where a club's app sends its heat: at the server's public address (``SITE_URL``), as every printed
    link is, not at the address the organiser happens to use (127.0.0.1 on the hall's own laptop)."""
    return settings.SITE_URL + reverse("sim-heats", args=[event.ref])


def pack_url(event: SimEvent) -> str:
    """Where a club's app fetches its pack with its key, instead of importing the file."""
    return settings.SITE_URL + reverse("sim-pack", args=[event.ref])


def released(event: SimEvent, now: dt.datetime | None = None) -> bool:
    """Whether the hands, frequency tables and commentary may be shown: the release time has come."""
    return (now or timezone.now()) >= event.release_at


def public_hands(event: SimEvent, now: dt.datetime | None = None) -> bool:
    """Whether the public sees the hands: the event is published and the release time has come."""
    return event.state == SimEvent.State.PUBLISHED and released(event, now)


def _counted(event: SimEvent) -> QuerySet[SimHeat]:
    return SimHeat.objects.filter(sim_club__event=event, sim_club__withdrawn=False)


def stamp(event: SimEvent) -> str:
    """What the field depends on, in one query (the module's docstring: the re-scoring policy)."""
    found = _counted(event).aggregate(n=Count("id"), at=Max("received_at"), s=Sum("sends"), c=Sum("sim_club"))
    at = found["at"].isoformat() if found["at"] else "-"
    return f"{found['n']}:{at}:{found['s'] or 0}:{found['c'] or 0}"


@dataclass(frozen=True)
class Heats:
    """The counted heats as the engine reads them, each under its club's name, and their pairs' names."""

    heats: tuple[Heat, ...]
    #: (club, pair id) -> the names the club's heat gave the pair.
    names: dict[PairKey, str]


def read_heats(event: SimEvent, at: str | None = None) -> Heats:
    """The counted heats and their pairs' names (cached by stamp)."""
    key = f"sims:heats:{event.pk}:{at or stamp(event)}"
    found = kept(key)
    if found is None:
        rows = list(_counted(event).select_related("sim_club").order_by("sim_club_id"))
        found = Heats(
            tuple(Heat(h.sim_club.name, heat_from_results(read_results(h.pbn)).lines) for h in rows),
            {(h.sim_club.name, str(p)): str(n) for h in rows for p, n in (h.names or {}).items()},
        )
        offer(key, found, CACHE_SECONDS)
    assert isinstance(found, Heats)
    return found


def heats(event: SimEvent, at: str | None = None) -> tuple[Heat, ...]:
    """The counted heats as the engine reads them, each under its club's name (cached by stamp)."""
    return read_heats(event, at).heats


@dataclass(frozen=True)
class Scored:
    """The field by one method: the standings, each pair's score deal by deal, and each pair's places."""

    scores: FieldScores
    deals: tuple[FieldDealScores, ...]
    places: tuple[FieldPlace, ...]


def scored(event: SimEvent, method: str) -> Scored:
    """The field scored by ``method`` (one of the event's), its places worked out, cached by the stamp."""
    if method not in METHODS or method not in event.methods:
        raise NotFound("The event is not scored by that method.")
    at = stamp(event)
    key = f"sims:field:{event.pk}:{method}:{at}"
    found = kept(key)
    if found is None:
        whole = Field(method, heats(event, at))
        standings = whole.standings()
        found = Scored(standings, whole.deal_scores(), field_places(standings))
        offer(key, found, CACHE_SECONDS)
    assert isinstance(found, Scored)
    return found


def field(event: SimEvent, method: str) -> FieldScores:
    """Each pair's overall and club placing by ``method``, best first."""
    return scored(event, method).scores


def field_scores_json(event: SimEvent, method: str) -> dict[str, Any]:
    """The scores JSON of the field (docs/design.md; entrants keyed "<club>/<pair>")."""
    found = scored(event, method)
    return field_json(found.scores, found.deals)


def checks(event: SimEvent) -> list[str]:
    """What looks wrong before publishing, in sentences: clubs not sent, swapped heats or lines, deals off."""
    names = [c.name for c in SimClub.objects.filter(event=event, withdrawn=False)]
    return [flag.text for flag in check_field(heats(event), names)]


def missing_heats(event: SimEvent) -> list[str]:
    """The clubs taking part (not withdrawn) that have not sent their heat, in the order added."""
    waiting = SimClub.objects.filter(event=event, withdrawn=False, heat__isnull=True).order_by("pk")
    return list(waiting.values_list("name", flat=True))


def taking_part(event: SimEvent) -> int:
    """How many clubs take part (withdrawn ones not counted)."""
    return SimClub.objects.filter(event=event, withdrawn=False).count()


def frequency(event: SimEvent) -> dict[int, list[int]]:
    """Each deal's frequency table: how many tables took each number of N-S tricks, 0 to 13."""
    return frequency_tables(heats(event))[0]


def row_of(place: FieldPlace, names: Mapping[PairKey, str]) -> dict[str, Any]:
    """One pair's line of the field as every page, file and phone gives it."""
    r = place.standing
    return {
        "rank": place.rank_text,
        "club": r.club,
        "pair": r.pair,
        "names": names.get(r.key, ""),
        "direction": r.direction,
        "score": rounded(r.score, 2),
        "club_score": rounded(r.club_score, 2),
        "club_rank": place.club.place,
        "club_field": place.club.field,
        "club_place": place.club.text,
    }


def placings(
    event: SimEvent, club_name: str, pair: str, method: str | None = None
) -> tuple[str, Fraction, str]:
    """A pair's two placings as scored now: (overall place as text, its percentage or score, its club
    place as text, "=2nd of 5 N-S")."""
    for place in scored(event, method or event.methods[0]).places:
        row = place.standing
        if row.club.casefold() == club_name.casefold() and row.pair == str(pair):
            return place.rank_text, row.score, place.club.text
    raise NotFound("No such pair in the field.")


@dataclass(frozen=True)
class FieldPage:
    """One page of a field of ``size`` pairs: its number (from 1), how many pages, which to link to."""

    number: int
    pages: int
    size: int

    @property
    def start(self) -> int:
        """The position (from 0) of the page's first pair."""
        return (self.number - 1) * FIELD_PAGE_ROWS

    @property
    def end(self) -> int:
        """The position past the page's last pair."""
        return min(self.start + FIELD_PAGE_ROWS, self.size)

    @property
    def links(self) -> list[int]:
        """The pages to link to: the first, the last, and those near this one, in order."""
        low, high = max(1, self.number - PAGE_LINKS_NEAR), min(self.pages, self.number + PAGE_LINKS_NEAR)
        return sorted({1, self.pages, *range(low, high + 1)}) if self.pages > 1 else []


def field_page(size: int, asked: Any) -> FieldPage:
    """The page asked for (``?page=``) of a field of ``size`` pairs: the first for anything not a page
    number, the last for a number past it."""
    pages = max(1, -(-size // FIELD_PAGE_ROWS))
    text = str(asked or "").strip()[:6]
    number = int(text) if text.isdigit() else 1
    return FieldPage(min(max(number, 1), pages), pages, size)


def standings_rows(event: SimEvent, method: str, page: FieldPage | None = None) -> list[dict[str, Any]]:
    """The field as it is scored now (the organiser's), best first: one page of it, or all."""
    places = scored(event, method).places
    names = read_heats(event).names
    chosen = places[page.start : page.end] if page is not None else places
    return [row_of(p, names) for p in chosen]


def field_size(event: SimEvent) -> int:
    """How many pairs the field has as it is scored now (the organiser's)."""
    return len(scored(event, event.methods[0]).places)


def _kept_row(p: SimPlacing) -> dict[str, Any]:
    """A published pair's line, as ``row_of`` gives it."""
    return {
        "rank": p.rank,
        "club": p.sim_club.name,
        "pair": p.pair,
        "names": p.names,
        "direction": p.direction,
        "score": p.score,
        "club_score": p.club_score,
        "club_rank": p.club_rank,
        "club_field": p.club_field,
        "club_place": p.club_place,
    }


def published_page(event: SimEvent, method: str, page: FieldPage) -> list[dict[str, Any]]:
    """One page of the published field by one method: only its rows are read."""
    rows = SimPlacing.objects.filter(
        event=event, method=method, position__gte=page.start, position__lt=page.end
    ).select_related("sim_club")
    return [_kept_row(p) for p in rows.order_by("position")]


#: A published pair's line as the field file gives it: its keys, and the columns they are read from.
KEPT_COLUMNS = {
    "rank": "rank", "club": "sim_club__name", "pair": "pair", "names": "names", "direction": "direction",
    "score": "score", "club_score": "club_score", "club_rank": "club_rank", "club_field": "club_field",
    "club_place": "club_place",
}  # fmt: skip


def published_field(event: SimEvent) -> dict[str, list[dict[str, Any]]]:
    """The whole published field, method by method (the field file and the public API), read as plain
    values in one query."""
    out: dict[str, list[dict[str, Any]]] = {m: [] for m in event.methods}
    rows = SimPlacing.objects.filter(event=event).order_by("method", "position")
    keys = list(KEPT_COLUMNS)
    for method, *values in rows.values_list("method", *KEPT_COLUMNS.values()):
        out.setdefault(method, []).append(dict(zip(keys, values, strict=True)))
    return out


def published_club(event: SimEvent, club_name: str, pair: str = "") -> dict[str, list[dict[str, Any]]]:
    """One club's pairs in the published field (or one pair, ``pair``), method by method: only theirs
    are read."""
    club = SimClub.objects.filter(event=event, name__iexact=club_name).values_list("pk", flat=True).first()
    rows = SimPlacing.objects.filter(sim_club_id=club)  # by the club's index: none of the field's others
    if pair:
        rows = rows.filter(pair=str(pair)[:PAIR_ID_MAX])
    out: dict[str, list[dict[str, Any]]] = {m: [] for m in event.methods}
    for p in rows.select_related("sim_club").order_by("method", "position"):
        out.setdefault(p.method, []).append(_kept_row(p))
    return out


def _hand(seat: str, cards: list[str]) -> dict[str, Any]:
    """A hand for reading: its seat's name and each suit's ranks, highest first ("-" for a void)."""
    suits = [{"suit": SUIT_SYMBOL[s], "ranks": suit_ranks(cards, s) or "-"} for s in SUITS]
    return {"seat": SEAT_NAME[seat], "suits": suits}


def deal_records(event: SimEvent, *, published: bool = False) -> list[dict[str, Any]]:
    """Each deal's hands by seat and suit, its dealer and trump card, its frequency table, its commentary;
    ``published``: the frequency tables kept with the published field, else the field's as it is now."""
    tables = {int(d): t for d, t in event.frequency.items()} if published else frequency(event)
    out = []
    for deal in sorted(read_deals(event.deals_pbn).deals, key=lambda d: d.board):
        table = tables.get(deal.board, [0] * 14)
        out.append(
            {
                "board": deal.board,
                "dealer": deal.dealer or "",
                "trump": deal.trump or "",
                "hands": [_hand(seat, deal.hands[seat]) for seat in SEATS],
                "frequency": [{"ns_tricks": t, "tables": n} for t, n in enumerate(table) if n],
                "commentary": (event.commentary or {}).get(str(deal.board), ""),
            }
        )
    return out
