"""The table's pages: the private link each table's QR code opens (phones)."""

from django.urls import path

from .views import table

app_name = "table"

urlpatterns = [
    path("<str:token>/", table.TableView.as_view(), name="home"),
    path("<str:token>/confirm/<int:line_id>/", table.TableConfirmView.as_view(), name="confirm"),
]
