"""make club's server, started for real on loopback: production settings for the phones in a hall (issue 15).

``python -m clubwhist.club`` (what ``make club`` runs) is started once for
this module (the ``served`` fixture, ``club_process.py``) in a temporary
var/ with its own SQLite file, bound to 127.0.0.1 on a spare port, with
``SITE_URL`` set to the hall's address as a director would
(``club-hall.test``): it migrates, collects the static files, builds the
demo club and becomes gunicorn. The tests then talk HTTP to it:
DEBUG is off, every asset of every page comes from the app itself, the
printed table links and QR codes carry the configured address, and the
access log never shows a table's link.
"""

from __future__ import annotations

import http.cookiejar
import json
import re
import shutil
import stat
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from clubwhist.club import club_server, lan_address, secret_key
from tests.infra.club_process import CHROMIUM, ROOT, NoRedirect, Served, director_password, fetch

ASSET = re.compile(r"""<(?:link|script|img)\b[^>]*?\b(?:href|src)\s*=\s*["']([^"']+)["']""", re.I)
CSS_URL = re.compile(r"""url\(\s*["']?([^"')]+)["']?\s*\)""", re.I)


def api_token(served: Served) -> str:
    """The demo director's API token, by password."""
    body = json.dumps({"username": "director", "password": director_password(served)}).encode()
    status, _, answer = fetch(
        f"{served.base}/api/v1/auth/token/", data=body, headers={"Content-Type": "application/json"}
    )
    assert status == 200, answer
    return str(json.loads(answer)["token"])


def running_session(served: Served, token: str) -> dict[str, Any]:
    """The demo's session in progress, as the API lists it."""
    status, _, body = fetch(
        f"{served.base}/api/v1/sessions/?status=running", headers={"Authorization": f"Token {token}"}
    )
    assert status == 200, body
    return dict(json.loads(body)["results"][0])


def logged_in(served: Served) -> urllib.request.OpenerDirector:
    """A browser-like client logged in as the demo director through the login form."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    _, _, page = fetch(f"{served.base}/accounts/login/", opener=opener)
    csrf = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert csrf, "the login page has no CSRF token"
    form = urllib.parse.urlencode(
        {
            "csrfmiddlewaretoken": csrf[1].decode(),
            "username": "director",
            "password": director_password(served),
        }
    ).encode()
    status, headers, _ = fetch(
        f"{served.base}/accounts/login/",
        opener=opener,
        data=form,
        headers={"Referer": f"{served.base}/accounts/login/"},
    )
    assert status == 302, "the director could not log in"
    return opener


def test_debug_is_off_and_errors_show_no_internals(served: Served) -> None:
    """A missing page and a foreign Host get the plain answers, not Django's debug pages."""
    status, headers, body = fetch(f"{served.base}/no-such-page/")
    assert status == 404 and headers.get("Server", "").startswith("gunicorn")
    text = body.decode()
    for debug_sign in (
        "DEBUG = True",
        "URLconf",
        "Technical",
        "Traceback",
        "Django tried these URL patterns",
    ):
        assert debug_sign not in text
    status, _, body = fetch(f"{served.base}/", headers={"Host": "attacker.example"})
    assert status == 400 and b"DisallowedHost" not in body and b"ALLOWED_HOSTS" not in body


def test_the_configured_address_is_an_allowed_host(served: Served) -> None:
    """Phones ask for the printed address: it is served; the loopback address too, for the laptop."""
    hall_host = urllib.parse.urlsplit(served.site_url).netloc
    assert fetch(f"{served.base}/healthz", headers={"Host": hall_host})[0] == 200
    assert fetch(f"{served.base}/c/riverside/")[0] == 200


def test_plain_http_on_the_hall_network_is_deliberate(served: Served) -> None:
    """No redirect to HTTPS, no HSTS, cookies without Secure (a phone would never send them back)."""
    status, headers, _ = fetch(f"{served.base}/accounts/login/")
    assert status == 200
    assert "Strict-Transport-Security" not in headers
    assert "secure" not in headers.get("Set-Cookie", "").lower()
    assert headers.get("X-Frame-Options") == "DENY" and headers.get("X-Content-Type-Options") == "nosniff"


def page_assets(served: Served, path: str, opener: urllib.request.OpenerDirector | None = None) -> list[str]:
    """The stylesheets, scripts, icons and images a page loads, as written in its HTML."""
    status, _, body = fetch(f"{served.base}{path}", opener=opener)
    assert status == 200, (path, status)
    return ASSET.findall(body.decode())


