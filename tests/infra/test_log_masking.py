"""A link is its holder's only credential: request logs never show one, of any kind.

One rule: every route that takes a link's token names it with the ``link``
converter, and the logs mask what stands there (``infra.logs``).
Django's log handlers carry the ``table_tokens`` filter; gunicorn's access
log goes through ``MaskedGunicornLogger`` (named by ``gunicorn.conf.py``).
``test_club_server.py`` reads a real gunicorn's log for the same.
"""

from __future__ import annotations

import logging
import runpy
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from django.urls import URLPattern, URLResolver, get_resolver
from gunicorn.config import Config

from infra.links import LinkToken
from infra.logs import MaskedGunicornLogger, link_prefixes, mask_tokens

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "gBDyfCRglwmXfRJIctCwWQ"


def test_table_tokens_are_masked_wherever_a_path_names_one() -> None:
    """The page, its sub-paths, the API's routes; other paths stay as they are."""
    assert mask_tokens(f"GET /t/{TOKEN}/ HTTP/1.1") == "GET /t/***/ HTTP/1.1"
    assert mask_tokens(f"/t/{TOKEN}/trays/3/confirm/") == "/t/***/trays/3/confirm/"
    assert mask_tokens(f"/t/{TOKEN}/state") == "/t/***/state"
    assert mask_tokens(f"/api/v1/tables/{TOKEN}/results/") == "/api/v1/tables/***/results/"
    assert mask_tokens(f"http://192.168.1.20:8000/t/{TOKEN}?x=1") == "http://192.168.1.20:8000/t/***?x=1"
    assert mask_tokens("/c/riverside/s/1/") == "/c/riverside/s/1/"


def routes(patterns: Any = None, above: str = "") -> list[tuple[str, URLPattern]]:
    """Every route of the project with its whole path."""
    out: list[tuple[str, URLPattern]] = []
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(entry, URLResolver):
            out += routes(entry.url_patterns, above + str(entry.pattern))
        else:
            out.append((above + str(entry.pattern), entry))
    return out


def test_every_route_that_takes_a_token_takes_it_as_a_link() -> None:
    """A link's token is a ``link`` parameter wherever a route takes one: the logs mask each such kind."""
    taking = [(path, p) for path, p in routes() if "token" in getattr(p.pattern, "converters", {})]
    assert len(taking) > 30
    for path, pattern in taking:
        assert isinstance(pattern.pattern.converters["token"], LinkToken), path
    assert set(link_prefixes()) >= {"t/", "p/", "d/", "m/", "api/v1/tables/", "api/v1/entrant-links/"}


def test_a_token_is_masked_in_every_route_that_takes_one() -> None:
    """Each such route, with a token in it, as a request line and as a referrer, goes out masked."""
    for path, _ in routes():
        if "<link:token>" not in path:
            continue
        url = "/" + path.replace("<link:token>", TOKEN).replace("<int:tray>", "3")
        for line in (f"GET {url} HTTP/1.1", f"http://192.168.1.20:8000{url}?x=1"):
            assert TOKEN not in mask_tokens(line), line


def test_drive_and_mnemonic_links_are_masked() -> None:
    """A player's own link at a whist drive or a mnemonic sitting (issue 30, hole 5)."""
    assert mask_tokens(f"GET /d/{TOKEN}/ HTTP/1.1") == "GET /d/***/ HTTP/1.1"
    assert mask_tokens(f"/d/{TOKEN}/check") == "/d/***/check"
    assert mask_tokens(f"Referer: http://hall:8000/m/{TOKEN}/") == "Referer: http://hall:8000/m/***/"
    assert (
        mask_tokens(f"/api/v1/entrant-links/{TOKEN}/drive/stamp/") == "/api/v1/entrant-links/***/drive/stamp/"
    )


def test_djangos_request_log_masks_table_tokens() -> None:
    """ "Not Found: /t/<token>/", as django.request writes it, goes out masked."""
    handlers = [
        h
        for h in logging.getLogger().handlers
        if any(f.__class__.__name__ == "MaskTableTokens" for f in h.filters)
    ]
    assert handlers, "the root logger's handler has no table_tokens filter"
    record = logging.LogRecord(
        "django.request", logging.WARNING, __file__, 1, "Not Found: %s", (f"/t/{TOKEN}/",), None
    )
    assert all(h.filter(record) for h in handlers)
    assert record.getMessage() == "Not Found: /t/***/"


def test_the_development_servers_log_masks_table_tokens() -> None:
    """runserver's request lines (django.server) go through the same filter."""
    server = logging.getLogger("django.server")
    assert server.handlers and all(
        any(f.__class__.__name__ == "MaskTableTokens" for f in h.filters) for h in server.handlers
    )
    record = logging.LogRecord(
        "django.server",
        logging.INFO,
        __file__,
        1,
        '"%s" %s %s',
        (f"GET /api/v1/tables/{TOKEN}/ HTTP/1.1", "200", "9"),
        None,
    )
    for handler in server.handlers:
        handler.filter(record)
    assert TOKEN not in record.getMessage()


def test_gunicorn_reads_the_masking_logger_from_the_repositorys_config() -> None:
    """gunicorn.conf.py, read by any gunicorn started here, names MaskedGunicornLogger."""
    assert runpy.run_path(str(ROOT / "gunicorn.conf.py"))["logger_class"] == "infra.logs.MaskedGunicornLogger"


def test_gunicorns_access_log_fields_are_masked() -> None:
    """The request line, path, query, referrer and a Table header, as gunicorn's access log has them."""
    logger = MaskedGunicornLogger(Config())
    environ: dict[str, Any] = {
        "REQUEST_METHOD": "POST",
        "RAW_URI": f"/api/v1/tables/{TOKEN}/results/",
        "PATH_INFO": f"/api/v1/tables/{TOKEN}/results/",
        "QUERY_STRING": f"next=/t/{TOKEN}/",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_REFERER": f"http://192.168.1.20:8000/t/{TOKEN}/",
        "REMOTE_ADDR": "192.168.1.31",
    }
    request = SimpleNamespace(headers=[("AUTHORIZATION", f"Table {TOKEN}")])
    response = SimpleNamespace(status="201 Created", sent=12, headers=[])
    atoms = logger.atoms(response, request, environ, SimpleNamespace(seconds=0, microseconds=1200))
    assert not [key for key, value in atoms.items() if TOKEN in str(value)]
    assert atoms["r"] == "POST /api/v1/tables/***/results/ HTTP/1.1"
    assert atoms["{authorization}i"] == "Table ***"


def test_every_handler_a_request_log_reaches_masks_table_tokens(settings: Any) -> None:
    """django.request's records, as make run writes them (DEBUG on), reach only masking handlers:
    Django's own "django" logger keeps no unmasked console handler of its defaults."""
    settings.DEBUG = True
    logger: logging.Logger | None = logging.getLogger("django.request")
    reached = []
    while logger is not None:
        reached += [h for h in logger.handlers if not type(h).__module__.startswith("_pytest")]
        logger = logger.parent if logger.propagate else None
    assert reached
    for handler in reached:
        record = logging.LogRecord(
            "django.request",
            logging.WARNING,
            __file__,
            1,
            "Conflict: %s",
            (f"/api/v1/tables/{TOKEN}/results/",),
            None,
        )
        if handler.filter(record):
            assert TOKEN not in record.getMessage(), handler
