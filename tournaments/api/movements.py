"""Movements: preview any system of the book for a size, and fix a session's seating.

Previews, recommendations and a whist drive's next change are open to
anyone, so they are bounded by the app's sizes (``movements.limits``: a
size beyond is a 400 saying so, before any engine runs), previews and
recommendations cached (``tournaments.previews``), and all throttled per
client address (scope ``preview``, beside every public endpoint's
``public``); they save nothing.
Fixing a session's seating calls ``movement_fix`` (a family, or the
director's own movement JSON of docs/design.md) as the set-up page does.
"""

from __future__ import annotations

from typing import Any

from django.urls import path
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from infra.security import PreviewRateThrottle, PublicRateThrottle
from whist.cards import SEATS

from .. import movements
from ..models import ScoringMethod, Session
from ..movements import Movement, MovementUserError
from ..movements.drive import DRIVE_METHODS
from ..movements.limits import MAX_CHANGE, MAX_DEALS, MAX_PLAYERS, MAX_TABLES, MAX_UNITS, change_problem
from ..movements.recommend import ranking_reasons
from ..previews import drive_next_change, movement_preview, movement_recommendations, recommendation_problem
from ..services import designs, seating, setup
from ..services.errors import NotFound, UserError
from . import ID_MAX, BoundedDictField, BoundedListField, errors
from .permissions import DirectorView, PublicView
from .sessions import SESSION_ID


def size_field(help_text: str, noun: str, most: int, *, required: bool = False) -> serializers.IntegerField:
    """A size (entrants, tables or deals), at most ``most``."""
    limits = f"the app serves up to {MAX_TABLES} tables and {MAX_DEALS} deals"
    return serializers.IntegerField(
        required=required,
        min_value=1,
        max_value=most,
        help_text=f"{help_text} At most {most}.",
        error_messages={"max_value": f"At most {most} {noun}: {limits}."},
    )


class FamilySerializer(serializers.Serializer):
    """A system of the book, as the director picks it."""

    name = serializers.CharField()
    title = serializers.CharField()
    pages = serializers.CharField()
    entrant_kind = serializers.CharField(help_text="What it seats: pair, team or player.")
    session_kinds = serializers.ListField(child=serializers.CharField())
    variants = serializers.ListField(child=serializers.CharField())
    summary = serializers.CharField()


class TableJSONSerializer(serializers.Serializer):
    """One table in one round: N-S and E-W entrants (or players by seat) and the trays."""

    table = serializers.IntegerField(min_value=1)
    ns = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    ew = serializers.IntegerField(min_value=1, required=False, allow_null=True)
    seats = serializers.DictField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        allow_null=True,
        help_text='Seat-based movements: {"N": 3, "E": 9, "S": 4, "W": 10}.',
    )
    trays = serializers.ListField(child=serializers.IntegerField(min_value=1))


class RoundJSONSerializer(serializers.Serializer):
    """One round: every table, and who sits out."""

    round = serializers.IntegerField(min_value=1)
    tables = TableJSONSerializer(many=True)
    sitout = serializers.ListField(child=serializers.IntegerField(min_value=1), required=False, default=list)


class MovementJSONSerializer(serializers.Serializer):
    """The movement JSON of docs/design.md."""

    family = serializers.CharField(max_length=30, required=False, default="custom")
    variant = serializers.CharField(max_length=30, required=False, allow_null=True)
    entrants = serializers.IntegerField(min_value=1)
    entrant_kind = serializers.CharField(required=False, default="pair", help_text="pair, team or player.")
    tables = serializers.IntegerField(min_value=1)
    trays = serializers.IntegerField(min_value=1)
    rounds = RoundJSONSerializer(many=True)


def most_items(most: int, items: str) -> dict[str, str]:
    """The refusal of a list longer than ``most``, before its items are read."""
    limits = f"the app seats up to {MAX_TABLES} tables and {MAX_DEALS} deals"
    return {"max_length": f"At most {most} {items}: {limits}."}


