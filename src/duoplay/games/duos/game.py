"""DUOS as a `duoplay.core.protocol.Game`."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from duoplay.core.protocol import JSON, BotLevel, Deadline, Event, OptionSpec, Outcome, Seat
from duoplay.games.duos import rules
from duoplay.games.duos.actions import Action, parse_action
from duoplay.games.duos.fuzz import fuzz_actions
from duoplay.games.duos.hidden import hidden_variants
from duoplay.games.duos.options import DuosOptions, option_specs, parse_options
from duoplay.games.duos.state import DuosState
from duoplay.games.duos.view import view


class Duos:
    id = "duos"
    name = "DUOS"
    aliases: tuple[str, ...] = ()
    min_seats = 2
    max_seats = 6
    # Declarations for the platform (see duoplay.core.declared).
    bot_levels = (BotLevel("association", "Association"),)
    standin_level = "association"
    web_table = "duos"
    tile_picture = "duoplay.games.duos.tile:tile_svg"  # the home page tile
    play_minutes = (15, 25)
    play_now_seats = 3  # Play now: the player and bots; the game is best with three
    ai_parallel_env = "duoplay.games.duos.parallel_env:parallel_env"
    ai_text_env = "duoplay.games.duos.text_env:DuosPairEnv"

    def option_specs(self) -> list[OptionSpec]:
        return option_specs()

    def stale_key(self, state: DuosState, seat: int) -> Hashable:
        """Pairing is simultaneous: what others place never makes a seat's move stale, a new turn does."""
        return state.turn, state.phase

    def bot_delay(self, view: JSON, seat: int, level: str, rng: random.Random) -> float:
        """People look over the twelve cards for a while before the first pair."""
        return rng.uniform(2.0, 5.0) if not view.get("pairs") else rng.uniform(0.8, 1.6)

    def bot_warm_up(self, options: DuosOptions) -> None:
        """Load what the association bot may need (vectors, dictionaries, the encoder) before the
        first game needs it, once per process; nothing when the 'duos' extra is not installed.
        The rules need none of it: a server applying moves never loads it."""
        try:
            from duoplay.games.duos.bots import warm_up
        except ModuleNotFoundError:
            return
        try:
            warm_up()
        except RuntimeError:
            return  # the encoder is missing: the bot reads our own cards without it

    def parse_options(self, data: Mapping[str, Any] | None) -> DuosOptions:
        return parse_options(data)

    def options_to_json(self, options: DuosOptions) -> JSON:
        return options.to_json()

    def setup(self, seats: int, options: DuosOptions, seed: int) -> DuosState:
        return rules.setup(seats, options, seed)

    def to_move(self, state: DuosState) -> tuple[int, ...]:
        return rules.to_move(state)

    def legal_actions(self, state: DuosState, seat: int) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def apply(self, state: DuosState, seat: Seat, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def view(self, state: DuosState, seat: Seat) -> JSON:
        return view(state, seat)

    def outcome(self, state: DuosState) -> Outcome | None:
        return rules.outcome(state)

    def deadline(self, state: DuosState) -> Deadline | None:
        return rules.deadline(state)

    def copy_state(self, state: DuosState) -> DuosState:
        return state.copy()

    # Test hooks (see duoplay.core.declared): moves beyond the menu, and what a seat cannot see.

    def fuzz_actions(self, state: DuosState, seat: int, rng: random.Random) -> list[Action]:
        return fuzz_actions(state, seat, rng)

    def hidden_variants(self, state: DuosState, seat: Seat, rng: random.Random) -> list[DuosState]:
        return hidden_variants(state, seat, rng)


GAME = Duos()
