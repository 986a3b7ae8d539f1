"""`duoplay duplik scene`: the picture written, the title and ten criteria printed, in the
language asked for; bad arguments exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.generate import generate
from duoplay.games.duplik.scenes.render import read_boxes

pytestmark = pytest.mark.live

DUOPLAY = str(Path(sys.executable).with_name("duoplay"))


def test_scene_seed_7_in_french_writes_the_svg_and_prints_title_and_criteria(tmp_path: Path) -> None:
    out = tmp_path / "scene.svg"
    done = subprocess.run(
        [DUOPLAY, "duplik", "scene", "--seed", "7", "--lang", "fr", "--out", str(out)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    card = generate(7, "normal")
    assert lines[0].startswith(card.titles["fr"]) and len(lines) == 11
    assert [line.split(". ", 1)[0].strip() for line in lines[1:]] == [str(n) for n in range(1, 11)]
    drawn = read_boxes(out.read_text(encoding="utf-8"))
    assert all(holds(c, drawn) for c in card.criteria)


def test_a_starter_scene_by_id_and_bad_arguments() -> None:
    ok = subprocess.run(
        [DUOPLAY, "duplik", "scene", "--id", "s03", "--lang", "pl"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert ok.returncode == 0 and ok.stdout.startswith("Piknik")
    for bad in (["--id", "s99"], ["--seed", "-1"], ["--seed", "3", "--lang", "de"]):
        done = subprocess.run(
            [DUOPLAY, "duplik", "scene", *bad], capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 2 and done.stderr