class TableJSONInSerializer(TableJSONSerializer):
    """A table of a director's own movement: at most four seats and ``MAX_DEALS`` trays."""

    seats = BoundedDictField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        allow_null=True,
        max_length=len(SEATS),
        error_messages={"max_length": "A table has four seats: N, E, S and W."},
        help_text='Seat-based movements: {"N": 3, "E": 9, "S": 4, "W": 10}; at most the four seats.',
    )
    trays = BoundedListField(
        child=serializers.IntegerField(min_value=1),
        max_length=MAX_DEALS,
        error_messages=most_items(MAX_DEALS, "trays at a table in a round"),
    )


class RoundJSONInSerializer(RoundJSONSerializer):
    """A round of a director's own movement: at most ``MAX_TABLES`` tables and ``MAX_PLAYERS`` sitting out."""

    tables = TableJSONInSerializer(
        many=True,
        max_length=MAX_TABLES,
        error_messages=most_items(MAX_TABLES, "tables in a round"),
        help_text=f"At most {MAX_TABLES} tables.",
    )
    sitout = BoundedListField(
        child=serializers.IntegerField(min_value=1),
        required=False,
        default=list,
        max_length=MAX_PLAYERS,
        error_messages=most_items(MAX_PLAYERS, "entrants sitting out"),
    )


def most_of(name: str, most: int) -> serializers.IntegerField:
    """A size of a director's own movement, at most ``most``."""
    return serializers.IntegerField(
        min_value=1,
        max_value=most,
        help_text=f"At most {most}.",
        error_messages={"max_value": f"At most {most} {name}: the app seats up to {MAX_TABLES} tables."},
    )


class MovementJSONInSerializer(MovementJSONSerializer):
    """A director's own movement JSON: each list refused by its length before its items are read
    (``MAX_PLAYERS`` rounds, ``MAX_TABLES`` tables a round, ``MAX_DEALS`` trays a table), the sizes
    within the app's, then every table, tray and entrant within its counts."""

    entrants = most_of("entrants", MAX_PLAYERS)
    tables = most_of("tables", MAX_TABLES)
    trays = most_of("trays", MAX_DEALS)
    rounds = RoundJSONInSerializer(
        many=True,
        max_length=MAX_PLAYERS,
        error_messages=most_items(MAX_PLAYERS, "rounds"),
        help_text=f"At most {MAX_PLAYERS} rounds, each of at most {MAX_TABLES} tables.",
    )

    def validate_entrant_kind(self, value: str) -> str:
        """What the movement seats."""
        if value not in ("pair", "team", "player"):
            raise serializers.ValidationError("A movement seats a pair, a team or a player.")
        return value

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A posted movement: every table, tray and entrant within its counts."""
        for rnd in attrs["rounds"]:
            for t in rnd["tables"]:
                self._check_table(attrs, rnd["round"], t)
        return attrs

    @staticmethod
    def _check_table(attrs: dict[str, Any], number: int, t: dict[str, Any]) -> None:
        """One table of a round within the movement's counts."""
        where = f"round {number}, table {t['table']}"
        if t["table"] > attrs["tables"] or any(x > attrs["trays"] for x in t["trays"]):
            raise serializers.ValidationError({"rounds": [f"{where}: a table or tray beyond the counts."]})
        people = [t.get("ns"), t.get("ew"), *(t.get("seats") or {}).values()]
        if any(p is not None and p > attrs["entrants"] for p in people):
            raise serializers.ValidationError({"rounds": [f"{where}: an entrant beyond the count."]})
        if set(t.get("seats") or {}) - set(SEATS):
            raise serializers.ValidationError({"rounds": [f"{where}: seats are N, E, S and W."]})


class MovementPreviewSerializer(MovementJSONSerializer):
    """The movement JSON, with its analysis when asked for (``analyse=1``)."""

    analysis = serializers.JSONField(required=False, help_text="Faults and balance (with analyse=1).")


