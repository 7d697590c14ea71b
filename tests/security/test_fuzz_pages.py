"""Every page's form and query, fuzzed with typed garbage: never a 5xx, and a refusal stores nothing.

Hypothesis posts to every director's, table's and phone's page (and reads
every page with a made-up query) field names the pages use and others,
with values of every type a browser can send: text of any length and
alphabet, numbers past any column's range, lists (a name given twice),
uploads of any bytes. After each request:

- the answer is below 500;
- when it is a refusal (4xx, or an error message on the page it redirects
  to), the database holds exactly what it held before.

The suite runs on SQLite and, in CI, on PostgreSQL, where a value too long
or too large for its column would raise instead of being stored.
"""

from __future__ import annotations

import datetime as dt
import os
import re
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.apps import apps
from django.contrib import messages
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from public.builders import play_session

from scoring.models import SlipLine
from sims import services as sim_services
from tests.conftest import mitchell_three_tables
from tests.phones import claimed
from tournaments import tasks
from tournaments.models import Club, EntrantLink, Player, Session
from tournaments.services import club as club_services
from tournaments.services import designs, rotations, seating, sessions

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
#: Examples per page: a few on a laptop, more in CI's PostgreSQL step (FUZZ_EXAMPLES).
EXAMPLES = int(os.getenv("FUZZ_EXAMPLES", "8"))
#: Field names the pages post (from the templates, and the Django forms they render), and a few more.
FIELDS = sorted(
    set(
        re.findall(
            r'name="([a-z_0-9-]+)"', " ".join(p.read_text() for p in (ROOT / "templates").rglob("*.html"))
        )
    )
    | {
        *("name", "member_number", "active", "keep", "file", "date", "title", "entrant_kind", "series"),
        *("family", "scoring_method", "players", "r1_1", "r1_2", "r2_1", "r2_2", "r1_3", "r1_4"),
        *(
            "t1-1",
            "t2-2",
            "t3-3",
            "t1-99999999999999999999",
            "t0-0",
            "idempotency_key",
            "csrfmiddlewaretoken",
        ),
    }
)
ODD = [
    "",
    " ",
    "0",
    "-1",
    "1",
    "2",
    "3",
    "13",
    "14",
    "on",
    "1.5",
    "1e9",
    "NaN",
    "-0",
    "0x10",
    "\x00",
    "𝟙",
    "²",
    "99999999999999999999",
    "-9223372036854775809",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "average",
    "average-plus",
    "fouled",
    "void",
    "club",
    "edgewood",
    "substitute",
    "phantom",
    "running",
    "revoke",
    "mitchell",
    "howell|",
    "mitchell|mod3|6",
    "2026-11-02",
    "9999-99-99",
]


def texts() -> st.SearchStrategy[str]:
    """Short, long and odd text, numbers far out of range, real ids (added per test)."""
    return st.one_of(
        st.sampled_from(ODD),
        st.text(max_size=20),
        st.text(min_size=100, max_size=600),
        st.integers(min_value=-(2**70), max_value=2**70).map(str),
        st.floats(allow_nan=True, allow_infinity=True).map(str),
    )


def uploads() -> st.SearchStrategy[SimpleUploadedFile]:
    """Files of any bytes, and CSV and PBN-looking ones with odd cells."""
    csv_rows = st.lists(st.lists(texts(), min_size=1, max_size=3), max_size=4)
    csv_text = csv_rows.map(lambda rows: "name,member_number\n" + "\n".join(",".join(r) for r in rows))
    pbn = texts().map(lambda t: f'[Board "{t}"]\n[Dealer "N"]\n[Deal "N:{t}"]\n')
    content = st.one_of(st.binary(max_size=300), csv_text.map(str.encode), pbn.map(str.encode))
    return st.builds(lambda b, n: SimpleUploadedFile(n, b), content, st.sampled_from(["a.csv", "a.pbn", "x"]))


#: The values a field's page offers (a choice, a button), drawn as often as garbage.
CHOICES: dict[str, list[str]] = {
    "form": ["substitute", "phantom", "running", "nope"],
    "do": ["revoke", "new"],
    "method": ["club", "edgewood", "ladies", "nope"],
    "status": ["ok", "fouled", "void"],
    "ns_award": ["average", "average-plus", "average-minus"],
    "ew_award": ["average", "average-plus", "average-minus"],
    "entrant_kind": ["pairs", "fours", "individuals"],
    "scoring_method": ["trick", "exponent", "matchpoints"],
    "family": ["mitchell|", "howell|", "mitchell|mod3", "safford|"],
    "choice": ["mitchell||6", "howell||10", "mitchell|mod3|99999999999999999999"],
    "show": ["on"],
    "on": ["1", "0"],
    "next": ["/director/", "//evil.example/", "https://evil.example/", "javascript:alert(1)", "0"],
    "kind": ["pairs", "players", "teams"],
}


