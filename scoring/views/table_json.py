"""The phone page's JSON endpoints, for its script: state, send, check, dispute.

They call the same services as the plain forms. They are exempt from CSRF
because nothing here rides on an ambient credential: the private link in
the URL is the only key, and a forged cross-site request would have to know
it. Answers: 200/201 with the line, 400 with field errors, 404 for an
unknown or revoked link, 409 with both values when a phone collides with
what is stored. Every answer is ``Cache-Control: no-store``.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from tournaments.services.errors import UserError

from ..phone_http import PhoneMixin, error_json, line_json, read_body, small_int
from ..selectors.table import page_json, table_page
from ..selectors.travellers import traveller_lines
from ..services.phones import phone_confirm, phone_dispute, phone_submit
from ..visibility import sight


class PhoneJsonMixin(PhoneMixin):
    """JSON answers, errors included."""

    json_errors = True


class TableStateView(PhoneJsonMixin, View):
    """GET .../state: the whole page as JSON (its ``stamp`` tells the phone when to refresh)."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return JsonResponse(page_json(table_page(phone=self.phone, device=self.device)))


@method_decorator(csrf_exempt, name="dispatch")
class TableSendView(PhoneJsonMixin, View):
    """POST .../send: one tray's N-S tricks, once (201; a replayed key gives 200)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = read_body(request)
            outcome = phone_submit(
                phone=self.phone,
                tray_number=data.get("tray"),
                ns_tricks=data.get("ns_tricks"),
                by=self.actor("N-S"),
                device=self.device,
                idempotency_key=data.get("key"),
                ns_revokes=small_int(data.get("ns_revokes"), field="ns_revokes") or 0,
                ew_revokes=small_int(data.get("ew_revokes"), field="ew_revokes") or 0,
                round_number=small_int(data.get("round"), field="round", default=None),
            )
        except UserError as exc:
            return error_json(exc)
        body = self.answer(outcome.line, replayed=outcome.replayed)
        return JsonResponse(body, status=201 if outcome.created else 200)

    def answer(self, line: Any, *, replayed: bool) -> dict[str, Any]:
        """The stored line and the tray's traveller, if it is now unfolded for this phone."""
        seen = sight(viewer=self.phone.viewer, session=self.phone.session)
        traveller = traveller_lines(session=self.phone.session, tray=line.tray.number, sight=seen) or []
        return {
            "ok": True,
            "replayed": replayed,
            "line": line_json(line),
            "traveller": [vars(t) for t in traveller],
        }


@method_decorator(csrf_exempt, name="dispatch")
class TableConfirmJsonView(PhoneJsonMixin, View):
    """POST .../confirm: E-W check this table's line on a tray (at the version they saw)."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = read_body(request)
            version = small_int(data.get("version"), field="version", default=None)
            line = phone_confirm(
                phone=self.phone, tray_number=data.get("tray"), by=self.actor("E-W"), version=version
            )
        except UserError as exc:
            return error_json(exc)
        return JsonResponse({"ok": True, "line": line_json(line)})


@method_decorator(csrf_exempt, name="dispatch")
class TableDisputeJsonView(PhoneJsonMixin, View):
    """POST .../dispute: E-W disagree; their count of N-S tricks goes to the director."""

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        try:
            data = read_body(request)
            claimed = data.get("claimed")
            line = phone_dispute(
                phone=self.phone, tray_number=data.get("tray"), claimed=claimed, by=self.actor("E-W")
            )
        except UserError as exc:
            return error_json(exc)
        return JsonResponse({"ok": True, "line": line_json(line)})
