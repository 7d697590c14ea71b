"""The phones' call to the director and the round's clock, beside the table's own routes (``urls_table``).

Mounted under ``t/`` (a table's link) and ``p/`` (an entrant's own link) as
the namespaces ``table_call`` and ``phone_call``.
"""

from typing import Any

from django.urls import path

from .views.table_call import TableCallView, TableClockView


def call_urls(follows: bool) -> list[Any]:
    """The call and the clock of one kind of link."""
    return [
        path("<str:token>/call", TableCallView.as_view(follows=follows), name="call"),
        path("<str:token>/clock", TableClockView.as_view(follows=follows), name="clock"),
    ]


table_call_patterns = (call_urls(False), "table_call")
phone_call_patterns = (call_urls(True), "phone_call")
