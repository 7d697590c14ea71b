"""What a whist drive's phone (or the director's API) sends about a table's result, checked at the edge.

The plain forms of the player's page, its script (which speaks the REST
API) and any other client send the same fields, read by the same
serializers (``entry.inputs.checked`` turns a refusal into a field's
message): which side won and the points made (p. 24), or the N-S tricks.
"""

from __future__ import annotations

from rest_framework import serializers

from entry.inputs import SMALL

SIDES = [("NS", "N-S"), ("EW", "E-W")]


class DriveResultSerializer(serializers.Serializer):
    """A drive table's result: the winning side and the points made (tricks over six), or the N-S tricks."""

    winner = serializers.ChoiceField(SIDES, required=False, allow_null=True)
    points = serializers.IntegerField(required=False, allow_null=True, min_value=-SMALL, max_value=SMALL)
    ns_tricks = serializers.IntegerField(required=False, allow_null=True, min_value=-SMALL, max_value=SMALL)


class PhoneResultSerializer(DriveResultSerializer):
    """The player's table's result of the change in play (``key``: a replay returns the stored line)."""

    key = serializers.CharField(required=False, allow_blank=True, max_length=64)


class DriveDisputeSerializer(serializers.Serializer):
    """The other side's own count: the side that won and the points made, as it counts them."""

    winner = serializers.ChoiceField(SIDES, required=False, allow_null=True)
    points = serializers.IntegerField(required=False, allow_null=True, min_value=-SMALL, max_value=SMALL)
