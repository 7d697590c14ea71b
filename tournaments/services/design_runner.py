"""The designer's search run in a child process: bounded in time and memory, stoppable, and reported.

The search (``python -m tournaments.design_child``) runs in a process of its
own, never in the web process or the worker itself: it sets its own limits
before it starts (``DESIGN_MEMORY_MB`` of address space, processor time for
the seconds asked and the grace), and this side reads its lines, asks it to
stop (SIGTERM, once it is ready) when the director does, and kills it
(SIGKILL) past the seconds asked and ``DESIGN_GRACE_SECONDS``, or
``DESIGN_STOP_SECONDS`` after a stop it did not heed. Whatever becomes of
it, the outcome says why it ended (``Reason``), with the last movement it
reported, its peak memory (its resident set at most, VmHWM: as the child
reports it in each line and as read here while it runs) and its running
time.

Nothing here touches the database or the cache: ``designs.design_run`` keeps
the progress.
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..design_child import EXIT_MEMORY, peak_kb

#: The time a search may run beyond the seconds the director gave it before it is killed: its start (some
#: 0.3 s), the movement built and measured, its lines written.
DESIGN_GRACE_SECONDS = 5
#: The address space of the search's process (RLIMIT_AS): the interpreter and the engine load in some
#: 20 MB, and the largest search (15 tables, 30 rounds of 8 deals) runs within 32 MB (22 MB resident).
DESIGN_MEMORY_MB = 128
#: The time a search asked to stop has to write the best it found before it is killed.
DESIGN_STOP_SECONDS = 1.0
#: The longest line the search may write: a movement of 15 tables in 30 rounds of 8 deals is some 60 kB.
DESIGN_LINE_BYTES = 1024 * 1024
#: The most of the search's error output kept, to tell a crash by its last words.
STDERR_KEPT = 4096

#: The search's module, run as ``python -m``, and where it is found.
DESIGN_CHILD = "tournaments.design_child"
ROOT = Path(__file__).resolve().parents[2]


class Reason:
    """Why a search ended."""

    FINISHED = "finished"  # it ran its time, or found a movement none can better
    STOPPED = "stopped"  # the director asked it to stop
    DEADLINE = "deadline"  # killed past its seconds and the grace (or its processor time)
    MEMORY = "memory"  # it ran past its memory
    CRASHED = "crashed"  # it ended without an answer
    REFUSED = "refused"  # the engine refused the ask (its sentence in ``error``)


@dataclass(frozen=True)
class Outcome:
    """How a search ended: why, the last movement it reported (its ``done`` line, else its last ``best``),
    the engine's refusal or a crash's last words, its peak memory and its running time."""

    reason: str
    found: dict[str, Any] | None
    error: str
    peak_mb: float | None
    seconds: float


@dataclass
class _Child:
    """A search under way: the process, what it has said, what has been done to it."""

    proc: subprocess.Popen[bytes]
    started: float
    deadline: float
    found: dict[str, Any] | None = None
    done: bool = False
    ready: bool = False
    error: str = ""
    stop_by: float | None = None
    killed: str = ""
    bad: bool = False
    stderr: bytes = b""
    peak_kb: int | None = None

    def peaked(self, kb: object) -> None:
        """A reading of the child's peak memory, kept if it is the highest."""
        if isinstance(kb, int) and not isinstance(kb, bool) and kb > (self.peak_kb or 0):
            self.peak_kb = kb


