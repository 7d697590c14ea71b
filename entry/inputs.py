"""What a phone (or the director's API) sends about a result, checked at the edge: one input for every door.

The phone page's plain forms, its script (which speaks the REST API) and
any other API client send the same fields and are checked by the same
serializers, so a refusal reads the same everywhere: the field at fault and
a sentence (``{"ns_tricks": ["..."]}``).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.services.errors import UserError

SMALL = 32767
#: A phone's own id (its cookie, or what an API client says): at most this many characters.
DEVICE_MAX = 64


def device_id(value: object) -> str:
    """A phone's id as the server keeps it: a string of printable characters (a NUL, which no database
    column takes, or any control character is left out), at most ``DEVICE_MAX``; anything else is none."""
    if not isinstance(value, str):
        return ""
    return "".join(ch for ch in value[: DEVICE_MAX * 4] if ch.isprintable())[:DEVICE_MAX]


@extend_schema_field({"type": "integer", "minimum": 0, "maximum": 13})
class TricksField(serializers.IntegerField):
    """A count of tricks, 0 to 13: the schema says so; the send's decision refuses any other with its own
    sentence ("Tricks must be from 0 to 13, not 14."), the same at every door."""


class SubmitSerializer(serializers.Serializer):
    """A result: N-S tricks on a tray (E-W took 13 less), once per table and tray."""

    tray = serializers.IntegerField(min_value=1, max_value=SMALL)
    ns_tricks = TricksField(help_text="N-S tricks, 0 to 13.")
    ns_revokes = serializers.IntegerField(required=False, default=0, min_value=0, max_value=SMALL)
    ew_revokes = serializers.IntegerField(required=False, default=0, min_value=0, max_value=SMALL)
    round = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=SMALL)
    idempotency_key = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=64,
        help_text="Or the Idempotency-Key header: a replay returns the line.",
    )


def ask_field() -> serializers.BooleanField:
    """``ask``: ask first about a count the director's checks would flag."""
    return serializers.BooleanField(
        required=False,
        default=False,
        help_text="Ask first about a count the director's checks would flag: a 400 whose ask field is the "
        'question ("N-S 4, so E-W 9: is that right?"), in words that name no other table\'s result.',
    )


def sure_field() -> serializers.BooleanField:
    """``sure``: the pair answered the question; the count goes as it is."""
    return serializers.BooleanField(
        required=False, default=False, help_text="The pair answered the question: send the count as it is."
    )


class PhoneSubmitSerializer(SubmitSerializer):
    """A phone's result, with the trump card turned at the table when the tray was dealt there."""

    trump = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=8,
        default="",
        help_text=(
            'The trump card turned at the table (Law III), rank and suit: "7H", "7♥", "10C". Recorded with '
            "the first result of a tray dealt at the table; a trump already known is never overwritten."
        ),
    )
    trump_rank = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=2,
        default="",
        help_text='Or the card apart: its rank, "7".',
    )
    trump_suit = serializers.CharField(
        required=False, allow_blank=True, max_length=2, default="", help_text='And its suit, "H" or "♥".'
    )
    ask = ask_field()
    sure = sure_field()


class TableSubmitSerializer(PhoneSubmitSerializer):
    """N-S tricks for a tray of this table's round (``device``: which phone sent it)."""

    device = serializers.CharField(required=False, allow_blank=True, max_length=64, default="api")


class DisputeSerializer(serializers.Serializer):
    """E-W's own count of the N-S tricks."""

    claimed = TricksField(help_text="N-S tricks as E-W count them, 0 to 13.")


class AmendSerializer(serializers.Serializer):
    """N-S's corrected count on a line E-W have not checked yet, at the version they saw."""

    ns_tricks = TricksField(help_text="N-S tricks, 0 to 13.")
    ns_revokes = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=SMALL)
    ew_revokes = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=SMALL)
    version = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=2**63 - 1)
    ask = ask_field()
    sure = sure_field()


class ConfirmSerializer(serializers.Serializer):
    """E-W check a line at the version they saw."""

    version = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=2**63 - 1)


class ClaimSerializer(serializers.Serializer):
    """ "This phone is that entrant": its number (``entrant``), for one pair of a team of four its side,
    and, when another phone follows it already, the entrant's code shown on that phone.

    The page's form sends ``entrant`` as the choice's value ("5", or "2-NS" for one pair of a team).
    """

    entrant = serializers.RegexField(
        r"^[1-9][0-9]{0,4}(-(NS|EW))?$", help_text='"5", or "2-NS" for a pair of a team.'
    )
    code = serializers.RegexField(r"^[0-9]{0,6}$", required=False, allow_blank=True, default="")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The entrant's number and side, read from its value."""
        number, _, side = str(attrs["entrant"]).partition("-")
        return {"number": int(number), "side": side, "code": attrs.get("code", "")}


def checked(serializer: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """The fields as the serializer reads them, or a ``UserError`` naming the first field at fault."""
    form = serializer(data=data)
    if form.is_valid():
        return dict(form.validated_data)
    field, problems = next(iter(form.errors.items()))
    message = str(problems[0]) if isinstance(problems, list) and problems else str(problems)
    raise UserError(message, field=None if field == "non_field_errors" else field)


@cache
def _built(serializer: type[serializers.Serializer]) -> serializers.Serializer:
    """One serializer of this class with its fields built, only ever read after."""
    form = serializer()
    assert form.fields  # built now, once
    return form


def read_form(serializer: type[serializers.Serializer], data: Any) -> dict[str, Any]:
    """``serializer(data=data)``'s validated data, from one serializer whose fields are built once.

    A serializer deep-copies its declared fields each time it is made: a
    twentieth of a phone's send, measured (bench/bench_table_entry.py under
    py-spy). Refused data is read again the usual way, so the 400 is DRF's own.
    """
    try:
        return dict(_built(serializer).run_validation(data))
    except serializers.ValidationError:
        form = serializer(data=data)
        form.is_valid(raise_exception=True)
        return dict(form.validated_data)
