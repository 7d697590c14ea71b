"""Time the views of a published simultaneous field at 20 heats and at 200 (run by ``bench_field.py``).

Two events of the same deals are built in a fresh SQLite database under a temporary directory, one
with 20 heats and one with 200, every heat a 15-table Mitchell of 26 deals (``bench_field.heats``),
scored by every method. Our club, of this server, plays one heat of each on a session of its own
(a 3-table Mitchell of 6 of the deals, played, closed and published through the services), sent to the
organiser as its file; the other heats are written straight into the database as their clubs' files,
each pair named. Both events are then published through the services, which keeps the placings.

Then, by turns (20, 200, 20, 200, ...), best of ``TURNS`` each, through Django's test client:

- **event page**: the event's public page, its first page of the field by each method, and the hands;
- **club page**: the club's public results page of its session, with its pairs' placings in the field;
- **phone**: pair 1's phone page (its own link), with its placings;
- **field file**: the whole published field as the file a club imports.

The aims: each view at 200 heats within ``VIEW_AIM`` (1.5) times its cost at 20; the field file,
which holds the whole field (ten times the pairs), within ``FILE_AIM`` (12). Prints each figure and
ratio; returns 1 if any misses its aim.
"""

from __future__ import annotations

import datetime as dt
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: The two sizes of field timed, in heats.
SIZES = (20, 200)
#: A view at 200 heats may cost at most this many times its cost at 20.
VIEW_AIM = 1.5
#: The field file holds the whole field: at 200 heats at most this many times its cost at 20.
FILE_AIM = 12.0
#: Each view is timed this many times at each size, by turns; the best is kept.
TURNS = 15
#: Our club's session: a 3-table Mitchell of six of the event's deals.
CLUB = "Bench Club"


def django_ready() -> None:
    """Django on a fresh SQLite database under a temporary directory, migrated, the throttle wide open."""
    os.environ.setdefault("CLUBWHIST_VAR_DIR", tempfile.mkdtemp(prefix="clubwhist-bench-field-"))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubwhist.settings")
    os.environ.setdefault("ALLOWED_HOSTS", "testserver,localhost")
    os.environ["API_PUBLIC_RATE"] = "1000000/min"  # the throttle is not what is timed
    os.environ.pop("DATABASE_URL", None)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def played_session(club: Any, players: Sequence[Any], seed: int) -> Any:
    """A 3-table Mitchell of six trays, dealt, every tray played at every table, closed and published."""
    from entry.send import DIRECTOR_ENTRY, Sender, send_of, submit
    from entry.services.results import result_confirm
    from scoring.models import Via
    from tournaments.models import Seating, Session
    from tournaments.services import deals, seating, sessions

    rng = random.Random(seed)
    session = sessions.session_create(
        club=club, date=dt.date(2026, 11, 4), title=f"Sim heat {seed}", scoring_method="matchpoints"
    )
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", deals=6)
    deals.trays_deal(session=session, rng=rng)
    session = sessions.session_start(session=session)
    for s in Seating.objects.filter(round__session=session).select_related("round", "table"):
        for st in s.seating_trays.select_related("tray"):
            sent = send_of({"tray": st.tray.number, "ns_tricks": rng.randint(4, 9), "round": s.round.number})
            sender = Sender(Via.DIRECTOR, "director")
            line = submit(sent, table=s.table, sender=sender, standing=DIRECTOR_ENTRY).line
            result_confirm(line=line, by="director", via=Via.DIRECTOR, as_director=True)
    session = sessions.session_set_status(session=session, status=Session.Status.CLOSED)
    session = sessions.session_publish_switches(
        session=session, standings=True, travellers=True, hand_records=True
    )
    return sessions.session_set_status(session=session, status=Session.Status.PUBLISHED)


def heat_text(heat: Any) -> str:
    """An engine's heat as its club's file, each pair named."""
    from tournaments.pbn.results import ResultLine, results_text

    lines = [
        ResultLine(x.deal, x.ns, x.ew, x.ns_tricks, ns_names=f"N{x.ns} {heat.club}", ew_names=f"E{x.ew}")
        for x in heat.lines
    ]
    return results_text(site=heat.club, event="Bench sim", date=None, lines=lines)


def names_of(heat: Any) -> dict[str, str]:
    """Each pair's names as ``heat_text`` writes them."""
    out = {x.ns: f"N{x.ns} {heat.club}" for x in heat.lines}
    out.update({x.ew: f"E{x.ew}" for x in heat.lines})
    return out


