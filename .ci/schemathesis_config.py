"""Write the schemathesis config for .ci/schemathesis: the demo club's real data, for operations to reach.

Usage: python .ci/schemathesis_config.py DIRECTOR_TOKEN > schemathesis.toml
(with the same DATABASE_URL as the server under test).

Without it the fuzzer guesses ids and slugs and most answers are 404. Here
it gets, as dictionaries it draws from most of the time (the rest of the
time it still generates its own values): the club's slug, the sessions'
ids (published, running, and a draft this script adds so the set-up
operations have one), tray, entrant, table and round numbers, player,
series and slip-line ids, the movement families, the tables' tokens, a
simultaneous event this script adds (its ref, its methods, and one club's
key for sending heats), the entrants' own links of the session in play (the
phones' doors that send, check and dispute), and in request bodies trays,
tricks (0 to 13), rounds and players.
The director's token goes with every request; the ``/api/v1/table/``
operations send a table's ``Table`` header instead, and the
``/api/v1/auth/tokens/`` operations a spare user's token: revoking tokens
there must not revoke the director's, or every operation after it would
answer 401 and go untested.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import random
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "clubwhist.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.db.models import Max  # noqa: E402

from entry.demo import DEMO_SLUG, DEMO_USER  # noqa: E402
from scoring.models import SlipLine  # noqa: E402
from sims import services as sim_services  # noqa: E402
from tournaments.models import Club, Player, Round, Series, Session, Table, Tray  # noqa: E402
from tournaments.services import deals, seating, sessions  # noqa: E402
from tournaments.services.drive import drive_setup  # noqa: E402
from tournaments.services.tokens import token_create  # noqa: E402

#: How often a bound parameter takes a real value rather than a generated one.
REAL = 0.85
FAMILIES = ["howell", "mitchell", "progressive", "clay", "safford", "individual", "two-teams", "fours-howell"]


def toml(value: object) -> str:
    """A TOML value (JSON's strings, numbers and arrays are TOML's too)."""
    return json.dumps(value)


def draft_session(club: Club) -> Session:
    """A draft session with six pairs of the roster, for the set-up operations (entrants, movement, PBN)."""
    user = get_user_model().objects.get(username=DEMO_USER)
    session = sessions.session_create(club=club, date=dt.date.today(), title="Fuzzed draft", user=user)
    players = list(club.players.order_by("pk")[:12])
    for a, b in zip(players[0::2], players[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b], user=user)
    return session


def individuals(club: Club, title: str, players: Iterable[Player]) -> Session:
    """A draft session of these players, one by one."""
    user = get_user_model().objects.get(username=DEMO_USER)
    session = sessions.session_create(
        club=club, date=dt.date.today(), title=title, entrant_kind="individuals", user=user
    )
    for player in players:
        sessions.entrant_create(session=session, players=[player], user=user)
    return session


def drive_session(club: Club) -> Session:
    """A whist drive of two tables (p. 24) started, for the drive's operations and its players' phones."""
    session = individuals(club, "Fuzzed drive", club.players.order_by("-pk")[:8])
    drive_setup(session=session, method="first", changes=4, rng=random.Random(1900))
    return sessions.session_start(session=session)


def mnemonic_session(club: Club) -> Session:
    """Mnemonic duplicate (pp. 25-27) for four players, a suit declared, started: its players' phones."""
    session = individuals(club, "Fuzzed mnemonic", club.players.order_by("pk")[:4])
    seating.movement_fix(session=session, family="mnemonic", deals=4)
    deals.session_declare_trump(session=session, suit="S")
    deals.trays_deal(session=session, rng=random.Random(26))
    return sessions.session_start(session=session)


def sim_event(club: Club, name: str = "Fuzzed simultaneous") -> tuple[str, str]:
    """An open simultaneous event of the club, with one club taking part: (its ref, that club's key)."""
    user = get_user_model().objects.get(username=DEMO_USER)
    event = sim_services.event_create(
        organiser=club,
        name=name,
        plays_from=dt.date.today(),
        plays_to=dt.date.today() + dt.timedelta(days=4),
        release_at=dt.datetime.now(dt.UTC) + dt.timedelta(days=5),
        methods=["matchpoints", "trick", "exponent"],
        deals=6,
        user=user,
    )
    _, key = sim_services.sim_club_add(event=event, name="Fuzzed Visiting Club", user=user)
    return event.ref, key


