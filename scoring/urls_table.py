"""The phones' pages: a table's private link (its QR code) and an entrant's own link.

Their script speaks the phones' REST API (``scoring.api.tables``); these are the pages and their plain forms.

Both serve the same views: ``table`` (``/t/<token>/``) for a table's link,
``phone`` (``/p/<token>/``) for a phone that follows an entrant.
"""

from typing import Any

from django.urls import path

from .views import app, table, table_amend


def phone_urls(follows: bool) -> list[Any]:
    """The routes of one kind of link."""
    extra = {"follows": follows}
    return [
        path("<str:token>/", table.TableView.as_view(**extra), name="home"),
        path(
            "<str:token>/trays/<int:tray>/confirm/", table.TableConfirmView.as_view(**extra), name="confirm"
        ),
        path(
            "<str:token>/trays/<int:tray>/dispute/", table.TableDisputeView.as_view(**extra), name="dispute"
        ),
        path(
            "<str:token>/trays/<int:tray>/amend/", table_amend.TableAmendView.as_view(**extra), name="amend"
        ),
        path("<str:token>/manifest.webmanifest", app.ManifestView.as_view(**extra), name="manifest"),
    ]


table_patterns = (
    [*phone_urls(False), path("<str:token>/claim", table.TableClaimView.as_view(), name="claim")],
    "table",
)
phone_patterns = (
    [*phone_urls(True), path("<str:token>/leave", table.PhoneLeaveView.as_view(follows=True), name="leave")],
    "phone",
)
