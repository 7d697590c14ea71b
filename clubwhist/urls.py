"""URLs, split by audience as in Tabbycat: public, table (phones), director, API."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.templatetags.static import static
from django.urls import include, path

from entry import urls_calls, urls_table
from entry.views.app import ServiceWorkerView
from tournaments import urls_site


def healthz(request: HttpRequest) -> HttpResponse:
    """Liveness probe for the proxy and docker compose."""
    return HttpResponse("ok", content_type="text/plain")


def favicon(request: HttpRequest) -> HttpResponse:
    """/favicon.ico, which a browser asks for on a page that names no icon (a PDF, a JSON answer)."""
    return HttpResponseRedirect(static("favicon.svg"), status=301)


urlpatterns = [
    path("favicon.ico", favicon, name="favicon"),
    path("admin/", admin.site.urls),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", include(urls_site.welcome_patterns)),
    path("site/", include("tournaments.urls_site")),
    path("healthz", healthz, name="healthz"),
    path("api/v1/", include("clubwhist.urls_api")),
    # The phones' service worker, at the root so that its scope covers /t/ and /p/.
    path("sw.js", ServiceWorkerView.as_view(), name="service-worker"),
    path("t/", include(urls_table.table_patterns)),
    path("p/", include(urls_table.phone_patterns)),
    path("t/", include(urls_calls.table_call_patterns)),
    path("p/", include(urls_calls.phone_call_patterns)),
    path("d/", include("entry.urls_drive")),
    path("m/", include("entry.urls_mnemonic")),
    path("director/", include("entry.urls_director")),
    path("director/", include("tournaments.urls_director")),
    path("director/", include("sims.urls_director")),
    path("", include("sims.urls_public")),
    path("", include("scoring.urls_public")),
]
