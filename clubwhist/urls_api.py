"""The REST API under /api/v1/ (issue #8): the schema, its docs, and every per-entity module's routes.

Audiences, as the pages have them: the director's endpoints (token or
login), the tables' (``tables/<token>/`` or ``table/`` with a Table
header) and the public's (``public/``). See ``tournaments.api.permissions``.
"""

from django.urls import path
from django.views.decorators.cache import cache_page
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from entry.api import calls, checks, closing, drive, laws, mnemonic, sim_field, slips, table_amend, tables
from infra.security import PublicRateThrottle, same_origin_only
from scoring.api import standings
from sims import api as sims_api
from tournaments.api import (
    club_movements,
    clubs,
    entrants,
    movements,
    players,
    series_rule,
    sessions,
    sim_pack,
    tokens,
    trays,
)
from tournaments.api.permissions import TokenObtainView

#: The schema is the same for everyone until the next release, and costly to build: built once an hour.
SCHEMA_SECONDS = 3600

urlpatterns = [
    # The phones' endpoints first: a club night's burst of sends is resolved without trying the rest.
    *tables.urlpatterns,
    *calls.urlpatterns,
    *table_amend.urlpatterns,
    path(
        "schema/",
        cache_page(SCHEMA_SECONDS)(SpectacularAPIView.as_view(throttle_classes=[PublicRateThrottle])),
        name="api-schema",
    ),
    # Self-hosted (drf-spectacular-sidecar), and the browser may fetch nothing from elsewhere.
    path(
        "docs/",
        same_origin_only(SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html")),
        name="api-docs",
    ),
    path(
        "docs/try/",
        same_origin_only(
            SpectacularSwaggerView.as_view(url_name="api-schema", template_name="api/swagger.html")
        ),
        name="api-docs-try",
    ),
    path("auth/token/", TokenObtainView.as_view(), name="api-token"),
    *tokens.urlpatterns,
    *clubs.urlpatterns,
    *series_rule.urlpatterns,
    *players.urlpatterns,
    *sessions.urlpatterns,
    *entrants.urlpatterns,
    *movements.urlpatterns,
    *club_movements.urlpatterns,
    *trays.urlpatterns,
    *sim_pack.urlpatterns,
    *slips.urlpatterns,
    *laws.urlpatterns,
    *drive.urlpatterns,
    *mnemonic.urlpatterns,
    *closing.urlpatterns,
    *checks.urlpatterns,
    *sim_field.urlpatterns,
    *standings.urlpatterns,
    *sims_api.urlpatterns,
]
