"""`duoplay serve`'s cluster flags refuse what cannot work, before anything starts."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from tests.server.support import DUOPLAY

pytestmark = pytest.mark.live


def serve(tmp_path: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    return subprocess.run([str(DUOPLAY), "serve", *args], capture_output=True, text=True, timeout=60,
                          cwd=tmp_path, env={**clean, **env})


def test_a_cluster_on_sqlite_is_refused(tmp_path: Path) -> None:
    for done in (serve(tmp_path, "--redis-url", "redis://127.0.0.1:9/0"),
                 serve(tmp_path, REDIS_URL="redis://127.0.0.1:9/0")):
        assert done.returncode == 2 and "PostgreSQL" in done.stderr
    assert not (tmp_path / "duoplay.db").exists()  # refused before a database was touched


def test_a_lease_out_of_range_is_refused(tmp_path: Path) -> None:
    for lease in ("0", "-1", "1000"):
        done = serve(tmp_path, "--lease", lease)
        assert done.returncode == 2 and "--lease" in done.stderr


def test_help_names_the_cluster_flags(tmp_path: Path) -> None:
    shown = serve(tmp_path, "--help").stdout
    assert "--redis-url" in shown and "--lease" in shown
