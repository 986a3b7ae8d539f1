"""The training loop in docs/ai.md runs as written."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "ai.md"


def test_the_documented_training_loop_runs() -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert len(blocks) == 1, "docs/ai.md should hold exactly one runnable Python example"
    result = subprocess.run([sys.executable, "-c", blocks[0]], capture_output=True, text=True,
                            timeout=300, check=False)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "trained True"
