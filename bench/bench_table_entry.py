"""Table entry against the bare stack, under a burst, with standings that keep up.

The session: 100 pairs seated by the engine's Mitchell, first modification
for an even number of tables (pp. 32-33): 50 tables, 50 rounds, a tray a
table a round. Two phones sit at each table (100 clients, one thread each,
keep-alive HTTP on 127.0.0.1) and speak the phones' REST API as
``static/js/table.js`` does: each phone follows the table's N-S pair by a
pass of its own (the first said at the table's link who it is, the second
joined with the pair's code), and sends ``POST
/api/v1/entrant-links/<pass>/results/`` with an ``Idempotency-Key``. Round
by round the two phones at a table send the same tray at the same moment
with their own keys: one must be stored (201), the other told (409, with
both values). One send in twenty is then repeated with
its key, as a phone whose answer was lost would: it must store nothing new
(200). The bench then checks the database: none lost, doubled or changed.

One gunicorn serves both the app and a bare insert view (``bench/bare_urls.py``:
a DRF serializer and one row inserted), on the same PostgreSQL, driven by the
same client code. Every worker is warmed first (its URLs loaded, its database
connection open), so that no phase pays for a cold start. In order:

1. **bare**: the same 100 clients, sending the first ``--bare-rounds`` rounds to the bare view (closed loop);
   then **floor**: the same rounds, both phones of a table at once, to the floor send
   (``bench/bare_urls.py``: each phone by its own pass, its table this round, one row a table and
   tray kept once by the database's key, the twin told 409): the least a pass's send and its twin can
   cost on this stack,
   printed against the bare view and the app's send against it;
2. **send**: the first ``--rounds`` rounds of the session (closed loop; 16 by
   default, a phase of some seconds: with 8, two seconds, the same code's
   ratios went from run to run by a tenth either way): results
   per second against the bare view's requests per second, and server CPU per
   stored result against the bare view's CPU per row (then per request: a
   stored result is about two, the send and its twin's 409);
3. **open loop**: the next ``--open-rounds`` rounds with arrivals on a clock at
   half the send phase's requests per second, latency counted from each
   arrival's due time (four rounds, 400 arrivals, in either mode: with two,
   the p99 is the second slowest of 200 answers, and a single stall of the
   machine, now and then, decided it);
4. with ``--standings worker`` (the default when redis-server is installed) a
   real Celery worker on Redis runs during the whole bench: the time from a
   send's 201 to the first standings snapshot that includes it, how many
   recomputes ran, the most tasks waiting in the broker, and the worker's CPU.
   ``--standings eager`` (the laptop default: no broker) prints the send
   latency at the first 4 rounds and at rounds 23-26 instead.

Everything runs on loopback and is stopped on exit: a throw-away PostgreSQL
cluster (initdb in a temporary directory on a free port, as ``.ci/run`` does
but never its 55432; SQLite with a note when PostgreSQL is not installed),
Redis, the worker and gunicorn.

    python bench/bench_table_entry.py [--standings worker|eager] [--rounds N] [--open-rounds N] [--history N]
                                      [--nodes N]

``--nodes N`` (1 by default) starts N gunicorn servers on N ports, each of
``--workers`` processes, on the same PostgreSQL and the same Redis (the
broker and the cache: the standings' queued flag and lock and the throttles'
counts; with N > 1 Redis is started for the cache even with ``--standings
eager``), and (with the worker) one Celery worker beside them. Phone i talks to
node i mod N, so with two nodes or more the two phones of a table are on
different servers and every twin send races across processes. No state may
live in one process; at the end the bench proves, on any number of nodes:

* none lost or doubled (the database's check below);
* the standings' recomputes coalesced across the nodes (with the worker): a
  queued recompute starts ``STANDINGS_GATHER_SECONDS`` after the change that
  queued it and clears the shared flag only then, so at most one starts in
  each such interval and at most one waits in the broker, whichever node
  queued it: the recomputes run are at most the span of the sends over that
  interval, plus one, and the most seen waiting is 1 (a flag per process
  would queue one a send);
* the throttles count across the nodes: one address asks a public endpoint
  (``/api/v1/movements/``, scope ``public``, ``API_PUBLIC_RATE``, 300 a
  minute) one request at a time, alternating between the nodes, a tenth
  more requests than the rate allows (20 at least), all in one of its windows:
  the first 429 must be the request one past the rate, in total (a count per
  node, or per process, would let N times as many through).

Each check prints a line and, when it does not hold, makes the exit status 1.

``--history N`` puts N evenings of the club (100 pairs and 50 rounds each) in
the database before the session, as a season leaves it: a send must not cost
more for the evenings before it (a new club, 0, by default).

Each numbered figure is a goal of the entry issue: 1. results per second at
least half the bare view's requests per second, server CPU per stored result
at most twice the bare view's per row; 2. open-loop p99 under 200 ms; 3. 201
to snapshot p99 under 2 s; 5. eager send latency flat from 4 to 26 rounds.
(Goal 4, recompute against reading, is ``bench/bench_standings.py``'s.)
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
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent  # the virtual environment the bench runs in (make bench: .venv)
PYTHON = BIN / "python"
GUNICORN = BIN / "gunicorn"
CELERY = BIN / "celery"
PAIRS, TABLES, CLIENTS = 100, 50, 100
TIMEOUT = 30.0
BARE_PATH = "/bench/bare/"
FLOOR_PATH = "/bench/floor/{token}/"
TICK = os.sysconf("SC_CLK_TCK")

Plan = dict[int, list[tuple[int, int, int]]]  # table: [(round, tray, N-S tricks)] in order of play


def free_port() -> int:
    """A TCP port nobody listens on now, on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def pg_bin() -> Path | None:
    """The newest PostgreSQL server binaries installed, if any."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    return found[-1] if found and (found[-1] / "initdb").exists() else None


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


@dataclass
class Database:
    """Where the bench's data lives: its URL, and the server process whose CPU is counted (if any)."""

    url: str
    pid: int | None = None
    name: str = "PostgreSQL"


