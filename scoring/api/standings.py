"""Scores and standings (the scores JSON of docs/design.md) and the public's API.

Closing and publishing are entry's doors (``entry.api.closing``).

The public sees a club's published sessions: standings, travellers and hand
records, each only when the director has published it (the selectors of
``scoring.selectors`` decide, as for the public pages).

Standings answer with an ``ETag`` (a digest of the body) and
``Last-Modified`` (when the snapshot was computed); a conditional GET
(``If-None-Match`` or ``If-Modified-Since``) that still matches gets 304,
so a club website can poll cheaply.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import asdict
from typing import Any

from django.db.models import QuerySet
from django.urls import path
from django.utils.http import http_date, parse_etags, parse_http_date_safe
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from scoring.api import dataclass_schema
from scoring.models import ScoreSnapshot
from scoring.scorers.fmt import rational
from scoring.scorers.types import ScoringError
from scoring.selectors.finality import session_finality
from scoring.selectors.people import (
    LADDER_PAGE_SIZE,
    PLAYER_PAGE_MOST,
    PLAYER_PAGE_SIZE,
    SessionResult,
    player_results_public,
    player_sessions_public,
    series_ladder_public,
)
from scoring.selectors.public import (
    NotPublished,
    deals_public,
    public_sight,
    session_public,
    standings_public,
)
from scoring.selectors.standings import entrant_names, session_named_json, session_snapshot
from scoring.selectors.travellers import TravellerLine, traveller_lines
from scoring.tasks import solve_hand_records_once
from scoring.visibility import EVERYTHING, Sight, hands_released, published, published_anything
from tournaments.api import errors
from tournaments.api.clubs import CLUB_SLUG
from tournaments.api.permissions import DirectorView, Paginated, Pagination, PublicView
from tournaments.api.sessions import SESSION_ID
from tournaments.api.trays import TRAY_NUMBER, TraySerializer, session_tray
from tournaments.models import Club, Player, Series, Session
from tournaments.selectors import sessions_public
from tournaments.services.errors import Conflict, NotFound

#: A tray's traveling slip as the API answers it (the phones' and the public's).
TRAVELLER = {"type": "array", "items": dataclass_schema(TravellerLine)}


class EntrantScoreSerializer(serializers.Serializer):
    """One standings line: exact rationals as strings ("37/4"), rank 1 for the best of its field."""

    entrant = serializers.IntegerField()
    total = serializers.CharField()
    plus_minus = serializers.CharField(allow_null=True)
    rank = serializers.IntegerField(
        help_text="The place in the entrant's field, 1 for the best; tied entrants share the higher place."
    )
    field = serializers.CharField(
        required=False,
        help_text='"N-S" or "E-W" when the session has two fields (a Mitchell whose pairs keep their '
        "direction); absent when it has one.",
    )
    extra = serializers.DictField(child=serializers.CharField(), required=False)
    name = serializers.CharField(
        required=False,
        help_text="The entrant's players as the club's roster names them now, and the director's label.",
    )


class DealScoresSerializer(serializers.Serializer):
    """Each entrant's score on one deal, keyed by entrant number."""

    deal = serializers.IntegerField()
    scores = serializers.DictField(child=serializers.CharField())


class ScoresSerializer(serializers.Serializer):
    """The scores JSON (docs/design.md)."""

    method = serializers.CharField()
    deals = DealScoresSerializer(many=True)
    entrants = EntrantScoreSerializer(many=True)
    summary = serializers.DictField(child=serializers.CharField(), required=False)
    checks = serializers.DictField(required=False)
    provisional_until = serializers.DateTimeField(
        allow_null=True,
        required=False,
        help_text="Once published: the results are provisional until this time; null once they are final"
        " (absent before publishing).",
    )
    final = serializers.BooleanField(
        required=False, help_text="Once published: whether the results are final."
    )
    results_status = serializers.CharField(
        required=False, help_text='Once published: "Provisional until <local date and time>", or "Final".'
    )
    changes = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        help_text="Once published: the corrections made while provisional and the reopenings (what, when,"
        " why), as ``ResultChange`` in a published session's answer.",
    )


