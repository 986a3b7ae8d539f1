"""`benchmarks/duple_judge.py` reads other hands' prompt sets as splits of their own: the second
hand's (a tuning set: `--misses` prints its misjudged answers) and the third hand's (held out:
its misjudged answers are never printed, whatever the flags)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

SCRIPT = Path(__file__).resolve().parents[4] / "benchmarks" / "duple_judge.py"
SEEN = {"lang": "es", "prompts": [
    {"id": "s", "category": "animal", "letters": ["L", "D"], "heldout": False, "valid": ["leopardo"],
     "invalid": [{"word": "león", "why": "missing_letter"}]},
]}


def hand(name: str, wrong: str) -> dict[str, object]:
    """One prompt whose invalid answer is wrongly labelled, so the judge "misjudges" it."""
    return {"lang": "es", "prompts": [
        {"id": name, "category": "animal", "letters": ["G", "T"], "heldout": True, "valid": ["gato"],
         "invalid": [{"word": wrong, "why": "category"}]},
    ]}


def test_the_second_hands_misses_are_shown_on_request_and_the_thirds_never(tmp_path: Path) -> None:
    (tmp_path / "es.json").write_text(json.dumps(SEEN), "utf-8")
    (tmp_path / "es_second.json").write_text(json.dumps(hand("second-1", "gaviota")), "utf-8")
    (tmp_path / "es_third.json").write_text(json.dumps(hand("third-1", "tortuga")), "utf-8")
    done = subprocess.run([sys.executable, str(SCRIPT), "--lang", "es", "--prompts", str(tmp_path),
                           "--second", "--misses", "--third"],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "== es: 3 prompts (0 held out, 1 second hand, 1 third hand)" in out
    assert "-- all: valid accepted 100.0% of 1" in out  # the other hands stay out of "all"
    assert "-- second hand: valid accepted 100.0% of 1" in out and "invalid rejected 0.0% of 1" in out
    assert "-- third hand: valid accepted 100.0% of 1" in out
    assert "'gaviota' is invalid (category)" in out  # the tuning set's miss, asked for
    assert "tortuga" not in out and "third-1" not in out  # the held-out set's, never
    assert "third hand: answered 100.0% of 1 prompts" in out

    quiet = subprocess.run([sys.executable, str(SCRIPT), "--lang", "es", "--prompts", str(tmp_path),
                            "--second"], capture_output=True, text=True, timeout=300, check=False)
    assert quiet.returncode == 0, quiet.stderr
    assert "gaviota" not in quiet.stdout and "third hand" not in quiet.stdout
