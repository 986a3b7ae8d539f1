"""kill -9 the server mid-game, start it again: every accepted move is still there and play goes on."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import pytest
from tests.server.support import Peer, ServerProcess, my_move

pytestmark = [pytest.mark.asyncio, pytest.mark.live]


async def play_moves(
    players: list[Peer], states: dict[int, dict[str, Any]], moves: int, rng: random.Random
) -> None:
    """The player to move picks a random legal action; wait until every player saw it."""
    for _ in range(moves):
        turn = next(p for p in players if my_move(states[id(p)]))
        version = states[id(turn)]["version"]
        await asyncio.sleep(0.06)  # stay under the per-connection message limit
        await turn.send(type="action", action=rng.choice(states[id(turn)]["legal"]), version=version)
        for peer in players:
            states[id(peer)] = await peer.state_at(version + 1)


async def settle(peer: Peer, state: dict[str, Any]) -> dict[str, Any]:
    """Follow a bot's replies until it is this player's move again."""
    while not my_move(state):
        state = await peer.until("state")
    return state


async def test_kill_9_and_restart_loses_no_accepted_move(database_url: str, tmp_path: Path) -> None:
    server = ServerProcess(database_url, tmp_path, ["--bot-pace", "0", "--replace-after", "3600"]).start()
    try:
        humans = server.post("/api/rooms", {"game": "uno-duo"})["code"]
        with_bot = server.post("/api/rooms", {"game": "uno-duo"})["code"]
        ada = await Peer.join(f"{server.ws}/ws/{humans}", "Ada")
        await ada.sit(0)
        bo = await Peer.join(f"{server.ws}/ws/{humans}", "Bo")
        await bo.sit(1)
        await ada.send(type="start")
        states = {id(p): await p.until("state") for p in (ada, bo)}
        await play_moves([ada, bo], states, 25, random.Random(1))

        cy = await Peer.join(f"{server.ws}/ws/{with_bot}", "Cy")
        await cy.sit(1)
        await cy.send(type="add_bot", seat=0, level="random")
        await cy.send(type="start")
        cy_state = await settle(cy, await cy.until("state"))
        rng = random.Random(2)
        for _ in range(5):
            await asyncio.sleep(0.06)  # a brisk human pace, under the per-connection message limit
            await cy.send(type="action", action=rng.choice(cy_state["legal"]), version=cy_state["version"])
            cy_state = await settle(cy, await cy.state_at(cy_state["version"] + 1))
        last_humans = {id(p): states[id(p)] for p in (ada, bo)}
        server.kill()
        for peer in (ada, bo, cy):
            await peer.close()

        server.start()
        ada2 = await Peer.join(f"{server.ws}/ws/{humans}", "Ada", token=ada.token)
        bo2 = await Peer.join(f"{server.ws}/ws/{humans}", "Bo", token=bo.token)
        assert (ada2.seat, bo2.seat) == (0, 1)
        for old, new in ((ada, ada2), (bo, bo2)):
            state = await new.until("state")
            assert state["version"] == last_humans[id(old)]["version"] == 25
            assert state["view"] == last_humans[id(old)]["view"]
            assert state["legal"] == last_humans[id(old)]["legal"]
        states = {id(ada2): ada2.seen[-1], id(bo2): bo2.seen[-1]}
        await play_moves([ada2, bo2], states, 3, random.Random(3))
        assert states[id(ada2)]["version"] == 28

        cy2 = await Peer.join(f"{server.ws}/ws/{with_bot}", "Cy", token=cy.token)
        state = await cy2.until("state")
        assert state["version"] == cy_state["version"] and state["view"] == cy_state["view"]
        # The bot is back at work: Cy moves, the bot answers.
        await cy2.send(type="action", action=state["legal"][0], version=state["version"])
        after = await settle(cy2, await cy2.state_at(state["version"] + 1))
        assert after["version"] >= state["version"] + 1
        for peer in (ada2, bo2, cy2):
            await peer.close()
    finally:
        server.stop()
