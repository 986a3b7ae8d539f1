"""`benchmarks/soak.py` runs end to end for a few seconds, with a kill -9 and a restart in the middle:
every fuzzed message gets a typed error, no acknowledged action is lost."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "soak.py"
LAST_LINE = re.compile(
    r"^soak: ([\d.]+) minutes, (\d+) messages, (\d+) unexpected errors, (\d+) lost actions,"
    r" RSS start (\d+) MB end (\d+) MB$"
)


def test_a_short_soak_with_a_kill_loses_nothing_and_has_no_unexpected_errors() -> None:
    small = ["--pairs", "4", "--bot-rooms", "2", "--churn", "2", "--fuzz", "2"]
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--minutes", "0.15", "--kill-every", "4", *small],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    last = LAST_LINE.match(lines[-1])
    assert last is not None, done.stdout
    _, messages, errors, lost, _, _ = last.groups()
    assert (errors, lost) == ("0", "0"), done.stdout
    assert int(messages) > 100, done.stdout
    assert done.returncode == 0, done.stdout
    kills = re.search(r"^kill -9: (\d+); matches compared with the stored log: (\d+);", done.stdout, re.M)
    assert kills is not None and int(kills.group(1)) >= 1 and int(kills.group(2)) >= 1, done.stdout
    assert re.search(r"'fuzz:malformed_message': \d+", done.stdout), done.stdout