def start_postgres(work: Path, bindir: Path) -> tuple[Database, str]:
    """initdb and start a cluster, make the database; the database and the cluster's stop command."""
    data, run, port = work / "pg", work / "pgrun", free_port()
    for d in (data, run):  # the server's own: its data, its socket and its log
        d.mkdir()
        if os.geteuid() == 0:
            shutil.chown(d, "postgres")
    subprocess.run(as_postgres(f"'{bindir}/initdb' -D '{data}' -A trust -U postgres >/dev/null"), check=True)
    opts = f"-p {port} -k {run} -c listen_addresses=127.0.0.1 -c max_connections=200"
    ctl = f"'{bindir}/pg_ctl' -D '{data}'"
    stop = f"{ctl} -m fast -w stop >/dev/null 2>&1"
    subprocess.run(as_postgres(f"{ctl} -o '{opts}' -l '{run}/pg.log' -w start >/dev/null"), check=True)
    try:
        psql = [str(bindir / "psql"), "-h", "127.0.0.1", "-p", str(port), "-U", "postgres"]
        subprocess.run([*psql, "-qc", "CREATE DATABASE clubwhist"], check=True, stdout=subprocess.DEVNULL)
        pid = int((data / "postmaster.pid").read_text().split()[0])
    except BaseException:
        subprocess.run(as_postgres(stop), check=False)
        raise
    return Database(f"postgres://postgres@127.0.0.1:{port}/clubwhist", pid), stop


@contextmanager
def database(work: Path, wanted: str) -> Iterator[Database]:
    """A throw-away PostgreSQL cluster on loopback, or an SQLite file (with a note) when there is none."""
    bindir = pg_bin() if wanted == "postgres" else None
    started = None
    if bindir is not None:
        try:
            started = start_postgres(work, bindir)
        except (OSError, subprocess.CalledProcessError) as exc:
            print(f"NOTE: PostgreSQL did not start ({exc})")
    elif wanted == "postgres":
        print("NOTE: PostgreSQL is not installed")
    if started is None:
        print("NOTE: SQLite instead, one gunicorn worker: figures not comparable with PostgreSQL's")
        yield Database(f"sqlite:///{work / 'bench.sqlite3'}", None, "SQLite")
        return
    try:
        yield started[0]
    finally:
        subprocess.run(as_postgres(started[1]), check=False)


