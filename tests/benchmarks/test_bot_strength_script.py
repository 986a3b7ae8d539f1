"""`benchmarks/bot_strength.py` runs end to end and prints the line the docs quote."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "bot_strength.py"
LAST_LINE = re.compile(r"^ISMCTS vs heuristic: \d+\.\d% \[\d+\.\d, \d+\.\d\], \d+ ms/decision$")


def run(*args: str) -> list[str]:
    done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    return done.stdout.strip().splitlines()


def test_default_pairings_end_with_the_ismcts_line() -> None:
    lines = run("--rounds", "2", "--baseline-rounds", "4", "--ms", "5")
    assert lines[0].startswith(f"{os.cpu_count()} cores")
    assert re.match(r"^heuristic vs random: \d+\.\d% ", lines[-2])
    assert LAST_LINE.match(lines[-1]), lines[-1]


def test_ismcts_spread_over_a_pool_of_two_plays_its_rounds_and_reports_the_pool() -> None:
    lines = run("--a", "ismcts", "--b", "heuristic", "--rounds", "2", "--ms", "5",
                "--workers", "2", "--searches", "2", "--rounds-at-once", "2")
    assert "a bot pool of 2 workers, ISMCTS spread over 2 searches per decision, 2 round(s) at a time" \
        in lines[0]
    pool = next(line for line in lines if line.startswith("pool: "))
    assert re.match(r"^pool: \d+ iterations per searched ISMCTS decision; \d+ sub-searches posted", pool)
    assert "0 tickets failed" in pool
    assert LAST_LINE.match(lines[-1]), lines[-1]


def test_bad_arguments_get_a_message() -> None:
    for args, message in ((["--searches", "0"], "must be positive"),
                          (["--workers", "1", "--searches", "2"], "cannot exceed --workers")):
        done = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                              timeout=60, check=False)
        assert done.returncode == 2
        assert message in done.stderr