def form_data(fields: tuple[str, ...], ids: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """A posted form: the page's own fields with values it offers, one or two of them garbage or
    missing, others added, a value given twice, a file."""
    value = st.one_of(texts(), st.sampled_from(ids or ["1"]))
    garbage = st.one_of(value, st.lists(value, min_size=2, max_size=3))
    offered = {name: st.sampled_from(CHOICES.get(name) or ids or ["1"]) for name in fields}
    base = st.fixed_dictionaries(offered)
    spoilt = st.dictionaries(st.sampled_from(fields), garbage, max_size=2) if fields else st.just({})
    dropped = st.sets(st.sampled_from(fields), max_size=2) if fields else st.just(set())
    names = st.one_of(st.sampled_from(FIELDS), st.text(min_size=1, max_size=12))
    extra = st.dictionaries(names, value, max_size=2)
    upload = st.one_of(st.none(), uploads())

    def combine(
        b: dict[str, Any], s: dict[str, Any], d: set[str], e: dict[str, Any], u: Any
    ) -> dict[str, Any]:
        data = {**e, **{k: v for k, v in b.items() if k not in d}, **s}
        if u is not None and ("file" in fields or not fields):
            data["file"] = u
        return data

    return st.builds(combine, base, spoilt, dropped, extra, upload)


#: Each page's own fields, as its forms post them.
PAGE_FIELDS: dict[str, tuple[str, ...]] = {
    "director:roster": ("name", "member_number", "active", "q"),
    "director:roster_import": ("file",),
    "director:player_edit": ("name", "member_number", "active"),
    "director:player_active": ("q",),
    "director:player_merge": ("keep",),
    "director:session_new": ("date", "title", "entrant_kind", "series"),
    "director:series": ("name",),
    "director:rotation": ("session_number", "date", "title"),
    "director:rotation_players": ("method", "players", "r1_1", "r1_2", "r2_1", "r2_2"),
    "director:setup_entrants": ("r1_1", "r1_2", "r2_1", "r2_2", "r7_1", "r7_2", "r1_2_new", "r2_1_new"),
    "director:setup_entrant_names": ("text",),
    "director:roster_names": ("text",),
    "director:setup_movement": ("choice", "family", "deals", "scoring_method"),
    "director:designer": ("kind", "pairs", "rounds", "deals_per_round", "players", "seconds", "design"),
    "director:design_json": ("design",),
    "director:design_stop": ("design",),
    "director:design_keep": ("design", "name"),
    "director:pbn_import": ("file",),
    "director:trays_sim_pack": ("file",),
    "run:tables_advance": ("on", "next"),
    "run:enter": ("t1-1", "t2-2", "t3-3", "t1-2", "t9-9"),
    "run:tables": ("form", "player_out", "player_in", "from_round", "entrant", "show", "hidden_rounds"),
    "run:table_link": ("do", "next"),
    "run:entrant_link": ("do", "next"),
    "run:tray": ("status", "reason", "table"),
    "run:award": ("ns_award", "ew_award", "reason"),
    "run:line": ("ns_tricks", "ns_award", "ew_award", "ns_revokes", "ew_revokes", "reason"),
    "run:publish": ("standings", "travellers", "hand_records"),
    "run:sim_field": ("do", "file"),
    # A table's link is a place: it takes a claim, and a send posted to it is refused (405).
    "table:home": ("tray", "ns_tricks", "ns_revokes", "ew_revokes", "round", "idempotency_key", "key"),
    "table:claim": ("entrant", "code"),
    "phone:home": ("tray", "ns_tricks", "ns_revokes", "ew_revokes", "round", "idempotency_key", "key"),
    "phone:confirm": ("version",),
    "phone:dispute": ("claimed",),
    "phone:amend": ("ns_tricks", "ns_revokes", "ew_revokes", "version"),
    "director:roster_search": ("q",),
    "director:setup": ("deals",),
    "director:trays": ("hands",),
    "director:rotation_get": ("session_number",),
    "sims:list": ("name", "plays_from", "plays_to", "release_at", "methods", "deals", "file"),
    "sims:club_add": ("name",),
    "sims:pack": ("key",),
    "sims:heat": ("file",),
    "sims:commentary": ("deal", "text"),
}


def fields_of(name: str) -> tuple[str, ...]:
    """The fields a page posts (or reads from its query); a pass's page as an entrant's printed link's."""
    return PAGE_FIELDS.get(name.split(" ")[0], ("next",))


#: Derived from the slips and recomputed whenever a page finds it behind them: not the club's data.
DERIVED = {"scoring.ScoreSnapshot"}


#: What a page's refusal keeps by design. A refused claim (README, "What guards a claim") is in the action
#: log, and a wrong code is counted on the entrant's link (five stop its claims until the director releases
#: it): (label, the fields left out, the rows left out).
REFUSAL_KEEPS: dict[str, tuple[tuple[str, tuple[str, ...], dict[str, Any]], ...]] = {
    "table:claim": (
        ("tournaments.EntrantLink", ("join_failures",), {}),
        ("tournaments.ActionLog", (), {"action": "phone.refused"}),
    ),
}


def database(name: str = "") -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the club's own tables (sessions, the lockout's records and derived snapshots aside;
    and what a refusal of page ``name`` keeps by design)."""
    labels = [
        m for a in ("tournaments", "scoring", "sims", "auth") for m in apps.get_app_config(a).get_models()
    ]
    kept = {label: (fields, rows) for label, fields, rows in REFUSAL_KEEPS.get(name.split(" ")[0], ())}
    found = {}
    for m in labels:
        if m._meta.label in DERIVED:
            continue
        fields, rows = kept.get(m._meta.label, ((), {}))
        names = [f.attname for f in m._meta.concrete_fields if f.name not in fields]
        found[m._meta.label] = list(m.objects.exclude(**rows).order_by("pk").values_list(*names))
    return found


def refused(response: Any) -> bool:
    """A 4xx, or an error message this request left for the page it redirects to."""
    if 400 <= response.status_code < 500:
        return True
    queued = getattr(response.wsgi_request, "_messages", None)
    return any(m.level >= messages.ERROR for m in getattr(queued, "_queued_messages", []))


#: Pages whose refusals may keep part of a request by design: each line of a round stands alone.
PARTIAL = {"run:enter"}


def check(client: Client, method: str, url: str, data: dict[str, Any], name: str) -> None:
    """One request: below 500; a refusal stores nothing."""
    before = database(name)
    for upload in data.values():
        if isinstance(upload, SimpleUploadedFile):
            upload.seek(0)
    response = client.post(url, data) if method == "post" else client.get(url, data)
    assert response.status_code < 500, (url, data, response.status_code)
    if refused(response) and name not in PARTIAL:
        assert database(name) == before, (url, data, response.status_code)


class Club3:
    """The fuzzed club: a draft, a seated, a running and a published session, a series, links."""

    def __init__(self, club: Club, director: Any) -> None:
        people = [club_services.player_create(club=club, name=f"Member {i:02d}") for i in range(1, 17)]
        self.club, self.players = club, people
        self.draft = self._session(people[:12], "Draft")
        self.seated = self._session(people[:12], "Seated", family="mitchell")
        self.running = sessions.session_start(
            session=self._session(people[:12], "Running", family="mitchell")
        )
        self.published = play_session(
            club=club, players=people[:12], title="Published", date=dt.date(2026, 11, 2), family="mitchell",
            deals_count=6, method="trick",
        )  # fmt: skip
        self.series = rotations.series_create(club=club, name="Winter")
        self.line = SlipLine.objects.filter(session=self.published).first()
        self.link = EntrantLink.objects.filter(session=self.running).first()
        self.kept = designs.club_movement_create(club=club, name="Kept", movement=mitchell_three_tables())
        self.sim = sim_services.event_create(
            organiser=club, name="Fuzzed sim", plays_from="2026-11-02", plays_to="2026-11-06",
            release_at="2026-11-07T20:00:00+00:00", methods=["matchpoints"], deals=6,
        )  # fmt: skip
        self.sim_club, _ = sim_services.sim_club_add(event=self.sim, name="Visiting Club")

    def _session(self, people: list[Player], title: str, family: str = "") -> Session:
        session = sessions.session_create(club=self.club, date=dt.date(2026, 11, 1), title=title)
        for a, b in zip(people[0::2], people[1::2], strict=True):
            sessions.entrant_create(session=session, players=[a, b])
        if family:
            seating.movement_fix(session=session, family=family, deals=6)
        return session

    def ids(self) -> list[str]:
        """Real ids and numbers, so that fuzzed forms reach past 'no such player'."""
        pks = [p.pk for p in self.players] + [e.pk for e in self.running.entrants.all()]
        return [str(n) for n in pks] + [self.link.token]


def url_for(name: str, c: Club3, follower: str = "") -> str:
    """The URL of a page, on the session in the state it serves (a phone's page by the entrant's printed
    link, or by ``follower``, a pass)."""
    s = {"setup": c.draft, "trays": c.seated, "print": c.seated}
    session = next((v for k, v in s.items() if k in name), c.running)
    table = c.running.tables.get(number=1)
    follows = follower or c.link.token
    args: dict[str, Callable[[], list[Any]]] = {
        "director:roster": lambda: [c.club.slug],
        "director:roster_import": lambda: [c.club.slug],
        "director:roster_names": lambda: [c.club.slug],
        "director:session_new": lambda: [c.club.slug],
        "director:series": lambda: [c.club.slug],
        "director:designer": lambda: [c.club.slug],
        "director:design_json": lambda: [c.club.slug],
        "director:design_stop": lambda: [c.club.slug],
        "director:design_keep": lambda: [c.club.slug],
        "director:club_movement_delete": lambda: [c.club.slug, c.kept.pk],
        "director:player_edit": lambda: [c.club.slug, c.players[0].pk],
        "director:player_active": lambda: [c.club.slug, c.players[1].pk],
        "director:player_merge": lambda: [c.club.slug, c.players[15].pk],
        "director:rotation": lambda: [c.series.pk],
        "director:rotation_players": lambda: [c.series.pk],
        "director:setup_withdraw": lambda: [c.draft.pk, 6],
        "director:home": lambda: [],
        "sims:list": lambda: [c.club.slug],
        "sims:event": lambda: [c.club.slug, c.sim.ref],
        "sims:club_add": lambda: [c.club.slug, c.sim.ref],
        "sims:commentary": lambda: [c.club.slug, c.sim.ref],
        "sims:pack": lambda: [c.club.slug, c.sim.ref, c.sim_club.pk],
        "sims:heat": lambda: [c.club.slug, c.sim.ref, c.sim_club.pk],
        "sims:withdraw": lambda: [c.club.slug, c.sim.ref, c.sim_club.pk],
        "sims:state": lambda: [c.club.slug, c.sim.ref, "close"],
        "run:enter": lambda: [c.running.pk, 1],
        "run:table_link": lambda: [c.running.pk, 3],
        "run:entrant_link": lambda: [c.running.pk, c.link.pk],
        "run:tray": lambda: [c.published.pk, 1],
        "run:award": lambda: [c.running.pk, 1, 1],
        "run:line": lambda: [c.published.pk, c.line.pk],
        "run:results_pbn": lambda: [c.published.pk],
        "run:sim_send": lambda: [c.published.pk],
        "run:sim_field": lambda: [c.published.pk],
        "table:home": lambda: [table.token],
        "table:claim": lambda: [table.token],
        "phone:home": lambda: [follows],
        "phone:confirm": lambda: [follows, 1],
        "phone:dispute": lambda: [follows, 1],
        "phone:amend": lambda: [follows, 1],
        "phone:leave": lambda: [follows],
    }
    return reverse(name, args=args.get(name, lambda: [session.pk])())


POSTED = [
    "director:roster",
    "director:roster_import",
    "director:roster_names",
    "director:player_edit",
    "director:player_active",
    "director:player_merge",
    "director:session_new",
    "director:series",
    "director:rotation",
    "director:rotation_players",
    "director:setup_entrants",
    "director:setup_entrant_names",
    "director:setup_withdraw",
    "director:setup_phantom",
    "director:setup_movement",
    "director:designer",
    "director:design_stop",
    "director:design_keep",
    "director:club_movement_delete",
    "director:trays_deal",
    "director:trays_clear",
    "director:pbn_import",
    "director:trays_sim_pack",
    "director:trays_sim_pack_remove",
    "run:start",
    "run:advance",
    "run:tables_advance",
    "run:enter",
    "run:tables",
    "run:table_link",
    "run:entrant_link",
    "run:tray",
    "run:award",
    "run:line",
    "run:close",
    "run:publish",
    "run:reopen",
    "run:sim_send",
    "run:sim_field",
    "sims:list",
    "sims:club_add",
    "sims:pack",
    "sims:heat",
    "sims:commentary",
    "sims:state",
    "sims:withdraw",
]
#: A table's link (a place), then an entrant's page, by its printed link and by a pass (which "Not us"
#: ends: it comes last).
PHONES = [
    "table:home",
    "table:claim",
    "phone:home",
    "phone:confirm",
    "phone:dispute",
    "phone:amend",
    "phone:leave",
]
READ = [
    "director:home",
    "director:roster",
    "director:roster_search",
    "director:rotation",
    "director:setup",
    "director:designer",
    "director:design_json",
    "director:trays",
    "director:print",
    "run:board",
    "run:board_json",
    "run:enter",
    "run:tables",
    "run:close",
    "run:results_pbn",
    "sims:list",
    "sims:event",
]


@pytest.fixture
def fuzzed(club: Club, director: Any) -> Iterator[Club3]:
    yield Club3(club, director)
    # A fuzzed form may have begun a real search: stopped, and waited for, before the next test.
    running = cache.get(f"clubwhist:design-running:{club.pk}")
    if running:
        designs.design_stop(club=club, design_id=running)
    tasks.designer_idle().result(timeout=60)


def fuzz_url(client: Client, method: str, url: str, ids: list[str], name: str) -> None:
    """Hypothesis over one URL; each example in a savepoint, so a database error spoils nothing after it."""

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(form_data(fields_of(name), ids))
    def one(data: dict[str, Any]) -> None:
        with transaction.atomic():
            check(client, method, url, data, name)

    one()


def fuzz_all(client: Client, method: str, urls: list[tuple[str, str]], ids: list[str]) -> None:
    """Fuzz every (name, URL); report every page that failed, each with its falsifying example."""
    failures = []
    for name, url in urls:
        try:
            fuzz_url(client, method, url, ids, name)
        except Exception as exc:  # collected, then reported together
            failures.append(f"{name}: {described(exc)}")
    assert not failures, "\n\n".join(failures)


def described(exc: BaseException) -> str:
    """An exception, its innermost frame of the project, and Hypothesis's notes (the falsifying example)."""
    if isinstance(exc, BaseExceptionGroup):
        return "\n  ".join(described(e) for e in exc.exceptions)
    frames = [f for f in traceback.extract_tb(exc.__traceback__) if "/.venv/" not in f.filename]
    where = f" at {Path(frames[-1].filename).name}:{frames[-1].lineno}" if frames else ""
    notes = " ".join(getattr(exc, "__notes__", []))
    return f"{type(exc).__name__}: {str(exc)[:300]}{where} {notes[:600]}"


