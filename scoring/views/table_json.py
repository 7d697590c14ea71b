"""The table page's JSON endpoints, for its script: state, send, check, dispute.

They call the same services as the plain forms. They are exempt from CSRF
because nothing here rides on an ambient credential: the table's private
link in the URL is the only key, and a forged cross-site request would have
to know it. Answers: 200/201 with the line, 400 with field errors, 404 for
an unknown or revoked link, 409 with both values when a phone collides
with what is stored.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from tournaments.services.errors import UserError

from ..models import Via
from ..selectors import traveller_for_table
from ..selectors_table import page_json, table_line, table_page
from ..services.results import result_confirm, result_dispute, result_submit
from .table_common import TableMixin, error_json, line_json, read_body, small_int


class TableJsonMixin(TableMixin):
    """JSON answers, errors included."""

    json_errors = True


class TableStateView(TableJsonMixin, View):
    """GET /t/<token>/state: the whole page as JSON (its ``stamp`` tells the phone when to refresh)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return JsonResponse(page_json(table_page(table=self.table, device=self.device)))


@method_decorator(csrf_exempt, name="dispatch")
class TableSendView(TableJsonMixin, View):
    """POST /t/<token>/send: one tray's N-S tricks, once (201; a replayed key gives 200)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = read_body(request)
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
        except UserError as exc:
            return error_json(exc)
        return JsonResponse(
            self.answer(outcome.line, replayed=outcome.replayed), status=201 if outcome.created else 200
        )

    def answer(self, line: Any, *, replayed: bool) -> dict[str, Any]:
        """The stored line and, now that it is unfolded for this table, the tray's traveller."""
        traveller = traveller_for_table(table=self.table, tray=line.tray) or []
        return {
            "ok": True,
            "replayed": replayed,
            "line": line_json(line),
            "traveller": [vars(t) for t in traveller],
        }


@method_decorator(csrf_exempt, name="dispatch")
class TableConfirmJsonView(TableJsonMixin, View):
    """POST /t/<token>/confirm: E-W check this table's line on a tray (at the version they saw)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = read_body(request)
            line = table_line(table=self.table, tray_number=data.get("tray"))
            line = result_confirm(
                line=line,
                by=self.actor("E-W"),
                via=Via.TABLE,
                version=small_int(data.get("version"), field="version", default=None),
            )
        except UserError as exc:
            return error_json(exc)
        return JsonResponse({"ok": True, "line": line_json(line)})


@method_decorator(csrf_exempt, name="dispatch")
class TableDisputeJsonView(TableJsonMixin, View):
    """POST /t/<token>/dispute: E-W disagree; their count of N-S tricks goes to the director."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = read_body(request)
            line = table_line(table=self.table, tray_number=data.get("tray"))
            line = result_dispute(line=line, claimed=data.get("claimed"), by=self.actor("E-W"), via=Via.TABLE)
        except UserError as exc:
            return error_json(exc)
        return JsonResponse({"ok": True, "line": line_json(line)})
