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

**Release**: the hands, the frequency tables and the commentary are shown
to nobody but the organiser (who dealt them and writes the commentary)
before the event's release time; the public sees the ranking once the
event is published, and the hands only when it is published and the
release time has come.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import Count, Max, QuerySet, Sum
from django.urls import reverse
from django.utils import timezone

from scoring.scorers.field import Field, FieldDealScores, FieldScores, Heat, PairStanding
from scoring.scorers.field_checks import check_field, frequency_tables
from scoring.scorers.field_io import field_json
from scoring.sim_files import heat_from_results
from tournaments.models import Club
from tournaments.pbn.cards import suit_ranks
from tournaments.pbn.results import read_results
from tournaments.pbn.whist import read_deals
from tournaments.services.errors import NotFound
from whist.cards import SEAT_NAME, SEATS, SUIT_SYMBOL, SUITS

from .models import METHODS, SimClub, SimEvent, SimHeat

CACHE_SECONDS = 24 * 3600


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


def heats(event: SimEvent, at: str | None = None) -> tuple[Heat, ...]:
    """The counted heats as the engine reads them, each under its club's name (cached by stamp)."""
    key = f"sims:heats:{event.pk}:{at or stamp(event)}"
    found = cache.get(key)
    if found is None:
        rows = _counted(event).select_related("sim_club").order_by("sim_club_id")
        found = tuple(Heat(h.sim_club.name, heat_from_results(read_results(h.pbn)).lines) for h in rows)
        cache.set(key, found, CACHE_SECONDS)
    return found


@dataclass(frozen=True)
class Scored:
    """The field by one method: the standings and each pair's score deal by deal."""

    scores: FieldScores
    deals: tuple[FieldDealScores, ...]


def scored(event: SimEvent, method: str) -> Scored:
    """The field scored by ``method`` (one of the event's), cached by the heats' stamp."""
    if method not in METHODS or method not in event.methods:
        raise NotFound("The event is not scored by that method.")
    at = stamp(event)
    key = f"sims:field:{event.pk}:{method}:{at}"
    found = cache.get(key)
    if found is None:
        whole = Field(method, heats(event, at))
        found = Scored(whole.standings(), whole.deal_scores())
        cache.set(key, found, CACHE_SECONDS)
    assert isinstance(found, Scored)
    return found


def field(event: SimEvent, method: str) -> FieldScores:
    """Each pair's overall and club placing by ``method``, best first."""
    return scored(event, method).scores


def field_scores_json(event: SimEvent, method: str) -> dict[str, Any]:
    """The scores JSON of the field (DESIGN.md; entrants keyed "<club>/<pair>")."""
    found = scored(event, method)
    return field_json(found.scores, found.deals)


def checks(event: SimEvent) -> list[str]:
    """What looks wrong before publishing, in sentences: clubs not sent, swapped heats or lines, deals off."""
    names = [c.name for c in SimClub.objects.filter(event=event, withdrawn=False)]
    return [flag.text for flag in check_field(heats(event), names)]


def frequency(event: SimEvent) -> dict[int, list[int]]:
    """Each deal's frequency table: how many tables took each number of N-S tricks, 0 to 13."""
    return frequency_tables(heats(event))[0]


def ordinal(rank: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    tail = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{tail}"


def rank_text(row: PairStanding, scores: FieldScores) -> str:
    """ "3rd of 40", "=3rd of 40" when tied."""
    tied = sum(1 for r in scores.standings if r.rank == row.rank) > 1
    return f"{'=' if tied else ''}{ordinal(row.rank)} of {len(scores.standings)}"


def placings(
    event: SimEvent, club_name: str, pair: str, method: str | None = None
) -> tuple[str, Fraction, int]:
    """A pair's two placings: (overall rank as text, its percentage or score, its rank in its club)."""
    scores = field(event, method or event.methods[0])
    for row in scores.standings:
        if row.club.casefold() == club_name.casefold() and row.pair == str(pair):
            return rank_text(row, scores), row.score, row.club_rank
    raise NotFound("No such pair in the field.")


def standings_rows(event: SimEvent, method: str) -> list[dict[str, Any]]:
    """The field as a table: rank, club, pair, direction, percentage (or score), club rank."""
    scores = field(event, method)
    return [
        {
            "rank": rank_text(r, scores),
            "club": r.club,
            "pair": r.pair,
            "direction": r.direction,
            "score": f"{float(r.score):.2f}",
            "club_rank": r.club_rank,
        }
        for r in scores.standings
    ]


def _hand(seat: str, cards: list[str]) -> dict[str, Any]:
    """A hand for reading: its seat's name and each suit's ranks, highest first ("-" for a void)."""
    suits = [{"suit": SUIT_SYMBOL[s], "ranks": suit_ranks(cards, s) or "-"} for s in SUITS]
    return {"seat": SEAT_NAME[seat], "suits": suits}


def deal_records(event: SimEvent) -> list[dict[str, Any]]:
    """Each deal's hands by seat and suit, its dealer and trump card, its frequency table, its commentary."""
    tables = frequency(event)
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
