"""Downloads of a published session: results CSV and JSON, deals PBN, a printable PDF.

Each reads through the same selectors as the page it mirrors, so it shows
exactly what the public may see: results need the standings (per-deal
columns only with the travellers), the PBN the hand records; the PDF adds
the travellers only when they are published. Each file is built once for
each version of what it shows and kept in the cache
(``scoring.selectors.downloads``): asked again, it is served as built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.views import View

from scoring.exports import Heading, results_csv, results_json, results_pdf
from scoring.mixins import PublicSessionMixin
from scoring.selectors.downloads import Body, deals_version, download_kept, results_version
from scoring.selectors.places import session_places
from scoring.selectors.public import (
    NotPublished,
    deals_public,
    results_layout,
    standings_public,
    travellers_public,
)
from scoring.selectors.standings import SeenStandings, entrant_names, modern_percentages, session_named_json
from tournaments.services.pbn import pbn_export


def _download(body: str | bytes, content_type: str, filename: str) -> HttpResponse:
    """A response the browser saves under the given name."""
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class ExportMixin(PublicSessionMixin):
    """An export of the standings: the public's standings or 404."""

    needs = ("standings",)

    def seen(self) -> SeenStandings:
        """The standings as the public may see them (published, so present once any slip was scored)."""
        seen = standings_public(session=self.session)
        if seen is None:
            raise NotPublished("No standings yet.")
        return seen

    def stem(self) -> str:
        """A file name stem: club, date, session number."""
        return f"{self.club.slug}-{self.session.date:%Y-%m-%d}-{self.session.pk}"

    def kept(self, name: str, build: Callable[[SeenStandings], Body], *, hands: bool = False) -> Body:
        """The download ``name`` of the standings as they are now, built by ``build`` only when this
        version of them was not built before (``hands``: the file shows the hands on the travellers)."""
        seen = self.seen()
        deals = deals_public(session=self.session) if hands and self.published.travellers else None
        version = results_version(session=self.session, seen=seen, deals=deals)
        return download_kept(name=name, session=self.session, version=version, build=lambda: build(seen))


class ResultsJsonView(ExportMixin, View):
    """The scores JSON, as the public may see it, ranked in each field as the pages rank, each entrant
    with its ``name``."""

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        body = self.kept("json", self.build)
        return _download(body, "application/json; charset=utf-8", f"{self.stem()}-results.json")

    def build(self, seen: SeenStandings) -> str:
        """The file: each entrant named too (``name``: its players as the roster names them now)."""
        said = self.finality.as_json() if self.finality else {}
        return results_json({**session_named_json(session=self.session, scores=seen.scores), **said})


class ResultsCsvView(ExportMixin, View):
    """The standings as CSV, exact and decimal."""

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        body = self.kept("csv", self.build)
        return _download(body, "text/csv; charset=utf-8", f"{self.stem()}-results.csv")

    def build(self, seen: SeenStandings) -> str:
        """The file."""
        return results_csv(
            scores=seen.typed,
            names=entrant_names(session=self.session),
            percents=modern_percentages(session=self.session, snapshot=seen.snapshot),
            places=session_places(session=self.session, scores=seen.typed),
            status=self.finality.words if self.finality else "",
            changes=self.finality.changes_said if self.finality else (),
        )


class DealsPbnView(PublicSessionMixin, View):
    """The deals as PBN, when the hand records are published."""

    needs = ("hand_records",)

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        deals = deals_public(session=self.session) or []  # queues the solve of any deal without it
        version = deals_version(session=self.session, deals=deals)
        body = download_kept(
            name="pbn", session=self.session, version=version, build=lambda: pbn_export(session=self.session)
        )
        name = f"{self.club.slug}-{self.session.date:%Y-%m-%d}-{self.session.pk}-deals.pbn"
        return _download(body, "application/x-chess-pbn; charset=iso-8859-1", name)


class ResultsPdfView(ExportMixin, View):
    """The standings, and the travellers when published, as a printable PDF."""

    def get(self, request: HttpRequest, **kwargs: Any) -> HttpResponse:
        body = self.kept("pdf", self.build, hands=True)
        return _download(body, "application/pdf", f"{self.stem()}-results.pdf")

    def build(self, seen: SeenStandings) -> bytes:
        """The file."""
        layout = results_layout(session=self.session)
        if layout is None:
            raise NotPublished("No standings yet.")
        session = self.session
        method = session.get_scoring_method_display()
        heading = Heading(
            session.title, session.club.name, f"{session.club.name} · {session.date:%A %d %B %Y} · {method}"
        )
        travellers = travellers_public(session=session)
        said = [self.finality.words, *self.finality.changes_said] if self.finality else []
        return results_pdf(heading=heading, standings=layout[0], travellers=travellers, status=said)
