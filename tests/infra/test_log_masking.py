"""A table's link is its only credential: request logs never show it (issue 13, item 10).

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

from gunicorn.config import Config

from clubwhist.logs import MaskedGunicornLogger, mask_tokens

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
    assert (
        runpy.run_path(str(ROOT / "gunicorn.conf.py"))["logger_class"]
        == "clubwhist.logs.MaskedGunicornLogger"
    )


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
