"""The table's pages: the private link each table's QR code opens (phones), and its JSON."""

from django.urls import path

from .views import table, table_json

app_name = "table"

urlpatterns = [
    path("<str:token>/", table.TableView.as_view(), name="home"),
    path("<str:token>/trays/<int:tray>/confirm/", table.TableConfirmView.as_view(), name="confirm"),
    path("<str:token>/trays/<int:tray>/dispute/", table.TableDisputeView.as_view(), name="dispute"),
    path("<str:token>/state", table_json.TableStateView.as_view(), name="state"),
    path("<str:token>/send", table_json.TableSendView.as_view(), name="send"),
    path("<str:token>/confirm", table_json.TableConfirmJsonView.as_view(), name="confirm_json"),
    path("<str:token>/dispute", table_json.TableDisputeJsonView.as_view(), name="dispute_json"),
]
