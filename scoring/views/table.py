"""The table page: where we are, enter a result, confirm, see the unfolded slips.

Works without JavaScript: a plain form posts the N-S tricks. The server
checks everything (services); the page's checks are only for comfort.
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views import View

from tournaments.models import Table
from tournaments.selectors import seating_view, table_by_token
from tournaments.services.errors import Conflict, NotFound, UserError

from ..models import SlipLine, Via
from ..selectors import traveller_for_table
from ..services.results import result_confirm, result_submit, table_round


class TableMixin:
    """Resolve the table from its private link once (TournamentMixin style)."""

    table: Table

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        try:
            self.table = table_by_token(token=kwargs["token"])
        except NotFound as exc:
            raise Http404(exc.message) from None
        return super().dispatch(request, *args, **kwargs)  # type: ignore[misc]


class TableView(TableMixin, View):
    """Where we are, the trays to play now, and a form per tray."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        round_number = table_round(table=self.table)
        view = seating_view(table=self.table, round_number=round_number)
        trays = []
        for tray in view.trays if view else []:
            line = SlipLine.objects.filter(table=self.table, tray=tray).first()
            trays.append({"tray": tray, "line": line,
                          "traveller": traveller_for_table(table=self.table, tray=tray)})
        return render(request, "table/home.html", {
            "table": self.table, "session": self.table.session, "view": view, "trays": trays,
            "round_number": round_number, "finished": view is None and round_number > 0,
            "key": uuid.uuid4().hex, "tricks": range(14),
        })

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            outcome = result_submit(
                table=self.table, tray_number=request.POST.get("tray"), ns_tricks=request.POST.get("ns_tricks"),
                via=Via.TABLE, by=f"table {self.table.number}", device=request.POST.get("device", "")[:64],
                idempotency_key=request.POST.get("key"),
            )
            if outcome.created:
                messages.success(request, f"Tray {outcome.line.tray.number}: N-S {outcome.line.ns_tricks} sent. "
                                          "Opponents, please confirm.")
        except Conflict as exc:
            messages.error(request, exc.message)
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("table:home", token=token)


class TableConfirmView(TableMixin, View):
    """The opponents confirm a result entered at their table."""

    def post(self, request: HttpRequest, token: str, line_id: int) -> HttpResponse:
        line = SlipLine.objects.filter(pk=line_id, table=self.table).first()
        if line is None:
            raise Http404("No such result at this table.")
        try:
            result_confirm(line=line, by=f"table {self.table.number} E-W", via=Via.TABLE)
            messages.success(request, f"Tray {line.tray.number} confirmed.")
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("table:home", token=token)
