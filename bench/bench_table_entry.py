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
   (``bench/bare_urls.py``: the table by its link, one row a table and tray kept once by the
   database's key, the twin told 409): the least any send and its twin can cost on this stack,
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
cluster (initdb in a temporary directory, as ``.ci/run`` does; SQLite with a
note when PostgreSQL is not installed), Redis, the worker and gunicorn.

    python bench/bench_table_entry.py [--standings worker|eager] [--rounds N] [--open-rounds N] [--history N]

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
def redis_server(work: Path, mode: str) -> Iterator[str]:
    """Redis on loopback for ``--standings worker``; else nothing (eager, with a note if unwanted)."""
    redis = shutil.which("redis-server")
    if mode == "eager":
        yield ""
        return
    port, stack = free_port(), ExitStack()
    args = [str(redis), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    try:
        if redis is None:
            raise RuntimeError("redis-server is not installed")
        stack.enter_context(process(args, dict(os.environ), port, "redis", work / "redis.log"))
    except (OSError, RuntimeError) as exc:
        print(f"NOTE: {exc}: no worker, standings eager (the laptop default)")
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
print(json.dumps({"club": club.pk, "session": session.pk, "movement": session.movement_json,
                  "tokens": {t.number: t.token for t in session.tables.all()}, "passes": passes}))
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
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT)

    def send(self, path: str, body: dict[str, object], key: str) -> tuple[int, dict[str, Any]]:
        """POST one send with its Idempotency-Key; the status and the JSON answer."""
        data = json.dumps(body).encode()
        headers = {"Content-Type": "application/json", "Idempotency-Key": key}
        for attempt in (1, 2):
            try:
                self.conn.request("POST", path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
                try:
                    answer = json.loads(raw or b"{}")
                except ValueError:
                    answer = {"error": raw[:200].decode(errors="replace")}
                return response.status, answer
            except (ConnectionError, http.client.HTTPException):
                self.conn.close()  # a dropped keep-alive: reconnect and retry with the same key
                if attempt == 2:
                    raise
        raise AssertionError("unreachable")


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
        if status == 201 and path != BARE_PATH and rng.random() < 0.05:
            start = time.perf_counter()
            status, answer = phone.send(path, body, key)
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


def run_phase(pids: dict[str, int | None], phase: Callable[[], Tally]) -> Tally:
    """Run a phase, timing it: the wall clock, and each server's CPU."""
    before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    start = time.perf_counter()
    tally = phase()
    tally.seconds = time.perf_counter() - start
    tally.cpu = {name: cpu_seconds(pid) - before[name] for name, pid in pids.items()}
    return tally


@contextmanager
def nothing() -> Iterator[None]:
    """No process: the worker of an eager run."""
    yield None


def send_path(passes: dict[str, list[str]], table: int, seat: int) -> str:
    """The app's send of the phone in this seat (1 or 2) at this table: through its own pass."""
    return f"/api/v1/entrant-links/{passes[str(table)][seat - 1]}/results/"


def closed_loop(
    port: int, tokens: dict[str, str], passes: dict[str, list[str]], plan: Plan, to: str
) -> Tally:
    """100 clients, two per table, each sending as soon as its table's last send was answered;
    ``to`` the bare view, the floor send, or the app's send."""
    tally, threads = Tally(), []
    for table, items in sorted(plan.items()):
        gate = threading.Barrier(2)
        token = tokens[str(table)]
        for seat in (1, 2):
            path = {"bare": BARE_PATH, "floor": FLOOR_PATH.format(token=token)}.get(to)
            path = path or send_path(passes, table, seat)
            args = (port, path, items, gate, tally, table * 10 + seat)
            threads.append(threading.Thread(target=play_table, daemon=True, args=args))
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=600)
    return tally


def open_loop(port: int, passes: dict[str, list[str]], plan: Plan, rate: float) -> Tally:
    """Arrivals on a clock, ``rate`` a second, whatever the answers: both phones of a table, round by round.

    Latency runs from each arrival's due time, so a server that falls behind
    shows it (no coordinated omission); 100 client threads take the arrivals.
    """
    tally, local = Tally(), threading.local()
    arrivals = []
    rounds = max(len(items) for items in plan.values())
    for i in range(rounds):
        for table, items in sorted(plan.items()):
            if i < len(items):
                arrivals.extend([(table, 1, items[i]), (table, 2, items[i])])

    def send(due: float, table: int, seat: int, sent: tuple[int, int, int]) -> None:
        if not hasattr(local, "phone"):
            local.phone = Phone(port)
        rnd, tray, tricks = sent
        path = send_path(passes, table, seat)
        status, answer = local.phone.send(
            path, {"tray": tray, "ns_tricks": tricks, "round": rnd}, secrets.token_hex(16)
        )
        judge(tally, path, sent, status, answer, time.perf_counter() - due)

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
        self.most_waiting = max(self.most_waiting, int(self.broker.llen("celery")))
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
        f"\n{TABLES} tables, {CLIENTS} clients (two phones a table), gunicorn {args.workers} workers x "
        f"{args.threads} threads, {setting['database']}, standings {setting['standings']}"
        + (f", {args.history} evenings before" if args.history else "")
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
            f"   the floor (the least a send and its twin can do: bench/bare_urls.py): results/s "
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
            f"({setting['snapshots']} snapshots seen); most waiting in the broker {setting['most_waiting']}; "
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


def environment(db: Database, broker_url: str) -> dict[str, str]:
    """The servers' environment: the app's settings with the bare view, and no throttle in the way."""
    env = dict(
        os.environ,
        DATABASE_URL=db.url,
        CELERY_BROKER_URL=f"{broker_url}/0" if broker_url else "",
        CACHE_URL=f"{broker_url}/1" if broker_url else "",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(40),
        ALLOWED_HOSTS="127.0.0.1",
        SECURE_SSL_REDIRECT="0",
        LOG_LEVEL="WARNING",
        DJANGO_SETTINGS_MODULE="bench.bare_settings",
        PYTHONPATH=str(ROOT),
        API_TABLE_RATE="1000000/min",  # the table throttle (120/min a phone) would measure itself
    )
    return env


def main() -> int:
    """Start the database, Redis, the worker and gunicorn; build the session; run, check, stop all."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--standings", choices=["worker", "eager"], default="worker")
    parser.add_argument("--rounds", type=int, help="closed-loop rounds (worker 16, eager 26)")
    parser.add_argument("--open-rounds", type=int, help="open-loop rounds after them (4)")
    parser.add_argument("--bare-rounds", type=int, default=16)
    parser.add_argument("--database", choices=["postgres", "sqlite"], default="postgres")
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--threads", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1900)
    parser.add_argument(
        "--history", type=int, default=0, help="evenings of the club before the session (0: a new club)"
    )
    args = parser.parse_args()
    eager = args.standings == "eager"
    rounds = args.rounds or (26 if eager else 16)
    open_rounds = args.open_rounds if args.open_rounds is not None else 4
    if rounds + open_rounds > TABLES:
        sys.exit(f"the session has {TABLES} rounds")
    setting: dict[str, Any] = {"load": " ".join(f"{x:.2f}" for x in os.getloadavg())}
    work = Path(tempfile.mkdtemp(prefix="clubwhist-bench."))
    work.chmod(0o755)
    try:
        with database(work, args.database) as db, redis_server(work, args.standings) as broker_url:
            if db.pid is None:
                args.workers = 1  # SQLite: one process writes at a time
            env = environment(db, broker_url)
            before = f", after {args.history} evenings" if args.history else ""
            print(f"setting up: migrate, 100 pairs, Mitchell mod1 for 50 tables{before} ...", flush=True)
            built = setup_session(env, args.history)
            env["BENCH_BARE_CLUB"] = str(built["club"])
            movement, tokens, passes = built["movement"], built["tokens"], built["passes"]
            send_plan = table_plan(movement, 1, rounds, args.seed)
            open_plan = table_plan(movement, rounds + 1, rounds + open_rounds, args.seed + 1)
            bare_plan = table_plan(movement, 1, min(args.bare_rounds, rounds), args.seed + 2)
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
            worker = [
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
            with (
                process(gunicorn, env, port, "gunicorn", work / "gunicorn.log") as web,
                process(worker, dict(env, CELERY_LOG_LEVEL="INFO"), None, "worker", work / "worker.log")
                if broker_url
                else nothing() as worker_pid,
            ):
                pids = {"gunicorn": web, "database": db.pid}
                worker_before = cpu_seconds(worker_pid) if worker_pid else 0.0
                watcher = None
                if worker_pid:
                    watcher = SnapshotWatcher(db.url, int(built["session"]), f"{broker_url}/0")
                    watcher.start()
                phases: dict[str, Tally] = {}
                warm_up(port)
                print(f"bare view: {sum(len(v) for v in bare_plan.values()) * 2} requests ...", flush=True)
                phases["bare"] = run_phase(pids, lambda: closed_loop(port, tokens, passes, bare_plan, "bare"))
                print(f"floor send: {sum(len(v) for v in bare_plan.values())} results ...", flush=True)
                phases["floor"] = run_phase(
                    pids, lambda: closed_loop(port, tokens, passes, bare_plan, "floor")
                )
                print(f"send: {sum(len(v) for v in send_plan.values())} results, closed loop ...", flush=True)
                phases["send"] = run_phase(pids, lambda: closed_loop(port, tokens, passes, send_plan, "send"))
                if open_rounds:
                    rate = len(phases["send"].latencies) / phases["send"].seconds / 2
                    setting["open_rate"] = rate
                    n = sum(len(v) for v in open_plan.values())
                    print(f"open loop: {n} results, {2 * n} arrivals at {rate:.1f}/s ...", flush=True)
                    phases["open"] = run_phase(pids, lambda: open_loop(port, passes, open_plan, rate))
                if watcher is not None:
                    stored_at = {k: v for t in phases.values() for k, v in t.stored_at.items()}
                    watcher.wait_for(set(stored_at))
                    lags = [
                        max(0.0, watcher.first_seen[k] - t)
                        for k, t in stored_at.items()
                        if k in watcher.first_seen
                    ]
                    setting.update(
                        lags=lags,
                        snapshots=watcher.snapshots,
                        most_waiting=watcher.most_waiting,
                        worker_cpu=cpu_seconds(worker_pid) - worker_before,
                    )
            if worker_pid:
                log = (work / "worker.log").read_text(errors="replace")
                setting["recomputes"] = sum(
                    1 for line in log.splitlines() if "recompute_standings" in line and "succeeded" in line
                )
            setting["database"] = db.name
            setting["standings"] = (
                "worker (Celery on Redis, one solo worker)" if broker_url else "eager (no broker)"
            )
            plan = {t: send_plan.get(t, []) + open_plan.get(t, []) for t in send_plan}
            good = report(phases, verify(env, int(built["session"]), plan), args, setting)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0 if good else 1


if __name__ == "__main__":
    sys.exit(main())
