"""`duoplay serve` as a user starts it: its options, the default SQLite file, DATABASE_URL."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine
from tests.server.support import DUOPLAY, ServerProcess

from duoplay.server.config import normalize_database_url

pytestmark = pytest.mark.live


def test_help_lists_the_options() -> None:
    shown = subprocess.run(
        [str(DUOPLAY), "serve", "--help"], capture_output=True, text=True, check=True
    ).stdout
    for option in ("--host", "--port", "--database", "--log-level", "--bot-delay", "--replace-after"):
        assert option in shown


def test_without_a_database_option_it_keeps_duoplay_db_in_the_current_folder(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    server = ServerProcess("", tmp_path, env=env).start()
    try:
        code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    finally:
        server.stop()
    with sqlite3.connect(tmp_path / "duoplay.db") as db:
        assert db.execute("SELECT game, status FROM rooms WHERE code = ?", (code,)).fetchall() == [
            ("uno-duo", "waiting")
        ]


@pytest.mark.postgres
def test_database_url_switches_to_postgresql(postgres_url: str, tmp_path: Path) -> None:
    plain = postgres_url.replace("postgresql+asyncpg://", "postgresql://")  # the short form works too
    server = ServerProcess("", tmp_path, env={**os.environ, "DATABASE_URL": plain}).start()
    try:
        code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    finally:
        server.stop()
    assert not (tmp_path / "duoplay.db").exists()

    async def stored() -> list[tuple[str, str]]:
        engine = create_async_engine(normalize_database_url(plain))
        async with engine.connect() as conn:
            rows = (await conn.execute(text("SELECT code, game FROM rooms"))).all()
        await engine.dispose()
        return [tuple(row) for row in rows]

    assert asyncio.run(stored()) == [(code, "uno-duo")]


def test_warm_up_takes_game_names_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    """The bot pool's warm-up itself is tested in tests/bots/test_pool.py; here, the flag."""
    refused = subprocess.run([str(DUOPLAY), "serve", "--warm-up", "chess"], capture_output=True, text=True)
    assert refused.returncode == 2 and "--warm-up: no such game: chess" in refused.stderr
    # UNO Duo has nothing to load: the server answers at once.
    flags = ["--warm-up", "uno-duo", "--bot-workers", "1"]
    server = ServerProcess(f"sqlite+aiosqlite:///{tmp_path / 'db.sqlite'}", tmp_path, flags).start()
    try:
        assert server.post("/api/rooms", {"game": "uno-duo"})["code"]
    finally:
        server.stop()
