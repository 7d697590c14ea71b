"""Profile the two costs of the entry issue with cProfile: a phone's send, and a standings recompute.

- **send**: a 50-table Mitchell session built through the services, then
  every result of its first ``--rounds`` rounds sent through the phones'
  REST API by Django's test client, two phones a tray (one 201, one 409),
  each with its Idempotency-Key, as ``bench/bench_table_entry.py`` sends them;
- **recompute**: ``standings_compute`` on ``bench/bench_standings.py``'s
  100-table, 26-tray session (2,600 slip lines), ``--repeat`` times.

Prints the top lines of each profile, by own time and by cumulative time.
The database is a fresh SQLite file unless DATABASE_URL names one (an empty
PostgreSQL database, say). Not a bench: ``make bench`` does not run it.

    python bench/profile_entry.py [send] [recompute] [--rounds 4] [--repeat 10] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import datetime as dt
import io
import os
import pstats
import random
import secrets
import sys

os.environ.setdefault("API_TABLE_RATE", "1000000/min")  # before the settings are read

import bench_standings as standings
from django.core.management import call_command
from django.test import Client

from scoring.services.standings import standings_compute
from tournaments.models import Club
from tournaments.services import club as club_services
from tournaments.services import seating, sessions
from tournaments.services.phones import phone_claim


def show(profile: cProfile.Profile, title: str, top: int) -> None:
    """The profile's top lines, by own time and by cumulative time (and the project's own, cumulative)."""
    for order in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profile, stream=out).strip_dirs().sort_stats(order).print_stats(top)
        body = out.getvalue()
        print(f"\n== {title}, by {order}\n" + body[body.index("   ncalls") :].rstrip())
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("cumulative").print_stats(r"/(scoring|tournaments)/", top)
    body = out.getvalue()
    print(f"\n== {title}, the project's own, by cumulative\n" + body[body.index("   ncalls") :].rstrip())


def profile_send(club: Club, rounds: int, top: int) -> None:
    """Every send of the first rounds of a 50-table session, profiled."""
    session = sessions.session_create(club=club, date=dt.date(2026, 11, 1), title="Fifty tables")
    people = [club_services.player_create(club=club, name=f"Sender {i}") for i in range(200)]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="mitchell", variant="mod1")
    session = sessions.session_start(session=session)
    first = {s.table.number: s for s in session.rounds.get(number=1).seatings.select_related("table", "ns")}
    tokens = {
        n: phone_claim(table=s.table, number=s.ns.number, device=f"p{n}").token for n, s in first.items()
    }
    rng, client, codes = random.Random(1900), Client(), [0, 0]
    sends = [
        (tokens[t["table"]], {"tray": tray, "ns_tricks": rng.randint(0, 13), "round": rnd["round"]})
        for rnd in session.movement_json["rounds"][:rounds]
        for t in rnd["tables"]
        for tray in t["trays"]
    ]
    profile = cProfile.Profile()
    profile.enable()
    for token, body in sends:
        for _ in (1, 2):
            answer = client.post(
                f"/api/v1/entrant-links/{token}/results/",
                body,
                content_type="application/json",
                headers={"Idempotency-Key": secrets.token_hex(16)},
            )
            codes[answer.status_code == 409] += 1
    profile.disable()
    print(f"\nsend: {len(sends)} results, {sum(codes)} requests ({codes[0]} stored, {codes[1]} told 409)")
    show(profile, f"send, {sum(codes)} requests", top)


def profile_recompute(club: Club, repeat: int, top: int) -> None:
    """standings_compute on the 2,600-line session, profiled."""
    session = standings.build(club, "exponent", random.Random(1900))
    standings_compute(session_id=session.pk)  # the caches it fills: what a worker has after its first
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(repeat):
        standings_compute(session_id=session.pk)
    profile.disable()
    show(profile, f"recompute of {standings.TABLES * standings.TRAYS} lines, {repeat} times", top)


def main() -> None:
    """Migrate, make the club, profile what was asked."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", nargs="*", choices=["send", "recompute"], default=["send", "recompute"])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=10)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    club = club_services.club_create(name="Profile club", slug="profile")
    for i in range(4 * standings.TABLES):
        club_services.player_create(club=club, name=f"Player {i + 1:03d}")
    print(f"database: {os.environ.get('DATABASE_URL', 'SQLite')}; machine load {os.getloadavg()}")
    if "send" in args.what:
        profile_send(club, args.rounds, args.top)
    if "recompute" in args.what:
        profile_recompute(club, args.repeat, args.top)


if __name__ == "__main__":
    sys.exit(main())