class PublishSerializer(serializers.Serializer):
    """What to publish; a switch left out keeps its current value."""

    standings = serializers.BooleanField(required=False)
    travellers = serializers.BooleanField(required=False)
    hand_records = serializers.BooleanField(required=False)


class PublishedSerializer(serializers.Serializer):
    """What the public may see of a session."""

    standings = serializers.BooleanField()
    travellers = serializers.BooleanField()
    hand_records = serializers.BooleanField()


class PublicEntrantSerializer(serializers.Serializer):
    """A ranked entrant: number and names."""

    number = serializers.IntegerField()
    name = serializers.CharField()


class ResultChangeSerializer(serializers.Serializer):
    """A change to published results: a correction while they were provisional, or a reopening."""

    kind = serializers.ChoiceField(["corrected", "reopened"])
    at = serializers.DateTimeField()
    reason = serializers.CharField()
    tray = serializers.IntegerField(allow_null=True)
    table = serializers.IntegerField(allow_null=True)
    before = serializers.CharField(
        help_text="The line's figures before (blank unless the travellers are published)."
    )
    after = serializers.CharField(
        help_text="The line's figures after (blank unless the travellers are published)."
    )
    said = serializers.CharField(help_text="The change in the words of the public pages.")


class PublicSessionSerializer(serializers.Serializer):
    """A published session: what it was, what of it is published, who played."""

    id = serializers.IntegerField()
    club = serializers.CharField()
    date = serializers.DateField()
    title = serializers.CharField()
    entrant_kind = serializers.CharField()
    scoring_method = serializers.CharField()
    published = PublishedSerializer()
    hands_held_until = serializers.DateTimeField(
        allow_null=True,
        help_text="The hand records are published but held until this time (a simultaneous event's"
        " release time); null when nothing is held.",
    )
    provisional_until = serializers.DateTimeField(
        allow_null=True,
        help_text="The results are provisional until this time (the club's hours after publishing): a"
        " correction may still be made, with a reason; null once they are final.",
    )
    final = serializers.BooleanField(help_text="Whether the results are final.")
    results_status = serializers.CharField(
        help_text='"Provisional until <local date and time>", or "Final", as the pages say it.'
    )
    changes = ResultChangeSerializer(many=True)
    entrants = PublicEntrantSerializer(many=True)


CONDITIONAL = [
    OpenApiParameter("If-None-Match", str, OpenApiParameter.HEADER, description="An ETag from before."),
    OpenApiParameter("If-Modified-Since", str, OpenApiParameter.HEADER, description="An HTTP date."),
]
STANDINGS_RESPONSES: dict[int, Any] = {
    200: OpenApiResponse(ScoresSerializer, description="The scores JSON, with ETag and Last-Modified."),
    304: OpenApiResponse(None, description="Not modified since the ETag or date given."),
}


class PublicScoresView(PublicView):
    """A public endpoint that reads scores: while the slips cannot be scored, there are none to show."""

    def handle_exception(self, exc: Exception) -> Response:
        """The scorer's refusal (the director is correcting a line) reads as 404 to the public."""
        if isinstance(exc, ScoringError):
            body = {"detail": "The standings are being corrected."}
            return Response(body, status=status.HTTP_404_NOT_FOUND)
        return super().handle_exception(exc)


def _finality_body(session: Session) -> dict[str, Any]:
    """Whether the results are final (the serializer writes the times as every time in the API)."""
    said = session_finality(session=session, sight=public_sight(session))
    if said is None:
        return {"provisional_until": None, "final": True, "results_status": "", "changes": []}
    changes = [
        {**body, "at": change.at}
        for change, body in zip(said.changes, said.as_json()["changes"], strict=True)
    ]
    return {**said.as_json(), "provisional_until": said.until, "changes": changes}


