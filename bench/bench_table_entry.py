"""Send every result of a 50-table session from 100 phones at once, against gunicorn on PostgreSQL.

The session: 100 pairs seated by the engine's Mitchell, first modification
for an even number of tables (pp. 32-33): 50 tables, 50 rounds, a tray a
table a round, 2,500 results. Two phones sit at each table (100 clients, one
thread each, keep-alive HTTP on 127.0.0.1). Round by round the two phones
at a table send the same tray at the same moment with their own keys, as
two players at one table might: one must be stored (201), the other told
(409, with both values). One send in twenty is then repeated with its key,
as a phone whose answer was lost would: it must store nothing new (200).

Everything runs on loopback and is stopped on exit: a throw-away
PostgreSQL cluster (initdb in a temporary directory, as ``.ci/run`` does),
Redis if installed (standings recomputation is queued to Celery, as in
production; no worker runs, so the figures are table entry alone), and
gunicorn. ``--standings eager`` (or no redis-server) recomputes the
standings inside each request instead, the laptop default: slower, as every
send then scores the whole session; try it with ``--rounds 4``.

    python bench/bench_table_entry.py [--rounds 50] [--workers 3] [--threads 8]

Prints results per second, p50/p99 latency, and that none were lost or doubled.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYTHON = ROOT / ".venv" / "bin" / "python"
GUNICORN = ROOT / ".venv" / "bin" / "gunicorn"
PAIRS, TABLES, CLIENTS = 100, 50, 100
TIMEOUT = 30.0


def free_port() -> int:
    """A TCP port nobody listens on now, on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bin() -> Path:
    """The newest PostgreSQL server binaries installed."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not found:
        sys.exit("PostgreSQL server binaries not found under /usr/lib/postgresql")
    return found[-1]


def as_postgres(command: str) -> list[str]:
    """Run a command as the postgres user when we are root (initdb refuses root)."""
    return ["su", "postgres", "-s", "/bin/sh", "-c", command] if os.geteuid() == 0 else ["sh", "-c", command]


def wait_for_port(port: int, what: str, seconds: float = 30.0) -> None:
    """Wait until something listens on 127.0.0.1:port."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"{what} did not start on port {port}")


