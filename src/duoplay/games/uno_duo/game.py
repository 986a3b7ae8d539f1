"""UNO Duo as a `duoplay.core.protocol.Game`."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.protocol import JSON, BotLevel, Deadline, OptionSpec, Outcome, Seat
from duoplay.games.uno_duo import rules
from duoplay.games.uno_duo.actions import Action, parse_action
from duoplay.games.uno_duo.determinize import sample_state
from duoplay.games.uno_duo.fuzz import fuzz_actions
from duoplay.games.uno_duo.hidden import hidden_variants
from duoplay.games.uno_duo.options import UnoDuoOptions, option_specs, parse_options
from duoplay.games.uno_duo.state import UnoDuoState
from duoplay.games.uno_duo.view import view

# A round won is worth 0.8 to 1.0 (more for more points scored), a round lost 0.2 to 0.0.
ROUND_WIN_VALUE = 0.8
ROUND_POINTS_WEIGHT = 0.2


class UnoDuo:
    id = "uno-duo"
    name = "UNO Duo"
    aliases = ("uno", "unoduo", "uno_duo")
    min_seats = 2
    max_seats = 2
    # Declarations for the platform (see duoplay.core.declared).
    bot_levels = (BotLevel("heuristic", "Heuristic"), BotLevel("ismcts", "Strong (search)"))
    standin_level = "heuristic"
    web_table = "uno-duo"
    tile_picture = "duoplay.games.uno_duo.tile:tile_svg"  # the home page tile
    play_minutes = (10, 20)
    ai_env = "duoplay.games.uno_duo.ai:raw_env"

    def option_specs(self) -> list[OptionSpec]:
        return option_specs()

    def bot_delay(self, view: JSON, seat: int, level: str, rng: random.Random) -> float:
        """A person glances at a drafted card, and takes a moment over a play."""
        return rng.uniform(0.4, 0.7) if view.get("phase") == "draft" else rng.uniform(0.6, 1.1)

    def parse_options(self, data: Mapping[str, Any] | None) -> UnoDuoOptions:
        return parse_options(data)

    def options_to_json(self, options: UnoDuoOptions) -> JSON:
        return options.to_json()

    def setup(self, seats: int, options: UnoDuoOptions, seed: int) -> UnoDuoState:
        if seats != 2:
            raise MalformedAction("UNO Duo is for exactly 2 players")
        return rules.setup(options, seed)

    def to_move(self, state: UnoDuoState) -> tuple[int, ...]:
        return () if state.phase == "game-over" else (state.current,)

    # The rules' own functions (their C hot path where it is built, see native.py): a move costs
    # no extra Python call.
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def view(self, state: UnoDuoState, seat: Seat) -> JSON:
        return view(state, seat)

    def outcome(self, state: UnoDuoState) -> Outcome | None:
        return rules.outcome(state)

    def deadline(self, state: UnoDuoState) -> Deadline | None:
        return rules.deadline(state)  # the turn timer, when the room chose one

    def idle_seats(self, state: UnoDuoState) -> tuple[int, ...]:
        """Seats whose player timed out too often in a row: their stand-in bot plays."""
        return rules.idle_seats(state)

    def copy_state(self, state: UnoDuoState) -> UnoDuoState:
        return state.copy()

    def sample_state(self, seen: JSON, seat: int, rng: random.Random) -> UnoDuoState:
        return sample_state(seen, seat, rng)

    # Test hooks (see duoplay.core.declared): moves beyond the menu, and what a seat cannot see.

    def fuzz_actions(self, state: UnoDuoState, seat: int, rng: random.Random) -> list[Action]:
        return fuzz_actions(state, seat, rng)

    def hidden_variants(self, state: UnoDuoState, seat: Seat, rng: random.Random) -> list[UnoDuoState]:
        return hidden_variants(state, seat, rng)

    # Search hooks: a rollout ends with the round it started in (see duoplay.bots.ismcts).

    def round_mark(self, state: UnoDuoState) -> int:
        """Rounds finished so far; the next entry of the history is the round being played."""
        return len(state.history)

    def round_value(self, mark: int, state: UnoDuoState, seat: int) -> float | None:
        """What the round after `mark` was worth to `seat` once it is over: mostly whether the
        seat went out, and a little for the points that the loser's hand scored."""
        if len(state.history) <= mark:
            return None
        result = state.history[mark]
        if result.winner < 0:
            return 0.5
        share = ROUND_POINTS_WEIGHT * min(result.points, 100) / 100
        won = ROUND_WIN_VALUE + share
        return won if result.winner == seat else 1.0 - won


GAME = UnoDuo()
