"""Play one match between bots, timing each bot's decisions (for the arena and benchmarks).

Bots get each seat's view and legal actions through `Match`, never the state.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from duoplay.bots.base import Bot
from duoplay.bots.raced import RaceClock
from duoplay.bots.registry import make_bot
from duoplay.core import declared
from duoplay.core.match import Match
from duoplay.core.protocol import JSON


@dataclass(slots=True)
class Played:
    """How one match (or its first round) went, seat by seat."""

    seed: int
    bots: list[str]  # the bot level in each seat
    actions: int = 0
    outcome: JSON | None = None  # the match outcome, when the match was played to its end
    round_values: list[float] | None = None  # each seat's value of the first round, when stopped there
    decisions: list[int] = field(default_factory=list)  # decisions each seat's bot made
    think_seconds: list[float] = field(default_factory=list)  # time each seat's bot spent on them
    choices: list[int] = field(default_factory=list)  # decisions with more than one legal action
    choice_seconds: list[float] = field(default_factory=list)  # time spent on those
    longest: list[float] = field(default_factory=list)  # each seat's longest decision, in seconds

    def winners(self) -> list[int]:
        """The seats that won the match, or the round when only one round was played."""
        if self.outcome is not None:
            return list(self.outcome["winners"])
        if self.round_values is not None:
            best = max(self.round_values)
            if best > min(self.round_values):
                return [s for s, v in enumerate(self.round_values) if v == best]
        return []


# Builds the bot of a level with a seed, instead of `make_bot` (a bot in a pool, a variant).
BotFactory = Callable[[str, int], Bot]


def make_bots(game_id: str, levels: Sequence[str], seed: int, time_ms: float | None = None,
              factory: BotFactory | None = None) -> list[Bot]:
    bots = []
    for seat, level in enumerate(levels):
        bot_seed = seed * 1000 + seat
        bot = factory(level, bot_seed) if factory is not None else make_bot(game_id, level, bot_seed)
        set_budget = getattr(bot, "set_budget", None)
        if time_ms is not None and callable(set_budget):
            set_budget(time_ms)
        bots.append(bot)
    return bots


def play_match(game_id: str, levels: Sequence[str], seed: int, options: JSON | None = None,
               time_ms: float | None = None, first_round_only: bool = False,
               max_actions: int = 1_000_000, factory: BotFactory | None = None) -> Played:
    """Play to the end of the match, or of its first round with `first_round_only` (the game
    must then offer the `round_mark` / `round_value` hooks described in duoplay.bots.ismcts)."""
    bots = make_bots(game_id, levels, seed, time_ms, factory)
    return _play(Match.new(game_id, len(levels), seed, options), bots, levels, seed,
                 first_round_only, max_actions)


def _play(match: Match, bots: Sequence[Bot], levels: Sequence[str], seed: int,
          first_round_only: bool, max_actions: int) -> Played:
    game: Any = match.game
    seats = len(levels)
    played = Played(seed, list(levels), decisions=[0] * seats, think_seconds=[0.0] * seats,
                    choices=[0] * seats, choice_seconds=[0.0] * seats, longest=[0.0] * seats)
    mark = game.round_mark(match.state) if first_round_only else None
    race = RaceClock(match, bots, levels, seed, played, decide) if declared.races(game) else None
    while match.outcome() is None and played.actions < max_actions:
        if first_round_only and game.round_value(mark, match.state, 0) is not None:
            played.round_values = [game.round_value(mark, match.state, s) for s in range(len(levels))]
            return played
        if race is not None:
            if not race.step():
                break
        else:
            seat = match.to_move()[0]
            match.act(seat, decide(match, bots[seat], seat, played))
        played.actions += 1
    outcome = match.outcome()
    if outcome is not None:
        played.outcome = outcome.to_json()
        if first_round_only:
            played.round_values = [game.round_value(mark, match.state, s) for s in range(len(levels))]
    return played


def decide(match: Match, bot: Bot, seat: int, played: Played) -> Any:
    view = match.view(seat)
    legal = match.legal_actions(seat)
    started = time.perf_counter()
    action = bot.choose(view, legal, seat)
    spent = time.perf_counter() - started
    played.think_seconds[seat] += spent
    played.decisions[seat] += 1
    played.longest[seat] = max(played.longest[seat], spent)
    if len(legal) > 1:
        played.choices[seat] += 1
        played.choice_seconds[seat] += spent
    return action
