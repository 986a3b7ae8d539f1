"""Fixtures of the security suite: the real server in its own process, with its own database."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from tests.server.support import ServerProcess, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Bots act at once; absent players keep their seat."""
    workdir = tmp_path_factory.mktemp("server")
    database = f"sqlite+aiosqlite:///{workdir / 'duoplay.db'}"
    with running_server(database, workdir, "--bot-pace", "0", "--replace-after", "3600") as process:
        yield process
