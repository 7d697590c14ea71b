"""Downloads of a published session: results CSV and JSON, deals PBN, a printable PDF.

Each checks the same switches as the page it mirrors: results need the
standings, the PBN the hand records; the PDF adds the travellers only when
they are published.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.views import View

from ..exports import deals_pbn, results_csv, results_json, results_pdf
from ..models import ScoreSnapshot
from ..selectors import deals_public, snapshot_public
from ..services.standings import modern_percentages
from .public_base import PublicSessionMixin
from .public_standings import direction_fields, standings_view
from .public_travellers import TravellerMixin, deals_solved


def _download(body: str | bytes, content_type: str, filename: str) -> HttpResponse:
    """A response the browser saves under the given name."""
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class ExportMixin(PublicSessionMixin):
    """An export of the standings: the snapshot or 404."""

    needs = ("standings",)

    def snapshot(self) -> ScoreSnapshot:
        """The standings snapshot (published, so present once any slip was scored)."""
        snapshot = snapshot_public(session=self.session)
        if snapshot is None:
            raise Http404("No standings yet.")
        return snapshot

    def stem(self) -> str:
        """A file name stem: club, date, session number."""
        return f"{self.club.slug}-{self.session.date:%Y-%m-%d}-{self.session.pk}"


class ResultsJsonView(ExportMixin, View):
    """The scores JSON of DESIGN.md."""

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        body = results_json(self.snapshot().scores)
        return _download(body, "application/json; charset=utf-8", f"{self.stem()}-results.json")


class ResultsCsvView(ExportMixin, View):
    """The standings as CSV, exact and decimal."""

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        snapshot = self.snapshot()
        body = results_csv(
            scores=snapshot.scores,
            names=self.names,
            percents=modern_percentages(session=self.session, snapshot=snapshot),
            fields=direction_fields(self.session),
        )
        return _download(body, "text/csv; charset=utf-8", f"{self.stem()}-results.csv")


class DealsPbnView(PublicSessionMixin, View):
    """The deals as PBN, when the hand records are published."""

    needs = ("hand_records",)

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        deals_solved(self.session.pk, deals_public(session=self.session))
        body = deals_pbn(session=self.session)
        name = f"{self.club.slug}-{self.session.date:%Y-%m-%d}-{self.session.pk}-deals.pbn"
        return _download(body, "application/x-chess-pbn; charset=iso-8859-1", name)


class ResultsPdfView(ExportMixin, TravellerMixin, View):
    """The standings, and the travellers when published, as a printable PDF."""

    needs = ("standings",)

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        snapshot = self.snapshot()
        standings = standings_view(
            session=self.session,
            scores=snapshot.scores,
            names=self.names,
            percents=modern_percentages(session=self.session, snapshot=snapshot),
        )
        travellers = self.travellers() if self.published.travellers else None
        body = results_pdf(session=self.session, standings=standings, travellers=travellers)
        return _download(body, "application/pdf", f"{self.stem()}-results.pdf")
