"""Races on the real server: answers raced in a decision window, in arrival order, under load;
per-seat staleness; message ids; live streams; views as deltas. The game is the small reaction
race in race_game.py, served through DUOPLAY_GAMES as a game in the making would be."""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from typing import Any

import pytest
from tests.server.support import ROOT, Peer, ServerProcess, seated_pair

from duoplay.server.fanout import apply_delta

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


@pytest.fixture(scope="module")
def race_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    workdir = tmp_path_factory.mktemp("race")
    # The module by its own name: a `tests` package installed by a dependency would shadow ours.
    env = {**os.environ, "DUOPLAY_GAMES": "race=race_game:GAME",
           "PYTHONPATH": f"{ROOT / 'tests' / 'server'}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    server = ServerProcess(f"sqlite+aiosqlite:///{workdir / 'race.db'}", workdir,
                           ["--bot-pace", "0", "--replace-after", "3600"], env=env).start()
    try:
        yield server
    finally:
        server.stop()


async def _busy_room(server: ServerProcess) -> str:
    """An UNO Duo room where two bots play as fast as they can: load on the same server."""
    code = server.post("/api/rooms", {"game": "uno-duo", "options": {"target_score": 1000}})["code"]
    host = await Peer.join(f"{server.ws}/ws/{code}", "Host")
    await host.sit(0)
    await host.send(type="add_bot", seat=1, level="random")
    await host.send(type="start")
    await host.until("state")
    await host.send(type="leave")  # a bot plays for the host too, and goes on without a connection
    room = await host.room_until(lambda room: room["match_id"] is not None)
    await host.close()
    return str(room["match_id"])


async def _race(server: ServerProcess, window_ms: int = 150, rounds: int = 2) -> tuple[Peer, Peer, int]:
    code = server.post("/api/rooms", {"game": "race", "options": {"window_ms": window_ms, "rounds": rounds}})
    ada, bo = await seated_pair(server, code["code"])
    await ada.send(type="start")
    version = (await ada.until("state"))["version"]
    await bo.until("state")
    return ada, bo, version


async def _round_result(peer: Peer) -> tuple[dict[str, Any], dict[str, Any]]:
    while True:
        state = await peer.until("state")
        for event in state["events"]:
            if event["kind"] == "round":
                return state, event


async def test_answers_5_ms_apart_tie_and_one_after_the_window_loses_under_load(
    race_server: ServerProcess,
) -> None:
    busy = [await _busy_room(race_server) for _ in range(4)]
    ada, bo, version = await _race(race_server)

    await ada.send(type="action", action={"type": "answer"}, version=version, id="ada-1")
    await asyncio.sleep(0.005)
    await bo.send(type="action", action={"type": "answer"}, version=version, id="bo-1")
    assert (await ada.until("ack", id="ada-1"))["version"] == version + 1
    # Bo chose before seeing Ada's answer: not stale, the round is the same.
    assert (await bo.until("ack", id="bo-1"))["version"] == version + 2
    state, result = await _round_result(ada)
    assert result == {"kind": "round", "winners": [0, 1], "tie": True}
    assert state["view"]["scores"] == [0, 0] and state["view"]["round"] == 1

    version = state["version"]
    await bo.until("state", version=version)
    await ada.send(type="action", action={"type": "answer"}, version=version, id="ada-2")
    # Bo answers once the window has closed (150 ms after Ada's answer arrived) and the round is
    # decided, as seen on his own screen.
    _, bo_saw = await _round_result(bo)
    await bo.send(type="action", action={"type": "answer"}, version=version, id="bo-2")
    # Bo's answer was for a round that is over: it is refused rather than counted in the next one.
    refused = await bo.until("error", id="bo-2")
    assert refused["code"] == "stale_state" and refused["msg"] and "seen" in refused["params"]
    state, result = await _round_result(ada)
    assert result == bo_saw
    assert result == {"kind": "round", "winners": [0], "tie": False}
    assert state["view"]["scores"] == [1, 0] and state["outcome"] is not None

    for peer in (ada, bo):
        await peer.close()
    played = [len(race_server.get(f"/api/matches/{match_id}/replay")["frames"]) for match_id in busy]
    assert min(played) > 30, f"the other rooms were not busy meanwhile: {played} actions"