def check_asset(served: Served, page: str, url: str, checked: set[str]) -> None:
    """An asset: on this server, served (200, cacheable) by the app; its CSS's own url()s too."""
    if url in checked or url.startswith(("data:", "#")):
        return
    parts = urllib.parse.urlsplit(url)
    assert not parts.scheme and not parts.netloc, f"{page} loads {url} from another host"
    checked.add(url)
    status, headers, body = fetch(urllib.parse.urljoin(f"{served.base}{page}", url))
    assert status == 200, f"{page}: {url} answered {status}"
    if url.endswith("/manifest.webmanifest"):  # each phone link's own, never kept (no-store)
        assert headers.get("Cache-Control") == "no-store", url
        return
    assert "max-age" in headers.get("Cache-Control", ""), f"{url} was not served by whitenoise"
    if url.split("?")[0].endswith(".css"):
        for inner in CSS_URL.findall(body.decode(errors="replace")):
            check_asset(served, urllib.parse.urljoin(url, "."), urllib.parse.urljoin(url, inner), checked)


def test_every_asset_of_every_page_is_served_by_the_app_itself(served: Served) -> None:
    """Public, table, login, director and API docs pages: each asset from /static/, answered 200 here."""
    _, _, body = fetch(f"{served.base}/c/riverside/")
    standings = re.search(rb'href="(/c/riverside/s/\d+/)"', body)
    table = re.search(r"/t/[\w-]+/", served.output())
    assert standings and table
    director = logged_in(served)
    pages: list[tuple[str, Any]] = [
        (p, None)
        for p in [
            "/",
            "/c/riverside/",
            standings[1].decode(),
            table[0],
            "/accounts/login/",
            "/api/v1/docs/",
            "/api/v1/docs/try/",
        ]
    ]
    pages += [("/director/", director)]
    checked: set[str] = set()
    for path, opener in pages:
        assets = page_assets(served, path, opener)
        assert any(re.search(r"/favicon(\.\w+)?\.svg$", a) for a in assets), f"{path} has no favicon"
        for url in assets:
            check_asset(served, path, url, checked)
    assert any("sidecar" in url for url in checked), "the API docs' scripts were not among the assets"


def test_table_links_and_qr_codes_carry_the_configured_address(served: Served) -> None:
    """The API's table links, the printed QR page and the launcher's own links start with SITE_URL."""
    token = api_token(served)
    session = running_session(served, token)
    status, _, body = fetch(
        f"{served.base}/api/v1/sessions/{session['id']}/tables/", headers={"Authorization": f"Token {token}"}
    )
    assert status == 200
    tables = json.loads(body)
    links = [value for t in tables for value in t.values() if isinstance(value, str) and "://" in value]
    assert len(links) == 2 * len(tables) and all(link.startswith(f"{served.site_url}/") for link in links), (
        links
    )
    status, _, page = fetch(f"{served.base}/director/s/{session['id']}/print/qr/", opener=logged_in(served))
    assert status == 200
    printed = re.findall(r"https?://[^\s<\"']+/t/[\w-]+/", page.decode())
    assert len(printed) >= len(tables) and all(u.startswith(f"{served.site_url}/t/") for u in printed)
    assert b"<svg" in page, "no QR code on the printed page"
    assert f"Table 1's code:    {served.site_url}/t/" in served.output()


def test_the_secret_key_is_made_once_and_kept_private(served: Served) -> None:
    """var/secret_key: readable by its owner only, the same on the next start, not in the repository."""
    path = served.var_dir / "secret_key"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    key = path.read_text().strip()
    assert len(key) >= 50 and secret_key(path) == key
    assert club_server({"HOST": "127.0.0.1"}, served.var_dir).env["SECRET_KEY"] == key
    ignored = subprocess.run(["git", "check-ignore", "-q", "var/secret_key"], cwd=ROOT, check=False)
    assert ignored.returncode == 0, "var/secret_key would be committed"


def test_the_access_log_never_shows_a_table_link(served: Served) -> None:
    """Requests to a table's page and its API are logged as /t/***/ and /api/v1/tables/***/."""
    token = re.search(r"/t/([\w-]+)/", served.output())
    assert token
    fetch(f"{served.base}/t/{token[1]}/")
    fetch(f"{served.base}/api/v1/tables/{token[1]}/")
    fetch(f"{served.base}/t/not-a-real-token-0123/")
    time.sleep(0.5)
    requests = [line for line in served.output().splitlines() if '"GET ' in line or "Not Found" in line]
    assert any('"GET /t/***/ HTTP/1.1" 200' in line for line in requests), requests[-5:]
    assert any('"GET /api/v1/tables/***/ HTTP/1.1" 200' in line for line in requests), requests[-5:]
    assert not [line for line in requests if token[1] in line or "not-a-real-token" in line]


