"""The phones' pages: a table's own link (its QR code, a place) and the page of an entrant a phone follows.

Their script speaks the phones' REST API (``entry.api.tables``); these are the pages and their plain forms.

``table`` (``/t/<token>/``): the table's card and "who has this phone?";
``phone`` (``/p/<token>/``): a phone that follows an entrant, by the
entrant's own printed link or by the pass it was given at a table.
"""

from django.urls import path

from entry.views import app, table, table_amend

table_patterns = (
    [
        path("<link:token>/", table.PlaceView.as_view(), name="home"),
        path("<link:token>/claim", table.ClaimView.as_view(), name="claim"),
        path("<link:token>/manifest.webmanifest", app.ManifestView.as_view(), name="manifest"),
    ],
    "table",
)
phone_patterns = (
    [
        path("<link:token>/", table.TableView.as_view(), name="home"),
        path("<link:token>/trays/<int:tray>/confirm/", table.TableConfirmView.as_view(), name="confirm"),
        path("<link:token>/trays/<int:tray>/dispute/", table.TableDisputeView.as_view(), name="dispute"),
        path(
            "<link:token>/trays/<int:tray>/amend/",
            table_amend.TableAmendView.as_view(follows=True),
            name="amend",
        ),
        path("<link:token>/manifest.webmanifest", app.ManifestView.as_view(follows=True), name="manifest"),
        path("<link:token>/leave", table.PhoneLeaveView.as_view(), name="leave"),
        path("<link:token>/vouch", table.PhoneVouchView.as_view(), name="vouch"),
    ],
    "phone",
)