@contextmanager
def process(args: list[str], env: dict[str, str], port: int | None, what: str, log: Path) -> Iterator[int]:
    """Start a process, wait for its port (if any), yield its pid, and stop it (by that pid) on exit."""
    with log.open("wb") as out:
        proc = subprocess.Popen(args, env=env, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        try:
            if port is not None:
                wait_for_port(port, what)
            yield proc.pid
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


@contextmanager
def redis_server(work: Path, wanted: bool) -> Iterator[str]:
    """Redis on loopback when wanted (``--standings worker``'s broker, the nodes' one cache); else
    nothing (with a note when wanted but not there: standings eager, a cache per process)."""
    redis = shutil.which("redis-server")
    if not wanted:
        yield ""
        return
    port, stack = free_port(), ExitStack()
    args = [str(redis), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    try:
        if redis is None:
            raise RuntimeError("redis-server is not installed")
        stack.enter_context(process(args, dict(os.environ), port, "redis", work / "redis.log"))
    except (OSError, RuntimeError) as exc:
        print(f"NOTE: {exc}: no worker, standings eager (the laptop default), a cache per process")
        yield ""
        return
    with stack:
        yield f"redis://127.0.0.1:{port}"


def cpu_seconds(pid: int | None) -> float:
    """CPU a process and all its descendants have used, the reaped ones included (from /proc)."""
    if pid is None:
        return 0.0
    parents: dict[int, list[int]] = {}
    stats: dict[int, list[str]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2 :].split()
        stats[int(entry)] = fields
        parents.setdefault(int(fields[1]), []).append(int(entry))
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        if p in stats:  # utime, stime, and the same of its reaped children
            total += sum(int(x) for x in stats[p][11:15])
        todo.extend(parents.get(p, []))
    return total / TICK


def setup_session(env: dict[str, str], history: int = 0) -> dict[str, Any]:
    """Migrate and build the 50-table session through the services (in a child process); with
    ``history``, that many evenings of the club before it (each with its 100 pairs and 50 rounds,
    written in bulk), as a club's database holds after a season."""
    subprocess.run(
        [str(PYTHON), "manage.py", "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True
    )
    script = """
import datetime as dt, json, django
django.setup()
from tournaments.services import club as c, sessions as s, seating
club = c.club_create(name="Bench club", slug="bench")
from tournaments.models import Entrant, Round, Session
before = Session.objects.bulk_create(
    Session(club=club, date=dt.date(2026, 1, 1) + dt.timedelta(days=7 * n), title=f"Evening {n}")
    for n in range(HISTORY)
)
Entrant.objects.bulk_create(Entrant(session=s, number=n) for s in before for n in range(1, 101))
Round.objects.bulk_create(Round(session=s, number=n) for s in before for n in range(1, 51))
session = s.session_create(club=club, date=dt.date(2026, 11, 1), title="Fifty tables")
people = [c.player_create(club=club, name=f"Player {i}") for i in range(1, 201)]
for a, b in zip(people[0::2], people[1::2]):
    s.entrant_create(session=session, players=[a, b])
seating.movement_fix(session=session, family="mitchell", variant="mod1")
session = s.session_start(session=session)
from django.db import connection
from bench.bare_urls import FLOOR_TABLE_SQL
from tournaments.models import Seating
from tournaments.services.phones import phone_claim
with connection.cursor() as cursor:
    cursor.execute(FLOOR_TABLE_SQL)
passes = {}
for seating in Seating.objects.filter(round__session=session, round__number=1).select_related("table", "ns"):
    table, number = seating.table, seating.ns.number
    first = phone_claim(table=table, number=number, device=f"a{table.number}")
    code = first.link.__class__.objects.get(pk=first.link_id).join_code
    second = phone_claim(table=table, number=number, device=f"b{table.number}", code=code)
    passes[seating.table.number] = [first.token, second.token]
from django.conf import settings
print(json.dumps({"club": club.pk, "session": session.pk, "movement": session.movement_json,
                  "tokens": {t.number: t.token for t in session.tables.all()}, "passes": passes,
                  "public_rate": settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["public"],
                  "gather": settings.STANDINGS_GATHER_SECONDS}))
"""
    out = subprocess.run(
        [str(PYTHON), "-c", script.replace("HISTORY", str(history))],
        env=env,
        cwd=ROOT,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


@dataclass
class Tally:
    """What the clients saw in one phase, shared between threads."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    latencies: list[float] = field(default_factory=list)
    by_round: dict[int, list[float]] = field(default_factory=dict)
    codes: Counter[str] = field(default_factory=Counter)
    problems: list[str] = field(default_factory=list)
    #: (tray, N-S pair) of each stored line: the perf_counter time its 201 arrived.
    stored_at: dict[tuple[int, int], float] = field(default_factory=dict)
    seconds: float = 0.0
    cpu: dict[str, float] = field(default_factory=dict)
    #: perf_counter times the phase started and ended.
    started: float = 0.0
    ended: float = 0.0
    #: (node's port, status): how many answers of that status that node gave.
    nodes: Counter[tuple[int, int]] = field(default_factory=Counter)

    def at_node(self, port: int, status: int) -> None:
        """Count one answer of a node."""
        with self.lock:
            self.nodes[(port, status)] += 1

    def add(self, kind: str, seconds: float, rnd: int, problem: str = "") -> None:
        """Record one request."""
        with self.lock:
            self.latencies.append(seconds)
            self.by_round.setdefault(rnd, []).append(seconds)
            self.codes[kind] += 1
            if problem:
                self.problems.append(problem)

    @property
    def stored(self) -> int:
        """Results stored (201) in this phase."""
        return self.codes["stored (201)"] + self.codes["bare row (201)"] + self.codes["floor line (201)"]


class Phone:
    """One client: a keep-alive connection to the server, speaking the table page's JSON."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def ask(self, method: str, path: str, data: bytes | None, headers: dict[str, str]) -> tuple[int, bytes]:
        """One request; the status and the raw answer."""
        for attempt in (1, 2):
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                return response.status, response.read()
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()  # a dropped keep-alive: reconnect and retry (a send with the same key)
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")

    def send(self, path: str, body: dict[str, object], key: str) -> tuple[int, dict[str, Any]]:
        """POST one send with its Idempotency-Key; the status and the JSON answer."""
        headers = {"Content-Type": "application/json", "Idempotency-Key": key}
        status, raw = self.ask("POST", path, json.dumps(body).encode(), headers)
        try:
            answer = json.loads(raw or b"{}")
        except ValueError:
            answer = {"error": raw[:200].decode(errors="replace")}
        return status, answer


def table_plan(movement: dict[str, Any], first: int, last: int, seed: int) -> Plan:
    """For each table, its (round, tray, N-S tricks) in order of play, rounds first..last."""
    rng = random.Random(seed)
    plan: Plan = {}
    for rnd in movement["rounds"]:
        if first <= rnd["round"] <= last:
            for t in rnd["tables"]:
                for tray in t["trays"]:
                    plan.setdefault(t["table"], []).append((rnd["round"], tray, rng.randint(0, 13)))
    return plan


def judge(
    tally: Tally, path: str, sent: tuple[int, int, int], status: int, answer: dict[str, Any], seconds: float
) -> None:
    """Count one answer, and note it as a problem unless it is what that answer must be."""
    rnd, tray, tricks = sent
    if path == BARE_PATH:
        tally.add(
            "bare row (201)" if status == 201 else f"other ({status})",
            seconds,
            rnd,
            "" if status == 201 else f"bare: {status} {answer}",
        )
    elif status == 201 and path.startswith("/bench/floor/"):
        tally.add("floor line (201)", seconds, rnd)
    elif status == 201:
        tally.add("stored (201)", seconds, rnd)
        with tally.lock:
            tally.stored_at[(tray, int(answer["line"]["ns"]))] = time.perf_counter()
    elif status == 409:
        stored = answer.get("stored") or {}
        ok = stored.get("ns_tricks") == tricks and answer.get("attempted") == {
            "ns_tricks": tricks,
            "ew_tricks": 13 - tricks,
        }
        tally.add("told, both values (409)", seconds, rnd, "" if ok else f"409 without both values: {answer}")
    else:
        tally.add(f"other ({status})", seconds, rnd, f"tray {tray} round {rnd}: {status} {answer}")


def play_table(
    port: int, path: str, items: list[tuple[int, int, int]], gate: threading.Barrier, tally: Tally, seed: int
) -> None:
    """One of the two phones at a table: send every tray with the other phone, at the same moment."""
    phone, rng = Phone(port), random.Random(seed)
    for rnd, tray, tricks in items:
        key = secrets.token_hex(16)
        body = {"tray": tray, "ns_tricks": tricks, "round": rnd}
        gate.wait(timeout=TIMEOUT)
        start = time.perf_counter()
        status, answer = phone.send(path, body, key)
        judge(tally, path, (rnd, tray, tricks), status, answer, time.perf_counter() - start)
        tally.at_node(port, status)
        if status == 201 and path != BARE_PATH and rng.random() < 0.05:
            start = time.perf_counter()
            status, answer = phone.send(path, body, key)
            tally.at_node(port, status)
            ok = status == 200 and answer.get("replayed") is True
            problem = "" if ok else f"replay of tray {tray}: {status} {answer}"
            tally.add("replayed (200)", time.perf_counter() - start, rnd, problem)
        gate.wait(timeout=TIMEOUT)  # both answered: the round is done at this table
    phone.conn.close()


def warm_up(port: int, requests: int = 120) -> None:
    """Before any phase: every gunicorn worker has loaded the app's URLs and opened its database
    connection (a cold worker's first request would count against whichever phase came first)."""

    def ask(_: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)
        conn.request("GET", "/healthz")
        conn.getresponse().read()
        conn.request("POST", BARE_PATH, body=b"{}", headers={"Content-Type": "application/json"})
        conn.getresponse().read()  # a 400: the serializer's path, no row
        conn.close()

    with ThreadPoolExecutor(max_workers=24) as pool:
        list(pool.map(ask, range(requests)))


def run_phase(pids: dict[str, list[int | None]], phase: Callable[[], Tally]) -> Tally:
    """Run a phase, timing it: the wall clock, and each server's CPU (all its nodes')."""
    before = {name: sum(cpu_seconds(pid) for pid in group) for name, group in pids.items()}
    start = time.perf_counter()
    tally = phase()
    tally.started, tally.ended = start, time.perf_counter()
    tally.seconds = tally.ended - start
    tally.cpu = {name: sum(cpu_seconds(pid) for pid in group) - before[name] for name, group in pids.items()}
    return tally


@contextmanager
def nothing() -> Iterator[None]:
    """No process: the worker of an eager run."""
    yield None


def send_path(passes: dict[str, list[str]], table: int, seat: int) -> str:
    """The app's send of the phone in this seat (1 or 2) at this table: through its own pass."""
    return f"/api/v1/entrant-links/{passes[str(table)][seat - 1]}/results/"


def node_port(ports: list[int], table: int, seat: int) -> int:
    """The node a phone talks to: phone i (seat 1 or 2 at a table, two a table) to node i mod N, so
    that with two nodes or more the two phones of a table send to different servers."""
    return ports[(2 * (table - 1) + seat - 1) % len(ports)]


def closed_loop(
    ports: list[int], tokens: dict[str, str], passes: dict[str, list[str]], plan: Plan, to: str
) -> Tally:
    """100 clients, two per table, each sending (to its node) as soon as its table's last send was
    answered; ``to`` the bare view, the floor send, or the app's send."""
    tally, threads = Tally(), []
    for table, items in sorted(plan.items()):
        gate = threading.Barrier(2)
        for seat in (1, 2):
            floor = FLOOR_PATH.format(token=passes[str(table)][seat - 1])  # the phone's own pass
            path = {"bare": BARE_PATH, "floor": floor}.get(to)
            path = path or send_path(passes, table, seat)
            args = (node_port(ports, table, seat), path, items, gate, tally, table * 10 + seat)
            threads.append(threading.Thread(target=play_table, daemon=True, args=args))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    return tally


def open_loop(ports: list[int], passes: dict[str, list[str]], plan: Plan, rate: float) -> Tally:
    """Arrivals on a clock, ``rate`` a second, whatever the answers: both phones of a table, round by round.

    Latency runs from each arrival's due time, so a server that falls behind
    shows it (no coordinated omission); 100 client threads take the arrivals,
    each sending to the phone's node (a connection to each node a thread).
    """
    tally, local = Tally(), threading.local()
    arrivals = []
    rounds = max(len(items) for items in plan.values())
    for i in range(rounds):
        for table, items in sorted(plan.items()):
            if i < len(items):
                arrivals.extend([(table, 1, items[i]), (table, 2, items[i])])

    def send(due: float, table: int, seat: int, sent: tuple[int, int, int]) -> None:
        port = node_port(ports, table, seat)
        phones = local.__dict__.setdefault("phones", {})  # this thread's connections, one a node
        if port not in phones:
            phones[port] = Phone(port)
        phone = phones[port]
        rnd, tray, tricks = sent
        path = send_path(passes, table, seat)
        status, answer = phone.send(
            path, {"tray": tray, "ns_tricks": tricks, "round": rnd}, secrets.token_hex(16)
        )
        judge(tally, path, sent, status, answer, time.perf_counter() - due)
        tally.at_node(port, status)

    with ThreadPoolExecutor(max_workers=CLIENTS) as pool:
        start = time.perf_counter()
        for n, (table, seat, sent) in enumerate(arrivals):
            due = start + n / rate
            time.sleep(max(0.0, due - time.perf_counter()))
            pool.submit(send, due, table, seat, sent)
    return tally


class SnapshotWatcher(threading.Thread):
    """Watch the session's newest standings snapshot (every 20 ms) and note when each line first shows in one.

    Also counts the most recomputes waiting in the broker's queue.
    """

    def __init__(self, database_url: str, session: int, broker_url: str) -> None:
        super().__init__(daemon=True)
        import redis

        if database_url.startswith("sqlite:///"):
            self.db: Any = sqlite3.connect(database_url.removeprefix("sqlite:///"), check_same_thread=False)
            self.mark = "?"
        else:
            import psycopg2  # the app's own driver, in the same virtual environment

            self.db = psycopg2.connect(database_url)
            self.db.autocommit = True
            self.mark = "%s"
        self.broker = redis.Redis.from_url(broker_url)
        self.session, self.last_id = session, 0
        self.first_seen: dict[tuple[int, int], float] = {}
        self.snapshots, self.most_waiting = 0, 0
        self.stopping = threading.Event()

    def look(self) -> None:
        """One look at the newest snapshot and the broker's queue."""
        waiting = self.broker.lrange("celery", 0, -1)  # the hand records' task, if any, is not counted
        self.most_waiting = max(self.most_waiting, sum(b"recompute_standings" in m for m in waiting))
        cur = self.db.cursor()
        cur.execute(
            f"SELECT id, scores FROM scoring_scoresnapshot WHERE session_id = {self.mark} "
            f"AND id > {self.mark} ORDER BY id DESC LIMIT 1",
            (self.session, self.last_id),
        )
        row = cur.fetchone()
        cur.close()
        if row is None:
            return
        seen = time.perf_counter()
        self.last_id, scores = row[0], row[1] if isinstance(row[1], dict) else json.loads(row[1])
        self.snapshots += 1
        for deal in scores["deals"]:
            for entrant in deal["scores"]:
                self.first_seen.setdefault((int(deal["deal"]), int(entrant)), seen)

    def run(self) -> None:
        """Look until told to stop."""
        while not self.stopping.is_set():
            self.look()
            time.sleep(0.02)

    def wait_for(self, keys: set[tuple[int, int]], seconds: float = 60.0) -> bool:
        """Wait until every line has shown in a snapshot; then stop watching."""
        end = time.monotonic() + seconds
        while time.monotonic() < end and not keys <= self.first_seen.keys():
            time.sleep(0.05)
        self.stopping.set()
        self.join()
        self.db.close()
        return keys <= self.first_seen.keys()


def verify(env: dict[str, str], session: int, plan: Plan) -> dict[str, int]:
    """Compare the stored slip lines with what was sent: none lost, none doubled, none changed."""
    script = f"""
import json, django
django.setup()
from scoring.models import SlipLine
from tournaments.selectors import slips_version
lines = SlipLine.objects.filter(session_id={session})
rows = list(lines.values_list("table__number", "tray__number", "ns_tricks"))
print(json.dumps({{"rows": rows, "version": slips_version(session_id={session})}}))
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


def ms(values: list[float], q: int) -> float:
    """The q-th percentile (1-99) of the values, in milliseconds."""
    if len(values) < 2:
        return values[0] * 1000 if values else 0.0
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] * 1000


def latency(tally: Tally) -> str:
    """p50 and p99 of a phase."""
    return f"p50 {ms(tally.latencies, 50):7.1f} ms, p99 {ms(tally.latencies, 99):7.1f} ms"


def phase_line(name: str, tally: Tally) -> None:
    """One phase: its requests, rows, rates and latency."""
    n = len(tally.latencies)
    print(
        f"  {name:<10} {n:5d} requests in {tally.seconds:6.1f} s: {n / tally.seconds:6.1f} requests/s, "
        f"{tally.stored / tally.seconds:6.1f} stored/s; {latency(tally)}"
    )
    for kind, count in sorted(tally.codes.items()):
        print(f"  {'':<10}   {kind:<25}{count:6d}")


def cpu_per(tally: Tally, names: tuple[str, ...]) -> float:
    """CPU milliseconds of the named servers per row stored in a phase."""
    return 1000 * sum(tally.cpu.get(n, 0.0) for n in names) / max(tally.stored, 1)


def report(
    phases: dict[str, Tally], check: dict[str, int], args: argparse.Namespace, setting: dict[str, Any]
) -> bool:
    """Print each goal's figures and ratios; True when nothing was lost, doubled or wrongly answered."""
    bare, send, burst = phases["bare"], phases["send"], phases.get("open")
    print(
        f"\n{TABLES} tables, {CLIENTS} clients (two phones a table), {args.nodes} gunicorn node(s) of "
        f"{args.workers} workers x {args.threads} threads, {setting['database']}, "
        f"standings {setting['standings']}" + (f", {args.history} evenings before" if args.history else "")
    )
    print(
        f"  machine    {os.cpu_count()} CPUs, load average {setting['load']} before, "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} after"
    )
    for name, tally in phases.items():
        phase_line(name, tally)
    servers = ("gunicorn", "database")
    rate, bare_rate = send.stored / send.seconds, len(bare.latencies) / bare.seconds
    print(
        f"1. results/s {rate:.1f} against the bare view's requests/s {bare_rate:.1f}: "
        f"ratio {rate / bare_rate:.2f} (goal >= 0.50)"
    )
    app_cpu, bare_cpu = cpu_per(send, servers), cpu_per(bare, servers)
    print(
        f"   server CPU per stored result {app_cpu:.1f} ms (gunicorn {cpu_per(send, servers[:1]):.1f}, "
        f"database {cpu_per(send, servers[1:]):.1f}) against the bare view's {bare_cpu:.1f} ms a row "
        f"(gunicorn {cpu_per(bare, servers[:1]):.1f}, database {cpu_per(bare, servers[1:]):.1f}): "
        f"ratio {app_cpu / max(bare_cpu, 1e-9):.2f} (goal <= 2)"
    )
    asked = len(send.latencies) / max(send.stored, 1)
    print(
        f"   a stored result is {asked:.2f} requests (the send, its twin's 409, a replay now and then): "
        f"{app_cpu / asked:.1f} ms a request against the bare view's {bare_cpu:.1f}, "
        f"ratio {app_cpu / asked / max(bare_cpu, 1e-9):.2f}"
    )
    floor = phases.get("floor")
    if floor is not None and floor.stored:
        floor_rate, floor_cpu = floor.stored / floor.seconds, cpu_per(floor, servers)
        print(
            f"   the floor (the least a pass's send and its twin can do: bench/bare_urls.py): results/s "
            f"{floor_rate:.1f}, ratio {floor_rate / bare_rate:.2f}; CPU per result {floor_cpu:.1f} ms "
            f"(gunicorn {cpu_per(floor, servers[:1]):.1f}, database {cpu_per(floor, servers[1:]):.1f}), "
            f"ratio {floor_cpu / max(bare_cpu, 1e-9):.2f}"
        )
        print(
            f"   the send against the floor: results/s ratio {rate / floor_rate:.2f}, "
            f"CPU per result ratio {app_cpu / max(floor_cpu, 1e-9):.2f}"
        )
    if setting.get("worker_cpu") is not None:
        print("   (the worker's recomputes run meanwhile on the same cores; their database CPU counts above)")
    if burst is not None:
        print(
            f"2. open loop at {setting['open_rate']:.1f} requests/s (half of the send phase's "
            f"{len(send.latencies) / send.seconds:.1f}): {latency(burst)} (goal p99 < 200 ms)"
        )
    if setting.get("lags") is not None:
        lags, total = setting["lags"], send.stored + (burst.stored if burst else 0)
        print(
            f"3. from a send's 201 to a snapshot that includes it, {len(lags)} of {total} lines seen: "
            f"p50 {ms(lags, 50):.0f} ms, p99 {ms(lags, 99):.0f} ms, max {max(lags, default=0) * 1000:.0f} ms "
            "(goal p99 < 2000 ms)"
        )
        print(
            f"   recomputes run {setting['recomputes']} for {total} results "
            f"({setting['snapshots']} snapshots seen); most recomputes waiting in the broker "
            f"{setting['most_waiting']}; "
            f"one worker (solo pool): at most one in flight; worker CPU {setting['worker_cpu']:.1f} s "
            f"({1000 * setting['worker_cpu'] / max(total, 1):.1f} ms a result)"
        )
    else:
        early = [x for r in range(1, 5) for x in send.by_round.get(r, [])]
        last = max(send.by_round, default=0)
        late = [x for r in range(last - 3, last + 1) for x in send.by_round.get(r, [])]
        print(
            f"5. eager, send latency at rounds 1-4: p50 {ms(early, 50):.1f} ms, p99 {ms(early, 99):.1f} ms; "
            f"at rounds {last - 3}-{last}: p50 {ms(late, 50):.1f} ms, p99 {ms(late, 99):.1f} ms "
            f"(ratio of p50s {ms(late, 50) / max(ms(early, 50), 1e-9):.2f})"
        )
    stored = send.codes["stored (201)"] + (burst.codes["stored (201)"] if burst else 0)
    print(
        f"   stored lines {check['stored']} of {check['sent']} sent: "
        f"lost {check['lost']}, doubled {check['doubled']}, "
        f"changed {check['changed']}, strays {check['strays']}; results_version {check['results_version']}"
    )
    problems = [p for t in phases.values() for p in t.problems]
    for problem in problems[:10]:
        print("  PROBLEM:", problem)
    good = (
        not problems
        and check["lost"] == check["doubled"] == check["changed"] == check["strays"] == 0
        and check["stored"] == check["sent"] == stored == check["results_version"]
    )
    print("   none lost or doubled" if good else "   FAILED: see above")
    return good


def environment(db: Database, redis_url: str, broker: bool) -> dict[str, str]:
    """The servers' environment: the app's settings with the bare view, and no table throttle in the way.

    Redis, when there is one, is the cache of every node and the worker (db 1: the standings' flag
    and lock, the throttles' counts) and, with a worker, the broker (db 0). The public throttle keeps
    the settings' rate: the throttle phase runs against it.
    """
    return dict(
        os.environ,
        DATABASE_URL=db.url,
        CELERY_BROKER_URL=f"{redis_url}/0" if broker else "",
        CACHE_URL=f"{redis_url}/1" if redis_url else "",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(40),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="bench.bare_settings",
        PYTHONPATH=str(ROOT),
        PYTHONUNBUFFERED="1",
        API_TABLE_RATE="1000000/min",  # the table throttle (120/min a phone) would measure itself
    )


THROTTLED_PATH = "/api/v1/movements/"  # a public endpoint: scope "public", counted by address
PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def rate_of(rate: str) -> tuple[int, int]:
    """A throttle's rate ("300/min") as DRF reads it: (requests, seconds)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


@dataclass
class Throttled:
    """The throttle phase: the rate, each request's node (port) and status in order, and whether all
    fell in one of the rate's windows."""

    rate: str
    answers: list[tuple[int, int]] = field(default_factory=list)
    one_window: bool = True


def throttle_phase(ports: list[int], rate: str) -> Throttled:
    """One address asks a public endpoint past its rate, one request at a time, alternating between the
    nodes, all within one of the rate's windows (waiting for the next if this one ends within 10 s)."""
    allowed, seconds = rate_of(rate)
    left = seconds - time.time() % seconds
    if left < 10:
        time.sleep(left + 0.05)
    window, phones, result = time.time() // seconds, [Phone(port) for port in ports], Throttled(rate)
    for i in range(allowed + max(20, allowed // 10)):
        phone = phones[i % len(phones)]
        status, _ = phone.ask("GET", THROTTLED_PATH, None, {})
        result.answers.append((phone.port, status))
    result.one_window = time.time() // seconds == window
    for phone in phones:
        phone.conn.close()
    return result


def throttle_report(result: Throttled, ports: list[int], shared: bool) -> bool:
    """The throttle phase's lines; True when the first 429 is the request one past the rate, in total.

    ``shared``: the cache is Redis; without it each gunicorn worker counts its own (each node's
    connection here is one worker's), which one node cannot show and more than one must fail.
    """
    allowed, _ = rate_of(result.rate)
    statuses = [status for _, status in result.answers]
    first = next((n for n, status in enumerate(statuses, 1) if status == 429), None)
    good = result.one_window and statuses == [200] * allowed + [429] * (len(statuses) - allowed)
    print(
        f"   throttle (public, {result.rate} an address): {len(statuses)} requests one at a time, "
        f"alternating between {len(ports)} node(s): first 429 at request {first or 'none'} (the rate sets "
        f"{allowed + 1} in total"
        + (f"; counted per node it would be {len(ports) * allowed + 1})" if len(ports) > 1 else ")")
    )
    if not shared:
        print("   NOTE: no Redis, a cache per process: each gunicorn worker counts on its own")
    for n, port in enumerate(ports, 1):
        mine = Counter(status for p, status in result.answers if p == port)
        others = ", ".join(
            f"{count} answered {status}" for status, count in mine.items() if status not in (200, 429)
        )
        print(
            f"     node {n}: {mine[200]} let through, {mine[429]} refused (429)"
            + (f", {others}" if others else "")
        )
    if not result.one_window:
        print("   FAILED: the requests ran into the rate's next window: not judged")
    print("   the throttle counts as one" if good else "   FAILED: the throttle does not count as one")
    return good


def coalescing_report(phases: dict[str, Tally], setting: dict[str, Any]) -> bool:
    """The recomputes against what one shared queued flag allows; True when within it.

    The flag is set when a recompute is queued and cleared when it starts, no sooner than
    ``STANDINGS_GATHER_SECONDS`` later: so one recompute at most starts in each such interval,
    and at most one ever waits in the broker, whichever node queued it.
    """
    if setting.get("recomputes") is None:
        print("   coalescing: no worker (standings eager): no recompute is queued")
        return True
    sends = [phases[name] for name in ("send", "open") if name in phases]
    span, results = sends[-1].ended - sends[0].started, sum(t.stored for t in sends)
    gather, recomputes, waiting = float(setting["gather"]), setting["recomputes"], setting["most_waiting"]
    bound = min(results, int(span / gather) + 1) if gather > 0 else results
    print(
        f"   coalescing: {recomputes} recomputes run ({setting['received']} received by the worker) for "
        f"{results} results over {span:.1f} s of sends ({recomputes / max(span, 1e-9):.2f} a second); one "
        f"shared queued flag starts at most one each {gather:g} s: at most {bound}; most recomputes waiting "
        f"in the broker at once {waiting} (one flag: at most 1; a flag per process: one a send)"
    )
    good = recomputes <= bound and waiting <= 1
    print(
        "   the recomputes coalesced (one flag for every node)"
        if good
        else "   FAILED: more than one flag lets"
    )
    return good


def nodes_report(
    phases: dict[str, Tally], ports: list[int], setting: dict[str, Any], throttled: Throttled
) -> bool:
    """How the sends fell on the nodes, then the coalescing and throttle checks; True when both hold."""
    counts: Counter[tuple[int, int]] = Counter()
    for name in ("send", "open"):
        counts.update(phases[name].nodes if name in phases else {})
    where = (
        "the two phones of a table on different nodes" if len(ports) > 1 else "both phones of a table on it"
    )
    print(f"{len(ports)} node(s), {where}:")
    for n, port in enumerate(ports, 1):
        mine = sorted((status, count) for (p, status), count in counts.items() if p == port)
        print(
            f"   node {n} (port {port}), send and open loop: "
            + ", ".join(f"{c} answered {s}" for s, c in mine)
        )
    good = coalescing_report(phases, setting)
    return throttle_report(throttled, ports, bool(setting["redis"])) and good


@dataclass
class Nodes:
    """What serves the bench: the nodes' ports and gunicorn pids, the worker's pid (None without a
    broker), the database and Redis ("" without)."""

    ports: list[int]
    webs: list[int]
    worker: int | None
    db: Database
    redis_url: str

    @property
    def pids(self) -> dict[str, list[int | None]]:
        """The servers whose CPU a phase counts: every node's gunicorn, and the database."""
        return {"gunicorn": list(self.webs), "database": [self.db.pid]}


WORKER = [
    str(CELERY),
    "-A",
    "clubwhist",
    "worker",
    "--loglevel=info",
    "--pool=solo",
    "--concurrency=1",
    "--without-heartbeat",
    "--without-gossip",
    "--without-mingle",
]


def gunicorn_command(port: int, args: argparse.Namespace) -> list[str]:
    """One node: gunicorn serving the app (and the bench's views) on this port."""
    return [
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


def free_ports(n: int) -> list[int]:
    """n different free ports."""
    ports: list[int] = []
    while len(ports) < n:
        port = free_port()
        if port not in ports:
            ports.append(port)
    return ports


@contextmanager
def servers(
    env: dict[str, str], args: argparse.Namespace, work: Path, db: Database, redis_url: str, worker: bool
) -> Iterator[Nodes]:
    """The nodes (gunicorn on a port each, a log each) and, with a broker, one Celery worker beside them."""
    ports = free_ports(args.nodes)
    with ExitStack() as stack:
        webs = [
            stack.enter_context(
                process(gunicorn_command(port, args), env, port, f"gunicorn {n}", work / f"gunicorn{n}.log")
            )
            for n, port in enumerate(ports, 1)
        ]
        pid = None
        if worker:
            worker_env = dict(env, CELERY_LOG_LEVEL="INFO")
            pid = stack.enter_context(process(WORKER, worker_env, None, "worker", work / "worker.log"))
        yield Nodes(ports, webs, pid, db, redis_url)


def plans_of(movement: dict[str, Any], args: argparse.Namespace) -> dict[str, Plan]:
    """Each phase's trays: the send's rounds, the open loop's after them, the bare view's among the first."""
    rounds = args.rounds
    return {
        "send": table_plan(movement, 1, rounds, args.seed),
        "open": table_plan(movement, rounds + 1, rounds + args.open_rounds, args.seed + 1),
        "bare": table_plan(movement, 1, min(args.bare_rounds, rounds), args.seed + 2),
    }


def run_phases(
    nodes: Nodes, built: dict[str, Any], plans: dict[str, Plan], setting: dict[str, Any]
) -> dict[str, Tally]:
    """Warm every node, then bare, floor, send and (with open rounds) the open loop, in order."""
    ports, pids, tokens, passes = nodes.ports, nodes.pids, built["tokens"], built["passes"]
    for port in ports:
        warm_up(port)
    phases: dict[str, Tally] = {}
    bare = sum(len(v) for v in plans["bare"].values())
    print(f"bare view: {bare * 2} requests ...", flush=True)
    phases["bare"] = run_phase(pids, lambda: closed_loop(ports, tokens, passes, plans["bare"], "bare"))
    print(f"floor send: {bare} results ...", flush=True)
    phases["floor"] = run_phase(pids, lambda: closed_loop(ports, tokens, passes, plans["bare"], "floor"))
    print(f"send: {sum(len(v) for v in plans['send'].values())} results, closed loop ...", flush=True)
    phases["send"] = run_phase(pids, lambda: closed_loop(ports, tokens, passes, plans["send"], "send"))
    if plans["open"]:
        rate = len(phases["send"].latencies) / phases["send"].seconds / 2
        setting["open_rate"] = rate
        n = sum(len(v) for v in plans["open"].values())
        print(f"open loop: {n} results, {2 * n} arrivals at {rate:.1f}/s ...", flush=True)
        phases["open"] = run_phase(pids, lambda: open_loop(ports, passes, plans["open"], rate))
    return phases


def standings_figures(watcher: SnapshotWatcher, phases: dict[str, Tally]) -> dict[str, Any]:
    """Wait until every stored line has shown in a snapshot: the lags from each 201, what the watcher saw."""
    stored_at = {k: v for t in phases.values() for k, v in t.stored_at.items()}
    watcher.wait_for(set(stored_at))
    lags = [max(0.0, watcher.first_seen[k] - t) for k, t in stored_at.items() if k in watcher.first_seen]
    return {"lags": lags, "snapshots": watcher.snapshots, "most_waiting": watcher.most_waiting}


def measure(
    nodes: Nodes, built: dict[str, Any], plans: dict[str, Plan], setting: dict[str, Any]
) -> tuple[dict[str, Tally], Throttled]:
    """Every phase against the running servers: the entry phases (watched for standings, with a worker),
    then the throttle phase."""
    watcher, worker_before = None, cpu_seconds(nodes.worker)
    if nodes.worker:
        watcher = SnapshotWatcher(nodes.db.url, int(built["session"]), f"{nodes.redis_url}/0")
        watcher.start()
    phases = run_phases(nodes, built, plans, setting)
    if watcher is not None:
        setting.update(
            standings_figures(watcher, phases), worker_cpu=cpu_seconds(nodes.worker) - worker_before
        )
    allowed, _ = rate_of(built["public_rate"])
    print(f"throttle: {allowed + max(20, allowed // 10)} requests to {THROTTLED_PATH} ...", flush=True)
    return phases, throttle_phase(nodes.ports, built["public_rate"])


def worker_log_counts(log: Path) -> tuple[int, int]:
    """The standings recomputes the worker received, and those it ran (its log, once it has stopped)."""
    lines = [line for line in log.read_text(errors="replace").splitlines() if "recompute_standings" in line]
    return sum(1 for line in lines if "received" in line), sum(1 for line in lines if "succeeded" in line)


def bench(
    args: argparse.Namespace, work: Path, db: Database, redis_url: str, setting: dict[str, Any]
) -> bool:
    """Build the session, start the nodes and the worker, run every phase, then check and report."""
    if db.pid is None:
        args.workers = 1  # SQLite: one process writes at a time
    worker = bool(redis_url) and args.standings == "worker"
    env = environment(db, redis_url, worker)
    before = f", after {args.history} evenings" if args.history else ""
    print(f"setting up: migrate, 100 pairs, Mitchell mod1 for 50 tables{before} ...", flush=True)
    built = setup_session(env, args.history)
    env["BENCH_BARE_CLUB"] = str(built["club"])
    plans = plans_of(built["movement"], args)
    with servers(env, args, work, db, redis_url, worker) as nodes:
        phases, throttled = measure(nodes, built, plans, setting)
    if worker:
        setting["received"], setting["recomputes"] = worker_log_counts(work / "worker.log")
    setting.update(database=db.name, gather=built["gather"], redis=redis_url)
    setting["standings"] = "worker (Celery on Redis, one solo worker)" if worker else "eager (no broker)"
    plan = {t: plans["send"].get(t, []) + plans["open"].get(t, []) for t in plans["send"]}
    good = report(phases, verify(env, int(built["session"]), plan), args, setting)
    return nodes_report(phases, nodes.ports, setting, throttled) and good


def parse_args() -> argparse.Namespace:
    """The command line, with the rounds' defaults filled in."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--standings", choices=["worker", "eager"], default="worker")
    parser.add_argument("--rounds", type=int, help="closed-loop rounds (worker 16, eager 26)")
    parser.add_argument("--open-rounds", type=int, help="open-loop rounds after them (4)")
    parser.add_argument("--bare-rounds", type=int, default=16)
    parser.add_argument("--database", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument(
        "--nodes", type=int, default=1, help="gunicorn servers sharing PostgreSQL and Redis (1)"
    )
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers a node (3)")
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1900)
    parser.add_argument(
        "--history", type=int, default=0, help="evenings of the club before the session (0: a new club)"
    )
    args = parser.parse_args()
    args.rounds = args.rounds or (26 if args.standings == "eager" else 16)
    args.open_rounds = args.open_rounds if args.open_rounds is not None else 4
    if args.rounds + args.open_rounds > TABLES:
        sys.exit(f"the session has {TABLES} rounds")
    if args.nodes < 1:
        sys.exit("--nodes: at least one")
    return args


def main() -> int:
    """Start the database and Redis, then the nodes and the worker; build the session; run, check, stop."""
    args = parse_args()
    setting: dict[str, Any] = {"load": " ".join(f"{x:.2f}" for x in os.getloadavg())}
    work = Path(tempfile.mkdtemp(prefix="clubwhist-bench."))
    work.chmod(0o755)
    redis_wanted = args.standings == "worker" or args.nodes > 1  # the broker, or the nodes' one cache
    try:
        with database(work, args.database) as db, redis_server(work, redis_wanted) as redis_url:
            good = bench(args, work, db, redis_url, setting)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