def test_the_launcher_finds_an_address_and_honours_host_and_site_url(tmp_path: Path) -> None:
    """Detected: an IPv4 address; HOST and SITE_URL given: used as they are, and allowed."""
    detected = lan_address()
    assert re.fullmatch(r"\d+\.\d+\.\d+\.\d+", detected)
    server = club_server({}, tmp_path)
    assert server.site_url == f"http://{detected}:8000"
    assert detected in server.env["ALLOWED_HOSTS"].split(",")
    assert (server.env["DEBUG"], server.env["LAN_HTTP"]) == ("0", "1")
    given = club_server(
        {"HOST": "192.168.4.10", "PORT": "8080", "SITE_URL": "http://whist.lan:8080/"}, tmp_path
    )
    assert given.site_url == "http://whist.lan:8080"
    assert given.binds == ["192.168.4.10:8080", "127.0.0.1:8080"]
    assert {"192.168.4.10", "whist.lan"} <= set(given.env["ALLOWED_HOSTS"].split(","))
    every = club_server({"HOST": "0.0.0.0"}, tmp_path)
    assert every.binds == ["0.0.0.0:8000"] and every.site_url == f"http://{detected}:8000"
    with pytest.raises(SystemExit, match="PORT"):
        club_server({"HOST": "127.0.0.1", "PORT": "eighty"}, tmp_path)
    with pytest.raises(SystemExit, match="SITE_URL"):
        club_server({"HOST": "127.0.0.1", "SITE_URL": "whist.lan"}, tmp_path)


#: Run in its own process: the browser tests' session keeps Playwright's sync API busy in this one.
BROWSE = """
import json, sys
from playwright.sync_api import sync_playwright
chromium, url, origin = sys.argv[1:4]
with sync_playwright() as pw:
    browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
    page = browser.new_page()
    sent, refused = [], []
    page.on("request", lambda r: sent.append(r.url))
    page.on("requestfailed", lambda r: refused.append(r.url) if r.failure == "csp" else None)
    page.goto(url, wait_until="networkidle")
    if "/api/" in url:  # the docs render from their script: give a loaded machine time
        try:
            page.wait_for_selector("text=/api/v1/auth/token/", timeout=90000)  # no eval: the CSP forbids it
        except Exception:
            pass
    page.wait_for_timeout(500)
    seen = {"sent": sent, "refused": refused, "title": page.title(), "body": page.inner_text("body")}
    print(json.dumps(seen))
    browser.close()
"""


@pytest.mark.browser
@pytest.mark.parametrize("path", ["/api/v1/docs/", "/api/v1/docs/try/", "/c/riverside/"])
def test_in_a_browser_no_request_leaves_the_club_server(served: Served, path: str) -> None:
    """Chromium opens the page: all it fetches is on this server (another host's only if refused unsent)."""
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM}")
    origin = served.base
    done = subprocess.run(
        [sys.executable, "-c", BROWSE, CHROMIUM, f"{origin}{path}", origin],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    sent, refused = seen["sent"], seen["refused"]
    elsewhere = [
        u for u in sent if not u.startswith((f"{origin}/", f"blob:{origin}/", "data:")) and u not in refused
    ]
    assert not elsewhere, f"{path} fetched from another host: {elsewhere}"
    assert any(u.startswith(f"{origin}/static/") for u in sent)
    if path.startswith("/api/"):
        assert seen["title"] == "clubwhist API" and "/api/v1/auth/token/" in seen["body"], (
            "the docs did not render"
        )


def test_a_table_links_page_is_refused_one_past_its_rate(served: Served) -> None:
    """Over HTTP, at the production rate (``API_TABLE_RATE``, 120 a minute): a table's page is answered
    120 times in a minute and refused the 121st (429, with ``Retry-After``); another table's is not slowed.
    The last table's link is used, which no other test asks."""
    token = api_token(served)
    session = running_session(served, token)
    status, _, body = fetch(
        f"{served.base}/api/v1/sessions/{session['id']}/tables/", headers={"Authorization": f"Token {token}"}
    )
    links = [v for t in json.loads(body) for v in t.values() if isinstance(v, str) and "/t/" in v]
    last, other = (urllib.parse.urlsplit(link).path for link in (links[-1], links[-2]))
    if 60 - time.time() % 60 < 20:  # the rate counts by the minute: never straddle two of them
        time.sleep(60 - time.time() % 60 + 1)
    answered = [fetch(f"{served.base}{last}")[0] for _ in range(121)]
    assert answered[:120] == [200] * 120 and answered[120] == 429, answered
    status, headers, page = fetch(f"{served.base}{last}")
    assert status == 429 and int(headers["Retry-After"]) >= 1 and b"try again in" in page
    assert fetch(f"{served.base}{other}")[0] == 200
