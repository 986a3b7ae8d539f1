"""Fixtures for the cluster tests: one Redis and one PostgreSQL per session, a database per test."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from tests.cluster.support import RedisServer, start_redis
from tests.server.support import PostgresCluster, start_postgres

_names = itertools.count()


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


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    cluster = start_postgres()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres: PostgresCluster, worker_id: str) -> str:
    return postgres.create_database(f"c_{worker_id.replace('-', '_')}_{next(_names)}")