def finality_fields(session: Session, seen: Sight) -> tuple[dict[str, Any], dt.datetime | None]:
    """Whether the published results are final, and their changes, with the times written as the API
    writes every time; and the last moment they changed (a change made, or the results becoming final).
    Nothing before publishing."""
    said = session_finality(session=session, sight=seen)
    if said is None:
        return {}, None
    stamp = serializers.DateTimeField().to_representation
    body = said.as_json()
    body["provisional_until"] = stamp(said.until) if said.until else None
    body["changes"] = [{**c, "at": stamp(ch.at)} for ch, c in zip(said.changes, body["changes"], strict=True)]
    became_final = session.provisional_until if said.final else None
    moments = [m for m in (became_final, *(c.at for c in said.changes)) if m is not None]
    return body, max(moments, default=None)


def public_session_body(session: Session) -> dict[str, Any]:
    """A published session as the public sees it."""
    shown = published(session)
    return {
        **_finality_body(session),
        "id": session.pk,
        "club": session.club.slug,
        "date": session.date,
        "title": session.title,
        "entrant_kind": session.entrant_kind,
        "scoring_method": session.scoring_method,
        "published": {
            "standings": shown.standings,
            "travellers": shown.travellers,
            "hand_records": shown.hand_records,
        },
        "hands_held_until": session.hands_release_at
        if session.publish_hand_records and not hands_released(session)
        else None,
        "entrants": [
            {"number": n, "name": name} for n, name in sorted(entrant_names(session=session).items())
        ],
    }


def standings_response(
    request: Request,
    session: Session,
    snapshot: ScoreSnapshot | None,
    body: dict[str, Any] | None = None,
    seen: Sight = EVERYTHING,
) -> Response:
    """The scores JSON (``body``: as the caller may see it) with, once published, whether the results are
    final and their changes (as ``seen`` may see them), and its validators; 304 when still current.
    Last-Modified is the later of the snapshot's computing and the results' last change or becoming
    final."""
    if body is None:
        body = (
            snapshot.scores if snapshot else {"method": session.scoring_method, "deals": [], "entrants": []}
        )
    finality, changed = finality_fields(session, seen)
    body = {**body, **finality}
    etag = '"' + hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:32] + '"'
    moments = [m for m in (snapshot.computed_at if snapshot else None, changed) if m is not None]
    modified = int(max(moments).timestamp()) if moments else None
    headers = {"ETag": etag, **({"Last-Modified": http_date(modified)} if modified is not None else {})}
    if_none = request.headers.get("If-None-Match")
    since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
    if if_none is not None:
        fresh = etag in parse_etags(if_none) or if_none.strip() == "*"
    else:
        fresh = since is not None and modified is not None and modified <= since
    if fresh:
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers=headers)
    return Response(body, headers=headers)


@extend_schema(tags=["standings"], parameters=[SESSION_ID, *CONDITIONAL])
class StandingsView(DirectorView):
    """The session's standings as they stand (rescored if a change is not yet scored)."""

    @extend_schema(
        operation_id="standings_retrieve", responses={**STANDINGS_RESPONSES, **errors(401, 404, 409)}
    )
    def get(self, request: Request, pk: int) -> Response:
        """The scores JSON (409 while a slip cannot be scored: the director's to fix)."""
        session = self.director_session(pk)
        try:
            snapshot = session_snapshot(session=session, fresh=True)
        except ScoringError as exc:
            raise Conflict(f"The slips cannot be scored yet: {exc}") from None
        body = session_named_json(session=session, scores=snapshot.scores) if snapshot else None
        return standings_response(request, session, snapshot, body)


