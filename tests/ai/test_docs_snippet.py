"""docs/ai.md: the training loop runs as written, and the tables match the code."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from duoplay.games.uno_duo.ai import ACTION_COUNT, BLOCKS, OBS_SIZE

pytestmark = pytest.mark.live

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def _examples() -> list[str]:
    return re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)


def test_docs_show_a_training_loop_for_each_environment() -> None:
    shown = [next((name for name in ("openspiel", "VectorEnv", "parallel_env", "env(") if name in example),
                  None) for example in _examples()]
    # The second VectorEnv hosts a bot.
    assert shown == ["env(", "VectorEnv", "VectorEnv", "openspiel", "parallel_env"]


@pytest.mark.parametrize("index", range(5))
def test_each_documented_training_loop_runs_and_fits_in_ten_lines(index: int) -> None:
    example = _examples()[index]
    if "open_spiel" in example:
        pytest.importorskip("pyspiel")  # the openspiel extra
    result = subprocess.run([sys.executable, "-c", example], capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().endswith(" True"), result.stdout
    lines = example.strip().splitlines()
    start = next(i for i, line in enumerate(lines) if line.endswith("# the training loop"))
    loop = lines[start:-1]  # from the loop's first line to the line that prints the result
    assert lines[-1].startswith("print(")
    assert len(loop) <= 10, "the training loop is meant to fit in ten lines"


def test_the_documented_spaces_match_the_environment() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert f"### Actions: `Discrete({ACTION_COUNT})`" in text
    assert f"### Observations: `Box(0, 1, ({OBS_SIZE},), float32)`" in text
    table = text.split("### Observations", 1)[1].split("## A training loop", 1)[0]
    rows = re.findall(r"^\| ([a-z ]+) \| (\d+) \|", table, flags=re.MULTILINE)
    assert [(name.replace(" ", "_"), int(size)) for name, size in rows] == list(BLOCKS)
