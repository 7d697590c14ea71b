"""Settings for clubwhist, all from the environment (one file, healthchecks style).

Every value has a safe development default: SQLite under ``var/``, Celery
tasks run eagerly, DEBUG on. Production sets DEBUG=0, SECRET_KEY,
ALLOWED_HOSTS, DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis).
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from infra.files import owner_only

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.getenv("CLUBWHIST_VAR_DIR", BASE_DIR / "var"))


def envbool(name: str, default: str) -> bool:
    """Read a yes/no setting: 1/true/yes/on are true."""
    return os.getenv(name, default).strip().lower() in {"1", "true", "yes", "on"}


def envlist(name: str, default: str) -> list[str]:
    """Read a comma-separated list setting."""
    return [item.strip() for item in os.getenv(name, default).split(",") if item.strip()]


DEBUG = envbool("DEBUG", "1")

_DEV_SECRET_KEY = "dev-only-insecure-key-do-not-use-in-production"
SECRET_KEY = os.getenv("SECRET_KEY", "")
if not SECRET_KEY and os.getenv("SECRET_KEY_FILE"):
    # A key kept in a file (make club makes one under var/ and keeps it there).
    try:
        SECRET_KEY = Path(os.environ["SECRET_KEY_FILE"]).read_text().strip()
    except OSError as exc:
        raise ImproperlyConfigured(f"SECRET_KEY_FILE cannot be read: {exc}") from exc
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off")
    SECRET_KEY = _DEV_SECRET_KEY

ALLOWED_HOSTS = envlist("ALLOWED_HOSTS", "localhost,127.0.0.1,[::1],testserver")
CSRF_TRUSTED_ORIGINS = envlist("CSRF_TRUSTED_ORIGINS", "")
SITE_URL = os.getenv("SITE_URL", "http://127.0.0.1:8000").rstrip("/")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "tournaments",
    "scoring",
    "entry",
    "sims",
    # Its system checks only (infra/checks.py): it has no models, pages or URLs.
    "infra",
]

MIDDLEWARE = [
    # First, before anything reads a body (sessions, CSRF, authentication): a body over REQUEST_MAX_BYTES
    # is refused unread (413), one sent in chunks with no length too (411). infra/bounds.py says why.
    "infra.bounds.RequestSizeMiddleware",
    # Each request an edge of the reads: what its selectors offered to keep is written to the cache once the
    # view has answered (infra/reads.py); a selector itself writes nothing.
    "infra.reads.KeepReadsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed (a phone page is a third of its size); static files are WhiteNoise's, above.
    # Django's own BREACH mitigation pads each compressed page at random.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # A query the database gave up on (lock_timeout, statement_timeout, SQLite's lock wait): 503, not 500.
    "infra.bounds.DatabaseBusyMiddleware",
    # Last: turns a login refused by the lockout into a 429 (see "Logins" below).
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "clubwhist.urls"
WSGI_APPLICATION = "clubwhist.wsgi.application"
ASGI_APPLICATION = "clubwhist.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": dj_database_url.parse(
        os.getenv("DATABASE_URL", f"sqlite:///{VAR_DIR / 'clubwhist.sqlite3'}"),
        conn_max_age=int(os.getenv("DB_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
#: The phones' few fixed queries are prepared on each PostgreSQL connection (infra/prepared.py);
#: 0 behind a pooler that moves a client between connections (PgBouncer's transaction mode).
DB_PREPARE = os.getenv("DB_PREPARE", "1") != "0"
#: How long a query on PostgreSQL waits for a lock another transaction holds (milliseconds; 0: as long as
#: it is held). A director's action may wait behind a standings recompute of its session (scoring.recompute:
#: a fifth of a second for 2,600 slip lines, bench/bench_standings.py); a Celery worker, whose recomputes
#: queue on that lock by design, is given a longer wait (docker-compose.yml).
DB_LOCK_TIMEOUT_MS = int(os.getenv("DB_LOCK_TIMEOUT_MS", "5000"))
#: How long one SQL statement may run on PostgreSQL (milliseconds; 0: no limit): the bound on a request
#: served by a thread (make club), which gunicorn's timeout never ends. gunicorn.conf.py says the rest.
DB_STATEMENT_TIMEOUT_MS = int(os.getenv("DB_STATEMENT_TIMEOUT_MS", "30000"))
#: The SQLite file's companions, which SQLite creates with the file's own mode (so 0600 too).
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal")


if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    _SQLITE_FILE = str(DATABASES["default"]["NAME"])
    if _SQLITE_FILE and _SQLITE_FILE != ":memory:" and not _SQLITE_FILE.startswith("file:"):
        owner_only(_SQLITE_FILE, create=True)
        for _companion in SQLITE_COMPANIONS:
            owner_only(_SQLITE_FILE + _companion)
    # Several writers (phones, the director) share one file: wait, don't fail. A write still waiting
    # after "timeout" seconds fails ("database is locked"), answered 503 (infra.bounds).
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    DATABASES["default"]["CONN_MAX_AGE"] = 0
else:
    # PostgreSQL: every query waits at most DB_LOCK_TIMEOUT_MS for a row another request has locked
    # (select_for_update), and a statement runs at most DB_STATEMENT_TIMEOUT_MS; past either, PostgreSQL
    # cancels it, the transaction rolls back and the request answers 503 (infra.bounds). 0 sets no limit
    # (and sends no option: behind a pooler that refuses startup options, set them on the role instead).
    _PG = {"lock_timeout": DB_LOCK_TIMEOUT_MS, "statement_timeout": DB_STATEMENT_TIMEOUT_MS}
    _PG_OPTIONS = [f"-c {name}={ms}" for name, ms in _PG.items() if ms > 0]
    if DB_PREPARE:
        # A prepared query is planned by its generic plan from its first run on a connection, not after
        # five plans of its own: the plan it keeps anyway, without a burst on new connections paying for
        # planning (infra/prepared.py). Only prepared queries (and the foreign keys' checks) are so planned.
        _PG_OPTIONS.append("-c plan_cache_mode=force_generic_plan")
    _OPTIONS = DATABASES["default"].setdefault("OPTIONS", {})  # DATABASE_URL's own ?options= kept
    _OPTIONS["options"] = " ".join([_OPTIONS.get("options", ""), *_PG_OPTIONS]).strip()

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# One cache shared by every web process and worker in production (Redis);
# a per-process memory cache on a laptop.
CACHE_URL = os.getenv("CACHE_URL", "")
CACHES = {
    "default": (
        {"BACKEND": "infra.cache.RedisCache", "LOCATION": CACHE_URL}
        if CACHE_URL.startswith(("redis://", "rediss://"))
        else {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}
    )
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "director:home"
LOGOUT_REDIRECT_URL = "public:home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.getenv("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = Path(os.getenv("STATIC_ROOT", VAR_DIR / "static"))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Proxies: how many reverse proxies stand between the clients and gunicorn,
# each appending the address it saw to X-Forwarded-For. 0 (the default, and
# make club's): the client is the socket's peer and X-Forwarded-For, which any
# client can write, is ignored. The login lockout (infra.security.client_ip)
# and DRF's throttles (REST_FRAMEWORK's NUM_PROXIES) count the same address.
NUM_PROXIES = int(os.getenv("NUM_PROXIES", "0"))

# Security: on in production, where a reverse proxy terminates TLS.
# LAN_HTTP=1 is the deliberate exception for a club hall (make club): the
# laptop serves plain HTTP on the hall's network, where no certificate can be
# had, so nothing may redirect to HTTPS, announce HSTS or mark cookies Secure
# (phones would never send them back). check --deploy's four warnings about
# exactly that are silenced then, and only then.
LAN_HTTP = envbool("LAN_HTTP", "0")
_TLS = not DEBUG and not LAN_HTTP
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SESSION_COOKIE_SECURE = _TLS
CSRF_COOKIE_SECURE = _TLS
SECURE_SSL_REDIRECT = envbool("SECURE_SSL_REDIRECT", "1" if _TLS else "0")
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SECURE_HSTS_SECONDS = int(os.getenv("SECURE_HSTS_SECONDS", "31536000" if _TLS else "0"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = _TLS
SECURE_HSTS_PRELOAD = _TLS
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
SILENCED_SYSTEM_CHECKS = (
    ["security.W004", "security.W008", "security.W012", "security.W016"] if LAN_HTTP and not DEBUG else []
)

# Logins: django-axes counts failed passwords per client address (the login
# page, the admin's and POST /api/v1/auth/token/) and refuses that address
# for a while once it reaches the limit, even with the right password.
AUTHENTICATION_BACKENDS = [
    "infra.security.LockoutBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = int(os.getenv("LOGIN_FAILURE_LIMIT", "5"))
AXES_COOLOFF_TIME = dt.timedelta(minutes=int(os.getenv("LOGIN_LOCKOUT_MINUTES", "15")))
AXES_LOCKOUT_PARAMETERS = ["ip_address"]
AXES_CLIENT_IP_CALLABLE = "infra.security.client_ip"
AXES_USERNAME_CALLABLE = "infra.security.attempted_username"
AXES_LOCKOUT_CALLABLE = "infra.security.lockout_response"
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False

# Celery: with no broker, tasks run eagerly in the calling process.
_BROKER = os.getenv("CELERY_BROKER_URL", "")
CELERY_TASK_ALWAYS_EAGER = not _BROKER
# Eager tasks never touch a broker; "memory://" keeps kombu from looking for one.
CELERY_BROKER_URL = _BROKER or "memory://localhost/"
CELERY_RESULT_BACKEND = os.getenv("CELERY_RESULT_BACKEND", _BROKER or None)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = TIME_ZONE
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# The background jobs' time limits (seconds), many times what the largest job costs: past its soft limit
# a job stops cleanly and says so (scoring.recompute, scoring.tasks, tournaments.tasks); past its hard
# limit the worker's process running it is killed (a soft limit waits for a database call under way to
# return; the hard one does not). A prefork worker (the default pool, as docker-compose.yml and make worker
# start it) keeps them. They travel with each task's message, from the settings of the process that
# queued it: the web and the workers share one environment. Without a broker, the solve and the roster
# import keep their own deadline (between deals, between batches).
#: A standings recompute: 0.4 s for the largest session (60 tables, 52 trays), and the director's
#: actions wait behind it, so it stops well before a page's request would time out.
STANDINGS_SOFT_SECONDS = float(os.getenv("STANDINGS_SOFT_SECONDS", "20"))
STANDINGS_HARD_SECONDS = float(os.getenv("STANDINGS_HARD_SECONDS", "30"))
#: A session's double-dummy solve: a deal takes endplay 0.1 s (the longest of 900, 7 s), 52 deals at most.
SOLVE_SOFT_SECONDS = float(os.getenv("SOLVE_SOFT_SECONDS", "300"))
SOLVE_HARD_SECONDS = float(os.getenv("SOLVE_HARD_SECONDS", "330"))
#: A roster import: 7.5 s for the most players a roster holds, 10,000 (ROSTER_MAX_PLAYERS), on two busy cores.
ROSTER_IMPORT_SOFT_SECONDS = float(os.getenv("ROSTER_IMPORT_SOFT_SECONDS", "120"))
ROSTER_IMPORT_HARD_SECONDS = float(os.getenv("ROSTER_IMPORT_HARD_SECONDS", "150"))
#: Any task without limits of its own: longer than the longest movement search (ten minutes).
CELERY_TASK_SOFT_TIME_LIMIT = float(os.getenv("CELERY_TASK_SOFT_TIME_LIMIT", "660"))
CELERY_TASK_TIME_LIMIT = float(os.getenv("CELERY_TASK_TIME_LIMIT", "720"))
# E-mail (the score cards sent to the players after a session): written to the console unless EMAIL_HOST is
# set, so a hall with no internet loses nothing; EMAIL_BACKEND overrides either.
EMAIL_HOST = os.getenv("EMAIL_HOST", "")
EMAIL_BACKEND = os.getenv(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = int(os.getenv("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.getenv("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.getenv("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.getenv("EMAIL_USE_TLS", "0") == "1"
# Each conversation with the mail server (connect, a message, quit) gives up after this many seconds. A send
# of score cards stops handing cards over after SEND_SECONDS (15, scoring/services/score_cards.py), so the
# request ends within 15 + 10 seconds, inside gunicorn's 30 (gunicorn.conf.py).
EMAIL_TIMEOUT = int(os.getenv("EMAIL_TIMEOUT", "10"))
DEFAULT_FROM_EMAIL = os.getenv("DEFAULT_FROM_EMAIL", "clubwhist@localhost")

#: With no broker, the double-dummy solve of the hand records runs on a thread of its own, not in the request
#: that finished the play (scoring.tasks). The test suite turns it off to read the answer at once.
SOLVE_IN_BACKGROUND = os.getenv("SOLVE_IN_BACKGROUND", "1") == "1"
# The scorer's eye (entry.selectors.checks) judges lines against the double dummy during play: a running
# session's sends queue the solve of its known deals (once in DD_QUEUE_GUARD_SECONDS), not only its end.
CHECKS_SOLVE_DURING_PLAY = os.getenv("CHECKS_SOLVE_DURING_PLAY", "1") == "1"
#: A standings recompute starts this long after the change that queued it, gathering the changes
#: that follow (every table finishes a round within the same minute): fewer recomputes, each complete.
STANDINGS_GATHER_SECONDS = float(os.getenv("STANDINGS_GATHER_SECONDS", "0.5"))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.api.auth.ApiTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    # Bodies over DATA_UPLOAD_MAX_MEMORY_SIZE are refused (413) before they are read, multipart (files
    # and all) as JSON and forms. JSON nested deeper than infra.security.JSON_MAX_DEPTH, in a body or
    # a form's field, is refused (400) unparsed.
    "DEFAULT_PARSER_CLASSES": [
        "infra.security.SizedJSONParser",
        "infra.security.SizedFormParser",
        "infra.security.CheckedMultiPartParser",
    ],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.LimitOffsetPagination",
    "PAGE_SIZE": 100,
    # Table links are rate-limited per token (scope "table"); token requests by address ("login");
    # every public endpoint and page by address ("public"), movement previews more tightly ("preview");
    # whoever comes with a director's credentials (token or login) per user ("director", the default:
    # a view naming throttles of its own names them instead).
    "DEFAULT_THROTTLE_CLASSES": ["infra.security.DirectorRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        "table": os.getenv("API_TABLE_RATE", "120/min"),
        "login": os.getenv("API_LOGIN_RATE", "20/min"),
        "public": os.getenv("API_PUBLIC_RATE", "300/min"),
        "preview": os.getenv("API_PREVIEW_RATE", "30/min"),
        # A new director's set-password page, by address (views.site): a person types a password or two.
        "set_password": os.getenv("SET_PASSWORD_RATE", "10/min"),
        # Ten a second: a script entering a whole evening's slips one by one (a round of sixty tables
        # is sixty requests, or one to the round's entry) stays far within it.
        "director": os.getenv("API_DIRECTOR_RATE", "600/min"),
    },
    # Throttles by address take the client as NUM_PROXIES says, never a forged X-Forwarded-For.
    "NUM_PROXIES": NUM_PROXIES,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "clubwhist API",
    "DESCRIPTION": "Run a duplicate whist club: sessions, movements, slips, scores.",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    # The docs' scripts and styles come from drf-spectacular-sidecar's static files, not a CDN:
    # a club hall often has no internet (issue 14).
    "SWAGGER_UI_DIST": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": f"/{STATIC_URL}favicon.svg",
    # No validator badge: Swagger UI would fetch it from its validator's host.
    # No deep links: Swagger UI puts them inside the operation buttons, a link in a button (axe-core).
    "SWAGGER_UI_SETTINGS": {"deepLinking": False, "validatorUrl": None},
    # Two choice sets share a name by their fields (a session's entrant_kind, an entrant's kind): each
    # gets its own, or one would be described by the other's values.
    "ENUM_NAME_OVERRIDES": {
        "SessionEntrantKindEnum": "tournaments.models.session.EntrantKind",
        "EntrantKindEnum": "tournaments.models.entrant.Entrant.Kind",
    },
}

# A table's link is its only credential: request logs show /t/***/ instead
# (gunicorn's access log likewise, through gunicorn.conf.py).
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"table_tokens": {"()": "infra.logs.MaskTableTokens"}},
    "formatters": {
        "server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["table_tokens"]},
        "server": {"class": "logging.StreamHandler", "filters": ["table_tokens"], "formatter": "server"},
    },
    "root": {"handlers": ["console"], "level": os.getenv("LOG_LEVEL", "INFO")},
    "loggers": {
        # Django's own "django" logger would keep its default handlers, which print unmasked under
        # DEBUG (make run): named here, it has none, and its records reach the masked root handler.
        "django": {"handlers": [], "level": "INFO", "propagate": True},
        "django.db.backends": {"level": "WARNING"},
        "django.server": {"handlers": ["server"], "level": "INFO", "propagate": False},
        "celery": {"level": os.getenv("CELERY_LOG_LEVEL", "WARNING")},
    },
}

# How long a new director's set-password link lasts (hours): long enough to reach someone over a weekend,
# short enough that a link forgotten in an inbox dies. Setting the password ends it at once.
DIRECTOR_LINK_HOURS = int(os.getenv("DIRECTOR_LINK_HOURS", "72"))
# How long a director's API token lasts (hours); the server keeps only its digest.
API_TOKEN_HOURS = int(os.getenv("API_TOKEN_HOURS", "720"))
# The most unexpired API tokens one user may hold: past it a new one is refused (revoke one first),
# so a script that logs in on every run cannot pile up a month of live keys.
API_TOKEN_MAX = int(os.getenv("API_TOKEN_MAX", "20"))
# The largest request (bytes, its Content-Length) the server reads at all, files included, refused unread
# past it (413; infra.bounds): a little above the largest upload it takes (a simultaneous event's pack,
# MAX_PACK_BYTES in tournaments/pbn/pack.py, 2 MB) with its form around it.
REQUEST_MAX_BYTES = int(os.getenv("REQUEST_MAX_BYTES", "3000000"))
# The largest request body (bytes) read into memory, pages and API alike (Django's default, said here);
# a page's form counts its plain fields only, the API's parsers the whole body.
DATA_UPLOAD_MAX_MEMORY_SIZE = int(os.getenv("DATA_UPLOAD_MAX_MEMORY_SIZE", str(2_621_440)))
# An uploaded file larger than this (bytes) is written to a temporary file as it is read, not kept in
# memory (Django's default, said here); REQUEST_MAX_BYTES bounds it on disk.
FILE_UPLOAD_MAX_MEMORY_SIZE = int(os.getenv("FILE_UPLOAD_MAX_MEMORY_SIZE", str(2_621_440)))
# The largest PBN file (bytes) the trays page and the API take; larger files are refused.
PBN_MAX_BYTES = int(os.getenv("PBN_MAX_BYTES", "1000000"))
# The largest roster CSV (bytes) the roster page and the API take: a club of thousands fits in a tenth.
ROSTER_MAX_BYTES = int(os.getenv("ROSTER_MAX_BYTES", "200000"))
# The requests the server itself makes (a club's pack, its heat, the published field: infra.outbound) go
# only to public addresses; OUTBOUND_ALLOWED_HOSTS names the host names and networks allowed anyway,
# comma-separated ("organiser.lan,192.168.1.0/24" for an organiser on the hall's own network), none by
# default. Every address a name resolves to is checked, and the request connects to a checked address.
OUTBOUND_ALLOWED_HOSTS = envlist("OUTBOUND_ALLOWED_HOSTS", "")
# The longest one such request may take, start to end: resolving, connecting, sending and every read of
# the answer (seconds). A server that answers a byte at a time is cut off here.
OUTBOUND_DEADLINE_SECONDS = float(os.getenv("OUTBOUND_DEADLINE_SECONDS", "10"))
