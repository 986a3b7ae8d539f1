"""duoplay works without the `ai` extra; only duoplay.ai needs pettingzoo."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.live

_BLOCK = """
import sys
class _Missing:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return None
sys.meta_path.insert(0, _Missing())
"""


def _run(code: str, blocked: tuple[str, ...] = ("pettingzoo", "gymnasium")
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", f"BLOCKED = {blocked!r}\n" + _BLOCK + code],
                          capture_output=True, text=True, timeout=60, check=False)


def test_duoplay_imports_and_plays_without_pettingzoo() -> None:
    result = _run(
        "import duoplay, duoplay.bots.registry, duoplay.core.match\n"
        "from duoplay.core.match import Match\n"
        "from duoplay.core.registry import find_game, game_ids\n"
        "games = [find_game(game_id) for game_id in game_ids()]  # a game's ai_env is read lazily\n"
        "m = Match.new('uno-duo', 2, 1)\n"
        "m.act(m.to_move()[0], m.legal_actions(m.to_move()[0])[0])\n"
        "assert 'pettingzoo' not in sys.modules\n"
        "print('ok')\n"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "ok"


def test_the_environment_says_what_is_missing() -> None:
    result = _run("import duoplay.ai\n")
    assert result.returncode != 0
    assert "duoplay[ai]" in result.stderr


def test_openspiel_without_its_extra_names_the_extra() -> None:
    result = _run("import duoplay.games.uno_duo.ai.openspiel\n", blocked=("pyspiel", "open_spiel"))
    assert result.returncode != 0
    needs = "ImportError: UNO Duo's OpenSpiel game needs the 'openspiel' extra (pyspiel is missing)"
    assert needs in result.stderr
    assert "pip install 'duoplay[openspiel]'" in result.stderr
