"""Bots that play seats of one room. They think off the room loop, in the shared bot pool.

When a bot's seat is to move, the room hands it a snapshot (view, legal actions,
version) taken in the room loop; the bot waits as long as a person would (the
game's `bot_delay`, scaled by the server's pace), asks the pool, and submits its
move back to the room loop, which applies it only if it is still legal and
nothing it depends on changed meanwhile. In a simultaneous phase every bot
seat thinks at once. A bot that fails falls back to a legal move, so a table
never stalls on a bot.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import secrets
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any, Protocol

from duoplay.bots.tickets import BotFailed, BotTicket, Decision
from duoplay.core import declared
from duoplay.core.protocol import JSON

log = logging.getLogger(__name__)


class Decider(Protocol):
    async def decide_async(self, ticket: BotTicket) -> Decision: ...

    def warm(self, game: str, options: JSON) -> object: ...


@dataclass(frozen=True, slots=True)
class Turn:
    """What a bot may know when it is asked to move: its seat's view, never the state."""

    seat: int
    level: str
    view: JSON
    legal: list[JSON]
    version: int
    question: Hashable = None  # what the seat's move depends on (the game's stale key, or the version)


# Takes a snapshot in the room loop: the bot's turn now (with its legal actions if asked), or None.
Snapshot = Callable[[int, bool], Awaitable[Turn | None]]
APPLIED, STALE, REFUSED = "applied", "stale", "refused"
# Submits a move to the room loop: (seat, action, version seen) -> APPLIED, STALE or REFUSED.
Play = Callable[[int, JSON, int], Awaitable[str]]


class BotSeats:
    def __init__(
        self,
        game: Any,
        decider: Decider,
        pace: float,
        default_delay: float,
        snapshot: Snapshot,
        play: Play,
        name: str,
    ) -> None:
        self._game = game
        self._decider = decider
        self.pace = pace
        self._default_delay = default_delay
        self._snapshot = snapshot
        self._play = play
        self._name = name
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()  # seats woken while their bot was busy: look again before stopping
        self._memory: dict[tuple[int, str], bytes] = {}
        self._random = random.Random(secrets.randbits(64))
        self.closed = False

    def wake(self, seats: list[int]) -> None:
        """These seats have a bot to move: start each one that is not thinking yet."""
        if self.closed:
            return
        for seat in seats:
            task = self._tasks.get(seat)
            if task is None or task.done():
                self._tasks[seat] = asyncio.create_task(self._turns(seat), name=f"bot-{self._name}-{seat}")
            else:
                self._again.add(seat)

    def stop(self, seat: int) -> None:
        """A person plays `seat` again: its bot stops thinking."""
        self._again.discard(seat)
        task = self._tasks.pop(seat, None)
        if task is not None and task is not asyncio.current_task():
            task.cancel()

    def new_match(self, seed: int | None = None) -> None:
        """Bots forget what they learnt of the last match; with a `seed` (a test's), their choices
        and waits follow from it, so a seeded match with the same moves of people plays out alike."""
        self._memory.clear()
        if seed is not None:
            self._random = random.Random(seed)

    async def _turns(self, seat: int) -> None:
        """Move for `seat` as long as it has moves (a draw then a play, or a move refused as stale)."""
        try:
            while True:
                self._again.discard(seat)
                turn = await self._snapshot(seat, False)
                if turn is None:
                    if seat in self._again:
                        continue
                    return
                await asyncio.sleep(self._delay(turn))
                asked = turn.question
                turn = await self._snapshot(seat, True)  # what changed while it waited counts
                if turn is None or turn.question != asked:
                    continue  # a new question came up while it waited: it takes its time again
                action = await self._decide(turn)
                if action is None:  # nothing yet (no word comes to mind): think again after a pause
                    continue
                result = await self._play(seat, action, turn.version)
                if result == REFUSED:
                    # A bot's mistake must not stall the table: any legal move will do.
                    log.error("room %s: the bot at seat %d chose an illegal move", self._name, seat)
                    await self._play(seat, self._random.choice(turn.legal), turn.version)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("room %s: the bot at seat %d could not move", self._name, seat)
        finally:
            if self._tasks.get(seat) is asyncio.current_task():
                del self._tasks[seat]

    def _delay(self, turn: Turn) -> float:
        if self.pace <= 0:
            return 0.0
        has_pace = callable(getattr(self._game, "bot_delay", None))
        delay = (
            declared.bot_delay(self._game, turn.view, turn.seat, turn.level, self._random)
            if has_pace
            else self._default_delay
        )
        return delay * self.pace

    async def _decide(self, turn: Turn) -> JSON | None:
        key = (turn.seat, turn.level)
        ticket = BotTicket(
            self._game.id,
            turn.level,
            self._random.getrandbits(32),
            turn.seat,
            turn.view,
            turn.legal,
            self._memory.get(key),
        )
        try:
            decision = await self._decider.decide_async(ticket)
        except BotFailed as failure:
            # A bot's mistake must not stall the table: any legal move will do.
            log.error(
                "room %s: bot %s at seat %d failed: %s", self._name, turn.level, turn.seat, failure.reason
            )
            return self._random.choice(turn.legal)
        self._memory[key] = decision.memory
        return decision.action

    async def close(self) -> None:
        self.closed = True
        tasks = list(self._tasks.values())
        self._tasks.clear()
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