class PreviewQuerySerializer(serializers.Serializer):
    """A preview's request: the size (in the unit the family seats, or tables), deals, variant."""

    pairs = size_field("Pairs (pair systems).", "pairs", MAX_UNITS["pairs"])
    teams = size_field("Teams (matches for fours).", "teams", MAX_UNITS["teams"])
    players = size_field(
        "Players (individual matches, teams of six or eight).", "players", MAX_UNITS["players"]
    )
    tables = size_field("Tables, instead of the number of entrants.", "tables", MAX_UNITS["tables"])
    deals = size_field("Deals to play, where the system can vary them.", "deals", MAX_DEALS)
    variant = serializers.CharField(required=False, max_length=30, help_text="e.g. mod1 ... mod8, form1.")
    analyse = serializers.BooleanField(required=False, default=False, help_text="Add the analysis.")


class RecommendQuerySerializer(serializers.Serializer):
    """A recommendation's request: the kind of session, its entrants, the deals available."""

    session_kind = serializers.ChoiceField(["pairs", "fours", "sixes", "eights", "individuals", "teams"])
    entrants = size_field("Entrants: pairs, teams or players.", "entrants", MAX_PLAYERS, required=True)
    deals = size_field("The most deals available.", "deals", MAX_DEALS, required=True)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """Within the app's sizes: twenty tables' worth of players."""
        problem = recommendation_problem(
            session_kind=attrs["session_kind"], entrants=attrs["entrants"], deals=attrs["deals"]
        )
        if problem is not None:
            raise serializers.ValidationError({"entrants": [problem[0].upper() + problem[1:] + "."]})
        return attrs


class RecommendationSerializer(serializers.Serializer):
    """One way to run the session, with the figures a director compares."""

    family = serializers.CharField()
    variant = serializers.CharField(allow_null=True)
    title = serializers.CharField()
    pages = serializers.CharField()
    trays = serializers.IntegerField()
    rounds = serializers.IntegerField()
    tables = serializers.IntegerField()
    sitouts_per_round = serializers.IntegerField()
    balance = serializers.FloatField(help_text="Least over most comparisons of any two entrants (1: even).")
    reason = serializers.CharField()
    qf = serializers.FloatField(
        allow_null=True,
        help_text="The quality factor, 100 perfect: of the one field, or the lesser of a Mitchell's two; "
        "null where not measured (teams, progressive whist, mnemonic duplicate).",
    )
    fields = serializers.IntegerField(help_text="2 when N-S and E-W are ranked apart, each with a winner.")
    balance_words = serializers.CharField(help_text="The balance in a director's words.")
    per_round = serializers.IntegerField(help_text="The most trays a table plays in a round.")
    changes = serializers.IntegerField(help_text="The times the room moves: one fewer than the rounds.")
    ranked = serializers.CharField(help_text="Why it stands where it does in the list.")


