"""Issue 14, repro 3: every option is bounded by its declared range, so every game has a bounded length.
The longest UNO Duo the lobby allows (target_score at its maximum) is played by bots to its end."""

from __future__ import annotations

import json
import time
from typing import Any

import httpx
import pytest
from tests.server.support import Peer, ServerProcess

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


@pytest.mark.asyncio
async def test_the_longest_uno_duo_allowed_ends_with_bots(server: ServerProcess) -> None:
    """target_score at its maximum, a bot in seat 1, the player leaves: the bots play it to its end."""
    most = next(s.maximum for s in declared.option_specs(find_game("uno-duo")) if s.name == "target_score")
    code = server.post("/api/rooms", {"game": "uno-duo", "options": {"target_score": most}})["code"]
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)
    await ada.send(type="add_bot", seat=1, level="heuristic")
    await ada.room_until(lambda r: r["seats"][1]["kind"] == "bot")
    started = time.monotonic()
    await ada.send(type="start")
    await ada.until("state")
    await ada.send(type="leave")
    await ada.room_until(lambda r: r["seats"][0]["kind"] == "bot")
    room = await ada.room_until(lambda r: r["status"] == "finished", timeout=240)
    took = time.monotonic() - started
    replay_of = room["match_id"]
    await ada.close()
    summary = server.get(f"/api/rooms/{code}")
    assert summary["status"] == "finished"
    header = httpx.get(f"{server.http}/api/matches/{replay_of}/replay", timeout=120).json()["header"]
    assert header["finished"] and max(header["outcome"]["scores"]) >= most
    print(f"UNO Duo to {most} points with two heuristic bots: {took:.1f} s")
