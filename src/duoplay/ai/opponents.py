"""Opponents for a learning agent: the package's own bots, or any policy, seated in a game's
AEC environment.

An opponent is given as
- a bot level of the game (`"random"`, `"heuristic"`, `"ismcts"`: `duoplay.bots.registry`),
  built afresh for every game with the seed the game gives it, so a bot that remembers a
  game (ISMCTS reads its opponent) starts each one clean;
- a bot object (anything with `choose(view, legal, seat)`, e.g. `ismcts_bot(iterations=50)`);
- a policy: a callable that takes the AEC environment's observation of its agent (the dict
  with `observation` and `action_mask`) and returns an action index.

A bot sees what the server would send its seat: the game's `view(state, seat)` and its legal
actions, read from the environment's `game_state`; its choice goes back through the game's
action numbering (`action_index`, beside its environment).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pettingzoo import AECEnv

from duoplay.ai.environments import _find, companion
from duoplay.bots.base import Bot
from duoplay.bots.registry import bot_levels, make_bot

Policy = Callable[[dict[str, Any]], Any]  # an agent's observation -> an action index
OpponentSpec = str | Bot | Policy


class Opponent:
    """Plays one seat of a game's AEC environment (see the module for what `spec` may be)."""

    def __init__(self, game: str, spec: OpponentSpec) -> None:
        self.game = _find(game)
        self.spec = spec
        if isinstance(spec, str):
            if spec not in bot_levels(self.game.id):
                raise ValueError(f"no bot level {spec!r} for {self.game.name}; choose from "
                                 f"{', '.join(bot_levels(self.game.id))}, a bot or a policy")
            self.name = spec
        elif hasattr(spec, "choose"):
            self.name = str(getattr(spec, "name", type(spec).__name__))
        elif callable(spec):
            self.name = str(getattr(spec, "__name__", "policy"))
        else:
            raise TypeError(f"an opponent is a bot level, a bot or a policy, not {type(spec).__name__}")
        self._action_index: Callable[[Any], int] | None = companion(self.game.id, "action_index")
        self._bot: Bot | None = None
        self.new_game(None)

    def new_game(self, seed: int | None) -> None:
        """A game starts: a bot level is built anew with `seed`; a bot object or a policy stays."""
        if isinstance(self.spec, str):
            self._bot = make_bot(self.game.id, self.spec, seed)
        elif hasattr(self.spec, "choose"):
            self._bot = self.spec  # type: ignore[assignment]

    @property
    def is_bot(self) -> bool:
        """Whether a bot plays (it reads the game's state), rather than a policy (it reads observations)."""
        return self._bot is not None

    def act(self, env: AECEnv, agent: str) -> int:
        """The action index this opponent plays for `agent`, the agent the environment waits for."""
        if self._bot is None:
            return int(self.spec(env.observe(agent)))  # type: ignore[operator]
        raw = env.unwrapped
        state = raw.game_state
        seat = raw.possible_agents.index(agent)
        choice = self._bot.choose(self.game.view(state, seat), self.game.legal_actions(state, seat), seat)
        if self._action_index is None:
            raise ValueError(f"{self.game.name}'s environment exports no action_index: no bot plays in it")
        return self._action_index(choice)