class MovementFixSerializer(serializers.Serializer):
    """Seat the session: a family of the book (with variant and deals), or a movement of one's own."""

    family = serializers.ChoiceField(sorted(movements.FAMILIES), required=False)
    variant = serializers.CharField(max_length=30, required=False, allow_blank=True, default="")
    deals = serializers.IntegerField(min_value=1, max_value=MAX_DEALS, required=False, allow_null=True)
    scoring_method = serializers.ChoiceField(
        ScoringMethod.choices, required=False, help_text="Change the scoring method too, as the page does."
    )
    movement = MovementJSONInSerializer(required=False)
    club_movement = serializers.IntegerField(
        min_value=1, max_value=ID_MAX, required=False, help_text="The id of one of the club's own movements."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """A family, a movement or one of the club's movements: one of them."""
        given = [name for name in ("family", "movement", "club_movement") if attrs.get(name)]
        if len(given) != 1:
            raise serializers.ValidationError(
                {"family": ["Give a family, a movement, or one of the club's movements: one of them."]}
            )
        return attrs


class SessionMovementSerializer(serializers.Serializer):
    """The movement a session is seated by (null before one is chosen)."""

    family = serializers.CharField()
    variant = serializers.CharField()
    deals = serializers.IntegerField(allow_null=True)
    movement = MovementJSONSerializer(allow_null=True)


def engine(call: Any, **kwargs: Any) -> Any:
    """Call the pure engine; its refusals (the book's reasons) become 400s."""
    try:
        return call(**kwargs)
    except MovementUserError as exc:
        raise UserError(str(exc)) from None


@extend_schema(tags=["movements"])
class FamilyListView(PublicView):
    """Every system of the book the app can generate."""

    @extend_schema(operation_id="movements_families", responses={200: FamilySerializer(many=True)})
    def get(self, request: Request) -> Response:
        """The families, by name."""
        families = sorted(movements.FAMILIES.values(), key=lambda f: f.name)
        data = [
            {
                "name": f.name,
                "title": f.title,
                "pages": f.pages,
                "entrant_kind": f.entrant_kind,
                "session_kinds": list(f.session_kinds),
                "variants": list(f.variants),
                "summary": f.summary,
            }
            for f in families
        ]
        return Response(FamilySerializer(data, many=True).data)


@extend_schema(tags=["movements"])
class MovementPreviewView(PublicView):
    """Preview a system for a size, without saving anything."""

    throttle_classes = [PublicRateThrottle, PreviewRateThrottle]

    @extend_schema(
        operation_id="movements_preview",
        parameters=[
            OpenApiParameter(
                "family",
                str,
                OpenApiParameter.PATH,
                enum=sorted(movements.FAMILIES),
                examples=[OpenApiExample("Howell", value="howell")],
            ),
            PreviewQuerySerializer,
        ],
        responses={200: MovementPreviewSerializer, **errors(400, 404, 429)},
    )
    def get(self, request: Request, family: str) -> Response:
        """The movement JSON (docs/design.md), with ``analysis`` if ``analyse=1``."""
        if family not in movements.FAMILIES:
            raise NotFound(f"No movement family {family!r}.")
        query = PreviewQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        sizes = dict(query.validated_data)
        analysis = sizes.pop("analyse")
        return Response(engine(movement_preview, family=family, analysis=analysis, **sizes))


@extend_schema(tags=["movements"])
class RecommendView(PublicView):
    """Every system that serves a session of this size, best first (the book's preference)."""

    throttle_classes = [PublicRateThrottle, PreviewRateThrottle]

    @extend_schema(
        operation_id="movements_recommend",
        parameters=[RecommendQuerySerializer],
        responses={200: RecommendationSerializer(many=True), **errors(400, 429)},
    )
    def get(self, request: Request) -> Response:
        """The recommendations."""
        query = RecommendQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        recs = engine(
            movement_recommendations,
            session_kind=data["session_kind"],
            entrants=data["entrants"],
            deals=data["deals"],
        )
        listed = [
            {**r.to_json(), "changes": r.changes, "ranked": why}
            for r, why in zip(recs, ranking_reasons(recs), strict=True)
        ]
        return Response(RecommendationSerializer(listed, many=True).data)


#: The change's schema: a round object whose lists are at most twenty tables' worth (``MAX_CHANGE``).
CHANGE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {key: {"type": "array", "maxItems": most} for key, most in MAX_CHANGE.items()},
    "additionalProperties": True,
}


@extend_schema_field(CHANGE_SCHEMA)
class ChangeField(serializers.JSONField):
    """A whist drive's change: a round object of the movement JSON, within twenty tables' worth."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        """The change, or a 400 naming the list beyond the app's sizes (before any engine runs)."""
        value = super().to_internal_value(data)
        if not isinstance(value, dict):
            raise serializers.ValidationError("Send the change as a round object of the movement JSON.")
        problem = change_problem(value)
        if problem is not None:
            raise serializers.ValidationError(problem[0].upper() + problem[1:] + ".")
        return value