def numbers(highest: int | None) -> list[int]:
    """1..highest (at least [1])."""
    return list(range(1, max(highest or 1, 1) + 1))


def binding(name: str) -> str:
    """A parameter's binding to a dictionary, as an inline TOML table."""
    return f"{{ dictionary = {toml(name)}, probability = {REAL} }}"


def operations(
    pattern: str, comment: str, *, headers: dict[str, str] | None = None, **bound: str | int
) -> list[str]:
    """An [[operations]] block: the operations whose path matches, with their own bindings, values or headers.

    A dictionary's name binds the parameter to it; a number fixes it (in every phase, examples too).
    """
    out = ["", f"# {comment}", "[[operations]]", f"include-path-regex = {toml(pattern)}"]
    if headers:
        out.append("headers = { " + ", ".join(f"{k} = {toml(v)}" for k, v in headers.items()) + " }")
    if bound:
        values = (f"{toml(k)} = {binding(v) if isinstance(v, str) else toml(v)}" for k, v in bound.items())
        out.append("parameters = { " + ", ".join(values) + " }")
    return out


#: Each parameter of the API and the dictionary of the demo's values it takes.
BINDINGS = {
    "path.slug": "slugs",
    "path.id": "sessions",
    "path.number": "trays",  # trays, entrants and tables alike: 1..the most trays covers all three
    "path.tray": "trays",
    "path.round": "rounds",
    "path.player_id": "players",
    "path.series_id": "series",
    "path.line_id": "lines",
    "path.token": "tokens",
    "path.link_id": "link_ids",
    "path.family": "families",
    "path.ref": "sims",
    "path.method": "sim_methods",
    "query.tray": "trays",
    "query.table": "tables",
    # Bodies: results, disputes and entrants name trays, tricks and players as the demo has them.
    "body.tray": "trays",
    "body.ns_tricks": "tricks",
    "body.claimed": "tricks",
    "body.round": "rounds",
    "body.player": "players",
    "body.player_in": "players",
    "body.player_out": "players",
    "body.into": "players",
    "body.players[*]": "players",
}


def dictionaries(
    club: Club, running: Session, spare: Table, played: list[Table], sims: tuple[str, str, str]
) -> dict[str, list[Any]]:
    """The demo club's values each dictionary offers the fuzzer (``sims``: the open event's ref and a club's
    key, the closing event's ref)."""
    sim_ref, sim_key, closing_ref = sims
    published = club.sessions.filter(status=Session.Status.PUBLISHED).order_by("pk")
    links = list(running.entrant_links.order_by("pk"))
    drive = club.sessions.get(title="Fuzzed drive")
    drive_links = [link.token for link in drive.entrant_links.order_by("pk")]
    mnemonic_links = [link.token for link in club.sessions.get(title="Fuzzed mnemonic").entrant_links.all()]
    return {
        "slugs": [club.slug],
        "sessions": list(club.sessions.order_by("pk").values_list("pk", flat=True)),
        "published": list(published.values_list("pk", flat=True)),
        "running": [running.pk],
        "trays": numbers(Tray.objects.filter(session__club=club).aggregate(m=Max("number"))["m"]),
        "tables": numbers(len(played)),
        "spare_table": [spare.number],
        "rounds": numbers(Round.objects.filter(session__club=club).aggregate(m=Max("number"))["m"]),
        "players": list(club.players.order_by("pk").values_list("pk", flat=True)),
        "series": list(Series.objects.filter(club=club).values_list("pk", flat=True)),
        "lines": list(SlipLine.objects.filter(session=running).order_by("pk").values_list("pk", flat=True)),
        "tokens": [t.token for t in played],
        # The director's link actions (revoke, new, release) take the last link; the phones use the others.
        "entrant_links": [link.token for link in links[:-1]] + drive_links + mnemonic_links,
        "link_ids": [links[-1].pk],
        "drives": [drive.pk],
        "drive_links": drive_links,
        "mnemonic_links": mnemonic_links,
        "families": FAMILIES,
        "tricks": list(range(14)),
        "sims": [sim_ref],
        "sims_closing": [closing_ref],
        "sim_keys": [sim_key],
        "sim_methods": ["matchpoints", "trick", "exponent"],
    }


