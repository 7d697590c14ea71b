"""``entry.inputs.read_form``: a phone's send read by one prebuilt serializer, as DRF reads it anew.

The answer for good data is the serializer's validated data; for bad data
it is DRF's own 400 detail, field by field. Threads released together each
get their own answer.
"""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.http import QueryDict
from rest_framework import serializers

from entry.inputs import ConfirmSerializer, DisputeSerializer, TableSubmitSerializer, read_form

CASES: list[tuple[type[serializers.Serializer], Any]] = [
    (TableSubmitSerializer, {"tray": 3, "ns_tricks": 7}),
    (TableSubmitSerializer, {"tray": "3", "ns_tricks": "7", "round": 2, "device": "phone", "ns_revokes": 1}),
    (TableSubmitSerializer, {"tray": 3, "ns_tricks": 7, "round": None, "idempotency_key": ""}),
    (TableSubmitSerializer, QueryDict("tray=4&ns_tricks=9&device=form")),
    (TableSubmitSerializer, {"tray": 0, "ns_tricks": 7}),
    (TableSubmitSerializer, {"tray": "x", "ns_tricks": [7]}),
    (TableSubmitSerializer, {"ns_tricks": 7, "device": "d" * 65}),
    (TableSubmitSerializer, {}),
    (TableSubmitSerializer, None),
    (TableSubmitSerializer, [1, 2]),
    (TableSubmitSerializer, "seven"),
    (ConfirmSerializer, {}),
    (ConfirmSerializer, {"version": 2}),
    (ConfirmSerializer, {"version": 0}),
    (DisputeSerializer, {"claimed": 6}),
    (DisputeSerializer, {"claimed": None}),
]


def drf(serializer: type[serializers.Serializer], data: Any) -> tuple[str, Any]:
    """What a serializer made for this data answers: its data, or its errors."""
    form = serializer(data=data)
    if form.is_valid():
        return "valid", dict(form.validated_data)
    return "refused", form.errors


def ours(serializer: type[serializers.Serializer], data: Any) -> tuple[str, Any]:
    try:
        return "valid", read_form(serializer, data)
    except serializers.ValidationError as exc:
        return "refused", exc.detail


@pytest.mark.parametrize(("serializer", "data"), CASES)
def test_read_form_answers_as_a_new_serializer(serializer: type[serializers.Serializer], data: Any) -> None:
    assert ours(serializer, data) == drf(serializer, data)


def test_threads_each_get_their_own_answer() -> None:
    answers: dict[tuple[int, int], Any] = {}
    start = threading.Barrier(8)

    def send(n: int) -> None:
        start.wait()
        for tricks in range(14):
            data = {"tray": n + 1, "ns_tricks": tricks} if n % 2 else {"tray": -n, "ns_tricks": tricks}
            answers[(n, tricks)] = ours(TableSubmitSerializer, data)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for (n, tricks), answer in answers.items():
        data = {"tray": n + 1, "ns_tricks": tricks} if n % 2 else {"tray": -n, "ns_tricks": tricks}
        assert answer == drf(TableSubmitSerializer, data)
    assert len(answers) == 8 * 14
