"""What a read may keep in the cache, and the edge that keeps it: reads only read.

A selector asks the cache for what was worked out before (``kept``,
``kept_many``) and, on a miss, works it out and **offers** it (``offer``:
its key, its answer, how many seconds it may be kept). An offer writes
nothing. Only an edge keeps reads: a request (``KeepReadsMiddleware``, in
``settings.MIDDLEWARE``) or a task (``keeps_reads``) opens a ``Keeper``
that holds each offer (so a second read in the same request finds it) and
writes them all to the cache as the edge closes, the request answered or
the task done, under the keys and for the seconds they were offered.
Outside an edge (a service inside its transaction, the shell, a test of a
selector) an offer is dropped and the next read works it out again.

An offer is held pickled, as the cache holds it: a caller that changes
what it was given changes neither what a later read finds nor what is kept.
"""

from __future__ import annotations

import pickle
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import wraps
from typing import Any, ParamSpec, TypeVar

from django.core.cache import cache
from django.http import HttpRequest, HttpResponseBase

P = ParamSpec("P")
R = TypeVar("R")


class Keeper:
    """The offers of one edge: key -> (its answer pickled, its seconds), written when the edge closes."""

    def __init__(self) -> None:
        self.offers: dict[str, tuple[bytes, int]] = {}

    def get(self, key: str) -> Any | None:
        """The answer offered under ``key`` in this edge, a copy of it (None: none offered)."""
        held = self.offers.get(key)
        return None if held is None else pickle.loads(held[0])

    def write(self) -> None:
        """Keep every offer in the cache, one ``set_many`` for each length of keeping."""
        by_seconds: dict[int, dict[str, Any]] = defaultdict(dict)
        for key, (held, seconds) in self.offers.items():
            by_seconds[seconds][key] = pickle.loads(held)
        self.offers.clear()
        for seconds, values in by_seconds.items():
            cache.set_many(values, seconds)


_keeper: ContextVar[Keeper | None] = ContextVar("clubwhist_reads_keeper", default=None)


def kept(key: str) -> Any | None:
    """What is kept under ``key``: offered in this edge, else in the cache (None: nothing)."""
    keeper = _keeper.get()
    found = keeper.get(key) if keeper is not None else None
    return cache.get(key) if found is None else found


def kept_many(keys: Iterable[str]) -> dict[str, Any]:
    """Key -> what is kept under it, for the keys that have something (the cache asked once)."""
    keys = list(keys)
    keeper = _keeper.get()
    held = {k: v for k in keys if (v := keeper.get(k) if keeper is not None else None) is not None}
    rest = [k for k in keys if k not in held]
    return {**(cache.get_many(rest) if rest else {}), **held}


def offer(key: str, value: Any, seconds: int) -> None:
    """Offer a read's answer to be kept ``seconds`` under ``key``: kept as the edge closes, if one is open."""
    keeper = _keeper.get()
    if keeper is not None:
        keeper.offers[key] = (pickle.dumps(value, pickle.HIGHEST_PROTOCOL), seconds)


@contextmanager
def keeping_reads() -> Iterator[Keeper]:
    """An edge: the offers made inside are kept when it closes (inside another edge, that one keeps them)."""
    outer = _keeper.get()
    if outer is not None:
        yield outer
        return
    keeper = Keeper()
    token = _keeper.set(keeper)
    try:
        yield keeper
    finally:
        _keeper.reset(token)
        keeper.write()


def keeps_reads(func: Callable[P, R]) -> Callable[P, R]:
    """A task (or any edge but a request) whose reads' offers are kept when it returns."""

    @wraps(func)
    def edge(*args: P.args, **kwargs: P.kwargs) -> R:
        with keeping_reads():
            return func(*args, **kwargs)

    return edge


class KeepReadsMiddleware:
    """Each request an edge: what its reads offered is kept once the view has answered."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        """Answer the request inside ``keeping_reads``."""
        with keeping_reads():
            return self.get_response(request)
