"""The REST API of the club side (issue #8): one small module per entity.

Each module (``clubs``, ``players``, ``sessions``, ``entrants``,
``movements``, ``trays``) holds its serializers, its views and its
``urlpatterns``; ``clubwhist/urls_api.py`` joins them with the scoring
side's. A view parses its input with a serializer, calls a service or a
selector, and answers; no rule is written here. This module maps the
services' two kinds of refusal to HTTP (docs/conventions.md, "Two kinds of error"):

- ``UserError`` -> 400 with a field-level body ``{"field": ["message"]}``
  (``non_field_errors`` when no field is at fault), as DRF's own
  validation errors look;
- ``NotFound`` -> 404 ``{"detail": ...}``: what the caller may not see
  looks exactly like what does not exist;
- ``Conflict`` -> 409 ``{"detail", "stored", "attempted"}``: both values;
- ``KeyReused`` -> 422 ``{"idempotency_key": [message]}``: a key sent
  again asking something else (as payment APIs answer).
"""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.settings import api_settings

from ..services.errors import Conflict, NotFound, UserError

#: The largest id a request may name (the database's 64-bit keys).
ID_MAX = 2**63 - 1


class DetailSerializer(serializers.Serializer):
    """A refusal with one message: 401, 404, 429."""

    detail = serializers.CharField()


class ConflictSerializer(serializers.Serializer):
    """A 409: what is stored beside what was refused."""

    detail = serializers.CharField()
    stored = serializers.JSONField(allow_null=True)
    attempted = serializers.JSONField(allow_null=True)


#: A 400's body: each input at fault, with its messages (``problems`` on a refused close).
FIELD_ERRORS: dict[str, Any] = {
    "type": "object",
    "description": "Field errors: {field: [message, ...]}; non_field_errors when no one field is at fault.",
    "additionalProperties": {},
}

_ERRORS: dict[int, OpenApiResponse] = {
    400: OpenApiResponse(FIELD_ERRORS, description="Invalid input (field-level messages)."),
    401: OpenApiResponse(DetailSerializer, description="No director's credentials (token or login)."),
    404: OpenApiResponse(DetailSerializer, description="Not found, or not yours to see."),
    409: OpenApiResponse(ConflictSerializer, description="Conflicts with what is stored (both values)."),
    422: OpenApiResponse(FIELD_ERRORS, description="An idempotency key sent again with a different request."),
    429: OpenApiResponse(DetailSerializer, description="Too many requests from this table link."),
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The documented error responses of an operation, by status code."""
    return {code: _ERRORS[code] for code in codes}


class Pagination(LimitOffsetPagination):
    """``?limit=&offset=``: ``default_limit`` items unless ``limit`` asks, at most ``max_limit``.

    A larger ``limit`` is cut to ``max_limit``, and the schema says so: the
    answer's ``count`` and ``next`` link lead to the rest, so a client that
    asks for more loses nothing, where a refusal would break one that asks
    for "everything" and follows ``next``. An ``offset`` beyond what the
    database can hold is cut to ``max_offset`` (an empty page).
    """

    #: The most items one page answers (``REST_FRAMEWORK["PAGE_SIZE"]`` is the default, 100).
    max_limit = 1000
    #: The furthest offset a page starts from: the database's 32-bit offsets.
    max_offset = 2**31

    def get_offset(self, request: Request) -> int:
        """The offset asked for, kept within bounds."""
        return min(super().get_offset(request), self.max_offset)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        """``limit`` and ``offset``, each saying its bounds."""
        described = {p.name: p.description for p in self.parameters("items")}
        asked = super().get_schema_operation_parameters(view)
        return [{**p, "description": described[p["name"]]} for p in asked]

    @classmethod
    def parameters(cls, noun: str) -> list[OpenApiParameter]:
        """The query parameters of a page of ``noun``, as this class reads them (for a view that pages
        part of its answer itself)."""
        default, most = cls.default_limit or api_settings.PAGE_SIZE, cls.max_limit
        return [
            OpenApiParameter(
                "limit",
                int,
                OpenApiParameter.QUERY,
                description=f"How many {noun} to answer: {default} unless asked, at most {most} (a larger "
                f"limit is cut to {most}; the answer's count and next give the rest).",
            ),
            OpenApiParameter(
                "offset", int, OpenApiParameter.QUERY, description=f"How many {noun} to skip from the first."
            ),
        ]


class BoundedListField(serializers.ListField):
    """A list of at most ``max_length`` items, refused by its length before any item is read: DRF's own
    ``ListField`` validates every item first and counts them after."""

    def to_internal_value(self, data: Any) -> list[Any]:
        """The list, or the ``max_length`` message unread."""
        if self.max_length is not None and isinstance(data, list | tuple) and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)  # type: ignore[no-any-return]


class BoundedDictField(serializers.DictField):
    """An object of at most ``max_length`` keys, refused by its size before any value is read."""

    default_error_messages = {"max_length": "At most {max_length} keys."}

    def __init__(self, *, max_length: int, **kwargs: Any) -> None:
        self.max_length = max_length
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        """The object, or the ``max_length`` message unread."""
        if isinstance(data, dict) and len(data) > self.max_length:
            self.fail("max_length", max_length=self.max_length)
        return super().to_internal_value(data)  # type: ignore[no-any-return]


def json_value(value: Any) -> Any:
    """A refused value as JSON (numbers and strings as they are, anything else as text)."""
    if value is None or isinstance(value, bool | int | float | str | list | dict):
        return value
    return str(value)


class ServiceErrorsMixin:
    """Turn the services' ``UserError``/``NotFound``/``Conflict``/``KeyReused`` into 400/404/409/422 answers.

    ``field_names`` renames a service's field to the API's input name where
    they differ (e.g. a page's form row to ``players``).
    """

    field_names: ClassVar[dict[str, str]] = {}

    def handle_exception(self, exc: Exception) -> Response:
        """Answer a service's refusal; leave everything else to DRF."""
        if isinstance(exc, UserError):
            return Response(self.error_body(exc), status=exc.status)
        return super().handle_exception(exc)  # type: ignore[misc, no-any-return]

    def error_body(self, exc: UserError) -> dict[str, Any]:
        """The body of a refusal (see the module docstring)."""
        if isinstance(exc, NotFound):
            return {"detail": exc.message}
        if isinstance(exc, Conflict):
            return {
                "detail": exc.message,
                "stored": self.conflict_stored(exc.stored),
                "attempted": json_value(exc.attempted),
            }
        body: dict[str, Any] = {}
        for name, message in (getattr(exc, "errors", None) or {exc.field: exc.message}).items():
            field = self.field_names.get(name or "", name) or api_settings.NON_FIELD_ERRORS_KEY
            body.setdefault(field, []).append(message)
        problems = getattr(exc, "problems", None)
        if problems:
            body["problems"] = [str(p) for p in problems]
        near = getattr(exc, "did_you_mean", None)
        if near:  # names near roster entries: the players each may mean, to choose from
            body["did_you_mean"] = near
        undecided = getattr(exc, "undecided", None)
        if undecided:  # the lines a close waits for a decision on, by id
            body["undecided"] = [getattr(line, "pk", line) for line in undecided]
        return body

    def conflict_stored(self, stored: Any) -> Any:
        """What a conflict found stored, as JSON; views that know the object override this."""
        return json_value(stored) if not hasattr(stored, "pk") else {"id": stored.pk}
