"""No request leaves the club's server: every page and asset names only this host (issue 14).

A club hall often has no internet. The templates and static files are read
for any ``src``/``href``/``url()``/``@import`` (and script fetches) naming
another host; the API's documentation pages are fetched and each asset
they load must be one of this app's static files. The favicon is one of
them, linked from every page. ``test_club_server.py`` repeats the check
against the real gunicorn server, in Chromium.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.contrib.staticfiles import finders
from django.test import Client

ROOT = Path(__file__).resolve().parents[2]

#: A reference to another host: an absolute (``https://``) or scheme-relative (``//cdn``) URL.
OTHER_HOST = r"""\s*["']?\s*(?:[a-z][a-z0-9+.-]*:)?//"""
REFERENCES = [
    re.compile(rf"\b(?:src|href|srcset|action|poster|data)\s*={OTHER_HOST}", re.I),
    re.compile(rf"url\({OTHER_HOST}", re.I),
    re.compile(rf"@import{OTHER_HOST}", re.I),
    re.compile(rf"@import\s+url\({OTHER_HOST}", re.I),
    re.compile(rf"\b(?:fetch|import|importScripts|EventSource|WebSocket)\({OTHER_HOST}", re.I),
    re.compile(r"""\bnew\s+URL\(\s*["'](?:[a-z][a-z0-9+.-]*:)?//""", re.I),
]
#: Asset references in a served page.
ASSETS = re.compile(r"""\b(?:src|href)\s*=\s*["']([^"']+)["']""", re.I)


def other_hosts(text: str) -> list[str]:
    """The places in TEXT that name another host, as short excerpts."""
    return [
        text[max(0, m.start() - 20) : m.end() + 40] for pattern in REFERENCES for m in pattern.finditer(text)
    ]


def files_under(*folders: str) -> list[Path]:
    """The text files under the given folders of the repository."""
    kinds = {".html", ".css", ".js", ".svg", ".txt", ".json", ".webmanifest"}
    return sorted(p for f in folders for p in (ROOT / f).rglob("*") if p.is_file() and p.suffix in kinds)


def test_the_checker_sees_every_form_of_another_host() -> None:
    """The patterns catch what they are for, and leave same-host references alone."""
    caught = [
        '<script src="https://cdn.example/x.js">',
        "<link href='//fonts.example/css'>",
        "body { background: url(http://img.example/a.png) }",
        '@import "https://fonts.example/css";',
        "@import url(//fonts.example/css);",
        'fetch("https://api.example/")',
    ]
    fine = [
        '<script src="/static/js/table.js">',
        "url(../img/a.png)",
        'href="{{ site_url }}/t/"',
        'href="#top"',
    ]
    assert all(other_hosts(text) for text in caught)
    assert not any(other_hosts(text) for text in fine)


@pytest.mark.parametrize("folder", ["templates", "static"])
def test_no_template_or_static_file_names_another_host(folder: str) -> None:
    """Every page and asset the app serves refers only to itself."""
    checked = files_under(folder)
    assert checked, f"no files under {folder}/"
    found = {str(p.relative_to(ROOT)): hits for p in checked if (hits := other_hosts(p.read_text("utf-8")))}
    assert not found, f"names another host: {found}"


def test_the_favicon_is_a_small_svg_of_our_own() -> None:
    """static/favicon.svg: an SVG, a few hundred bytes, naming no other host."""
    icon = ROOT / "static" / "favicon.svg"
    text = icon.read_text("utf-8")
    assert text.startswith("<svg") and icon.stat().st_size < 2048
    assert not other_hosts(text)


@pytest.mark.django_db
def test_every_page_links_the_favicon_and_no_page_uses_a_blank_icon() -> None:
    """base.html links /static/favicon.svg; no template keeps the old ``data:,`` icon."""
    body = Client().get("/accounts/login/").content.decode()
    assert re.search(r'<link rel="icon" href="/static/favicon\.svg"', body)
    blanks = [str(p.relative_to(ROOT)) for p in files_under("templates") if 'href="data:,"' in p.read_text()]
    assert not blanks


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/docs/", "/api/v1/docs/try/"])
def test_the_api_docs_load_only_this_apps_own_static_files(path: str) -> None:
    """Redoc and Swagger UI come from drf-spectacular-sidecar's files here, with no web fonts."""
    response = Client().get(path)
    assert response.status_code == 200
    body = response.content.decode()
    assert not other_hosts(body), other_hosts(body)
    assets = [url for url in ASSETS.findall(body) if not url.startswith("#")]
    assert any("sidecar" in url and url.endswith(".js") for url in assets), assets
    for url in assets:
        parts = urlsplit(url)
        assert not parts.netloc and not parts.scheme, f"{path} loads {url} from another host"
        assert parts.path.startswith("/static/"), url
        assert finders.find(parts.path.removeprefix("/static/")), (
            f"{url} is not one of the app's static files"
        )


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/v1/docs/", "/api/v1/docs/try/"])
def test_the_api_docs_tell_the_browser_to_load_nothing_from_elsewhere(path: str) -> None:
    """A Content-Security-Policy keeps even the docs' vendor scripts from reaching another host."""
    policy = Client().get(path).headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert directives["default-src"] == "'self'"
    for name in ("img-src", "script-src", "style-src", "font-src", "connect-src"):
        sources = directives[name].split()
        assert all(s in {"'self'", "'unsafe-inline'", "data:", "blob:"} for s in sources), (name, sources)