@contextmanager
def postgres(work: Path) -> Iterator[str]:
    """A throw-away PostgreSQL cluster on loopback; yields its DATABASE_URL."""
    data, run, port, bindir = work / "pg", work / "pgrun", free_port(), pg_bin()
    for d in (data, run):  # the server's own: its data, its socket and its log
        d.mkdir()
        if os.geteuid() == 0:
            shutil.chown(d, "postgres")
    subprocess.run(as_postgres(f"'{bindir}/initdb' -D '{data}' -A trust -U postgres >/dev/null"), check=True)
    opts = f"-p {port} -k {run} -c listen_addresses=127.0.0.1 -c max_connections=200"
    ctl = f"'{bindir}/pg_ctl' -D '{data}'"
    subprocess.run(as_postgres(f"{ctl} -o '{opts}' -l '{run}/pg.log' -w start >/dev/null"), check=True)
    try:
        subprocess.run(
            [
                str(bindir / "psql"),
                "-h",
                "127.0.0.1",
                "-p",
                str(port),
                "-U",
                "postgres",
                "-qc",
                "CREATE DATABASE clubwhist",
            ],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        yield f"postgres://postgres@127.0.0.1:{port}/clubwhist"
    finally:
        subprocess.run(as_postgres(f"{ctl} -m fast -w stop >/dev/null 2>&1"), check=False)


@contextmanager
def process(args: list[str], env: dict[str, str], port: int, what: str, log: Path) -> Iterator[None]:
    """Start a server process, wait for its port, and stop it (by its own pid) on exit."""
    with log.open("wb") as out:
        proc = subprocess.Popen(args, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            wait_for_port(port, what)
            yield
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def broker(work: Path, mode: str) -> Iterator[str]:
    """Where standings recomputation goes: Redis (queued, no worker), or nowhere (eager, in the request)."""
    redis = shutil.which("redis-server")
    if mode == "eager" or redis is None:
        if mode != "eager":
            print("redis-server not installed: standings are recomputed in each request (eager)")
        yield ""
        return
    port = free_port()
    args = [redis, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    with process(args, dict(os.environ), port, "redis", work / "redis.log"):
        yield f"redis://127.0.0.1:{port}/0"


def setup_session(env: dict[str, str]) -> dict[str, object]:
    """Migrate and build the 50-table session through the services (in a child process)."""
    subprocess.run(
        [str(PYTHON), "manage.py", "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True
    )
    script = """
import datetime as dt, json, django
django.setup()
from tournaments.services import club as c, sessions as s, seating
club = c.club_create(name="Bench club", slug="bench")
session = s.session_create(club=club, date=dt.date(2026, 11, 1), title="Fifty tables")
people = [c.player_create(club=club, name=f"Player {i}") for i in range(1, 201)]
for a, b in zip(people[0::2], people[1::2]):
    s.entrant_create(session=session, players=[a, b])
seating.movement_fix(session=session, family="mitchell", variant="mod1")
session = s.session_start(session=session)
print(json.dumps({"session": session.pk, "movement": session.movement_json,
                  "tokens": {t.number: t.token for t in session.tables.all()}}))
"""
    out = subprocess.run(
        [str(PYTHON), "-c", script], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@dataclass
class Tally:
    """What the clients saw, shared between threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    codes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)

    def add(self, kind: str, seconds: float, problem: str = "") -> None:
        """Record one request."""
        with self.lock:
            self.latencies.append(seconds)
            self.codes[kind] += 1
            if problem:
                self.problems.append(problem)


class Phone:
    """One client: a keep-alive connection to the server, speaking the table page's JSON."""

    def __init__(self, port: int, token: str) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        self.path = f"/t/{token}/send"

    def send(self, body: dict[str, object]) -> tuple[int, dict[str, object], float]:
        """POST one send; returns the status, the JSON answer and the seconds it took."""
        data = json.dumps(body).encode()
        start = time.perf_counter()
        for attempt in (1, 2):
            try:
                self.conn.request("POST", self.path, body=data, headers={"Content-Type": "application/json"})
                response = self.conn.getresponse()
                raw = response.read()
                try:
                    answer = json.loads(raw or b"{}")
                except ValueError:
                    answer = {"error": raw[:200].decode(errors="replace")}
                return response.status, answer, time.perf_counter() - start
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()  # a dropped keep-alive: reconnect and retry with the same key
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


def table_plan(movement: dict[str, object], rounds: int, seed: int) -> dict[int, list[tuple[int, int, int]]]:
    """For each table, its (round, tray, N-S tricks) in order of play."""
    rng = random.Random(seed)
    plan: dict[int, list[tuple[int, int, int]]] = {}
    for rnd in movement["rounds"][:rounds]:  # type: ignore[index]
        for t in rnd["tables"]:
            for tray in t["trays"]:
                plan.setdefault(t["table"], []).append((rnd["round"], tray, rng.randint(0, 13)))
    return plan


def play_table(
    port: int,
    token: str,
    plan: list[tuple[int, int, int]],
    seat: int,
    gate: threading.Barrier,
    tally: Tally,
    rng: random.Random,
) -> None:
    """One of the two phones at a table: send every tray with the other phone, at the same moment."""
    phone = Phone(port, token)
    for rnd, tray, tricks in plan:
        key = secrets.token_hex(16)
        body = {"tray": tray, "ns_tricks": tricks, "round": rnd, "key": key}
        gate.wait(timeout=TIMEOUT)
        status, answer, seconds = phone.send(body)
        if status == 201:
            tally.add("stored (201)", seconds)
            if rng.random() < 0.05:
                status, answer, seconds = phone.send(body)
                ok = status == 200 and answer.get("replayed") is True
                tally.add(
                    "replayed (200)", seconds, "" if ok else f"replay of tray {tray}: {status} {answer}"
                )
        elif status == 409:
            stored = answer.get("stored") or {}
            ok = stored.get("ns_tricks") == tricks and answer.get("attempted") == {
                "ns_tricks": tricks,
                "ew_tricks": 13 - tricks,
            }
            tally.add("told, both values (409)", seconds, "" if ok else f"409 without both values: {answer}")
        else:
            tally.add(f"other ({status})", seconds, f"tray {tray} round {rnd} seat {seat}: {status} {answer}")
        gate.wait(timeout=TIMEOUT)  # both answered: the round is done at this table
    phone.conn.close()


def run_clients(
    port: int, tokens: dict[str, str], plan: dict[int, list[tuple[int, int, int]]]
) -> tuple[Tally, float]:
    """100 clients, two per table; returns what they saw and the wall-clock seconds."""
    tally = Tally()
    threads = []
    for table, items in sorted(plan.items()):
        gate = threading.Barrier(2)
        for seat in (1, 2):
            rng = random.Random(table * 10 + seat)
            threads.append(
                threading.Thread(
                    target=play_table,
                    daemon=True,
                    args=(port, tokens[str(table)], items, seat, gate, tally, rng),
                )
            )
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=3600)
    return tally, time.perf_counter() - start


def verify(env: dict[str, str], session: int, plan: dict[int, list[tuple[int, int, int]]]) -> dict[str, int]:
    """Compare the stored slip lines with what was sent: none lost, none doubled, none changed."""
    script = f"""
import json, django
django.setup()
from scoring.models import SlipLine
from tournaments.models import Session
lines = SlipLine.objects.filter(session_id={session})
rows = list(lines.values_list("table__number", "tray__number", "ns_tricks"))
print(json.dumps({{"rows": rows, "version": Session.objects.get(pk={session}).results_version}}))
"""
    out = subprocess.run(
        [str(PYTHON), "-c", script], env=env, cwd=ROOT, check=True, capture_output=True, text=True
    )
    data = json.loads(out.stdout.strip().splitlines()[-1])
    sent = {(table, tray): tricks for table, items in plan.items() for _, tray, tricks in items}
    stored = Counter((table, tray) for table, tray, _ in data["rows"])
    values = {(table, tray): tricks for table, tray, tricks in data["rows"]}
    return {
        "sent": len(sent),
        "stored": len(data["rows"]),
        "lost": sum(1 for k in sent if k not in stored),
        "doubled": sum(n - 1 for n in stored.values() if n > 1),
        "changed": sum(1 for k, v in sent.items() if k in values and values[k] != v),
        "strays": sum(1 for k in stored if k not in sent),
        "results_version": data["version"],
    }


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) of the values, in milliseconds."""
    return (
        statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1] * 1000 if len(values) > 1 else 0.0
    )


def report(tally: Tally, seconds: float, check: dict[str, int], args: argparse.Namespace, mode: str) -> bool:
    """Print the figures; True when nothing was lost, doubled or wrongly answered."""
    stored = tally.codes["stored (201)"]
    print(
        f"\n{TABLES} tables, {check['sent']} results, {CLIENTS} clients (two phones a table), "
        f"gunicorn {args.workers} workers x {args.threads} threads, PostgreSQL, standings {mode}"
    )
    print(f"  machine            {os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f} at the end")
    print(f"  wall time          {seconds:8.2f} s")
    print(
        f"  results per second {stored / seconds:8.1f}"
        f"   (requests per second {len(tally.latencies) / seconds:.1f})"
    )
    print(f"  latency p50        {percentile(tally.latencies, 50):8.1f} ms")
    print(f"  latency p99        {percentile(tally.latencies, 99):8.1f} ms")
    for kind, n in sorted(tally.codes.items()):
        print(f"  {kind:<25}{n:6d}")
    print(
        f"  stored lines {check['stored']} of {check['sent']} sent: "
        f"lost {check['lost']}, doubled {check['doubled']}, "
        f"changed {check['changed']}, strays {check['strays']}; results_version {check['results_version']}"
    )
    for problem in tally.problems[:10]:
        print("  PROBLEM:", problem)
    good = (
        not tally.problems
        and check["lost"] == check["doubled"] == check["changed"] == check["strays"] == 0
        and check["stored"] == check["sent"] == stored == check["results_version"]
    )
    print("  none lost or doubled" if good else "  FAILED: see above")
    return good


def main() -> int:
    """Start PostgreSQL, (Redis,) gunicorn; build the session; send everything; check; stop all."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50, help="rounds to play (50: the whole session)")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--standings", choices=["queued", "eager"], default="queued")
    parser.add_argument("--seed", type=int, default=1900)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="clubwhist-bench."))
    work.chmod(0o755)
    try:
        with postgres(work) as database_url, broker(work, args.standings) as broker_url:
            env = dict(
                os.environ,
                DATABASE_URL=database_url,
                CELERY_BROKER_URL=broker_url,
                DEBUG="0",
                SECRET_KEY=secrets.token_urlsafe(40),
                ALLOWED_HOSTS="127.0.0.1",
                SECURE_SSL_REDIRECT="0",
                LOG_LEVEL="WARNING",
                DJANGO_SETTINGS_MODULE="clubwhist.settings",
            )
            print("setting up: migrate, 100 pairs, Mitchell mod1 for 50 tables ...", flush=True)
            built = setup_session(env)
            plan = table_plan(built["movement"], args.rounds, args.seed)  # type: ignore[arg-type]
            port = free_port()
            gunicorn = [
                str(GUNICORN),
                "clubwhist.wsgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(args.workers),
                "--threads",
                str(args.threads),
                "--worker-class",
                "gthread",
                "--backlog",
                "256",
                "--timeout",
                "60",
                "--log-level",
                "warning",
            ]
            with process(gunicorn, env, port, "gunicorn", work / "gunicorn.log"):
                print(f"sending {sum(len(v) for v in plan.values())} results ...", flush=True)
                tally, seconds = run_clients(port, built["tokens"], plan)  # type: ignore[arg-type]
            mode = "queued to Redis (no worker)" if broker_url else "eager (in the request)"
            good = report(tally, seconds, verify(env, int(built["session"]), plan), args, mode)  # type: ignore[call-overload]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