def spare_token() -> str:
    """A token of a user who directs no club: the one the token operations may list and revoke."""
    user, _ = get_user_model().objects.get_or_create(username="fuzzed-tokens")
    return token_create(user=user)


def phones_and_tokens() -> list[str]:
    """The token operations' own user, and the phones' links: a drive's, and the session in play's."""
    return [
        *operations(
            "^/api/v1/auth/tokens/",
            "Tokens are listed and revoked by a spare user: the director's token stays for the rest.",
            headers={"Authorization": f"Token {spare_token()}"},
        ),
        *operations(
            "^/api/v1/entrant-links/\\{token\\}/drive/",
            "The drive's players' phones: the links of the whist drive in play.",
            **{"path.token": "drive_links"},
        ),
        *operations(
            "^/api/v1/entrant-links/\\{token\\}/mnemonic/",
            "The mnemonic players' phones: the links of the mnemonic duplicate in play.",
            **{"path.token": "mnemonic_links"},
        ),
        *operations(
            "^/api/v1/sessions/\\{id\\}/drive/",
            "The director's drive: the whist drive in play.",
            **{"path.id": "drives"},
        ),
        *operations(
            "^/api/v1/entrant-links/\\{token\\}/(?!drive/|mnemonic/)",
            "The phones that follow an entrant: the links of the sessions in play (pairs, drive, mnemonic).",
            **{"path.token": "entrant_links"},
        ),
    ]


def scoped(running: Session, table_token: str, sim_key: str) -> list[str]:
    """The operations whose parameters are narrowed to the session in play, the spare table, and so on."""
    return [
        *phones_and_tokens(),
        *operations(
            "^/api/v1/public/", "The public sees published sessions only.", **{"path.id": "published"}
        ),
        *operations(
            "^/api/v1/sessions/\\{id\\}/slips/",
            "Slip lines of the session in play.",
            **{"path.id": "running"},
        ),
        *operations(
            "/(new-link|revoke)/$",
            "A new link or a revoked one only ever for the spare table: the others keep their tokens.",
            **{"path.id": "running", "path.number": "spare_table"},
        ),
        *operations(
            "^/api/v1/sessions/\\{id\\}/(reopen|publish|publishing)/$",
            "Reopen and publish act on the session in play, always: the published one stays for the public.",
            **{"path.id": running.pk},
        ),
        *operations(
            "^/api/v1/clubs/\\{slug\\}/sims/\\{ref\\}/(close|publish)/$",
            "Close and publish act on a second event: the first stays open to heats and clubs.",
            **{"path.ref": "sims_closing"},
        ),
        *operations(
            "^/api/v1/sims/\\{ref\\}/(heats|pack)/$",
            "A club's heat is sent, and its pack fetched, with its key and nothing else.",
            headers={"X-Sim-Key": sim_key},
            **{"header.X-Sim-Key": "sim_keys"},  # the schema's own header parameter, else generated
        ),
        *operations(
            "^/api/v1/table/",
            "A table's own operations: its token in the Authorization header.",
            headers={"Authorization": f"Table {table_token}"},
        ),
    ]


def main() -> None:
    """Print the config."""
    director_token = sys.argv[1]
    club = Club.objects.get(slug=DEMO_SLUG)
    draft_session(club)
    drive_session(club)
    mnemonic_session(club)
    sim_ref, sim_key = sim_event(club)
    closing_ref, _ = sim_event(club, "Fuzzed simultaneous, closed and published")
    running = club.sessions.filter(status=Session.Status.RUNNING).order_by("pk").first()
    assert running is not None, "the demo club has a session in play"
    tables = list(running.tables.order_by("number"))
    spare, played = (
        tables[-1],
        tables[:-1],
    )  # new-link and revoke take the last table's link, never the others'
    out = [
        "# Written by .ci/schemathesis_config.py for one CI run; not kept.",
        f"headers = {{ Authorization = {toml('Token ' + director_token)} }}",
        "",
    ]
    for name, values in dictionaries(club, running, spare, played, (sim_ref, sim_key, closing_ref)).items():
        out += [f"[dictionaries.{name}]", f"values = {toml(values)}", ""]
    out.append("[parameters]")
    out += [f"{toml(key)} = {binding(name)}" for key, name in BINDINGS.items()]
    out += scoped(running, played[0].token, sim_key)
    print("\n".join(out))


if __name__ == "__main__":
    main()
