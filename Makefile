# clubwhist: two commands do all the set-up.
#   make run   - create .venv, install, migrate SQLite under var/, load the demo club, serve on 127.0.0.1:8000
#   make test  - install the test requirements into the same .venv and run the whole suite
# and one for a club evening:
#   make club  - serve the phones in the hall: gunicorn on the laptop's network address, DEBUG off
#                (HOST=, PORT=, SITE_URL= override what it detects; see clubwhist/club.py)
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
# make test runs the suite on this many processes (pytest-xdist; 1 runs it in one).
TEST_WORKERS ?= 2
PORT ?= 8000

# make club detects the hall's address unless HOST is given on the command line or in the environment.
CLUB_HOST := $(if $(filter command line environment,$(origin HOST)),$(HOST),)

.PHONY: run club test install install-test lint bench worker clean

$(VENV)/.installed: requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -r requirements.txt
	touch $@

$(VENV)/.installed-test: requirements-test.txt requirements.txt $(VENV)/.installed
	$(PIP) install --quiet -r requirements-test.txt
	touch $@

install: $(VENV)/.installed
install-test: $(VENV)/.installed-test

# The secrets kept under var/ are the owner's alone: the database (every table's and entrant's link
# token), the secret key, the demo director's password. The settings make the database 0600 whatever the
# umask; this narrows what an older checkout left readable by others. Run every time (var/ exists).
.PHONY: var
var:
	mkdir -p var
	for f in var/secret_key var/director-password var/*.sqlite3 var/*.sqlite3-*; do \
		if [ -f "$$f" ]; then chmod go-rwx "$$f"; fi; \
	done

# Once make club has given the demo director a password of its own (var/director-password), make run keeps it.
KEPT_PASSWORD = $$(test -f var/director-password && echo --password-file var/director-password)

# make run signs the director's login with the key make club keeps (var/secret_key, made once): with a key
# of its own, each switch between the two logged the director out.
KEY_FILE := var/secret_key

run: install var
	$(PY) -c "import pathlib, clubwhist.club as c; c.secret_key(pathlib.Path('$(KEY_FILE)'))"
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --if-empty $(KEPT_PASSWORD)
	SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)} $(PY) manage.py demo_links --password-file var/director-password
	SECRET_KEY_FILE=$(KEY_FILE) SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)} $(PY) manage.py runserver $(HOST):$(PORT)

club: install var
	HOST=$(CLUB_HOST) PORT=$(PORT) $(PY) -m clubwhist.club

# The suite keeps its bytecode (Python's, and pytest's rewritten test modules) even where the shell sets
# PYTHONDONTWRITEBYTECODE: every test process collects all 3,000 tests again (25 s a process with nothing
# kept, 11 s with it), and many tests start Python again (make club's server runs manage.py five times).
test: install-test var
	PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(TEST_WORKERS) --dist worksteal $(PYTEST_ARGS)

lint: install-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	$(VENV)/bin/lint-imports

# Every bench with its defaults (the entry bench with a Celery worker on Redis), then the entry bench
# once more the laptop's way, standings eager: a few minutes on two cores. A bench over its aim (or one
# that loses a result) does not stop the others; make bench fails at the end.
bench: install-test
	status=0; \
	for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f || status=1; done; \
	echo "== bench/bench_table_entry.py --standings eager"; \
	$(PY) bench/bench_table_entry.py --standings eager || status=1; \
	exit $$status

# The prefork pool keeps each task's time limits (clubwhist/settings.py: STANDINGS_SOFT_SECONDS, ...).
worker: install
	$(VENV)/bin/celery -A clubwhist worker --loglevel=info --pool=prefork

clean:
	rm -rf $(VENV) var/clubwhist.sqlite3*
