"""Bots racing in simulated time, for arenas: a raced game (`races` declared) waits on several
seats at once, and who acts first depends on how long each takes, as at a real table.

Each seat to move decides when its question appears (the game's `stale_key`) and acts its
reaction time (`bot_delay`) later; a bot with nothing to say (None) thinks again after
another reaction time. The table's clock (`deadline`) runs on the same simulated time, so a
second answer lands inside a tie window only if it came that close to the first.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any

from duoplay.bots.base import Bot
from duoplay.core import declared
from duoplay.core.match import Match


@dataclass(slots=True)
class Plan:
    question: Hashable
    at: float  # simulated seconds when the seat acts
    action: Any  # None: it thinks again at `at`


Decide = Callable[[Match, Bot, int, Any], Any]


class RaceClock:
    def __init__(self, match: Match, bots: Sequence[Bot], levels: Sequence[str], seed: int,
                 played: Any, decide: Decide) -> None:
        self.match, self.bots, self.levels, self.played, self.decide = match, bots, levels, played, decide
        self.random = random.Random(seed)
        self.now = 0.0
        self.plans: dict[int, Plan] = {}
        self.waits: dict[Hashable, float] = {}  # when each of the table's waits began

    def step(self) -> bool:
        """Play the next thing to happen; False when nothing can (no seat moves, no clock runs)."""
        match = self.match
        for seat in match.to_move():
            question = self._question(seat)
            plan = self.plans.get(seat)
            if plan is None or plan.question != question:
                self.plans[seat] = self._plan(seat, question, self.now)
        movers = set(match.to_move())
        events: list[tuple[float, int, Plan | None]] = [
            (plan.at, seat, plan) for seat, plan in self.plans.items() if seat in movers]
        deadline = match.deadline()
        if deadline is not None:
            began = self.waits.setdefault(deadline.key or match.version, self.now)
            events.append((began + deadline.seconds, -1, None))
        if not events:
            return False
        at, seat, plan = min(events, key=lambda event: (event[0], event[1]))
        self.now = max(self.now, at)
        if plan is None:
            assert deadline is not None
            match.act(deadline.seat, deadline.action)
        elif plan.action is None:
            self.plans[seat] = self._plan(seat, plan.question, self.now)
        else:
            del self.plans[seat]
            match.act(seat, plan.action)
        return True

    def _question(self, seat: int) -> Hashable:
        game = self.match.game
        return declared.stale_key(game, self.match.state, seat) if declared.has_stale_key(game) \
            else self.match.version

    def _plan(self, seat: int, question: Hashable, now: float) -> Plan:
        action = self.decide(self.match, self.bots[seat], seat, self.played)
        view = self.match.view(seat)
        delay = declared.bot_delay(self.match.game, view, seat, self.levels[seat], self.random)
        return Plan(question, now + delay, action)
