"""Print: guide cards, traveling slips, the tabulating sheet and QR codes, as PDF and as web pages."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views import View

from ..mixins import DirectorSessionMixin
from ..pages.setup import diagram_html, trays_context
from ..printing.data import Printed, printed
from ..printing.pdf import DOCUMENTS


class PrintMixin(DirectorSessionMixin):
    """Everything printable of the session, once it is seated."""

    def printed(self) -> Printed | None:
        """The printable data, or None before the movement is chosen."""
        return printed(self.session) if self.session.movement_json else None

    def not_seated(self, request: HttpRequest) -> HttpResponse:
        """Back to set-up: there is nothing to print without a movement."""
        messages.error(request, "Choose the movement first: the cards and slips come from it.")
        return redirect("director:setup", pk=self.session.pk)


class PrintIndexView(PrintMixin, View):
    """The list of printable documents, each as PDF and as a web page."""

    def get(self, request: HttpRequest, pk: int) -> HttpResponse:
        data = self.printed()
        if data is None:
            return self.not_seated(request)
        return render(
            request,
            "director/print_index.html",
            {
                **trays_context(self.session),
                "printed": data,
                "documents": DOCUMENTS,
            },
        )


class PrintPageView(PrintMixin, View):
    """One document as a web page with print CSS (the same content as its PDF)."""

    def get(self, request: HttpRequest, pk: int, doc: str) -> HttpResponse:
        if doc not in DOCUMENTS:
            raise Http404("No such document.")
        data = self.printed()
        if data is None:
            return self.not_seated(request)
        return render(
            request,
            f"director/print_{doc}.html",
            {
                "session": self.session,
                "printed": data,
                "doc": doc,
                "doc_title": DOCUMENTS[doc][0],
                "diagram": diagram_html(data.movement) if doc == "cards" else "",
            },
        )


class PrintPdfView(PrintMixin, View):
    """One document as a PDF, shown in the browser (``?download=1`` to save it)."""

    def get(self, request: HttpRequest, pk: int, doc: str) -> HttpResponse:
        if doc not in DOCUMENTS:
            raise Http404("No such document.")
        data = self.printed()
        if data is None:
            return self.not_seated(request)
        response = HttpResponse(DOCUMENTS[doc][1](data), content_type="application/pdf")
        how = "attachment" if request.GET.get("download") else "inline"
        response["Content-Disposition"] = f'{how}; filename="session-{pk}-{doc}.pdf"'
        return response
