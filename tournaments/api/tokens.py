"""A director's own API tokens: listed (id, prefix and times, never the digest) and revoked one by one.

``GET /api/v1/auth/tokens/`` lists the caller's unexpired tokens;
``DELETE /api/v1/auth/tokens/{id}/`` revokes one at once, and another
user's token is a 404, as if it did not exist. By token or login, as the
director's endpoints; a new password revokes them all (``services.tokens``).
The authentication class stays alone in ``auth``: DRF imports it while
importing its own views, so that module imports none of them.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from ..models import ApiToken
from ..services.tokens import token_revoke, tokens_of
from . import errors
from .permissions import DirectorView, Paginated

TOKEN_ID = OpenApiParameter("id", int, OpenApiParameter.PATH, description="The token's id.")


class ApiTokenSerializer(serializers.ModelSerializer):
    """One of the caller's tokens: its key's first characters and its times (never the key or its digest)."""

    class Meta:
        model = ApiToken
        fields = ["id", "prefix", "created_at", "expires_at"]
        read_only_fields = fields


@extend_schema(tags=["auth"])
class ApiTokenListView(DirectorView, Paginated):
    """The caller's unexpired API tokens, newest first."""

    serializer_class = ApiTokenSerializer

    def get_queryset(self) -> QuerySet[ApiToken]:
        """Only the caller's."""
        return tokens_of(user=self.request.user)

    @extend_schema(
        operation_id="auth_tokens_list", responses={200: ApiTokenSerializer(many=True), **errors(401)}
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        """List the caller's tokens: id, prefix, created_at, expires_at."""
        return super().get(request, *args, **kwargs)


@extend_schema(tags=["auth"], parameters=[TOKEN_ID])
class ApiTokenDetailView(DirectorView):
    """One of the caller's tokens."""

    @extend_schema(operation_id="auth_tokens_revoke", responses={204: None, **errors(401, 404)})
    def delete(self, request: Request, pk: int) -> Response:
        """Revoke it: its key stops working at once. Another user's token is a 404."""
        token_revoke(user=request.user, token_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


urlpatterns = [
    path("auth/tokens/", ApiTokenListView.as_view(), name="api-token-list"),
    path("auth/tokens/<int:pk>/", ApiTokenDetailView.as_view(), name="api-token-detail"),
]
