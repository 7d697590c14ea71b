"""The table page: where we are, enter a result, the opponents' check, the folded slips, the move.

Works without JavaScript: plain forms post the N-S tricks, the check and a
dispute, and the page redirects back (post/redirect/get). The page's script
(``static/js/table.js``) uses the JSON endpoints in ``table_json.py``
instead. The server checks everything (services); the page's checks are
only for comfort.
"""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views import View

from tournaments.services.errors import UserError

from ..models import Via
from ..selectors_table import table_line, table_page
from ..services.results import result_confirm, result_dispute, result_submit
from .table_common import TableMixin, read_body, small_int

#: The buttons: N-S tricks, and E-W's 13 less beside each.
TRICKS = [(n, 13 - n) for n in range(14)]


class TableView(TableMixin, View):
    """The page itself (GET; the script asks for the main part alone) and the plain send (POST)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        page = table_page(table=self.table, device=self.device)
        partial = request.headers.get("X-Table-Partial") == "1"
        template = "table/_main.html" if partial else "table/home.html"
        return render(
            request,
            template,
            {"page": page, "token": token, "key": uuid.uuid4().hex, "tricks": TRICKS, "revokes": range(4)},
        )

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        data = read_body(request)
        try:
            outcome = result_submit(
                table=self.table,
                tray_number=data.get("tray"),
                ns_tricks=data.get("ns_tricks"),
                via=Via.TABLE,
                by=self.actor("N-S"),
                device=self.device,
                idempotency_key=data.get("key"),
                ns_revokes=small_int(data.get("ns_revokes"), field="ns_revokes"),
                ew_revokes=small_int(data.get("ew_revokes"), field="ew_revokes"),
                round_number=small_int(data.get("round"), field="round", default=None),
            )
            line = outcome.line
            messages.success(
                request, f"Tray {line.tray.number} sent: N-S {line.ns_tricks}, E-W {line.ew_tricks}."
            )
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("table:home", token=token)


class TableConfirmView(TableMixin, View):
    """E-W check a result entered at their table (plain form)."""

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        data = read_body(request)
        try:
            line = table_line(table=self.table, tray_number=tray)
            result_confirm(
                line=line,
                by=self.actor("E-W"),
                via=Via.TABLE,
                version=small_int(data.get("version"), field="version", default=None),
            )
            messages.success(
                request, f"Tray {tray} checked by E-W: N-S {line.ns_tricks}, E-W {line.ew_tricks}."
            )
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("table:home", token=token)


class TableDisputeView(TableMixin, View):
    """E-W disagree with a result: their count goes to the director (plain form)."""

    def post(self, request: HttpRequest, token: str, tray: int) -> HttpResponse:
        data = read_body(request)
        try:
            line = table_line(table=self.table, tray_number=tray)
            result_dispute(line=line, claimed=data.get("claimed"), by=self.actor("E-W"), via=Via.TABLE)
            messages.warning(request, f"Tray {tray}: your count went to the director, who will settle it.")
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect("table:home", token=token)