class NextChangeSerializer(serializers.Serializer):
    """A whist drive's change with its results (the CLI's ``--results`` file): the next change follows."""

    variant = serializers.ChoiceField(list(DRIVE_METHODS), help_text="first, second or second-alt (p. 24).")
    change = ChangeField(
        help_text='The round JSON of the change played, with "results": [{"table": 1, "ns_tricks": 8} or '
        '{"table": 1, "winner": "NS", "points": 2}], and "ladies" (Second Method) and "exchange_at_head". '
        f'At most {MAX_TABLES} "tables" and "results" and {MAX_PLAYERS} "ladies": the app serves a whist '
        f"drive of up to {MAX_TABLES} tables."
    )


@extend_schema(tags=["movements"])
class NextChangeView(PublicView):
    """A whist drive's next change from a change's seats and results (p. 24), as ``movement --results``."""

    throttle_classes = [PublicRateThrottle, PreviewRateThrottle]

    @extend_schema(
        operation_id="movements_next_change",
        request=NextChangeSerializer,
        responses={
            200: {"type": "object", "description": "The next change's round JSON, with each player's move."},
            **errors(400, 429),
        },
    )
    def post(self, request: Request) -> Response:
        """The next change, with ``moves`` player by player."""
        form = NextChangeSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        try:
            return Response(engine(drive_next_change, method=data["variant"], change=data["change"]))
        except UserError:
            raise
        except (TypeError, KeyError, ValueError, AttributeError) as exc:  # a change of the wrong shape
            raise UserError(f"Not a change with its results: {exc}.", field="change") from None


def session_movement(session: Session) -> dict[str, Any]:
    """What the session is seated by."""
    return {
        "family": session.movement_family,
        "variant": session.movement_variant,
        "deals": (session.movement_params or {}).get("deals"),
        "movement": session.movement_json or None,
    }


@extend_schema(tags=["movements"], parameters=[SESSION_ID])
class SessionMovementView(DirectorView):
    """A session's movement: read, fix (before the start) or clear."""

    @extend_schema(
        operation_id="sessions_movement_retrieve",
        responses={200: SessionMovementSerializer, **errors(401, 404)},
    )
    def get(self, request: Request, pk: int) -> Response:
        """The movement the session is seated by."""
        return Response(session_movement(self.director_session(pk)))

    @extend_schema(
        operation_id="sessions_movement_fix",
        request=MovementFixSerializer,
        responses={200: SessionMovementSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, pk: int) -> Response:
        """Seat the session by a family of the book, or by the movement JSON given."""
        session = self.director_session(pk)
        form = MovementFixSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        if data.get("club_movement"):
            kept = designs.club_movement_get(club=session.club, pk=data["club_movement"])
            designs.session_seat_by_club_movement(
                session=session,
                club_movement=kept,
                scoring_method=data.get("scoring_method"),
                user=request.user,
            )
        elif data.get("movement"):
            own = engine(Movement.from_json, data=data["movement"])
            seating.movement_fix(session=session, movement=own, user=request.user)
        elif data.get("scoring_method"):
            setup.session_setup_choose(
                session=session,
                family=data["family"],
                variant=data["variant"],
                deals=data.get("deals"),
                scoring_method=data["scoring_method"],
                user=request.user,
            )
        else:
            seating.movement_fix(
                session=session,
                family=data["family"],
                variant=data["variant"] or None,
                deals=data.get("deals"),
                user=request.user,
            )
        session.refresh_from_db()
        return Response(session_movement(session))

    @extend_schema(operation_id="sessions_movement_clear", responses={204: None, **errors(400, 401, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Forget the movement: no tables, rounds or trays until one is chosen again."""
        setup.movement_clear(session=self.director_session(pk), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns = [
    path("movements/", FamilyListView.as_view(), name="movement-families"),
    path("movements/recommend/", RecommendView.as_view(), name="movement-recommend"),
    path("movements/progressive/next-change/", NextChangeView.as_view(), name="movement-next-change"),
    path("movements/<str:family>/", MovementPreviewView.as_view(), name="movement-preview"),
    path("sessions/<int:pk>/movement/", SessionMovementView.as_view(), name="session-movement"),
]
