"""Fixtures for the cluster tests: one Redis and one PostgreSQL per session, a database per test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.cluster.support import RedisServer, start_redis
from tests.server.conftest import postgres, postgres_url  # noqa: F401 - the server tests' fixtures


@pytest.fixture(scope="session")
def redis_server() -> Iterator[RedisServer]:
    server = start_redis()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def fresh_redis(redis_server: RedisServer) -> RedisServer:
    """The session's Redis, emptied: each test's cluster starts with no leases or lists."""
    redis_server.client().flushall()
    return redis_server
