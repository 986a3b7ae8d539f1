"""`benchmarks/server_load.py --mix` runs end to end on a handful of clients and prints the lines
the docs quote: people against the search bot, DUOS tables with bots and UNO Duo pairs on one server."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "server_load.py"
LAST_LINE = re.compile(r"^clients: (\d+), p50 ms: (\d+\.\d|nan), p99 ms: (\d+\.\d|nan), errors: (\d+)$")


def test_a_short_mix_plays_every_kind_of_room_without_errors() -> None:
    # --warmup 0: measure at once rather than wait for the DUOS bot to load its model.
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--mix", "--clients", "12", "--duration", "8", "--warmup", "0"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    lines = done.stdout.strip().splitlines()
    last = LAST_LINE.match(lines[-1])
    assert last is not None, lines[-1]
    clients, p50, _, errors = last.groups()
    assert clients == "12"
    assert errors == "0", done.stdout
    assert p50 != "nan", done.stdout  # people played and their actions were timed
    assert re.search(r"1 UNO Duo rooms of 1 person against ismcts, 2 DUOS rooms", done.stdout)
    assert re.search(r"^  bytes received per action per client: \d+ ", done.stdout, re.MULTILINE)
    assert re.search(r"^  bot pool: \d+\.\d bot decisions/s seen as bot actions", done.stdout, re.MULTILINE)
    assert re.match(r"^actions/s: \d+\.\d, server RSS MB: \d+$", lines[-2])


def test_mix_refuses_max_mode() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--mix", "--mode", "max"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert "cannot be combined with --mode max" in done.stderr
