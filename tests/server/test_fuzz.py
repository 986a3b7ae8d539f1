"""Thousands of bad messages against a running room: each gets a typed error and nothing changes."""

from __future__ import annotations

import json
import random
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import websockets
from tests.server.support import Peer, ServerProcess, my_move, running_server

from duoplay.core.errors import GameError
from duoplay.games.uno_duo.game import GAME

pytestmark = [pytest.mark.asyncio, pytest.mark.live]

MESSAGES = 2500
GAME_CODES = {"malformed_action", "illegal_action", "not_your_turn", "game_over", "stale_state"}
CARDS = ["R5", "G+2", "Brev", "Yskip", "wild", "wild+4", "wild-shuffle", "wild-custom", "R10", "X1", ""]


@pytest.fixture(scope="module")
def open_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """No message limits here, so every fuzz message reaches the parser and the rules."""
    workdir = tmp_path_factory.mktemp("fuzz")
    with running_server(
        f"sqlite+aiosqlite:///{workdir / 'x.db'}", workdir, "--bot-pace", "0",
        "--rate-limit", "1000000", "--abuse-limit", "1000000",
    ) as process:  # fmt: skip
        yield process


def junk_value(rng: random.Random, depth: int = 0) -> Any:
    choices: list[Any] = [None, True, -1, 2**70, 3.5, "", "x" * rng.randint(1, 50), "R5"]
    if depth < 3:
        key = rng.choice(["type", "card", "colour", "uno", "seat"])
        choices += [
            [junk_value(rng, depth + 1) for _ in range(rng.randint(0, 3))],
            {key: junk_value(rng, depth + 1)},
        ]
    return rng.choice(choices)


def junk_action(rng: random.Random) -> Any:
    kind = rng.choice(["play", "draw", "keep", "pass", "colour", "challenge", "catch", "uno", "fly", 7, None])
    action: dict[str, Any] = {"type": kind}
    if rng.random() < 0.6:
        action["card"] = rng.choice([*CARDS, junk_value(rng)])
    if rng.random() < 0.4:
        action["colour"] = rng.choice(["red", "green", "blue", "yellow", "purple", 3, None])
    if rng.random() < 0.2:
        action["uno"] = rng.choice([True, False, "yes"])
    if rng.random() < 0.1:
        action[rng.choice(string.ascii_lowercase)] = junk_value(rng)
    return action if rng.random() < 0.9 else junk_value(rng)


def forged_tokens(rng: random.Random, real: list[str], count: int) -> list[str]:
    """Tokens that are not a seat's: empty, long, random, and real ones with one character changed."""
    forged = ["", "x" * 8000, real[0].upper() if real[0].upper() != real[0] else real[0].lower()]
    alphabet = string.ascii_letters + string.digits + "-_"
    while len(forged) < count:
        if rng.random() < 0.5:
            forged.append("".join(rng.choice(alphabet) for _ in range(rng.randint(1, 64))))
        else:
            token = rng.choice(real)
            at = rng.randrange(len(token))
            changed = rng.choice([c for c in alphabet if c != token[at]])
            forged.append(token[:at] + changed + token[at + 1 :])
    assert not set(forged) & set(real)
    return forged


def is_legal(action: Any, legal: list[Any]) -> bool:
    try:
        return GAME.parse_action(action).to_json() in legal
    except (GameError, TypeError, ValueError):
        return False


def bad_message(
    rng: random.Random, mover: bool, state: dict[str, Any], other_legal: list[Any]
) -> str | bytes:
    """One message the server must refuse, for the player to move (`mover`) or the one waiting."""
    version = state["version"]
    kind = rng.randrange(12)
    if kind == 0:
        return "".join(rng.choice(string.printable) for _ in range(rng.randint(0, 40)))
    if kind == 1:
        return json.dumps(junk_value(rng)) if rng.random() < 0.5 else bytes(rng.randbytes(rng.randint(1, 30)))
    if kind == 2:
        return json.dumps(
            {"v": rng.choice([0, 2, "1", None, True]), "type": "action", "action": {"type": "draw"}}
        )
    if kind == 3:
        return json.dumps({"v": 1, "type": rng.choice(["move", "HELLO", "", "act", 5, None])})
    if kind == 4:
        return json.dumps(
            {"v": 1, "type": "action", "action": {"type": "play", "card": "R5" * rng.randint(9000, 40000)}}
        )
    if kind == 5:
        return json.dumps(
            {"v": 1, "type": "hello", "name": "again", "token": rng.choice([None, "x", "forged"])}
        )
    if kind == 6:
        return json.dumps({"v": 1, "type": rng.choice(["sit", "add_bot", "remove_bot", "start"]),
                           "seat": rng.choice([0, 1, 2, -1, "0", None]), "level": "random"})  # fmt: skip
    if kind == 7:
        return json.dumps(
            {"v": 1, "type": "action", "action": {"type": "draw"}, "version": rng.choice(["1", 1.5])}
        )
    if kind == 8 and mover:  # a legal action against an old version
        stale = rng.choice([version - 1, version + 1, version + 50, -3])
        return json.dumps({"v": 1, "type": "action", "action": rng.choice(state["legal"]), "version": stale})
    if kind == 9 and not mover and other_legal:  # the other player's move, out of turn
        action = rng.choice(other_legal)
        if not is_legal(action, state["legal"]):
            return json.dumps(
                {"v": 1, "type": "action", "action": action, "version": rng.choice([None, version])}
            )
    while True:
        action = junk_action(rng)
        if not is_legal(action, state["legal"]):
            return json.dumps(
                {"v": 1, "type": "action", "action": action, "version": rng.choice([None, version])}
            )


