"""Duple as a `duoplay.core.protocol.Game`."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from duoplay.core.protocol import JSON, BotLevel, Deadline, Event, OptionSpec, Outcome, Seat
from duoplay.games.duple import rules
from duoplay.games.duple.actions import Action, parse_action
from duoplay.games.duple.fuzz import fuzz_actions
from duoplay.games.duple.options import DupleOptions, option_specs, parse_options
from duoplay.games.duple.state import DupleState
from duoplay.games.duple.view import view


class Duple:
    id = "duple"
    name = "Duple"
    aliases: tuple[str, ...] = ()
    min_seats = 2
    max_seats = 8
    # Declarations for the platform (see duoplay.core.declared).
    bot_levels = (BotLevel("easy", "Easy"), BotLevel("normal", "Normal"), BotLevel("hard", "Hard"))
    standin_level = "normal"
    web_table = "duple"
    tile_picture = "duoplay.games.duple.tile:tile_svg"  # the home page tile
    play_minutes = (5, 15)
    play_now_seats = 3  # Play now: the player and bots; the game is best with three
    carried_options = ("remembered",)
    races = True
    ai_text_env = "duoplay.games.duple.ai:DupleWordEnv"
    ai_parallel_env = "duoplay.games.duple.race_env:DupleRaceEnv"

    def option_specs(self) -> list[OptionSpec]:
        return option_specs()

    def stale_key(self, state: DupleState, seat: int) -> Hashable:
        return rules.stale_key(state, seat)

    def bot_delay(self, view: JSON, seat: int, level: str, rng: random.Random) -> float:
        from duoplay.games.duple.bots import reaction_time

        return reaction_time(view, seat, level, rng)

    def warm_up(self, options: DupleOptions) -> None:
        """The judge's dictionary and word lists for the room's language take seconds to load."""
        from duoplay.games.duple.words.judge import warm_up

        warm_up(options.lang)

    def prepare(self, say: Callable[[str], None]) -> None:
        """Once per machine: every language's common words, checked against its dictionary."""
        from duoplay.games.duple.words.prepare import prepare

        prepare(say)

    def next_options(self, state: DupleState, options: JSON) -> JSON:
        """Words the room accepted by vote are accepted again in its next matches."""
        return {**options, "remembered": sorted([c, w] for c, w in state.remembered)[-500:]}

    def parse_options(self, data: Mapping[str, Any] | None) -> DupleOptions:
        return parse_options(data)

    def options_to_json(self, options: DupleOptions) -> JSON:
        return options.to_json()

    def setup(self, seats: int, options: DupleOptions, seed: int) -> DupleState:
        return rules.setup(seats, options, seed)

    def to_move(self, state: DupleState) -> tuple[int, ...]:
        return rules.to_move(state)

    def legal_actions(self, state: DupleState, seat: int) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def apply(self, state: DupleState, seat: Seat, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def view(self, state: DupleState, seat: Seat) -> JSON:
        return view(state, seat)

    def outcome(self, state: DupleState) -> Outcome | None:
        return rules.outcome(state)

    def deadline(self, state: DupleState) -> Deadline | None:
        return rules.deadline(state)

    def copy_state(self, state: DupleState) -> DupleState:
        return state.copy()

    # Test hook (see duoplay.core.declared): moves beyond the menu. Every seat sees the same table, so
    # no hidden variants are declared; tests/games/duple checks that the decks' order never shows.

    def fuzz_actions(self, state: DupleState, seat: int, rng: random.Random) -> list[Action]:
        return fuzz_actions(state, seat, rng)


GAME = Duple()