async def test_a_refusal_echoes_the_message_id_with_a_message_id_and_parameters(
    race_server: ServerProcess,
) -> None:
    ada, bo, version = await _race(race_server)
    await ada.send(type="action", action={"type": "answer"}, version=version, id=41)
    await ada.until("ack", id=41)
    await ada.send(type="action", action={"type": "answer"}, version=None, id=42)
    refused = await ada.until("error", id=42)
    assert refused["code"] == "not_your_turn" and refused["msg"] == "You have answered this round"
    await ada.send(type="sit", seat=1, id="sit-1")
    refused = await ada.until("error", id="sit-1")
    assert refused["code"] == "already_started" and refused["params"] == {}
    await ada.send(type="nonsense", id="n-1")
    refused = await ada.until("error", id="n-1")  # refused whole, and still answered by its id
    assert refused["code"] == "unknown_type" and refused["msg"].startswith("Unknown message type {kind!r}")
    assert refused["params"]["kind"] == "nonsense" and "nonsense" in refused["message"]
    await ada.close()
    await bo.close()


async def test_an_action_sent_again_with_its_id_is_answered_and_not_made_twice(
    race_server: ServerProcess,
) -> None:
    """A page whose connection went before an action's answer came sends it again, with its id,
    once it is back: the server knows the id, answers it, and makes nothing again."""
    ada, bo, version = await _race(race_server, window_ms=60_000)
    await ada.send(type="action", action={"type": "answer"}, version=version, id=7_000_001)
    first = await ada.until("ack", id=7_000_001)
    await ada.send(type="action", action={"type": "answer"}, version=version, id=7_000_001)
    again = await ada.until("ack", id=7_000_001)  # not "You have answered this round"
    assert again["version"] == first["version"]
    state = await bo.until("state", version=first["version"])
    assert state["view"]["answers"] == [0]
    assert not [m for m in await bo.quiet(0.3) if m["type"] == "state"]  # nothing made again
    await ada.send(type="action", action={"type": "answer"}, version=None, id=7_000_002)
    assert (await ada.until("error", id=7_000_002))["msg"] == "You have answered this round"
    await ada.close()
    await bo.close()


async def test_a_stream_reaches_only_the_seats_the_game_allows_and_what_counted_is_logged(
    race_server: ServerProcess,
) -> None:
    ada, bo, version = await _race(race_server)
    code = next(m["room"]["code"] for m in ada.seen if m["type"] == "welcome")
    watcher = await Peer.join(f"{race_server.ws}/ws/{code}", "Watcher")
    await watcher.until("state")
    for text in ("c", "ca", "cat"):
        await ada.send(type="stream", channel="text", data={"text": text})
    heard = [await bo.until("stream") for _ in range(3)]
    assert [m["data"]["text"] for m in heard] == ["c", "ca", "cat"] and {m["seat"] for m in heard} == {0}
    assert not [m for m in await watcher.quiet(0.3) if m["type"] == "stream"]  # spectators never hear it
    assert not [m for m in ada.seen if m["type"] == "stream"]  # nor does the one typing

    await ada.send(type="stream", channel="drawing", data=[1, 2], id="s-1")
    assert (await ada.until("error", id="s-1"))["code"] == "stream_closed"
    await ada.send(type="stream", channel="text", data={"text": "x" * 300}, id="s-2")
    assert (await ada.until("error", id="s-2"))["code"] == "too_large"
    # The rule for player text holds live too (issue 32, break 8): no direction, control or
    # invisible character is relayed.
    for index, bad in enumerate(("c\u202eat", "c\x00", "ca\u200bt", {"text": "ok", "\x07": 1})):
        data = bad if isinstance(bad, dict) else {"text": bad}
        await ada.send(type="stream", channel="text", data=data, id=f"bad-{index}")
        refused = await ada.until("error", id=f"bad-{index}")
        assert refused["code"] == "malformed_message" and refused["params"]["char"].startswith("U+")
    assert not [m for m in await bo.quiet(0.3) if m["type"] == "stream"]

    # The first answer closes the channel: the game keeps the last text, as a logged table action.
    await bo.send(type="action", action={"type": "answer"}, version=version)
    kept = await watcher.until("state", version=version + 2)
    assert kept["view"]["typed"] == {"0": "cat"}
    await bo.send(type="stream", channel="text", data={"text": "late"}, id="s-3")
    assert (await bo.until("error", id="s-3"))["code"] == "stream_closed"
    for peer in (ada, bo, watcher):
        await peer.close()


