"""The season ladder's rule over the API: attendance and best sessions counted (``services.ladder``)."""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from ..services.ladder import MOST, series_ladder_rule
from . import errors
from .clubs import SeriesSerializer, SeriesView

SERIES_ID = OpenApiParameter("series_id", int, OpenApiParameter.PATH, description="The series' id.")


class LadderRuleSerializer(serializers.Serializer):
    """Ranked from ``min_sessions`` played; each player's best ``best_of`` count (null: no limit)."""

    min_sessions = serializers.IntegerField(min_value=1, max_value=MOST, allow_null=True, required=False)
    best_of = serializers.IntegerField(min_value=1, max_value=MOST, allow_null=True, required=False)


@extend_schema(tags=["series"], parameters=[SERIES_ID])
class SeriesLadderRuleView(SeriesView):
    """The ladder's rule, as the club chooses it."""

    @extend_schema(
        operation_id="series_ladder_rule",
        request=LadderRuleSerializer,
        responses={200: SeriesSerializer, **errors(400, 401, 404)},
    )
    def post(self, request: Request, series_id: int) -> Response:
        """Set both parts of the rule (a missing or null part: no limit)."""
        series = self.director_series(series_id)
        form = LadderRuleSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = form.validated_data
        series = series_ladder_rule(
            series=series,
            min_sessions=data.get("min_sessions"),
            best_of=data.get("best_of"),
            user=request.user,
        )
        return Response(SeriesSerializer(series).data)


urlpatterns = [
    path("series/<int:series_id>/ladder-rule/", SeriesLadderRuleView.as_view(), name="series-ladder-rule"),
]
