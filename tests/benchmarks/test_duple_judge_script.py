"""`benchmarks/duple_judge.py` runs on a tiny prompt file and prints its figures and targets."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "duple_judge.py"
PROMPTS = {"lang": "es", "prompts": [
    {"id": "a", "category": "animal", "letters": ["L", "D"], "heldout": False, "valid": ["leopardo"],
     "invalid": [{"word": "león", "why": "missing_letter"}, {"word": "lámpara", "why": "category"}]},
    {"id": "b", "category": None, "letters": ["G", "S"], "heldout": True, "valid": ["gasolina"],
     "invalid": [{"word": "gatos", "why": "plural"}, {"word": "gasolina", "why": "wrong on purpose"}]},
]}


def test_a_tiny_prompt_file(tmp_path: Path) -> None:
    (tmp_path / "es.json").write_text(json.dumps(PROMPTS), "utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--lang", "es", "en", "--prompts", str(tmp_path)],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "== es: 2 prompts (1 held out)" in out
    assert "-- seen: valid accepted 100.0% of 1" in out and "invalid rejected 100.0% of 2" in out
    assert "-- held-out: valid accepted 100.0% of 1" in out and "invalid rejected 50.0% of 2" in out
    assert "wrong on purpose 0% of 1" in out
    assert "invalid rejected >= 95% FAIL" in out  # 3 of 4 invalid answers rejected overall
    assert re.search(r"judge CPU time per answer: p50 \d+\.\d+ ms, p99 \d+\.\d+ ms", out)
    assert "hard bot: answered 100.0% of 2 prompts" in out
    assert "== en: no prompts" in out
    assert out.rstrip().endswith("all targets: es FAIL")
