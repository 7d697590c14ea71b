"""Django's Redis cache, with one Redis client for each connection pool instead of one for each call;
and ``count_hit``, the throttles' counter, in one round trip to Redis.

Django 5.2's ``RedisCacheClient.get_client`` makes a new ``redis.Redis``
object on every cache call; under a club night's burst that was a twentieth
of a phone's send (the throttle's two calls, the standings' queue flag). A
``redis.Redis`` may be shared between threads (it takes a connection from
its pool for each command and gives it back), so one is kept for each pool.
"""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.redis import RedisCache as DjangoRedisCache
from django.core.cache.backends.redis import RedisCacheClient


class SharedClientRedisCacheClient(RedisCacheClient):
    """``get_client`` gives the pool's one client."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        """The client of the pool that serves this call (made on first use)."""
        index = self._get_connection_pool_index(write)
        client = self._clients.get(index)
        if client is None:
            client = self._clients[index] = self._client(connection_pool=self._get_connection_pool(write))
        return client


class RedisCache(DjangoRedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with ``SharedClientRedisCacheClient``."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient


def count_hit(cache: Any, key: str, before_key: str, seconds: int) -> tuple[int, int]:
    """Add one to ``key``'s count (kept ``seconds``) and read ``before_key``'s: (this count, that count).

    On Redis it is one round trip (INCR, EXPIRE and GET in a pipeline); on
    any other cache it is Django's ``add``, ``incr`` and ``get``. A cache
    that keeps nothing (``DummyCache``) counts every hit as the first.
    """
    redis = getattr(cache, "_cache", None)  # through ``django.core.cache.cache``'s proxy too
    if isinstance(redis, SharedClientRedisCacheClient):
        counted, before = cache.make_and_validate_key(key), cache.make_and_validate_key(before_key)
        with redis.get_client(write=True).pipeline(transaction=False) as pipe:
            pipe.incr(counted).expire(counted, seconds).get(before)
            count, _, earlier = pipe.execute()
        return int(count), int(earlier or 0)
    cache.add(key, 0, seconds)
    try:
        count = cache.incr(key)
    except ValueError:  # the cache kept nothing
        count = 1
    return int(count), int(cache.get(before_key) or 0)
