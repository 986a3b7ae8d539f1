"""`duoplay replay` prints a stored match move by move, hiding what the chosen viewer could not see."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from duoplay.core.testing import random_playout
from duoplay.games.uno_duo import GAME

pytestmark = pytest.mark.live


def _replay(*args: str) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "duoplay.cli.main", "replay", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=60)


def test_replay_prints_every_move_and_the_result(tmp_path: Path) -> None:
    match = random_playout(GAME, 2, seed=5, options={"target_score": 30})
    record = tmp_path / "match.json"
    record.write_text(match.record().dumps())
    result = _replay(str(record))
    assert result.returncode == 0, result.stderr
    moves = [line for line in result.stdout.splitlines() if line.strip()[:1].isdigit()]
    assert len(moves) == len(match.log)
    assert '"winners"' in result.stdout.splitlines()[-1]


def test_spectator_replay_hides_drawn_cards_that_a_seat_sees(tmp_path: Path) -> None:
    match = random_playout(GAME, 2, seed=5, options={"target_score": 30})
    record = tmp_path / "match.json"
    record.write_text(match.record().dumps())
    spectator = _replay(str(record)).stdout
    seat_zero = _replay(str(record), "--seat", "0").stdout
    assert "kept=" not in spectator and "cards=" not in spectator
    assert "kept=" in seat_zero


def test_a_broken_file_gets_a_message_not_a_traceback(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"header": {"game": "uno-duo"}}')
    result = _replay(str(broken))
    assert result.returncode == 2
    assert "needs 'seats'" in result.stderr
    assert "Traceback" not in result.stderr
