"""The director applies a law at a table (Laws III-V, pp. 61-62): one page, one form, every law.

The tray page and the line page link here for each table; the service
(``services.laws``) records the law on the table's line with its history.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect

from entry.selectors.laws import law_page
from entry.services.laws import law_record
from tournaments.mixins import RunPageView, errors_for
from tournaments.services.errors import UserError


class LawView(RunPageView):
    """Apply a law at one table on one tray: the laws, what each does here, and the line's history."""

    template_name = "director/run_law.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        page = law_page(session=self.session, tray_number=kwargs["tray"], table_number=kwargs["table"])
        if page is None:
            raise Http404("That table does not play that tray.")
        return {**super().get_context_data(**kwargs), "tab": "trays", "page": page}

    def post(self, request: HttpRequest, pk: int, tray: int, table: int) -> HttpResponse:
        data = request.POST
        try:
            line = law_record(
                session=self.session,
                table_number=table,
                tray_number=tray,
                law=data.get("law", ""),
                reason=data.get("reason", ""),
                user=request.user,
                by=request.user.get_username(),
            )
        except UserError as exc:
            return self.refuse({"law": errors_for(exc, {"law", "reason"})})
        said = f"Table {table}, tray {tray}: " + (line.get_law_display() if line and line.law else "no law")
        messages.success(request, said + ". The earlier version is kept and the scores are updated.")
        return redirect("run:tray", pk=pk, tray=tray)