def public_session(slug: str, pk: int) -> Session:
    """A session of the club with something published, or 404."""
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        raise NotFound("No such club.")
    try:
        session = session_public(club=club, pk=pk)
    except NotPublished as exc:
        raise NotFound(str(exc)) from None
    if published(session).hand_records:
        solve_hand_records_once(session.pk)  # before any answer reads the deals
    return session


@extend_schema(tags=["public"], parameters=[CLUB_SLUG, SESSION_ID, TRAY_NUMBER])
class PublicTravellerView(PublicView):
    """A tray's traveller, once the travellers are published."""

    @extend_schema(operation_id="public_traveller", responses={200: TRAVELLER, **errors(404)})
    def get(self, request: Request, slug: str, pk: int, number: int) -> Response:
        """The traveller."""
        session = public_session(slug, pk)
        tray = session_tray(session, number)
        lines = traveller_lines(session=session, tray=tray.number, sight=public_sight(session))
        if lines is None:
            raise NotFound("The travellers are not published.")
        return Response([asdict(t) for t in lines])


def hands_withheld(session: Session) -> str:
    """Why the public sees no hand: held until a simultaneous event's release time, or not published."""
    if session.publish_hand_records and not hands_released(session):
        return f"The hand records are held until {session.hands_release_at.isoformat()}."
    return "The hand records are not published."


@extend_schema(tags=["public"], parameters=[CLUB_SLUG, SESSION_ID])
class PublicDealsView(PublicView):
    """The hand records, once published."""

    @extend_schema(operation_id="public_deals", responses={200: TraySerializer(many=True), **errors(404)})
    def get(self, request: Request, slug: str, pk: int) -> Response:
        """Every tray's deal."""
        session = public_session(slug, pk)
        deals = deals_public(session=session)
        if deals is None:
            raise NotFound(hands_withheld(session))
        return Response(TraySerializer([d.tray for d in deals], many=True).data)


