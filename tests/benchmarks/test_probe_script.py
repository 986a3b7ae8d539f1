"""`benchmarks/probe.py` runs two cheap attacks end to end against a real server of its own: the
table and the last line's format, 0 breaks and exit code 0."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "probe.py"
LAST_LINE = re.compile(r"^probe: (\d+) attacks, (\d+) breaks, victim p99 (\d+) ms$")


def test_a_short_probe_reports_its_attacks_and_no_breaks() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--seconds", "0.5", "--only", "rebinding", "small"],
        capture_output=True, text=True, timeout=60, check=False,
    )
    assert "Traceback" not in done.stderr, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    last = LAST_LINE.match(lines[-1])
    assert last is not None, done.stdout
    assert last.group(1, 2) == ("2", "0"), done.stdout
    rows = {line.split()[0]: line.split()[1:] for line in lines[1:-1] if not line.startswith(" ")}
    assert set(rows) == {"rebinding", "small"}, done.stdout
    assert all(int(tried) > 0 and tried == refused for tried, refused, _, _ in rows.values()), done.stdout
    assert re.search(r"^  machine load [\d.]+ on \d+ cores$", done.stdout, re.M), done.stdout
    assert done.returncode == 0, done.stdout