def published_event(organiser: Any, club: Any, players: Sequence[Any], field_heats: Sequence[Any]) -> Any:
    """An event of the given heats, our club's played session one more of them, published."""
    from django.utils import timezone

    from scoring.selectors.heat import session_results_pbn
    from sims import services
    from sims.models import SimClub, SimHeat
    from tournaments.models import Session

    event = services.event_create(
        organiser=organiser, name=f"Bench sim of {len(field_heats) + 1}", plays_from="2026-11-02",
        plays_to="2026-11-06", release_at=timezone.now() - dt.timedelta(days=1),
        methods=["matchpoints", "trick", "exponent"], deals=26,
    )  # fmt: skip
    session = played_session(club, players, seed=len(field_heats))
    pack = {"ref": event.ref, "event": event.name, "club": CLUB, "methods": event.methods}
    Session.objects.filter(pk=session.pk).update(sim_pack=pack, hands_release_at=event.release_at)
    ours, _ = services.sim_club_add(event=event, name=CLUB)
    heat = session_results_pbn(session=session, site=CLUB)
    services.heat_receive(event=event, sim_club=ours, data=heat, via="file")
    clubs = SimClub.objects.bulk_create(
        SimClub(event=event, name=h.club, key_hash=f"{event.pk:08d}{i:056d}")
        for i, h in enumerate(field_heats)
    )
    now = timezone.now()
    SimHeat.objects.bulk_create(
        SimHeat(sim_club=c, pbn=heat_text(h), received_at=now, via="file", pairs=30, names=names_of(h))
        for c, h in zip(clubs, field_heats, strict=True)
    )
    services.event_publish(event=event)
    return event, Session.objects.get(pk=session.pk)


def best_by_turns(runs: dict[str, Callable[[], None]]) -> dict[str, float]:
    """Each run's best wall time over ``TURNS`` rounds, the runs taking turns in each round."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(TURNS):
        for name, run in runs.items():
            start = time.perf_counter()
            run()
            best[name] = min(best[name], time.perf_counter() - start)
    return best


def built(heats: Callable[[random.Random, int], list[Any]]) -> dict[int, dict[str, str]]:
    """Both events built and published: each size's views, by name, as the URLs to ask."""
    from django.urls import reverse

    from tournaments.models import EntrantLink
    from tournaments.services import club as club_services

    organiser = club_services.club_create(name="County Whist Association", slug="county")
    club = club_services.club_create(name=CLUB, slug="bench")
    players = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(12)]
    all_heats = heats(random.Random(1900), max(SIZES))
    urls: dict[int, dict[str, str]] = {}
    for size in SIZES:
        event, session = published_event(organiser, club, players, all_heats[: size - 1])
        token = EntrantLink.objects.get(session=session, entrant__number=1, side="").token
        urls[size] = {
            "event page": reverse("sims_public:event", args=[event.ref]),
            "club page": reverse("public:session", args=[club.slug, session.pk]),
            "phone": reverse("phone:home", args=[token]),
            "field file": reverse("sims_public:field", args=[event.ref]),
        }
    return urls


def asked(url: str) -> Callable[[], None]:
    """GET a view, its whole body read."""
    from django.test import Client

    client = Client()

    def run() -> None:
        response = client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        assert response.content

    return run


def views_main(heats: Callable[[random.Random, int], list[Any]]) -> int:
    """Build both events, time each view at both sizes, print the ratios; 1 if any misses its aim."""
    django_ready()
    start = time.perf_counter()
    urls = built(heats)
    print(f"\nviews: events of {SIZES[0]} and {SIZES[1]} heats built and published in"
          f" {time.perf_counter() - start:.1f} s; best of {TURNS}, by turns")  # fmt: skip
    best = best_by_turns(
        {f"{name}@{size}": asked(urls[size][name]) for name in urls[SIZES[0]] for size in SIZES}
    )
    missed = []
    for name in urls[SIZES[0]]:
        small, large = best[f"{name}@{SIZES[0]}"], best[f"{name}@{SIZES[1]}"]
        aim = FILE_AIM if name == "field file" else VIEW_AIM
        ok = large / small <= aim
        missed += [] if ok else [name]
        print(
            f"  {name:<11} {SIZES[0]} heats {small * 1000:7.1f} ms   {SIZES[1]} heats {large * 1000:7.1f} ms"
            f"   {large / small:5.2f} x (aim {aim:g} x){'' if ok else '  MISSED'}"
        )
    print(f"views missed: {', '.join(missed)}" if missed else "every view met its aim")
    return 1 if missed else 0
