"""The designer's search in a process of its own, bounded in memory and processor time before it starts.

Run as ``python -m tournaments.design_child MEMORY_MB CPU_SECONDS`` by
``services.design_runner``. Before anything of the project is loaded it sets
its own limits (an address space of ``MEMORY_MB``, ``CPU_SECONDS`` of
processor time, no core file), then runs the search (``design_work``) in
them. Out of memory it exits with ``EXIT_MEMORY``; past its processor time
the kernel ends it (SIGXCPU).

Only the standard library here: ``design_runner`` reads ``EXIT_MEMORY`` and
``peak_kb`` without loading the engine. Nothing here imports Django.
"""

from __future__ import annotations

import os
import resource
import runpy
import sys

#: The exit status of a search that ran out of its memory.
EXIT_MEMORY = 3
#: The module the search runs, once the limits are set.
WORK = "tournaments.design_work"


def peak_kb(pid: int | str = "self") -> int | None:
    """A process's peak resident memory since it began this program (VmHWM), in kB; None if unknown.
    (``getrusage`` would count the parent's memory too, shared with the child before its exec.)"""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            found = next((line.split()[1] for line in status if line.startswith("VmHWM:")), None)
    except OSError:
        return None
    return int(found) if found is not None else None


def limit(memory_mb: int, cpu_seconds: int) -> None:
    """Bound this process: its address space, its processor time, no core file."""
    resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 1024 * 1024,) * 2)
    resource.setrlimit(resource.RLIMIT_CPU, (cpu_seconds, cpu_seconds + 1))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


if __name__ == "__main__":
    limit(int(sys.argv[1]), int(sys.argv[2]))
    try:
        runpy.run_module(WORK, run_name="__main__", alter_sys=True)
    except MemoryError:
        os._exit(EXIT_MEMORY)
