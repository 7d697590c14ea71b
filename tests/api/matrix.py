"""The role matrix's table: every endpoint under /api/v1/, how to call it, and who may.

``SPEC`` has one line per URL pattern (by name): its audience (open,
public, director, table), the URL's parameters (names of ``World``
attributes), and per method the body and the status the trusted role
gets. ``test_roles`` checks every role against it; ``test_schema`` checks
every trusted answer against the OpenAPI schema.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from scoring.models import SlipLine
from sims import services as sim_services
from sims.models import SimClub, SimEvent, SimHeat
from tests.api.helpers import OtherClub, table_client, token_client
from tests.conftest import mitchell_three_tables as three_tables
from tests.sims_organiser.sim_builders import heat_file
from tournaments.models import (
    ApiToken,
    ClubMovement,
    Deal,
    DirectorCall,
    EntrantLink,
    PhonePass,
    Player,
    Seat,
    Series,
    Session,
    Table,
)
from tournaments.selectors import slips_version
from tournaments.services.designs import club_movement_create

ROLES = ("anonymous", "other_director", "other_table", "this_table", "this_director")
BOGUS = "no-such-table-link-token"


@dataclass(frozen=True)
class Route:
    """How to call one URL pattern, and what the role it is for should get, by method."""

    audience: str  # open | public | director | table
    kwargs: dict[str, str] = field(default_factory=dict)
    ok: dict[str, int] = field(default_factory=dict)
    bodies: dict[str, Any] = field(default_factory=dict)
    query: str = ""
    other_table: dict[str, int] = field(default_factory=dict)


S = {"pk": "session"}
SL = {"slug": "slug"}
TRAY = {"pk": "session", "number": "tray"}
LINE = {"pk": "session", "line_id": "line"}
PUB = {"slug": "slug", "pk": "published"}
TBL = {"token": "token"}
TBL_TRAY = {"token": "token", "tray": "tray"}
ENT = {"token": "entrant_token"}
SIM = {"slug": "slug", "ref": "sim_ref"}
ENT_TRAY = {"token": "entrant_token", "tray": "tray"}
ENTRY = {"table": 2, "tray": 2, "ns_tricks": 6}
#: A whist drive's first change of two tables with its results (p. 24).
CHANGE = {
    "round": 1,
    "tables": [
        {"table": 1, "seats": {"N": 1, "E": 2, "S": 3, "W": 4}},
        {"table": 2, "seats": {"N": 5, "E": 6, "S": 7, "W": 8}},
    ],
    "results": [{"table": 1, "ns_tricks": 8}, {"table": 2, "winner": "EW", "points": 2}],
}

SPEC: dict[str, Route] = {
    # Open to everyone: the schema and its docs, tokens, the movement engine, the clubs.
    "api-schema": Route("open", ok={"get": 200}),
    "api-docs": Route("open", ok={"get": 200}),
    "api-docs-try": Route("open", ok={"get": 200}),
    "api-token": Route("open", ok={"post": 400}, bodies={"post": {"username": "dir", "password": "wrong"}}),
    # A director's own API tokens: another director lists their own, and may not revoke ours (404).
    "api-token-list": Route("director", ok={"get": 200}),
    "api-token-detail": Route("director", {"pk": "api_token"}, ok={"delete": 204}),
    "movement-families": Route("open", ok={"get": 200}),
    "movement-recommend": Route("open", ok={"get": 200}, query="?session_kind=pairs&entrants=6&deals=12"),
    "movement-preview": Route("open", {"family": "family"}, ok={"get": 200}, query="?pairs=8&analyse=1"),
    "movement-next-change": Route(
        "open", ok={"post": 200}, bodies={"post": {"variant": "first", "change": CHANGE}}
    ),
    "public-club-list": Route("open", ok={"get": 200}),
    "public-club-detail": Route("open", SL, ok={"get": 200}),
    "public-session-list": Route("open", SL, ok={"get": 200}),
    "public-player-results": Route("open", {**SL, "player_id": "player"}, ok={"get": 200}),
    "public-ladder": Route("open", {**SL, "series_id": "series"}, ok={"get": 200}),
    # Public: what is published, for everyone alike; an unpublished session is 404 for everyone.
    "public-session-detail": Route("public", PUB, ok={"get": 200}),
    "public-standings": Route("public", PUB, ok={"get": 200}),
    "public-traveller": Route("public", {**PUB, "number": "tray"}, ok={"get": 200}),
    "public-deals": Route("public", PUB, ok={"get": 200}),
    "public-prizes": Route("public", PUB, ok={"get": 200}),
    # The director's: this club's director only.
    "club-list": Route("director", ok={"get": 200}),
    "series-list": Route("director", SL, ok={"get": 200, "post": 201}, bodies={"post": {"name": "Spring"}}),
    "series-players": Route(
        "director",
        {"series_id": "series"},
        ok={"get": 200, "put": 200},
        bodies={"put": {"method": "club", "players": ["@player", "@spare"]}},
    ),
    "series-rotation": Route(
        "director",
        {"series_id": "series"},
        ok={"get": 200, "post": 201},
        bodies={"post": {"session_number": 2, "date": "2026-12-01"}},
        query="?session_number=2",
    ),
    "series-ladder-rule": Route(
        "director",
        {"series_id": "series"},
        ok={"post": 200},
        bodies={"post": {"min_sessions": 2, "best_of": 3}},
    ),
    "club-detail": Route(
        "director", SL, ok={"get": 200, "patch": 200}, bodies={"patch": {"provisional_hours": 48}}
    ),
    # The club's own movements: designed off the request (13 players: a whist tournament found at once).
    "club-movement-list": Route("director", SL, ok={"get": 200}),
    "club-movement-detail": Route(
        "director", {**SL, "movement_id": "club_movement"}, ok={"get": 200, "delete": 204}
    ),
    "club-movement-design": Route(
        "director", SL, ok={"post": 202}, bodies={"post": {"kind": "players", "players": 13, "seconds": 5}}
    ),
    # No design of ours is under way in the world: the trusted director is told so (404) like the others.
    "club-movement-design-status": Route("director", {**SL, "design_id": "design_id"}, ok={"get": 404}),
    "club-movement-design-stop": Route("director", {**SL, "design_id": "design_id"}, ok={"post": 404}),
    "club-movement-keep": Route(
        "director", {**SL, "design_id": "design_id"}, ok={"post": 404}, bodies={"post": {"name": "Ours"}}
    ),
    "player-list": Route(
        "director", SL, ok={"get": 200, "post": 201}, bodies={"post": {"name": "New Player"}}
    ),
    "player-import": Route("director", SL, ok={"post": 200}, bodies={"post": {"csv": "name\nZed Zimmer\n"}}),
    # No import of ours is under way in the world: the trusted director is told so (404) like the others.
    "player-import-status": Route("director", {**SL, "import_id": "import_id"}, ok={"get": 404}),
    "player-detail": Route(
        "director",
        {**SL, "player_id": "spare"},
        ok={"get": 200, "patch": 200},
        bodies={"patch": {"active": False}},
    ),
    "player-merge": Route(
        "director", {**SL, "player_id": "spare"}, ok={"post": 200}, bodies={"post": {"into": "@player"}}
    ),
    # The world's spare player is a member already: made one again, 400.
    "player-member": Route("director", {**SL, "player_id": "spare"}, ok={"post": 400}),
    "club-session-list": Route(
        "director", SL, ok={"get": 200, "post": 201}, bodies={"post": {"date": "2026-12-01"}}
    ),
    "session-list": Route("director", ok={"get": 200}),
    "session-detail": Route("director", S, ok={"get": 200}),
    "session-start": Route("director", S, ok={"post": 400}),
    "session-advance": Route("director", S, ok={"post": 200}),
    "session-reopen": Route("director", S, ok={"post": 400}),
    "session-close": Route("director", S, ok={"post": 400}),
    "session-checks": Route("director", S, ok={"get": 200, "post": 400}),
    "session-publish": Route("director", S, ok={"post": 400}),
    "session-score-cards": Route("director", S, ok={"get": 200, "post": 400}),
    "session-results-pbn": Route("director", S, ok={"get": 400}),
    "session-sim-send": Route("director", S, ok={"post": 400}),
    # The world's session plays no pack: fetching the field is refused (400).
    "session-sim-field": Route("director", S, ok={"post": 400}),
    "session-publishing": Route(
        "director", S, ok={"get": 200, "patch": 200}, bodies={"patch": {"standings": True}}
    ),
    "session-tables": Route("director", S, ok={"get": 200}),
    "table-revoke": Route("director", {**S, "number": "table"}, ok={"post": 200}),
    "table-new-link": Route("director", {**S, "number": "table"}, ok={"post": 200}),
    "session-tables-advance": Route("director", S, ok={"post": 200}, bodies={"post": {"on": False}}),
    "session-board": Route("director", S, ok={"get": 200}),
    "session-substitute": Route(
        "director",
        S,
        ok={"post": 200},
        bodies={"post": {"player_out": "@player", "player_in": "@spare", "from_round": 2}},
    ),
    "entrant-list": Route(
        "director", S, ok={"get": 200, "post": 400}, bodies={"post": {"players": ["@spare"]}}
    ),
    "entrant-phantom-add": Route("director", S, ok={"post": 400}),
    "entrant-names": Route(
        "director", S, ok={"get": 200, "post": 400}, bodies={"post": {"text": "Spare Player & A Visitor"}}
    ),
    "entrant-detail": Route(
        "director",
        {**S, "number": "entrant"},
        ok={"get": 200, "patch": 200, "delete": 400},
        bodies={"patch": {"label": "The Regulars"}},
    ),
    "entrant-make-phantom": Route("director", {**S, "number": "entrant"}, ok={"post": 200}),
    "session-movement": Route(
        "director", S, ok={"get": 200, "post": 400, "delete": 400}, bodies={"post": {"family": "mitchell"}}
    ),
    "tray-list": Route("director", S, ok={"get": 200}),
    "trays-deal": Route("director", S, ok={"post": 400}),
    "trays-clear": Route("director", S, ok={"post": 400}),
    "tray-detail": Route("director", TRAY, ok={"get": 200}),
    "tray-deal-record": Route("director", TRAY, ok={"patch": 200}, bodies={"patch": {"trump": "KC"}}),
    "tray-status": Route(
        "director", TRAY, ok={"post": 200}, bodies={"post": {"status": "void", "reason": "misdealt"}}
    ),
    "tray-traveller": Route("director", TRAY, ok={"get": 200}),
    "session-pbn": Route("director", S, ok={"get": 200, "post": 200}, bodies={"post": {"pbn": "@pbn"}}),
    # A simultaneous event's pack: the world's session has results already (400), and plays no pack (400).
    "session-sim-pack": Route(
        "director", S, ok={"post": 400, "delete": 400}, bodies={"post": {"pack": "not a pack"}}
    ),
    "slip-list": Route("director", S, ok={"get": 200, "post": 201}, bodies={"post": ENTRY}),
    "slip-detail": Route("director", LINE, ok={"get": 200}),
    "slip-correct": Route(
        "director", LINE, ok={"post": 200}, bodies={"post": {"reason": "typo", "ns_tricks": 9}}
    ),
    "slip-confirm": Route("director", LINE, ok={"post": 200}, bodies={"post": {}}),
    "slip-history": Route("director", LINE, ok={"get": 200}),
    "slip-award": Route(
        "director",
        S,
        ok={"post": 200},
        bodies={
            "post": {"table": 2, "tray": 2, "ns_award": "average", "ew_award": "average", "reason": "late"}
        },
    ),
    "slip-law": Route(
        "director",
        S,
        ok={"post": 200},
        bodies={"post": {"table": 2, "tray": 2, "law": "V.2", "reason": "cards left in the tray"}},
    ),
    "session-trump": Route("director", S, ok={"get": 200, "post": 400}, bodies={"post": {"suit": "S"}}),
    "drive": Route(
        "director", S, ok={"get": 404, "post": 400}, bodies={"post": {"method": "first", "changes": 4}}
    ),
    "drive-results": Route(
        "director", S, ok={"post": 404}, bodies={"post": {"table": 1, "winner": "NS", "points": 2}}
    ),
    "drive-next": Route("director", S, ok={"post": 404}),
    "session-prizes": Route("director", S, ok={"get": 200}),
    "entrant-link-drive": Route("table", ENT, ok={"get": 404}, other_table={"get": 404}),
    "entrant-link-drive-result": Route(
        "table",
        ENT,
        ok={"post": 404},
        bodies={"post": {"winner": "NS", "points": 2}},
        other_table={"post": 404},
    ),
    "entrant-link-drive-check": Route(
        "table", ENT, ok={"post": 404}, bodies={"post": {}}, other_table={"post": 404}
    ),
    "entrant-link-drive-dispute": Route(
        "table",
        ENT,
        ok={"post": 404},
        bodies={"post": {"winner": "EW", "points": 1}},
        other_table={"post": 404},
    ),
    "entrant-link-drive-stamp": Route("table", ENT, ok={"get": 404}, other_table={"get": 404}),
    "entrant-link-mnemonic": Route("table", ENT, ok={"get": 404}, other_table={"get": 404}),
    "round-enter": Route(
        "director", {**S, "round": "first_round"}, ok={"post": 200}, bodies={"post": {"entries": [ENTRY]}}
    ),
    "standings": Route("director", S, ok={"get": 200}),
    "entrant-link-list": Route("director", S, ok={"get": 200}),
    "entrant-link-change": Route(
        "director", {**S, "link_id": "entrant_link", "action": "link_action"}, ok={"post": 200}
    ),
    # The director's evening: calls from the tables, the round timer, decisions in one click.
    "call-list": Route("director", S, ok={"get": 200}),
    "call-answer": Route("director", {**S, "call_id": "director_call"}, ok={"post": 200}),
    "session-timer": Route(
        "director",
        S,
        ok={"get": 200, "put": 200},
        bodies={"put": {"minutes_per_tray": 7, "change_minutes": 2}},
    ),
    # The world's line is entered, not disputed: settling it is a conflict; confirming it is fine.
    "slip-settle": Route("director", LINE, ok={"post": 409}, bodies={"post": {"accept": "ns"}}),
    "slip-confirm-as-entered": Route("director", LINE, ok={"post": 200}),
    # Simultaneous events: the organiser's (this club's director); a club's heat needs its key (no role
    # holds one: 401); the public reads a published event only (ours is open: 404 for everyone).
    "sim-list": Route(
        "director",
        SL,
        ok={"get": 200, "post": 201},
        bodies={
            "post": {
                "name": "Matrix sim",
                "plays_from": "2026-12-01",
                "plays_to": "2026-12-03",
                "release_at": "2026-12-04T20:00:00+00:00",
                "methods": ["matchpoints"],
                "deals": "4",
            }
        },
    ),
    "sim-detail": Route("director", SIM, ok={"get": 200}),
    "sim-club-add": Route("director", SIM, ok={"post": 201}, bodies={"post": {"name": "Matrix Club"}}),
    "sim-close": Route("director", SIM, ok={"post": 200}),
    "sim-publish": Route("director", SIM, ok={"post": 200}),
    "sim-field": Route("director", {**SIM, "method": "sim_method"}, ok={"get": 200}),
    "sim-heats": Route("open", {"ref": "sim_ref"}, ok={"post": 401}, bodies={"post": {"pbn": "x"}}),
    "sim-public": Route("open", {"ref": "sim_ref"}, ok={"get": 404}),
    "sim-pack": Route("open", {"ref": "sim_ref"}, ok={"get": 401}),
    # The phones' own. A table's link (URL or header) is a place: its card, a claim (a pass comes back),
    # the director's call; another club's table claims its own pair 1 the same way.
    **{
        f"{prefix}-{name}": Route("table", kwargs, ok=ok, bodies=bodies, other_table=other)
        for prefix, base in (("table-link", TBL), ("table-header", {}))
        for name, kwargs, ok, bodies, other in (
            ("state", base, {"get": 200}, {}, {"get": 200}),
            ("claim", base, {"post": 201}, {"post": {"entrant": "1"}}, {"post": 201}),
            ("call", base, {"post": 201}, {}, {"post": 201}),
            ("clock", base, {"get": 200}, {}, {"get": 200}),
        )
    },
    # The pair at this table by its own link: it sends, checks, and unfolds the trays it played.
    **{
        f"entrant-link-{name}": Route("table", kwargs, ok=ok, bodies=bodies, other_table=other)
        for name, kwargs, ok, bodies, other in (
            ("state", ENT, {"get": 200}, {}, {"get": 200}),
            ("results", ENT, {"post": 201}, {"post": {"tray": 3, "ns_tricks": 7}}, {"post": 400}),
            ("confirm", ENT_TRAY, {"post": 200}, {"post": {}}, {"post": 404}),
            ("dispute", ENT_TRAY, {"post": 200}, {"post": {"claimed": 7}}, {"post": 404}),
            ("amend", ENT_TRAY, {"post": 200}, {"post": {"ns_tricks": 6}}, {"post": 404}),
            ("traveller", ENT_TRAY, {"get": 200}, {}, {"get": 404}),
            ("call", ENT, {"post": 201}, {}, {"post": 201}),
            ("clock", ENT, {"get": 200}, {}, {"get": 200}),
        )
    },
}

#: Who may act on each audience's endpoints (open and public ones: everyone alike).
TRUSTED = {"director": "this_director", "table": "this_table"}

#: Lists of the director's own things: another director gets them too, without ours.
OWN_LISTS = {"club-list", "session-list", "api-token-list"}


@dataclass
class World:
    """The objects the URLs and bodies name, and what must stay private."""

    session: Session
    published: Session
    table: Table
    other: OtherClub
    line: SlipLine
    spare: Player
    player: Player
    pbn: str
    series: Series
    slug: str = "test"
    tray: int = 1
    entrant: int = 3
    first_round: int = 1
    family: str = "howell"
    link_action: str = "new"
    import_id: str = "0123456789abcdef0123456789abcdef"
    design_id: str = "0123456789abcdef0123456789abcdef"
    sim_method: str = "matchpoints"

    @property
    def sim_ref(self) -> str:
        """The reference of an open simultaneous event the club organises (made the first time asked for)."""
        found = SimEvent.objects.filter(organiser=self.session.club).first()
        if found is None:
            found = sim_services.event_create(
                organiser=self.session.club,
                name="Matrix simultaneous",
                plays_from="2026-12-01",
                plays_to="2026-12-03",
                release_at="2026-12-04T20:00:00+00:00",
                methods=["matchpoints", "trick"],
                deals=4,
            )
            heats, _ = sim_services.sim_club_add(event=found, name="Matrix Heat Club")  # a field to publish
            data = heat_file("Matrix Heat Club", 1, boards=range(1, 5))
            sim_services.heat_receive(event=found, sim_club=heats, data=data, via="file")
        return found.ref

    @property
    def club_movement(self) -> ClubMovement:
        """A movement the club keeps (made the first time it is asked for)."""
        found = ClubMovement.objects.filter(club=self.session.club).first()
        if found is None:
            found = club_movement_create(club=self.session.club, name="Three tables", movement=three_tables())
        return found

    @property
    def director_call(self) -> DirectorCall:
        """An open call from table 1 (made the first time it is asked for)."""
        call, _ = DirectorCall.objects.get_or_create(
            session=self.session,
            table=self.table,
            answered_at=None,
            defaults={"round_number": 1, "called_by": "table 1"},
        )
        return call

    @property
    def api_token(self) -> ApiToken:
        """The newest API token of this club's director (the one their client sends)."""
        token = ApiToken.objects.filter(user__in=self.session.club.directors.all()).order_by("-pk").first()
        assert token is not None, "this director's client makes a token first"
        return token

    @property
    def entrant_link(self) -> EntrantLink:
        """The own link of the session's pair 1."""
        return EntrantLink.objects.get(session=self.session, entrant__number=1, side="")

    def value(self, name: str, role: str) -> Any:
        """A URL value: an object's id or number, or the role's own table token."""
        if name == "token":
            return {"this_table": self.table.token, "other_table": self.other.table.token}.get(role, BOGUS)
        if name == "entrant_token":
            mine = {"this_table": self.table, "other_table": self.other.table}.get(role)
            return BOGUS if mine is None else first_pair_link(mine)
        found = getattr(self, name)
        return (
            found.pk if hasattr(found, "pk") and name not in ("table",) else getattr(found, "number", found)
        )

    def body(self, raw: Any) -> Any:
        """A body with its ``@name`` placeholders filled in."""
        if isinstance(raw, dict):
            return {k: self.body(v) for k, v in raw.items()}
        if isinstance(raw, list):
            return [self.body(v) for v in raw]
        if isinstance(raw, str) and raw.startswith("@"):
            found = getattr(self, raw[1:])
            return found.pk if hasattr(found, "pk") else found
        return raw

    def secrets(self) -> list[str]:
        """What only this club's director and this table may ever read."""
        return [*self.session.tables.values_list("token", flat=True), *self.links(), self.session.title]

    def links(self) -> list[str]:
        """Every entrant's printed link and every phone's pass of our running session (as they stand)."""
        links = EntrantLink.objects.filter(session=self.session).values_list("token", flat=True)
        passes = PhonePass.objects.filter(session=self.session).values_list("token", flat=True)
        return [*links, *passes]

    def fingerprint(self) -> str:
        """Everything of ours a request could change."""
        s = Session.objects.get(pk=self.session.pk)
        club = s.club
        state = [
            [
                s.status,
                s.current_round,
                s.tables_advance,
                s.publish_standings,
                slips_version(session_id=s.pk),
            ],
            [s.minutes_per_tray, s.change_minutes],
            list(DirectorCall.objects.filter(session=s).values_list("id", "answered_at")),
            list(
                SlipLine.objects.filter(session=s).values_list(
                    "id", "ns_tricks", "status", "version", "ns_award"
                )
            ),
            list(s.tables.values_list("token", "token_revoked")),
            list(s.entrants.values_list("number", "is_phantom")),
            list(s.trays.values_list("number", "status")),
            list(Deal.objects.filter(tray__session=s).values_list("trump", "hands")),
            list(Seat.objects.filter(round__session=s).values_list("id", "player_id")),
            list(Player.objects.filter(club=club).values_list("id", "name", "active", "merged_into")),
            list(club.sessions.values_list("id", "status")),
            list(ApiToken.objects.filter(user__in=club.directors.all()).order_by("pk").values_list("pk")),
            list(ClubMovement.objects.filter(club=club).order_by("pk").values_list("pk", "name")),
            list(
                SimEvent.objects.filter(organiser=club)
                .order_by("pk")
                .values_list("pk", "state", "commentary")
            ),
            list(SimClub.objects.filter(event__organiser=club).order_by("pk").values_list("pk", "key_hash")),
            list(SimHeat.objects.filter(sim_club__event__organiser=club).values_list("pk", "sends", "pbn")),
        ]
        return json.dumps(state, default=str)


