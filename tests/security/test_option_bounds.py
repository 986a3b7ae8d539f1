"""Issue 14, repro 3: every option is bounded by its declared range, so every game has a bounded length.
The longest UNO Duo the lobby allows (target_score at its maximum) is played by bots to its end."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from tests.server.support import ServerProcess

from duoplay.bots.play import play_match
from duoplay.core import declared
from duoplay.core.registry import find_game, game_ids

pytestmark = pytest.mark.live


def _bounded_specs() -> list[tuple[str, Any]]:
    return [(game, spec) for game in game_ids() for spec in declared.option_specs(find_game(game))
            if spec.kind in ("int", "float")]


def _create(server: ServerProcess, body: str) -> httpx.Response:
    return httpx.post(server.http + "/api/rooms", content=body, headers={"Content-Type": "application/json"})


def test_every_number_option_declares_both_bounds() -> None:
    specs = _bounded_specs()
    assert specs and all(spec.minimum is not None and spec.maximum is not None for _, spec in specs)


@pytest.mark.parametrize(("game", "spec"), _bounded_specs(), ids=lambda v: getattr(v, "name", v))
def test_a_number_option_outside_its_declared_range_is_refused(
    server: ServerProcess, game: str, spec: Any
) -> None:
    def body(value: Any) -> str:
        return json.dumps({"game": game, "options": {spec.name: value}})

    for inside in (spec.minimum, spec.maximum):
        value = int(inside) if spec.kind == "int" else inside
        answer = _create(server, body(value))
        assert answer.status_code == 201, (spec.name, value, answer.text)
    step = 1 if spec.kind == "int" else 0.5
    outside = [spec.minimum - step, spec.maximum + step, 10**15, -(10**15), "5", None, True]
    if spec.kind == "int":
        outside.append(spec.minimum + 0.5)
    for value in outside:
        answer = _create(server, body(value))
        assert answer.status_code == 400, (spec.name, value, answer.text)
        assert answer.json()["error"]["code"] == "bad_options"
    for raw in ("NaN", "Infinity", "-Infinity", "1e400"):
        answer = _create(server, f'{{"game": "{game}", "options": {{"{spec.name}": {raw}}}}}')
        assert answer.status_code == 400, (spec.name, raw, answer.text)
        assert answer.json()["error"]["code"] in ("bad_options", "malformed_request")


def test_the_endless_uno_duo_of_the_issue_is_refused(server: ServerProcess) -> None:
    answer = httpx.post(server.http + "/api/rooms",
                        json={"game": "uno-duo", "options": {"target_score": 1000000000000000}})
    assert answer.status_code == 400 and answer.json()["error"]["code"] == "bad_options"
    assert answer.json()["error"]["params"] == {"most": 1000}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_longest_uno_duo_allowed_ends_with_bots(seed: int) -> None:
    """target_score at its maximum, two bots: the match ends, someone past the target, in a few
    thousand moves. (A room's bots play moves as this does, one at a time; the server's rooms with
    bots and its storage of long logs have tests of their own.)"""
    most = next(s.maximum for s in declared.option_specs(find_game("uno-duo")) if s.name == "target_score")
    played = play_match("uno-duo", ["heuristic", "heuristic"], seed, {"target_score": most},
                        max_actions=50_000)
    assert played.outcome is not None and max(played.outcome["scores"]) >= most
    assert played.actions < 20_000
