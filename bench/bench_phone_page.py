"""Weigh the table's phone page and time its first render on a slow phone network.

A Howell of 8 pairs (4 tables, 14 trays, two a round) is built and started
through the services in a fresh SQLite database under a temporary directory,
with the production settings a club's laptop runs (DEBUG off, LAN_HTTP, the
static files collected and served by WhiteNoise). A threaded WSGI server on
127.0.0.1 serves it; Debian's Chromium (``CHROMIUM`` to override) opens the
page of table 1's N-S pair (a phone that said there who it is) at 390 x 844
through Playwright.

**Weight.** Every response the page loads (the page with its styles
written in, its script, icon, its first look at the API) with its body
compressed by gzip at level 6; also the bytes that actually crossed the
wire (WhiteNoise compresses the static files, Django's GZipMiddleware the
page). The aim is under 50 KB compressed.

**First render.** First contentful paint, from a cold cache (no service
worker, nothing kept), with Chromium's network throttled through the
DevTools protocol (``Network.emulateNetworkConditions`` on a CDP session)
to each profile below; the median of ``--runs`` loads. The aim is under 1 s
on slow 3G. The page paints after one wait on the network (its styles
are written into it; the script is deferred), two if it links a
stylesheet. Each wait costs at least the profile's latency, so DevTools'
own "Slow 3G", which adds 2 s to every request, cannot paint within 2 s
whatever the page weighs; each line shows that floor beside the figure.
(Chromium's throttling happens after the navigation's timing marks are
taken, so the page's own first-byte time is not a guide here.)

    python bench/bench_phone_page.py [--runs 3]

Prints the figures; it asserts nothing about timing.
"""

from __future__ import annotations

import argparse
import datetime as dt
import gzip
import os
import random
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
VAR = Path(tempfile.mkdtemp(prefix="clubwhist-bench-phone-"))
os.environ.update(
    {
        "CLUBWHIST_VAR_DIR": str(VAR),
        "STATIC_ROOT": str(VAR / "static"),
        "DJANGO_SETTINGS_MODULE": "clubwhist.settings",
        "DEBUG": "0",
        "LAN_HTTP": "1",
        "SECRET_KEY": "bench-only-" + "x" * 50,
        "ALLOWED_HOSTS": "localhost,127.0.0.1",
    }
)
os.environ.pop("DATABASE_URL", None)

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.core.servers.basehttp import ThreadedWSGIServer, WSGIRequestHandler  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402

from tournaments.services import club as club_services  # noqa: E402
from tournaments.services import deals, seating, sessions  # noqa: E402
from tournaments.services.phones import phone_claim  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
PHONE = {"width": 390, "height": 844}
AIM_BYTES = 50 * 1024
AIM_MS = 1000.0
#: (name, latency ms, download and upload bytes/s): DevTools' and Puppeteer's presets, and WebPageTest's.
PROFILES = (
    ("Slow 3G (DevTools: 2000 ms, 400 kbit/s)", 2000.0, 500 * 1000 / 8 * 0.8),
    ("3G Slow (WebPageTest: 400 ms, 400 kbit/s)", 400.0, 400 * 1000 / 8),
    ("Fast 3G (DevTools: 563 ms, 1.44 Mbit/s)", 150 * 3.75, 1.6 * 1000 * 1000 / 8 * 0.9),
)
PAINT = "() => performance.getEntriesByName('first-contentful-paint')[0].startTime"


class Quiet(WSGIRequestHandler):
    """No request log on the terminal."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


def table_link() -> str:
    """A started Howell of 8 pairs, two trays a round; the path of the page of table 1's N-S pair."""
    club = club_services.club_create(name="Bench Whist Club", slug="bench")
    session = sessions.session_create(
        club=club, date=dt.date(2026, 12, 7), title="Monday pairs", scoring_method="exponent"
    )
    names = [f"Player {n:02d}" for n in range(1, 17)]
    people = [club_services.player_create(club=club, name=n) for n in names]
    for a, b in zip(people[0::2], people[1::2], strict=True):
        sessions.entrant_create(session=session, players=[a, b])
    seating.movement_fix(session=session, family="howell", deals=14)
    deals.trays_deal(session=session, rng=random.Random(14))
    session = sessions.session_start(session=session)
    table = session.tables.get(number=1)
    north_south = table.seatings.get(round__number=1).ns
    return f"/p/{phone_claim(table=table, number=north_south.number, device='bench').token}/"