def first_pair_link(table: Table) -> str:
    """The own link of the N-S pair at this table in round 1."""
    seating = table.seatings.get(round__number=1)
    return EntrantLink.objects.get(entrant=seating.ns, side="").token


def api_routes() -> Iterator[tuple[str, str, type]]:
    """(route, name, view class) of every pattern under /api/v1/."""
    api = next(
        p for p in get_resolver().url_patterns if isinstance(p, URLResolver) and str(p.pattern) == "api/v1/"
    )
    for pattern in api.url_patterns:
        assert isinstance(pattern, URLPattern)
        yield str(pattern.pattern), str(pattern.name), pattern.callback.view_class  # type: ignore[attr-defined]


@dataclass(frozen=True)
class Operation:
    """One endpoint and method as its trusted role calls it."""

    route: str
    name: str
    method: str
    role: str
    spec: Route


def trusted_operations(skip: frozenset[str] = frozenset()) -> Iterator[Operation]:
    """Every endpoint's every method (but those named in ``skip``), with the role it is for."""
    for route, name, view in api_routes():
        if name in skip:
            continue
        spec = SPEC[name]
        for method in methods(view):
            yield Operation(route, name, method, TRUSTED.get(spec.audience, "anonymous"), spec)


def methods(view: type) -> list[str]:
    """The HTTP methods a view answers."""
    return [m for m in ("get", "post", "put", "patch", "delete") if hasattr(view, m)]


