# clubwhist: two commands do all the set-up.
#   make run   - create .venv, install, migrate SQLite under var/, load the demo club, serve on 127.0.0.1:8000
#   make test  - install the test requirements into the same .venv and run the whole suite
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test install install-test lint bench worker clean

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

var:
	mkdir -p var

run: install var
	$(PY) manage.py migrate --noinput
	$(PY) manage.py seed_demo --if-empty
	SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)} $(PY) manage.py demo_links
	SITE_URL=$${SITE_URL:-http://$(HOST):$(PORT)} $(PY) manage.py runserver $(HOST):$(PORT)

test: install-test var
	$(PY) -m pytest $(PYTEST_ARGS)

lint: install-test
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy

bench: install-test
	for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

worker: install
	$(VENV)/bin/celery -A clubwhist worker --loglevel=info

clean:
	rm -rf $(VENV) var/clubwhist.sqlite3*
