"""Fixtures for the server tests: a PostgreSQL cluster per test session, databases per test."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest
from tests.server.support import PostgresCluster, ServerProcess, running_server, start_postgres

from duoplay.bots.pool import BotPool

_names = itertools.count()


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    cluster = start_postgres()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres: PostgresCluster, worker_id: str) -> str:
    return postgres.create_database(f"t_{worker_id.replace('-', '_')}_{next(_names)}")


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite+aiosqlite:///{tmp_path / 'duoplay.db'}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs against SQLite and against a real PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'duoplay.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The real server in its own process; bots act at once, absent players keep their seat."""
    workdir = tmp_path_factory.mktemp("server")
    database = f"sqlite+aiosqlite:///{workdir / 'duoplay.db'}"
    with running_server(database, workdir, "--bot-pace", "0", "--replace-after", "3600") as process:
        yield process


@pytest.fixture(scope="session")
def bot_pool() -> Iterator[BotPool]:
    """One worker for the rooms that tests build in their own process, started and warm before
    the first test uses it: it thinks at a lower priority, and on a busy machine its start-up
    alone can take longer than any one test waits for a bot's move."""
    with BotPool(1) as pool:
        for warming in pool.warm("uno-duo", {}):
            warming.result(timeout=300)
        yield pool
