"""The phone page as an app: its service worker (``/sw.js``) and each link's web app manifest.

The service worker is served from the site's root so that its scope covers
``/t/`` and ``/p/``; it is rendered with the static files' own (hashed)
URLs, and its version is a digest of those files, so a new release replaces
what phones keep. What it keeps, and what it never keeps, is said at the top
of ``templates/app/sw.js``. The manifest is each link's own: installed to a
home screen, it opens that table's (or that pair's) page.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.contrib.staticfiles import finders
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.views import View

from entry.phone_http import PhoneMixin

#: What a phone keeps to open its page with no connection: the page's own styles, script and icons.
SHELL = (
    "css/app.css",
    "css/table.css",
    "js/table.js",
    "favicon.svg",
    "icons/icon-192.png",
)
ICONS = (
    ("icons/icon-192.png", "192x192", "any"),
    ("icons/icon-512.png", "512x512", "any"),
    ("icons/icon-192-maskable.png", "192x192", "maskable"),
    ("icons/icon-512-maskable.png", "512x512", "maskable"),
)
THEME = "#1f5c45"


@lru_cache(maxsize=1)
def shell_version() -> str:
    """A digest of the shell's files: a new release gets a new service worker and a fresh shell."""
    digest = hashlib.sha256()
    for name in SHELL:
        found = finders.find(name)
        digest.update(name.encode())
        if isinstance(found, str):
            with open(found, "rb") as handle:
                digest.update(handle.read())
    return digest.hexdigest()[:12]


class ServiceWorkerView(View):
    """``/sw.js``: the phones' service worker, always checked for a newer version."""

    def get(self, request: HttpRequest) -> HttpResponse:
        context = {"version": shell_version(), "shell": json.dumps([static(name) for name in SHELL])}
        response = render(request, "app/sw.js", context, content_type="text/javascript; charset=utf-8")
        response["Cache-Control"] = "no-cache"
        return response


class ManifestView(PhoneMixin, View):
    """A link's web app manifest: installed, it opens this table's (or this pair's) page."""

    def get(self, request: HttpRequest, token: str) -> HttpResponse:
        home = request.path.rsplit("/", 1)[0] + "/"
        name = self.name()
        manifest = {
            "name": f"{name} · {self.phone.session.title}",
            "short_name": name,
            "id": home,
            "start_url": home,
            "scope": "/",
            "display": "standalone",
            "background_color": "#e9eeea",
            "theme_color": THEME,
            "icons": [
                {"src": static(src), "sizes": sizes, "type": "image/png", "purpose": p}
                for src, sizes, p in ICONS
            ],
        }
        return HttpResponse(json.dumps(manifest), content_type="application/manifest+json")

    def name(self) -> str:
        """ "Pair 5" for an entrant's link, "Table 3" for a table's."""
        link, table = self.phone.link, self.phone.table
        if link is not None:
            return str(link.entrant)
        return f"Table {table.number}" if table is not None else "Table"
