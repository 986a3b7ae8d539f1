"""The fan-out benchmark runs end to end and reports deltas against full views."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "fanout_bytes.py"


def test_the_benchmark_prints_bytes_per_action_before_and_after() -> None:
    done = subprocess.run([sys.executable, str(SCRIPT), "--matches", "1", "--max-actions", "30"],
                          capture_output=True, text=True, timeout=120, check=True)
    last = done.stdout.strip().splitlines()[-1]
    found = re.fullmatch(r"bytes per action: ([\d,]+) before \(full views\), ([\d,]+) after \(deltas\), "
                         r"([\d.]+)x fewer", last)
    assert found, last
    before, after = (int(found.group(i).replace(",", "")) for i in (1, 2))
    assert after < before
