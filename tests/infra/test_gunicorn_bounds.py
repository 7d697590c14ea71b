"""Each way of serving the app states its request bounds in one place, and warns when rates would multiply.

The three launchers (``make club``, the Dockerfile, docker-compose.yml)
start gunicorn from the repository, where it reads ``gunicorn.conf.py``:
the request timeout, the graceful timeout, the keep-alive and the limits on
a request's line and headers are stated there, and no launcher's command
line says otherwise (``make club`` said ``--timeout 60``, the others left
gunicorn's default unsaid). With a cache each process keeps for itself,
more than one worker lets each count the rate limits alone: ``check
--deploy`` and gunicorn at start say so; ``make club`` (one worker without
Redis) stays quiet.
"""

from __future__ import annotations

import json
import logging
import runpy
import shlex
from pathlib import Path
from typing import Any

import pytest
import yaml
from django.core.checks import run_checks
from django.test import override_settings
from gunicorn.config import Config

from clubwhist.club import club_server, gunicorn_command
from infra.checks import unshared_cache
from tests.infra.club_process import ROOT, Served

#: What every launcher's gunicorn runs with: gunicorn.conf.py's values.
STATED = {
    "timeout": 30,
    "graceful_timeout": 30,
    "keepalive": 2,
    "limit_request_line": 4094,
    "limit_request_fields": 100,
    "limit_request_field_size": 8190,
}
REDIS = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": "redis://x/1"}}


def gunicorn_settings(argv: list[str]) -> Config:
    """gunicorn's settings for this command line, run where gunicorn.conf.py is (as gunicorn loads them)."""
    assert Path(argv[0]).name == "gunicorn", argv
    config = Config()
    for name, value in runpy.run_path(str(ROOT / "gunicorn.conf.py")).items():
        if name in config.settings:
            config.set(name, value)
    parsed = config.parser().parse_args(argv[1:])
    for name, value in vars(parsed).items():
        if value is not None and name in config.settings:
            config.set(name, value)
    return config


def dockerfile_command() -> list[str]:
    """The Dockerfile's CMD."""
    line = next(x for x in (ROOT / "Dockerfile").read_text().splitlines() if x.startswith("CMD "))
    return list(json.loads(line.removeprefix("CMD ")))


def compose_command() -> list[str]:
    """docker-compose.yml's web command, from gunicorn on."""
    web = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["web"]
    script = shlex.split(web["command"])[-1]  # sh -c "..."
    return shlex.split(next(part for part in script.split("&&") if "gunicorn" in part))


def launchers(tmp_path: Path) -> dict[str, list[str]]:
    """Each launcher's gunicorn command line."""
    club = gunicorn_command(club_server({"HOST": "127.0.0.1"}, tmp_path))
    return {
        "make club": [Path(club[0]).name, *club[1:]],
        "Dockerfile": dockerfile_command(),
        "compose": compose_command(),
    }


def test_every_launcher_runs_gunicorn_with_the_bounds_gunicorn_conf_states(tmp_path: Path) -> None:
    for name, argv in launchers(tmp_path).items():
        config = gunicorn_settings(argv)
        assert {key: config.settings[key].get() for key in STATED} == STATED, name
        assert not any(arg.startswith(("--timeout", "-t", "--limit", "--keep")) for arg in argv), name


def test_the_launchers_start_gunicorn_where_it_reads_its_config() -> None:
    """make club runs from the repository; the image's /app holds the repository (and gunicorn.conf.py)."""
    assert "os.chdir(ROOT)" in (ROOT / "clubwhist" / "club.py").read_text()
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "WORKDIR /app" in dockerfile and "COPY . ." in dockerfile
    assert "working_dir" not in (ROOT / "docker-compose.yml").read_text()


def test_the_image_and_compose_name_their_workers_where_check_deploy_reads_them() -> None:
    assert "ENV WEB_CONCURRENCY=3" in (ROOT / "Dockerfile").read_text()
    web = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]["web"]
    assert web["environment"]["WEB_CONCURRENCY"] == "3" and web["environment"]["CACHE_URL"].startswith(
        "redis"
    )
    assert "--workers" not in dockerfile_command() + compose_command()


def test_several_workers_with_each_its_own_cache_are_warned_of() -> None:
    problem = unshared_cache(3)
    assert problem is not None and "3 workers" in problem and "CACHE_URL" in problem
    assert unshared_cache(1) is None
    with override_settings(CACHES=REDIS):
        assert unshared_cache(3) is None


@pytest.mark.parametrize(("workers", "warned"), [("3", True), ("1", False), ("", False)])
def test_check_deploy_warns_of_several_workers_without_a_shared_cache(
    workers: str, warned: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("WEB_CONCURRENCY", workers)
    ids = {message.id for message in run_checks(include_deployment_checks=True)}
    assert ("clubwhist.W001" in ids) is warned


class Arbiter:
    """gunicorn's master as its ``when_ready`` hook sees it: its settings and its log."""

    def __init__(self, argv: list[str]) -> None:
        self.cfg = gunicorn_settings(argv)
        self.log = logging.getLogger("test.gunicorn")


def test_gunicorn_warns_at_start_when_its_workers_would_each_count_alone(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    when_ready: Any = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["when_ready"]
    quiet = launchers(tmp_path)["make club"]  # one worker with threads, no Redis
    with caplog.at_level(logging.WARNING, logger="test.gunicorn"):
        when_ready(Arbiter(quiet))
        assert not caplog.records
        when_ready(Arbiter([*quiet, "--workers", "2"]))
    (warning,) = caplog.records
    assert "2 workers" in warning.getMessage() and "CACHE_URL" in warning.getMessage()


def test_make_clubs_server_starts_without_the_warning(served: Served) -> None:
    """One worker with threads and no Redis: one count, nothing to warn of (gunicorn's log as it started)."""
    assert "Booting worker" in served.output()
    assert "each counts the rate limits alone" not in served.output()
