"""The season ladder's rule, set by the director on the series' page (``services.ladder``)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.views import View

from ..mixins import DirectorSeriesMixin
from ..services.errors import UserError
from ..services.ladder import series_ladder_rule


class SeriesLadderRuleView(DirectorSeriesMixin, View):
    """Attendance (ranked from N sessions played) and best N sessions counted."""

    def post(self, request: HttpRequest, pk: int) -> HttpResponse:
        data = request.POST
        try:
            series_ladder_rule(
                series=self.series,
                min_sessions=data.get("min_sessions"),
                best_of=data.get("best_of"),
                user=request.user,
            )
            messages.success(request, "The ladder's rule is saved; the ladder shows it.")
        except UserError as exc:
            messages.error(request, exc.message)
        return redirect(reverse("director:rotation", args=[pk]) + "#ladder-rule")