def run_search(
    ask: dict[str, Any],
    on_line: Callable[[dict[str, Any]], None],
    stop_asked: Callable[[], bool],
    memory_mb: int | None = None,
) -> Outcome:
    """Run the search for ``ask`` (see ``design_child``) in a child process; every line it writes is handed
    to ``on_line``, and ``stop_asked`` is read now and then. Returns once the child is gone."""
    seconds = float(ask["seconds"])
    limit = memory_mb or DESIGN_MEMORY_MB
    cpu = int(seconds + DESIGN_GRACE_SECONDS) + 1
    started = time.monotonic()
    try:
        proc = subprocess.Popen(
            [sys.executable, "-m", DESIGN_CHILD, str(limit), str(cpu)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            close_fds=True,
        )
    except OSError:  # no process to be had (the server's own limits): nothing ran
        return Outcome(Reason.CRASHED, None, "", None, 0.0)
    child = _Child(proc, started, started + seconds + DESIGN_GRACE_SECONDS)
    try:
        assert proc.stdin is not None
        proc.stdin.write((json.dumps(ask) + "\n").encode())
        proc.stdin.close()
    except OSError:
        pass  # it is already gone: its status says why
    _read(child, on_line, stop_asked)
    status = _reap(child)
    peak_mb = None if child.peak_kb is None else round(child.peak_kb / 1024, 1)
    return Outcome(_reason(child, status), child.found, child.error, peak_mb, time.monotonic() - started)


def _read(child: _Child, on_line: Callable[[dict[str, Any]], None], stop_asked: Callable[[], bool]) -> None:
    """Read the child's lines until both its outputs close, stopping or killing it when due."""
    assert child.proc.stdout is not None and child.proc.stderr is not None
    with selectors.DefaultSelector() as sel:
        sel.register(child.proc.stdout, selectors.EVENT_READ, "out")
        sel.register(child.proc.stderr, selectors.EVENT_READ, "err")
        pending = b""
        while sel.get_map():
            for key, _ in sel.select(timeout=0.1):
                chunk = os.read(key.fileobj.fileno(), 65536)  # type: ignore[union-attr]
                if not chunk:
                    sel.unregister(key.fileobj)
                elif key.data == "err":
                    child.stderr = (child.stderr + chunk)[-STDERR_KEPT:]
                else:
                    pending = _lines(child, pending + chunk, on_line)
            _watch(child, stop_asked)


def _lines(child: _Child, data: bytes, on_line: Callable[[dict[str, Any]], None]) -> bytes:
    """Take every whole line out of ``data``; returns what is left of a line still coming."""
    *whole, rest = data.split(b"\n")
    for raw in whole:
        try:
            line = json.loads(raw)
        except ValueError:
            line = None
        if not isinstance(line, dict):
            _kill(child, "")
            child.bad = True
            continue
        _heard(child, line)
        on_line(line)
    if len(rest) > DESIGN_LINE_BYTES:
        _kill(child, "")
        child.bad = True
        return b""
    return rest


def _heard(child: _Child, line: dict[str, Any]) -> None:
    """What a line tells of the child: ready, its best or final movement, a refusal, its peak memory."""
    child.peaked(line.get("peak_kb"))
    child.ready = child.ready or bool(line.get("ready"))
    if "best" in line and not child.done:
        child.found = line
    if "done" in line:
        child.found, child.done = line, True
    if "error" in line:
        child.error = str(line["error"])


def _watch(child: _Child, stop_asked: Callable[[], bool]) -> None:
    """Read the child's peak memory; ask it to stop once the director has (it must be ready to hear it);
    kill it when due."""
    child.peaked(peak_kb(child.proc.pid))
    now = time.monotonic()
    if child.stop_by is None and child.ready and stop_asked():
        child.stop_by = now + DESIGN_STOP_SECONDS
        _signal(child, signal.SIGTERM)
    if now > child.deadline:
        _kill(child, Reason.DEADLINE)
    elif child.stop_by is not None and now > child.stop_by:
        _kill(child, Reason.STOPPED)


def _signal(child: _Child, sig: int) -> None:
    with contextlib.suppress(ProcessLookupError):  # gone already (not yet reaped: the id is still its own)
        os.kill(child.proc.pid, sig)


def _kill(child: _Child, why: str) -> None:
    """Kill the child now (once), noting why."""
    if not child.killed:
        child.killed = why or Reason.CRASHED
        _signal(child, signal.SIGKILL)


def _reap(child: _Child) -> int:
    """Wait for the child (killing it at its deadline if it closed its outputs and lingers): its wait
    status."""
    while True:
        child.peaked(peak_kb(child.proc.pid))
        pid, status = os.waitpid(child.proc.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > child.deadline:
            _kill(child, Reason.DEADLINE)
        time.sleep(0.02)
    child.proc.returncode = os.waitstatus_to_exitcode(status)
    for stream in (child.proc.stdout, child.proc.stderr):
        if stream is not None:
            stream.close()
    return status


def _reason(child: _Child, status: int) -> str:
    """Why the child ended, from what was done to it, what it said and how it exited."""
    code = os.waitstatus_to_exitcode(status)
    if child.killed:
        return Reason.CRASHED if child.bad else child.killed
    if code == EXIT_MEMORY or b"MemoryError" in child.stderr:
        return Reason.MEMORY
    if code == -signal.SIGXCPU:
        return Reason.DEADLINE
    if code == 0 and child.error:
        return Reason.REFUSED
    if code == 0 and child.done:
        return Reason.STOPPED if child.stop_by is not None else Reason.FINISHED
    return Reason.CRASHED
