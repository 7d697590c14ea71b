"""The phones' plain call to the director, beside the table's own routes (``urls_table``).

Mounted under ``t/`` (a table's link) and ``p/`` (an entrant's own link) as
the namespaces ``table_call`` and ``phone_call``.
"""

from typing import Any

from django.urls import path

from entry.views.table_call import TableCallView


def call_urls(follows: bool) -> list[Any]:
    """The plain call of one kind of link."""
    return [
        path("<link:token>/call", TableCallView.as_view(follows=follows), name="call"),
    ]


table_call_patterns = (call_urls(False), "table_call")
phone_call_patterns = (call_urls(True), "phone_call")