def serve() -> tuple[ThreadedWSGIServer, str]:
    """The site on a free port of 127.0.0.1, in a thread."""
    server = ThreadedWSGIServer(("127.0.0.1", 0), Quiet)
    server.set_app(get_wsgi_application())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://localhost:{server.server_address[1]}"


def weigh(browser: Any, url: str) -> list[tuple[str, int, int, int]]:
    """(path, bytes, gzip bytes, bytes on the wire) of each response the page loads."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    wire: dict[str, int] = {}
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls: dict[str, str] = {}
    cdp.on("Network.responseReceived", lambda e: urls.update({e["requestId"]: e["response"]["url"]}))
    cdp.on(
        "Network.loadingFinished",
        lambda e: wire.update({urls.get(e["requestId"], ""): e["encodedDataLength"]}),
    )
    responses: list[Any] = []
    page.on("response", lambda r: responses.append(r))
    page.goto(url, wait_until="load")
    page.wait_for_timeout(500)
    rows = []
    for response in responses:
        body = response.body()
        path = response.url.split("//", 1)[1].split("/", 1)[1]
        rows.append(("/" + path, len(body), len(gzip.compress(body, 6)), wire.get(response.url, 0)))
    context.close()
    return rows


def first_paint(browser: Any, url: str, latency: float, throughput: float) -> float:
    """First contentful paint, in ms, from a cold cache on a throttled network."""
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="block")
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.setCacheDisabled", {"cacheDisabled": True})
    conditions = {"latency": latency, "downloadThroughput": throughput, "uploadThroughput": throughput}
    cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})
    page.goto(url, wait_until="load", timeout=120_000)
    page.wait_for_function("() => performance.getEntriesByName('first-contentful-paint').length > 0")
    fcp = float(page.evaluate(PAINT))
    context.close()
    return fcp


def report_weight(rows: list[tuple[str, int, int, int]]) -> None:
    """One line a response, then the totals against the aim."""
    print(f"{'response':<52}{'bytes':>9}{'gzip':>9}{'wire':>9}")
    for path, raw, packed, wire in rows:
        short = path if len(path) <= 50 else path[:22] + "…" + path[-27:]
        print(f"{short:<52}{raw:>9,}{packed:>9,}{wire:>9,}")
    raw, packed, wire = (sum(r[i] for r in rows) for i in (1, 2, 3))
    print(f"{'total (' + str(len(rows)) + ' responses)':<52}{raw:>9,}{packed:>9,}{wire:>9,}")
    verdict = "within" if packed < AIM_BYTES else "OVER"
    print(f"compressed: {packed / 1024:.1f} KB, {verdict} the aim of {AIM_BYTES // 1024} KB")


def report_paint(browser: Any, url: str, runs: int, waits: int) -> None:
    """The median first paint on each profile, beside the floor its latency sets over WAITS waits."""
    print(f"\nfirst contentful paint, cold cache, median of {runs} (ms; aim {AIM_MS:.0f}):")
    print(f"{'profile':<46}{'paint':>8}{'floor':>8}  (floor: the latency, {waits} time(s) over)")
    for name, latency, throughput in PROFILES:
        fcp = statistics.median(first_paint(browser, url, latency, throughput) for _ in range(runs))
        verdict = "within the aim" if fcp < AIM_MS else "over the aim"
        print(f"{name:<46}{fcp:>8.0f}{waits * latency:>8.0f}  {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="loads per profile (the median is printed)")
    args = parser.parse_args()
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        sys.exit(f"no Chromium at {CHROMIUM} (set CHROMIUM)")
    from playwright.sync_api import sync_playwright

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    path = table_link()
    server, base = serve()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's loop runs in this thread; the ORM is done
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            size = f"{PHONE['width']} x {PHONE['height']}"
            print(f"table 1's page of a Howell of 8 pairs, round 1, at {size}\n")
            rows = weigh(browser, base + path)
            report_weight(rows)
            # The page, then (if it links any) its stylesheets: the waits on the network before a paint.
            waits = 1 + any(row[0].endswith(".css") for row in rows)
            report_paint(browser, base + path, args.runs, waits)
            browser.close()
    finally:
        server.shutdown()
        shutil.rmtree(VAR, ignore_errors=True)


if __name__ == "__main__":
    main()
