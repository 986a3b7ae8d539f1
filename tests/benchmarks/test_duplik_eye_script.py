"""The eye-judged Duplik benchmark: its verdicts file is whole, and its PNGs carry strokes only."""

from __future__ import annotations

import importlib.util
import json
import re
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytestmark = pytest.mark.live

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"
SCRIPT = BENCHMARKS / "duplik_eye.py"
VERDICTS = BENCHMARKS / "data" / "duplik_eye_verdicts.json"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("duplik_eye", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["duplik_eye"] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def test_the_verdicts_cover_ten_criteria_of_every_fixed_scene() -> None:
    data = json.loads(VERDICTS.read_text(encoding="utf-8"))
    assert data["judged_by"]
    seeds = [entry["seed"] for entry in data["scenes"]]
    assert sorted(seeds) == list(range(20))
    for entry in data["scenes"]:
        assert re.fullmatch(r"[0-9a-f]{16}", entry["drawing"]), entry["seed"]
        assert [c["number"] for c in entry["criteria"]] == list(range(1, 11)), entry["seed"]
        for criterion in entry["criteria"]:
            assert isinstance(criterion["text"], str) and criterion["text"]
            assert isinstance(criterion["met"], bool)
            if not criterion["met"]:
                assert criterion["why"].strip(), (entry["seed"], criterion["number"])


@pytest.mark.browser
def test_render_draws_the_strokes_and_nothing_of_their_labels(tmp_path: Path) -> None:
    subprocess.run([sys.executable, str(SCRIPT), "--render", str(tmp_path), "--scenes", "1"],
                   capture_output=True, text=True, timeout=120, check=True)
    drawing = _script().scenes(1)[0].drawing
    labels = {stroke.label for stroke in drawing.strokes}
    assert labels and all(labels)
    png = (tmp_path / "seed00.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert struct.unpack(">II", png[16:24]) == (1000, 700)
    svg = (tmp_path / "seed00.svg").read_text(encoding="utf-8")
    assert svg.count("<path ") == len(drawing.strokes)
    assert "<text" not in svg and "|" not in svg
    assert not any(label in svg or label.encode() in png for label in labels)
    sheet = (tmp_path / "seed00.txt").read_text(encoding="utf-8")
    assert re.search(r"^10\. ", sheet, re.MULTILINE) and _script().drawing_hash(drawing) in sheet