def test_the_directors_forms_take_any_garbage(fuzzed: Club3, director_client: Client) -> None:
    fuzz_all(director_client, "post", [(n, url_for(n, fuzzed)) for n in POSTED], fuzzed.ids())


def test_the_phones_forms_take_any_garbage(fuzzed: Club3) -> None:
    follower = claimed(fuzzed.link)  # another phone's pass of the same entrant
    urls = [(n, url_for(n, fuzzed)) for n in PHONES]
    urls += [(f"{n} (pass)", url_for(n, fuzzed, follower)) for n in PHONES if n.startswith("phone:")]
    fuzz_all(Client(), "post", urls, [*fuzzed.ids(), follower])


def test_the_directors_pages_take_any_query(fuzzed: Club3, director_client: Client) -> None:
    fuzz_all(director_client, "get", [(n, url_for(n, fuzzed)) for n in READ], fuzzed.ids())


def test_the_public_pages_take_any_query(fuzzed: Club3) -> None:
    c = fuzzed
    names = ["session", "travellers", "hands", "results_csv", "results_json", "results_pdf"]
    urls = [("home", reverse("public:home")), ("club", reverse("public:club", args=[c.club.slug]))]
    urls += [(n, reverse(f"public:{n}", args=[c.club.slug, c.published.pk])) for n in names]
    urls.append(("sims_public:event", reverse("sims_public:event", args=[c.sim.ref])))
    fuzz_all(Client(), "get", urls, c.ids())


def test_the_login_page_takes_any_garbage(fuzzed: Club3) -> None:
    fuzz_all(Client(), "post", [("login", reverse("login"))], [])
