"""Clubs: the ones a director runs, and every club for the public."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import generics, serializers
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import Club
from ..services.club import clubs_directed_by
from ..services.errors import NotFound
from . import errors
from .permissions import DirectorView, PublicView

#: The demo club's slug, as an example for the schema (and so the fuzzer reaches real data).
CLUB_SLUG = OpenApiParameter(
    "slug", str, OpenApiParameter.PATH, description="The club's slug.",
    examples=[OpenApiExample("the demo club", value="riverside")],
)


class ClubSerializer(serializers.ModelSerializer):
    """A club: its name and the slug its pages and endpoints use."""

    class Meta:
        model = Club
        fields = ["id", "name", "slug"]


@extend_schema(tags=["clubs"])
class ClubListView(DirectorView, generics.ListAPIView):
    """The clubs the user directs."""

    serializer_class = ClubSerializer

    def get_queryset(self) -> QuerySet[Club]:
        """Only the user's clubs."""
        return clubs_directed_by(user=self.request.user).order_by("name")

    @extend_schema(operation_id="clubs_list", responses={200: ClubSerializer(many=True), **errors(401)})
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the clubs the user directs."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["clubs"], parameters=[CLUB_SLUG])
class ClubDetailView(DirectorView):
    """One club the user directs."""

    @extend_schema(operation_id="clubs_retrieve", responses={200: ClubSerializer, **errors(401, 404)})
    def get(self, request: Request, slug: str) -> Response:
        """A club of the user's."""
        return Response(ClubSerializer(self.director_club(slug)).data)


@extend_schema(tags=["public"])
class PublicClubListView(PublicView, generics.ListAPIView):
    """Every club on this site (the public home page)."""

    serializer_class = ClubSerializer
    queryset = Club.objects.order_by("name")

    @extend_schema(operation_id="public_clubs_list")
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the clubs on this site."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["public"], parameters=[CLUB_SLUG])
class PublicClubDetailView(PublicView):
    """One club's public card."""

    @extend_schema(operation_id="public_clubs_retrieve", responses={200: ClubSerializer, **errors(404)})
    def get(self, request: Request, slug: str) -> Response:
        """A club by its slug."""
        club = Club.objects.filter(slug=slug).first()
        if club is None:
            raise NotFound("No such club.")
        return Response(ClubSerializer(club).data)


urlpatterns = [
    path("clubs/", ClubListView.as_view(), name="club-list"),
    path("clubs/<slug:slug>/", ClubDetailView.as_view(), name="club-detail"),
    path("public/clubs/", PublicClubListView.as_view(), name="public-club-list"),
    path("public/clubs/<slug:slug>/", PublicClubDetailView.as_view(), name="public-club-detail"),
]