def url_for(route: str, spec: Route, world: World, role: str, *, session_key: str | None = None) -> str:
    """The route with its parameters filled in for this role."""
    url = "/api/v1/" + route
    for param, name in spec.kwargs.items():
        chosen = session_key if (param == "pk" and session_key) else name
        value = world.value(chosen, role)
        url = url.replace(f"<int:{param}>", str(value)).replace(f"<slug:{param}>", str(value))
        url = url.replace(f"<str:{param}>", str(value)).replace(f"<link:{param}>", str(value))
    assert "<" not in url, url
    return url + spec.query


def clients(world: World, director: Any) -> dict[str, APIClient]:
    """One client per role, with that role's credentials."""
    return {
        "anonymous": APIClient(),
        "other_director": token_client(world.other.director),
        "other_table": table_client(world.other.table),
        "this_table": table_client(world.table),
        "this_director": token_client(director),
    }


def respond(client: APIClient, method: str, url: str, body: Any) -> Any:
    """Send one request as the role's client (a JSON body if any)."""
    send = getattr(client, method)
    return send(url, body, format="json") if body is not None else send(url)


def call(client: APIClient, method: str, url: str, body: Any, world: World) -> tuple[Any, bool]:
    """Send the request inside a rolled-back savepoint: (the response, our data unchanged)."""
    before = world.fingerprint()
    point = transaction.savepoint()
    try:
        response = respond(client, method, url, body)
        unchanged = world.fingerprint() == before
    finally:
        transaction.savepoint_rollback(point)
    return response, unchanged


def expected(spec: Route, name: str, method: str, role: str) -> int:
    """The status this role must get."""
    if spec.audience in ("open", "public"):
        return spec.ok[method]
    allowed = TRUSTED[spec.audience]
    if role == allowed:
        return spec.ok[method]
    if spec.audience == "director":
        if role == "other_director":
            return 200 if name in OWN_LISTS else 404
        return 401
    if role == "other_table":
        return spec.other_table[method]
    return 404 if name.startswith(("table-link", "entrant-link")) else 401