@extend_schema(tags=["public"], parameters=[CLUB_SLUG])
class PublicSessionListView(PublicView, Paginated):
    """A club's published sessions, newest first."""

    serializer_class = PublicSessionSerializer

    def get_queryset(self) -> QuerySet[Session]:
        """The club's sessions with anything published (404 for an unknown club), newest first."""
        club = Club.objects.filter(slug=self.kwargs["slug"]).first()
        if club is None:
            raise NotFound("No such club.")
        return (
            sessions_public(club=club)
            .filter(published_anything())
            .select_related("club")
            .order_by("-date", "-id")
        )

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """One page of them, each read whole only on its page: a club's seasons cost a view nothing."""
        page = self.paginate_queryset(self.get_queryset()) or []
        return self.get_paginated_response(
            self.get_serializer([public_session_body(s) for s in page], many=True).data
        )

    @extend_schema(
        operation_id="public_sessions_list",
        responses={200: PublicSessionSerializer(many=True), **errors(404)},
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List them."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["public"], parameters=[CLUB_SLUG, SESSION_ID])
class PublicSessionDetailView(PublicView):
    """A published session."""

    @extend_schema(
        operation_id="public_sessions_retrieve", responses={200: PublicSessionSerializer, **errors(404)}
    )
    def get(self, request: Request, slug: str, pk: int) -> Response:
        """The session, what of it is published, and its entrants."""
        return Response(PublicSessionSerializer(public_session_body(public_session(slug, pk))).data)


@extend_schema(tags=["public"], parameters=[CLUB_SLUG, SESSION_ID, *CONDITIONAL])
class PublicStandingsView(PublicScoresView):
    """A published session's standings."""

    @extend_schema(operation_id="public_standings", responses={**STANDINGS_RESPONSES, **errors(404)})
    def get(self, request: Request, slug: str, pk: int) -> Response:
        """The scores JSON, once the standings are published."""
        session = public_session(slug, pk)
        seen = standings_public(session=session)
        if seen is None:
            raise NotFound("The standings are not published.")
        body = session_named_json(session=session, scores=seen.scores)
        return standings_response(request, session, seen.snapshot, body, public_sight(session))


class SessionRefSerializer(serializers.Serializer):
    """A published session, briefly."""

    id = serializers.IntegerField(source="pk")
    date = serializers.DateField()
    title = serializers.CharField()


class ProvisionalSessionSerializer(SessionRefSerializer):
    """A published session whose results are still provisional."""

    provisional_until = serializers.DateTimeField()


class PlayerResultSerializer(serializers.Serializer):
    """A player's line in one published session (exact rationals as strings)."""

    session = SessionRefSerializer()
    entrant = serializers.IntegerField()
    partners = serializers.CharField()
    rank = serializers.IntegerField(help_text="The place in the entrant's field; tied entrants share it.")
    field = serializers.IntegerField(help_text="How many were ranked in the entrant's field.")
    direction = serializers.CharField(
        help_text='"N-S" or "E-W" when the session had two fields (a Mitchell whose pairs keep their '
        'direction), else "".'
    )
    total = serializers.SerializerMethodField()
    plus_minus = serializers.SerializerMethodField()
    percent = serializers.SerializerMethodField()
    provisional_until = serializers.DateTimeField(
        allow_null=True,
        read_only=True,
        help_text="The session's results are provisional until this time (a correction may still be made);"
        " null once they are final.",
    )
    final = serializers.BooleanField(read_only=True, help_text="Whether the session's results are final.")

    def get_total(self, r: SessionResult) -> str:
        """The entrant's total."""
        return rational(r.total)

    def get_plus_minus(self, r: SessionResult) -> str | None:
        """Against the average, where the method has one."""
        return None if r.plus_minus is None else rational(r.plus_minus)

    def get_percent(self, r: SessionResult) -> str | None:
        """The modern percentage, where there is one."""
        return None if r.percent is None else rational(r.percent)


class LadderRowSerializer(serializers.Serializer):
    """A player on the ladder: rank (0: not yet ranked), sessions played, the total, each session."""

    player = serializers.SerializerMethodField()
    rank = serializers.IntegerField(help_text="1 for the best; 0: not yet ranked by the club's rule.")
    played = serializers.IntegerField()
    score = serializers.SerializerMethodField()
    sessions = serializers.SerializerMethodField()

    def get_player(self, row: Any) -> dict[str, Any]:
        """Id and name."""
        return {"id": row.player.pk, "name": row.player.name}

    def get_score(self, row: Any) -> str:
        """The sum of the sessions that count."""
        return rational(row.score)

    def get_sessions(self, row: Any) -> list[dict[str, Any] | None]:
        """Each session of the series: the player's figure there and whether it counts (null: absent)."""
        return [
            None if res is None else {"figure": rational(res.figure), "counted": counted}
            for res, counted in row.cells
        ]


class LadderSerializer(serializers.Serializer):
    """A series' individual standings (p. 46): its published sessions, and a page of the players ranked."""

    series = serializers.CharField(source="series.name")
    best_of = serializers.IntegerField(source="series.best_of", allow_null=True)
    min_sessions = serializers.IntegerField(
        source="series.min_sessions", allow_null=True, help_text="Ranked from this many sessions played."
    )
    rule = serializers.CharField(help_text="The club's rule, as the ladder page states it.")
    sessions = SessionRefSerializer(many=True, help_text="The sessions that count: published and final.")
    provisional = ProvisionalSessionSerializer(
        many=True, help_text="The series' published sessions still provisional: not counted until final."
    )
    count = serializers.IntegerField(help_text="How many players the ladder lists, on every page.")
    next = serializers.URLField(allow_null=True, help_text="The next page of players (null: the last page).")
    previous = serializers.URLField(allow_null=True, help_text="The page before (null: the first page).")
    rows = LadderRowSerializer(many=True, help_text="This page of the ladder's players, best first.")


class PlayerResultsPagination(Pagination):
    """A player's results: ``PLAYER_PAGE_SIZE`` sessions a page unless ``limit`` asks, at most
    ``PLAYER_PAGE_MOST``."""

    default_limit = PLAYER_PAGE_SIZE
    max_limit = PLAYER_PAGE_MOST


class LadderPagination(Pagination):
    """The ladder's players: ``LADDER_PAGE_SIZE`` a page unless ``limit`` asks."""

    default_limit = LADDER_PAGE_SIZE


@extend_schema(
    tags=["public"], parameters=[CLUB_SLUG, OpenApiParameter("player_id", int, OpenApiParameter.PATH)]
)
class PublicPlayerResultsView(PublicScoresView, Paginated):
    """A player's published results over time, newest first, a page of sessions at a time."""

    pagination_class = PlayerResultsPagination
    serializer_class = PlayerResultSerializer

    @extend_schema(
        operation_id="public_player_results",
        responses={200: PlayerResultSerializer(many=True), **errors(404)},
    )
    def get(self, request: Request, slug: str, player_id: int) -> Response:
        """404 until the player has a published result; each page reads only its own sessions."""
        player = Player.objects.filter(club__slug=slug, pk=player_id).first()
        if player is None:
            raise NotFound("No published results for this player.")
        page = self.paginate_queryset(player_sessions_public(player=player)) or []
        if not self.paginator.count:  # type: ignore[union-attr]
            raise NotFound("No published results for this player.")
        results = player_results_public(player=player, sessions=page)
        return self.get_paginated_response(PlayerResultSerializer(results, many=True).data)


@extend_schema(
    tags=["public"],
    parameters=[
        CLUB_SLUG,
        OpenApiParameter("series_id", int, OpenApiParameter.PATH),
        *LadderPagination.parameters("players"),
    ],
)
class PublicLadderView(PublicScoresView):
    """A series' ladder: each player's best sessions count; a page of its players at a time."""

    @extend_schema(operation_id="public_ladder", responses={200: LadderSerializer, **errors(404)})
    def get(self, request: Request, slug: str, series_id: int) -> Response:
        """404 until the series has a session with published standings."""
        series = Series.objects.filter(club__slug=slug, pk=series_id).first()
        ladder = series_ladder_public(series=series) if series else None
        if ladder is None or not (ladder.sessions or ladder.provisional):
            raise NotFound("No published sessions in this series.")
        pages = LadderPagination()
        rows = pages.paginate_queryset(list(ladder.rows), request, view=self) or []
        body = {"series": ladder.series, "rule": ladder.rule, "sessions": ladder.sessions, "rows": rows}
        body["provisional"] = ladder.provisional
        links = {"next": pages.get_next_link(), "previous": pages.get_previous_link()}
        return Response(LadderSerializer({**body, "count": pages.count, **links}).data)


PUBLIC = "public/clubs/<slug:slug>/sessions/"

urlpatterns = [
    path("sessions/<int:pk>/standings/", StandingsView.as_view(), name="standings"),
    path(PUBLIC, PublicSessionListView.as_view(), name="public-session-list"),
    path(PUBLIC + "<int:pk>/", PublicSessionDetailView.as_view(), name="public-session-detail"),
    path(PUBLIC + "<int:pk>/standings/", PublicStandingsView.as_view(), name="public-standings"),
    path(
        PUBLIC + "<int:pk>/trays/<int:number>/traveller/",
        PublicTravellerView.as_view(),
        name="public-traveller",
    ),
    path(PUBLIC + "<int:pk>/deals/", PublicDealsView.as_view(), name="public-deals"),
    path(
        "public/clubs/<slug:slug>/players/<int:player_id>/results/",
        PublicPlayerResultsView.as_view(),
        name="public-player-results",
    ),
    path(
        "public/clubs/<slug:slug>/series/<int:series_id>/ladder/",
        PublicLadderView.as_view(),
        name="public-ladder",
    ),
]
