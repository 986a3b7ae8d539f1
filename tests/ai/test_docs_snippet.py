"""docs/ai.md: the training loop runs as written, and the tables match the code."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from duoplay.games.uno_duo.ai import ACTION_COUNT, BLOCKS, OBS_SIZE

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def test_the_documented_training_loop_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert len(blocks) == 1, "docs/ai.md should hold exactly one runnable Python example"
    result = subprocess.run([sys.executable, "-c", blocks[0]], capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "trained True"
    lines = blocks[0].strip().splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("# the training loop"))
    assert len(lines) - start <= 10, "the training loop is meant to fit in ten lines"


def test_the_documented_spaces_match_the_environment() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"### Actions: `Discrete({ACTION_COUNT})`" in text
    assert f"### Observations: `Box(0, 1, ({OBS_SIZE},), float32)`" in text
    table = text.split("### Observations", 1)[1].split("## A training loop", 1)[0]
    rows = re.findall(r"^\| ([a-z ]+) \| (\d+) \|", table, flags=re.MULTILINE)
    assert [(name.replace(" ", "_"), int(size)) for name, size in rows] == list(BLOCKS)
