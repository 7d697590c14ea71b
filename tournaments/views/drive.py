"""Set up a whist drive (p. 24): the method, the changes, the scoring and prizes; the first change by lot.

The drive in play (results, changes, prize list) is on the scoring side's
page (``entry.views.drive_director``), which reads the slips.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views import View

from ..forms import DriveForm, add_service_error
from ..mixins import DirectorSessionMixin
from ..pages.drive import drive_setup_context
from ..services.drive import drive_setup
from ..services.errors import UserError


class DriveSetupView(DirectorSessionMixin, View):
    """The drive's options and, once drawn, the first change; the director may draw it again before play."""

    def get(self, request: HttpRequest, pk: int, form: DriveForm | None = None) -> HttpResponse:
        context = drive_setup_context(self.session, form)
        return render(request, "director/drive_setup.html", context, status=400 if form else 200)

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        form = DriveForm(request.POST)
        try:
            if not form.is_valid():
                return self.get(request, pk, form=form)
            drive = drive_setup(session=self.session, user=request.user, **_options(form))
        except UserError as exc:
            return self.get(request, pk, form=add_service_error(form, exc))
        messages.success(request, f"The first change is drawn by lot: {drive.session.tables.count()} tables.")
        return redirect("director:drive_setup", pk=pk)


def _options(form: DriveForm) -> dict[str, Any]:
    """The form's options as the service takes them."""
    return {
        k: form.cleaned_data[k]
        for k in ("method", "changes", "scoring_method", "exchange_at_head", "prizes", "booby")
    }
