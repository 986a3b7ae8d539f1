"""ISMCTS over games other than UNO Duo: it only needs the search hooks of the protocol."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest

from duoplay.bots.ismcts import Ismcts
from duoplay.core.protocol import JSON, Outcome


@dataclass
class NimState:
    stones: int
    current: int = 0
    last_taker: int = -1


class Nim:
    """Take 1-3 stones; whoever takes the last stone wins. Nothing is hidden."""

    def sample_state(self, view: JSON, seat: int, rng: random.Random) -> NimState:
        return NimState(view["stones"], view["current"])

    def legal_actions(self, state: NimState, seat: int) -> list[int]:
        return [n for n in (1, 2, 3) if n <= state.stones] if seat == state.current else []

    def apply(self, state: NimState, seat: int | None, action: int) -> list[Any]:
        assert seat == state.current and action in self.legal_actions(state, seat)
        state.stones -= action
        state.last_taker, state.current = seat, 1 - seat
        return []

    def to_move(self, state: NimState) -> tuple[int, ...]:
        return () if state.stones == 0 else (state.current,)

    def outcome(self, state: NimState) -> Outcome | None:
        if state.stones:
            return None
        winner = state.last_taker
        return Outcome((winner,), (1.0, 0.0) if winner == 0 else (0.0, 1.0), (0, 0), "last stone")

    def copy_state(self, state: NimState) -> NimState:
        return NimState(state.stones, state.current, state.last_taker)


@pytest.mark.parametrize(("stones", "best"), [(5, 1), (6, 2), (7, 3), (10, 2)])
def test_finds_the_move_that_leaves_a_multiple_of_four(stones: int, best: int) -> None:
    bot = Ismcts(Nim(), time_ms=None, iterations=3000, seed=stones)
    assert bot.choose({"stones": stones, "current": 0}, [1, 2, 3], 0) == best


def test_paired_root_with_an_opponent_policy_also_finds_it() -> None:
    def greedy(state: NimState, seat: int, legal: Any, rng: random.Random) -> int:
        return max(legal)

    bot = Ismcts(Nim(), time_ms=None, iterations=300, seed=1, paired_root=True, opponent_policy=greedy)
    # Against a player who always takes all it can, only taking one from 5 wins (5 -> 4 -> 1 -> 0).
    assert bot.choose({"stones": 5, "current": 0}, [1, 2, 3], 0) == 1
    # From 4 nothing wins against best play, but this opponent leaves us the last stone after 1 or 2.
    slow = Ismcts(Nim(), time_ms=None, iterations=300, seed=1, paired_root=True,
                  opponent_policy=lambda state, seat, legal, rng: min(legal))
    assert slow.choose({"stones": 4, "current": 0}, [1, 2, 3], 0) in (1, 2)


def test_one_legal_action_returns_without_searching() -> None:
    bot = Ismcts(Nim(), time_ms=10_000, seed=1)
    assert bot.choose({"stones": 1, "current": 0}, [1], 0) == 1
    assert bot.last_iterations == 0


def test_time_budget_is_kept() -> None:
    bot = Ismcts(Nim(), time_ms=30, seed=1)
    bot.choose({"stones": 21, "current": 0}, [1, 2, 3], 0)
    assert bot.last_iterations > 1


def test_needs_a_budget() -> None:
    with pytest.raises(ValueError):
        Ismcts(Nim(), time_ms=None, iterations=None)


@dataclass
class RaceState:
    progress: list[int]
    current: int = 0
    rounds: int = 0
    winners: list[int] | None = None


class EndlessRace:
    """Each turn a seat advances or idles; three advances win the round; the match never ends.

    Without round hooks a rollout would only hit its step limit and learn nothing.
    """

    def sample_state(self, view: JSON, seat: int, rng: random.Random) -> RaceState:
        return RaceState(list(view["progress"]), view["current"], winners=[])

    def legal_actions(self, state: RaceState, seat: int) -> list[str]:
        return ["idle", "advance"] if seat == state.current else []

    def apply(self, state: RaceState, seat: int | None, action: str) -> list[Any]:
        assert seat == state.current
        if action == "advance":
            state.progress[seat] += 1
            if state.progress[seat] == 3:
                assert state.winners is not None
                state.winners.append(seat)
                state.progress = [0, 0]
        state.current = 1 - seat
        return []

    def to_move(self, state: RaceState) -> tuple[int, ...]:
        return (state.current,)

    def outcome(self, state: RaceState) -> None:
        return None

    def copy_state(self, state: RaceState) -> RaceState:
        return RaceState(list(state.progress), state.current, state.rounds, list(state.winners or []))

    def round_mark(self, state: RaceState) -> int:
        return len(state.winners or [])

    def round_value(self, mark: int, state: RaceState, seat: int) -> float | None:
        winners = state.winners or []
        if len(winners) <= mark:
            return None
        return 1.0 if winners[mark] == seat else 0.0


def test_round_hooks_end_rollouts_at_the_end_of_the_round() -> None:
    bot = Ismcts(EndlessRace(), time_ms=None, iterations=400, seed=3, max_rollout_steps=10_000)
    view = {"progress": [2, 2], "current": 0}
    assert bot.choose(view, ["idle", "advance"], 0) == "advance"
