"""What the director's pages share (Tabbycat's ``TournamentMixin``): resolve the club, session or series once.

Anything outside the clubs the user directs is a 404, exactly as if it did
not exist (never a 403). A page whose form a service refuses shows the
message next to the field it names (``errors_for``); a button calls a
service, says what happened and goes back (``ActionView``).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import Any

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect, QueryDict
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views import View
from django.views.generic import TemplateView

from .models import Club, Player, Series, Session
from .pages import series as series_page
from .pages import setup as setup_page
from .selectors import session_for_director
from .services.club import clubs_directed_by
from .services.errors import NotFound, UserError

Errors = dict[str, str]
#: The largest id a form may name (the database's 64-bit keys).
ID_MAX = 2**63 - 1


def errors_for(exc: UserError, fields: set[str]) -> Errors:
    """A service's refusal, keyed by the field it names (or 'form' above the form)."""
    return {exc.field if exc.field in fields else "form": exc.message}


def post_int(data: QueryDict, name: str, label: str) -> int:
    """A whole number from a form, or a UserError next to that field."""
    raw = data.get(name, "").strip() or "0"
    if not (raw.isascii() and raw.lstrip("-").isdigit() and len(raw) <= 9):
        raise UserError(f"{label} must be a whole number.", field=name)
    return int(raw)


def post_id(data: QueryDict, name: str) -> int | None:
    """The id a form's choice posts (a player, an entrant), or None when it is not one."""
    raw = data.get(name, "").strip()
    if not (raw.isascii() and raw.isdigit() and len(raw) <= len(str(ID_MAX))):
        return None  # Python reads no number of over 4,300 digits: none is an id
    return int(raw) if int(raw) <= ID_MAX else None


class DirectorClubMixin(LoginRequiredMixin):
    """Resolve the club once from ``<slug:club>``; 404 unless the user directs it."""

    club: Club

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.user.is_authenticated:
            club = clubs_directed_by(user=request.user).filter(slug=kwargs["club"]).first()
            if club is None:
                raise Http404("No such club.")
            self.club = club
        return super().dispatch(request, *args, **kwargs)

    def player(self, pk: int) -> Player:
        """A player of this club's roster, or 404."""
        player = Player.objects.filter(club=self.club, pk=pk).first()
        if player is None:
            raise Http404("No such player.")
        return player


class DirectorSessionMixin(LoginRequiredMixin):
    """Resolve the session once from ``<int:pk>``; 404 unless the user directs its club."""

    session: Session

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.user.is_authenticated:
            try:
                self.session = session_for_director(user=request.user, pk=kwargs["pk"])
            except NotFound as exc:
                raise Http404(exc.message) from None
        return super().dispatch(request, *args, **kwargs)

    def base_context(self) -> dict[str, Any]:
        """What every page of a running session shows in its head."""
        return {"session": self.session, "rounds_count": self.session.rounds.count()}

    def setup_page(self, request: HttpRequest, **forms: Any) -> HttpResponse:
        """The set-up page, with any bound forms that carry errors."""
        deals = setup_page.deals_wanted(request, self.session)
        context = setup_page.setup_context(session=self.session, deals=deals, **forms)
        return render(request, "director/setup_session.html", context)


class DirectorSeriesMixin(LoginRequiredMixin):
    """Resolve the series once from ``<int:pk>``; 404 unless the user directs its club."""

    series: Series

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.user.is_authenticated:
            series = Series.objects.filter(pk=kwargs["pk"], club__clubdirector__user=request.user).first()
            if series is None:
                raise Http404("No such series.")
            self.series = series
        return super().dispatch(request, *args, **kwargs)

    def page(self, request: HttpRequest, **forms: Any) -> HttpResponse:
        """The rotation page, with any bound forms that carry errors."""
        context = series_page.rotation_context(self.series, request.GET, **forms)
        return render(request, "director/setup_rotation.html", context)


class RunPageView(DirectorSessionMixin, TemplateView):
    """A page whose forms, when refused, show the page again with the message by the field."""

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return {**super().get_context_data(**kwargs), **self.base_context(), "errors": {}, "values": {}}

    def refuse(self, errors: dict[str, Errors], **extra: Any) -> HttpResponse:
        """The page again, answering 400, with each refusal next to its field."""
        context = self.get_context_data(**self.kwargs)
        context.update(errors=errors, values=self.request.POST, **extra)
        return self.render_to_response(context, status=400)


class ActionView(DirectorSessionMixin, View):
    """A button: call a service, say what happened at the top, go back (``next``, or ``back``)."""

    #: The page to go back to (a URL name taking the session's pk), unless the form says ``next``.
    back = "run:board"

    @abstractmethod
    def act(self, request: HttpRequest, **kwargs: Any) -> str:
        """Call the service; return what to say."""

    def post(self, request: HttpRequest, pk: int, **kwargs: Any) -> HttpResponse:
        try:
            messages.success(request, self.act(request, **kwargs))
        except UserError as exc:
            messages.error(request, exc.message)
        target = request.POST.get("next", "")
        if not target.startswith("/") or not url_has_allowed_host_and_scheme(target, {request.get_host()}):
            target = reverse(self.back, args=[pk])
        return HttpResponseRedirect(target)  # a path, never a view's name to reverse
