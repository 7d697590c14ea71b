"""The production cache (``infra.cache.RedisCache``) on a real Redis: one client a pool, for all threads.

A redis-server is started on a free port for this module (as ``.ci/run``
and the entry bench start theirs); without redis-server the module is skipped.
"""

from __future__ import annotations

import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Iterator

import pytest

from infra.cache import RedisCache, count_hit

pytestmark = pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed")


@pytest.fixture(scope="module")
def redis_url() -> Iterator[str]:
    """A throw-away redis-server on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(5)


def test_the_cache_keeps_one_client_and_answers_as_djangos(redis_url: str) -> None:
    cache = RedisCache(redis_url, {})
    cache.clear()
    assert cache._cache.get_client(write=True) is cache._cache.get_client(write=False)
    cache.set("a", [1, 2], 30)
    assert cache.get("a") == [1, 2]
    assert cache.add("b", 1, 30) and not cache.add("b", 2, 30)
    assert cache.incr("b") == 2
    cache.delete("a")
    assert cache.get("a") is None
    with pytest.raises(ValueError):
        cache.incr("never-set")


def test_threads_share_the_client_and_lose_no_count(redis_url: str) -> None:
    cache = RedisCache(redis_url, {})
    cache.set("count", 0, 30)
    start = threading.Barrier(8)

    def count() -> None:
        start.wait()
        for _ in range(50):
            cache.incr("count")

    threads = [threading.Thread(target=count) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert cache.get("count") == 400


def test_count_hit_counts_in_one_round_trip_and_loses_no_hit(redis_url: str) -> None:
    """The throttles' counter: 8 threads released at once, 400 hits, each answered with a distinct count."""
    cache = RedisCache(redis_url, {})
    cache.clear()
    cache.set("before", 7, 30)
    counts: list[int] = []
    start = threading.Barrier(8)

    def hit() -> None:
        start.wait()
        for _ in range(50):
            count, before = count_hit(cache, "now", "before", 30)
            assert before == 7
            counts.append(count)

    threads = [threading.Thread(target=hit) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(counts) == list(range(1, 401))
    assert cache.get("now") == 400
    assert 0 < cache._cache.get_client().ttl(cache.make_and_validate_key("now")) <= 30


def test_count_hit_reads_a_missing_window_as_none_counted(redis_url: str) -> None:
    cache = RedisCache(redis_url, {})
    cache.clear()
    assert count_hit(cache, "first", "nothing-before", 30) == (1, 0)
    assert count_hit(cache, "first", "nothing-before", 30) == (2, 0)