async def test_what_an_absent_seat_typed_before_the_close_is_kept_when_it_comes_back_in_the_grace(
    race_server: ServerProcess,
) -> None:
    """A phone that lost its network mid-word sends the rest once back: the table takes it for a
    short grace after the channel closed, all at once when the seat says it has sent all."""
    ada, bo, version = await _race(race_server, window_ms=60_000)
    code = next(m["room"]["code"] for m in ada.seen if m["type"] == "welcome")
    await ada.send(type="stream", channel="text", data={"text": "ca"})
    await bo.until("stream")
    token = ada.token
    await ada.close()  # the network goes
    await bo.send(type="action", action={"type": "answer"}, version=version)
    kept = await bo.until("state", version=version + 2)  # the answer, then the table keeps "ca"
    assert kept["view"]["typed"] == {"0": "ca"}
    ada = await Peer.join(f"{race_server.ws}/ws/{code}", "Ada", token)  # back, within the grace
    await ada.send(type="stream", channel="text", data={"text": "cat"}, id="late-1")
    await ada.send(type="stream", channel="text", data={}, id="late-2")  # that is all
    kept = await bo.until("state", version=version + 3)
    assert kept["view"]["typed"] == {"0": "cat"}
    # The grace is over once the seat has said so: more is refused, and nothing changes.
    await ada.send(type="stream", channel="text", data={"text": "cats"}, id="late-3")
    assert (await ada.until("error", id="late-3"))["code"] == "stream_closed"
    assert not [m for m in await bo.quiet(0.3) if m["type"] == "state"]
    for peer in (ada, bo):
        await peer.close()


async def test_a_client_that_asks_for_deltas_rebuilds_the_same_views(race_server: ServerProcess) -> None:
    code = race_server.post("/api/rooms", {"game": "race", "options": {"rounds": 3}})["code"]
    url = f"{race_server.ws}/ws/{code}"
    ada, bo = await seated_pair(race_server, code)
    lean, whole = await Peer.join_with(url, "Lean", deltas=True), await Peer.join(url, "Whole")
    await ada.send(type="start")
    first = await lean.until("state")
    view, legal = first["view"], first["legal"]
    await whole.until("state")
    for round_ in range(3):
        await ada.send(type="action", action={"type": "answer"}, version=None)
        while True:
            got, full = await lean.until("state"), await whole.until("state")
            assert "view" not in got and set(got["delta"]) == {"set", "unset"}
            view, legal = apply_delta(view, got["delta"]), got.get("legal", legal)
            assert view == full["view"] and legal == full["legal"] and got["version"] == full["version"]
            if view["round"] > round_:
                break
    for peer in (ada, bo, lean, whole):
        await peer.close()


async def test_the_race_game_is_served_only_where_it_is_named(race_server: ServerProcess) -> None:
    """DUOPLAY_GAMES adds a game to a server, beside the installed ones."""
    from duoplay.core.registry import game_ids

    served = {game["id"] for game in race_server.get("/api/games")}
    assert served == {*game_ids(), "race"} and "race" not in game_ids()
