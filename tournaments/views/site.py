"""The site administrator's pages, and the page where a new director sets a password by their link.

The clubs of the site (``/site/``) and a new club with its first director
are a site administrator's alone: anyone else logged in gets a 404, as for
another club's page, and the login page for nobody logged in. These pages
read no club's sessions, players or results. A new director's link
(``/accounts/welcome/<link>/``) is its holder's only credential: the logs
mask it (``infra.links``), its answers are never cached, and each address
may ask it ``SET_PASSWORD_RATE`` times a minute. The rules are in
``services.site``; each view reads a form, calls it, and answers (a
refusal: 400 with each field's sentence, nothing stored).
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, password_validation
from django.contrib.auth.mixins import LoginRequiredMixin
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.views import View
from django.views.decorators.cache import never_cache

from infra.security import SetPasswordRateThrottle, page_throttled

from ..models import Club
from ..services import site
from ..services.club import clubs_directed_by
from ..services.errors import NotFound, UserError
from ..services.text import max_length
from ..site_selectors import club_for_site, clubs_for_site, is_site_admin

#: The form's fields, in the order the page shows them.
CLUB_FIELDS = ("name", "slug", "director_name", "email", "username")
#: The most of a refused field the page shows back in its box (every column is shorter).
SHOWN_BACK = 300
#: The backend a director is logged in by once their link has set the password.
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


def field_errors(exc: UserError) -> dict[str, str]:
    """A service's refusal keyed by each field it names ('form' for none)."""
    return getattr(exc, "errors", None) or {exc.field or "form": exc.message}


class SiteAdminMixin(LoginRequiredMixin):
    """A site administrator's page: a 404 for anyone else logged in."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        if request.user.is_authenticated and not is_site_admin(request.user):
            raise Http404("No such page.")
        return super().dispatch(request, *args, **kwargs)


class SiteClubsView(SiteAdminMixin, View):
    """Every club of the site (name, short name, directors, made), and the form for a new one."""

    def page(self, request: HttpRequest, status: int = 200, **shown: Any) -> HttpResponse:
        pages, clubs = clubs_for_site(page=request.GET.get("page", 1))
        context = {
            "pages": pages,
            "clubs": clubs,
            "hours": settings.DIRECTOR_LINK_HOURS,
            "name_most": max_length(Club, "name"),
        }
        context.update(values={}, errors={})
        return render(request, "site/clubs.html", {**context, **shown}, status=status)

    def get(self, request: HttpRequest) -> HttpResponse:
        return self.page(request)

    def post(self, request: HttpRequest) -> HttpResponse:
        typed = {name: request.POST.get(name, "") for name in CLUB_FIELDS}
        try:
            issued = site.club_found(by=request.user, **typed)
        except UserError as exc:
            values = {name: value[:SHOWN_BACK] for name, value in typed.items()}
            return self.page(request, 400, values=values, errors=field_errors(exc))
        return self.page(request, issued=issued)


class DirectorLinkView(SiteClubsView):
    """A new set-password link for a director who has not used theirs (POST), shown like the first."""

    def post(self, request: HttpRequest, club: str = "", pk: int = 0) -> HttpResponse:  # type: ignore[override]
        try:
            issued = site.director_link_again(by=request.user, club=club_for_site(slug=club), director_id=pk)
        except NotFound as exc:
            raise Http404(exc.message) from None
        except UserError as exc:
            return self.page(request, 400, errors={"link": exc.message})
        return self.page(request, issued=issued)


@method_decorator(never_cache, name="dispatch")
class DirectorWelcomeView(View):
    """A new director sets a password by their link, and lands logged in on their club's page."""

    def dispatch(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        refused = page_throttled(request, SetPasswordRateThrottle)
        if refused is not None:
            return refused
        return super().dispatch(request, *args, **kwargs)  # type: ignore[no-any-return]

    def page(self, request: HttpRequest, token: str, status: int = 200, **shown: Any) -> HttpResponse:
        try:
            director = site.director_for_link(link=token)
        except NotFound as exc:
            return render(request, "registration/welcome.html", {"refused": exc.message}, status=404)
        context = {"director": director, "clubs": clubs_directed_by(user=director), "errors": {}}
        context["rules"] = password_validation.password_validators_help_texts()
        return render(request, "registration/welcome.html", {**context, **shown}, status=status)

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        return self.page(request, token)

    def post(self, request: HttpRequest, token: str) -> HttpResponse:
        typed = request.POST.get("password", ""), request.POST.get("password_again", "")
        try:
            director = site.director_password_set(link=token, password=typed[0], again=typed[1])
        except UserError as exc:
            return self.page(request, token, 400, errors=field_errors(exc))
        login(request, director, backend=PASSWORD_BACKEND)
        names = ", ".join(club.name for club in clubs_directed_by(user=director))
        messages.success(request, f"Your password is set: welcome to {names}.")
        return redirect("director:home")
