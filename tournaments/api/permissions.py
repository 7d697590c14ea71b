"""Who may call what: directors by token or login, tables by their private link, the public.

Three audiences, as the pages have (docs/conventions.md, "Pages and the API"):

- **directors** send ``Authorization: Token <key>`` (from
  ``POST /api/v1/auth/token/``) or use their login session (the browsable
  API). Without credentials a director's endpoint answers 401; with them,
  anything outside the clubs the user directs answers 404, never 403.
- **tables** hold only their private link's token: in the URL
  (``/api/v1/tables/<token>/...``) or as ``Authorization: Table <token>``
  (``/api/v1/table/...``). A table can do only what its page can, and a
  token is rate-limited (scope ``table``).
- **the public** needs nothing and sees only what the director published.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth.models import AnonymousUser
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, generics, serializers
from rest_framework.authentication import (
    BaseAuthentication,
    SessionAuthentication,
    get_authorization_header,
)
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle, BaseThrottle
from rest_framework.views import APIView

from infra.security import PublicRateThrottle, WindowRateThrottle

from ..link_reads import TableRead
from ..link_rules import LinkRefusal
from ..models import Club, Session
from ..selectors import session_for_director, table_by_token
from ..services.club import clubs_directed_by
from ..services.errors import NotFound
from ..services.tokens import token_create
from . import Pagination, ServiceErrorsMixin, errors
from .auth import ApiTokenAuthentication


class TableTokenAuthentication(BaseAuthentication):
    """``Authorization: Table <token>``: the table behind a private link, with no user."""

    keyword = "Table"

    def authenticate(self, request: Request) -> tuple[AnonymousUser, TableRead] | None:
        """The table, or None when the header is not a table's; a bad token is refused (401)."""
        parts = get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed("Send 'Authorization: Table <token>'.")
        try:
            table = table_by_token(token=parts[1].decode())
        except (NotFound, UnicodeError):
            raise exceptions.AuthenticationFailed(LinkRefusal.TABLE_LINK.value) from None
        return AnonymousUser(), table

    def authenticate_header(self, request: Request) -> str:
        """Tell a caller without credentials how to send them (makes the refusal a 401)."""
        return self.keyword


class TableTokenScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """The table's header in the OpenAPI schema."""

    target_class = "tournaments.api.permissions.TableTokenAuthentication"
    name = "tableAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        """An API key in the Authorization header: ``Table <token>``."""
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A table's private link token: `Table <token>`.",
        }


def request_table(request: Request, view: Any) -> str | None:
    """The table token a request acts with: in the URL, or in the Authorization header."""
    token = getattr(view, "kwargs", {}).get("token")
    if token:
        return str(token)
    auth = getattr(request, "auth", None)
    return auth.token if isinstance(auth, TableRead) else None


class TableRateThrottle(WindowRateThrottle):
    """Rate-limit each table link (scope ``table`` in REST_FRAMEWORK's throttle rates)."""

    scope = "table"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        """One bucket per token (hashed, so the cache never holds a link)."""
        token = request_table(request, view)
        if not token:
            return None
        return self.cache_format % {"scope": self.scope, "ident": hashlib.sha256(token.encode()).hexdigest()}


class LoginRateThrottle(WindowRateThrottle, AnonRateThrottle):
    """Rate-limit password attempts for a token by address (scope ``login``)."""

    scope = "login"


class DirectorView(ServiceErrorsMixin, APIView):
    """A director's endpoint: credentials or 401; outside the user's clubs, 404."""

    authentication_classes = [ApiTokenAuthentication, SessionAuthentication]
    permission_classes = [IsAuthenticated]

    def permission_denied(
        self, request: Request, message: str | None = None, code: str | None = None
    ) -> None:
        """No credentials (or a table's): 401, never 403."""
        raise exceptions.NotAuthenticated()

    def director_club(self, slug: str) -> Club:
        """A club the user directs, or 404."""
        club = clubs_directed_by(user=self.request.user).filter(slug=slug).first()
        if club is None:
            raise NotFound("No such club.")
        return club

    def director_session(self, pk: int) -> Session:
        """A session of a club the user directs, or 404."""
        return session_for_director(user=self.request.user, pk=pk)


class PublicView(ServiceErrorsMixin, APIView):
    """A public endpoint: no credentials needed, and none looked at; throttled by address."""

    authentication_classes: list[type[BaseAuthentication]] = []
    permission_classes = [AllowAny]
    throttle_classes: list[type[BaseThrottle]] = [PublicRateThrottle]


class Paginated(generics.ListAPIView):
    """A list: ``?limit=&offset=`` pages (``count``, ``next``, ``previous``, ``results``)."""

    pagination_class = Pagination


class TokenSerializer(serializers.Serializer):
    """A director's API token."""

    token = serializers.CharField()


class TokenObtainView(ServiceErrorsMixin, APIView):
    """Trade a username and password for a new API token (``Authorization: Token <key>``).

    Each call makes a new key, valid for ``API_TOKEN_HOURS``; the server keeps only its digest.
    """

    authentication_classes: list[type[BaseAuthentication]] = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginRateThrottle]

    @extend_schema(
        tags=["auth"],
        operation_id="auth_token_obtain",
        request=AuthTokenSerializer,
        responses={200: TokenSerializer, **errors(400, 429)},
        description="Failed passwords are counted per client address; past the limit the address gets 429.",
    )
    def post(self, request: Request) -> Response:
        """A new token for the user with these credentials."""
        # The Django request, so the login lockout's marks land where its middleware reads them.
        form = AuthTokenSerializer(data=request.data, context={"request": request._request})
        form.is_valid(raise_exception=True)
        return Response({"token": token_create(user=form.validated_data["user"])})