async def test_bad_messages_get_errors_and_change_nothing(open_server: ServerProcess) -> None:
    server = open_server
    code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
    url = f"{server.ws}/ws/{code}"
    ada = await Peer.join(url, "Ada")
    await ada.sit(0)
    bo = await Peer.join(url, "Bo")
    await bo.sit(1)
    watcher = await Peer.join(url, "Watcher")
    await ada.send(type="start")
    states = {p.seat: await p.until("state") for p in (ada, bo)}
    # Move on a little, so the hands and piles are not the opening ones.
    rng = random.Random(2024)
    for _ in range(12):
        turn = next(p for p in (ada, bo) if my_move(states[p.seat]))
        await turn.send(
            type="action", action=rng.choice(states[turn.seat]["legal"]), version=states[turn.seat]["version"]
        )
        states = {p.seat: await p.state_at(states[turn.seat]["version"] + 1) for p in (ada, bo)}
    spectator_before = await watcher.state_at(12)
    before = {seat: (s["version"], s["view"], s["legal"]) for seat, s in states.items()}

    codes: dict[str, int] = {}
    for n in range(MESSAGES):
        peer = rng.choice((ada, bo, watcher))
        seat = 0 if peer.seat is None else peer.seat  # the watcher borrows seat 0's situation
        mover = peer is not watcher and my_move(states[seat])
        state = states[seat]
        other = states[1 - seat]["legal"]
        text = bad_message(rng, mover, state, other)
        await peer.send_raw(text)
        answer = await peer.recv()
        assert answer["type"] == "error", (n, text, answer)
        assert isinstance(answer["message"], str) and answer["message"]
        codes[answer["code"]] = codes.get(answer["code"], 0) + 1

    # A stranger with a forged token is refused and only watches.
    assert ada.token is not None and bo.token is not None
    for forged in forged_tokens(rng, [ada.token, bo.token], 200):
        stranger = await Peer.join(url, "Mallory", token=forged)
        assert stranger.seat is None and stranger.seen[0]["code"] == "bad_token"
        await stranger.send(type="action", action={"type": "draw"}, version=None)
        assert (await stranger.until("error"))["code"] == "not_seated"
        await stranger.close()
        codes["bad_token"] = codes.get("bad_token", 0) + 1

    server_codes = {
        "malformed_message",
        "unknown_type",
        "too_large",
        "already_started",
        "not_seated",
        "bad_token",
    }
    expected = server_codes | {"malformed_action", "illegal_action", "stale_state", "not_your_turn"}
    assert expected <= set(codes), codes
    assert set(codes) <= GAME_CODES | server_codes | {"seat_taken"}, codes
    for peer in (ada, bo, watcher):
        late = await peer.quiet(0.2)
        assert [m for m in late if m["type"] != "room"] == []  # no state went out: nothing was played

    # Everyone reconnects: the same version, views and legal actions as before the storm.
    for peer in (ada, bo):
        again = await Peer.join(url, "again", token=peer.token)
        state = await again.until("state")
        assert (state["version"], state["view"], state["legal"]) == before[peer.seat]
        await again.close()
        await peer.close()
    fresh = await Peer.join(url, "Fresh")
    assert (await fresh.until("state"))["view"] == spectator_before["view"]
    await fresh.close()
    await watcher.close()
    assert server.get("/healthz") == {"status": "ok"}


async def test_an_abusive_connection_is_closed_and_the_room_lives_on(tmp_path: Path) -> None:
    with running_server(f"sqlite+aiosqlite:///{tmp_path / 'x.db'}", tmp_path, "--bot-pace", "0") as server:
        code = server.post("/api/rooms", {"game": "uno-duo"})["code"]
        url = f"{server.ws}/ws/{code}"
        ada = await Peer.join(url, "Ada")
        await ada.sit(0)
        flood = await websockets.connect(url)
        for _ in range(300):
            await flood.send("{")
        errors = 0
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                json.loads(await flood.recv())
                errors += 1
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        assert 200 <= errors <= 300
        await ada.send(type="add_bot", seat=1, level="random")
        assert (await ada.room_until(lambda r: r["seats"][1]["kind"] == "bot"))["seats"][1][
            "level"
        ] == "random"
        await ada.close()
