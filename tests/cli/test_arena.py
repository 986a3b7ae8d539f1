"""`duoplay arena`, run as a user runs it: the installed command in a subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.live

DUOPLAY = str(Path(sys.executable).parent / "duoplay")


def arena(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([DUOPLAY, "arena", *args], cwd=cwd, capture_output=True, text=True,
                          timeout=300, check=False)


def test_arena_writes_one_line_per_game_and_a_summary(tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    done = arena("uno-duo", "--bots", "heuristic,random", "--games", "6", "--seed", "40",
                 "--out", str(out), "--option", "target_score=100", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["game"] for line in lines) == list(range(6))
    assert sorted(line["seed"] for line in lines) == list(range(40, 46))
    for line in lines:
        assert sorted(line["seats"]) == ["heuristic", "random"]
        assert line["bots"] == line["seats"]
        outcome = line["outcome"]
        assert outcome is not None and len(outcome["winners"]) == 1
        assert line["scores"] == outcome["scores"] and max(line["scores"]) >= 100
        assert line["actions"] > 0
    # Seats rotate: each bot sat first in half of the games.
    assert sum(line["seats"][0] == "heuristic" for line in lines) == 3
    heuristic_wins = sum(line["seats"][line["outcome"]["winners"][0]] == "heuristic" for line in lines)
    summary = done.stdout
    assert "6 games of uno-duo" in summary and "games/s" in summary
    assert f"heuristic: {heuristic_wins} wins" in summary
    assert f"random: {6 - heuristic_wins} wins" in summary
    assert "mean score" in summary and "ms/decision" in summary
    assert "%" in done.stderr  # the progress bar


def test_arena_runs_search_bots_with_a_time_budget(tmp_path: Path) -> None:
    out = tmp_path / "search.jsonl"
    done = arena("uno", "--bots", "ismcts,heuristic", "--games", "2", "--ms", "5",
                 "--option", "target_score=30", "--out", str(out), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert len(out.read_text().splitlines()) == 2
    assert "ismcts:" in done.stdout and "heuristic:" in done.stdout


def test_the_same_bot_twice_is_told_apart(tmp_path: Path) -> None:
    done = arena("uno-duo", "--bots", "random,random", "--games", "2", "--option", "target_score=50",
                 "--out", str(tmp_path / "r.jsonl"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "random#1:" in done.stdout and "random#2:" in done.stdout


def test_bad_input_is_refused_with_a_reason(tmp_path: Path) -> None:
    cases = [
        (["chess", "--bots", "random,random"], "Unknown game"),
        (["uno-duo", "--bots", "random"], "needs 2 bots"),
        (["uno-duo", "--bots", "random,grandmaster"], "No bot level 'grandmaster'"),
        (["uno-duo", "--bots", "random,random", "--games", "0"], "--games"),
        (["uno-duo", "--bots", "random,random", "--option", "target_score=-3"], "target_score"),
        (["uno-duo", "--bots", "random,random", "--option", "colourblind=yes"], "Unknown UNO Duo option"),
        (["uno-duo", "--bots", "random,random", "--option", "noequals"], "key=value"),
    ]
    for args, reason in cases:
        done = arena(*args, "--out", str(tmp_path / "never.jsonl"), cwd=tmp_path)
        assert done.returncode == 2, (args, done.stdout, done.stderr)
        assert reason in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
    assert not (tmp_path / "never.jsonl").exists()
