"""Duplik as a `duoplay.core.protocol.Game`."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from duoplay.core.protocol import JSON, BotLevel, Deadline, Event, OptionSpec, Outcome, Seat, StreamRule
from duoplay.games.duplik import rules
from duoplay.games.duplik.actions import Action, parse_action
from duoplay.games.duplik.fuzz import fuzz_actions
from duoplay.games.duplik.hidden import hidden_variants
from duoplay.games.duplik.options import DuplikOptions, option_specs, parse_options
from duoplay.games.duplik.state import DuplikState
from duoplay.games.duplik.streams import commit_stream, stream_view, streams
from duoplay.games.duplik.view import view


class Duplik:
    id = "duplik"
    name = "Duplik"
    aliases: tuple[str, ...] = ()
    min_seats = 3
    max_seats = 8
    # Declarations for the platform (see duoplay.core.declared).
    bot_levels = (BotLevel("normal", "Normal"),)
    standin_level = "normal"
    web_table = "duplik"
    tile_picture = "duoplay.games.duplik.tile:tile_svg"  # the home page tile
    play_minutes = (15, 30)
    # The Portrayer types while the Artists draw, and voters vote at once: seats act side by side on
    # the table's clock, so bots act in order of their reaction time and the terminal plays in real time.
    races = True
    ai_env = "duoplay.games.duplik.ai_env:DuplikEnv"
    ai_text_env = "duoplay.games.duplik.text_env:DuplikTextEnv"

    def option_specs(self) -> list[OptionSpec]:
        return option_specs()

    def stale_key(self, state: DuplikState, seat: int) -> Hashable:
        return rules.stale_key(state, seat)

    def bot_delay(self, view: JSON, seat: int, level: str, rng: random.Random) -> float:
        from duoplay.games.duplik.bots import bot_delay

        return float(bot_delay(view, seat, rng))

    def streams(self, state: DuplikState, seat: int) -> Mapping[str, StreamRule]:
        return streams(state, seat)

    def commit_stream(self, state: DuplikState, seat: int, channel: str, chunks: list[Any]) -> Action | None:
        return commit_stream(state, seat, channel, chunks)

    def stream_view(self, state: DuplikState, seat: int, kept: Mapping[str, list[Any]]) -> JSON:
        return stream_view(state, seat, kept)

    def parse_options(self, data: Mapping[str, Any] | None) -> DuplikOptions:
        return parse_options(data)

    def options_to_json(self, options: DuplikOptions) -> JSON:
        return options.to_json()

    def setup(self, seats: int, options: DuplikOptions, seed: int) -> DuplikState:
        return rules.setup(seats, options, seed)

    def to_move(self, state: DuplikState) -> tuple[int, ...]:
        return rules.to_move(state)

    def legal_actions(self, state: DuplikState, seat: int) -> Sequence[Action]:
        return rules.legal_actions(state, seat)

    def parse_action(self, data: Any) -> Action:
        return parse_action(data)

    def apply(self, state: DuplikState, seat: Seat, action: Action) -> list[Event]:
        return rules.apply(state, seat, action)

    def view(self, state: DuplikState, seat: Seat) -> JSON:
        return view(state, seat)

    def outcome(self, state: DuplikState) -> Outcome | None:
        return rules.outcome(state)

    def deadline(self, state: DuplikState) -> Deadline | None:
        return rules.deadline(state)

    def copy_state(self, state: DuplikState) -> DuplikState:
        return state.copy()

    # Test hooks (see duoplay.core.declared).

    def fuzz_actions(self, state: DuplikState, seat: int, rng: random.Random) -> list[Action]:
        return fuzz_actions(state, seat, rng)

    def hidden_variants(self, state: DuplikState, seat: Seat, rng: random.Random) -> list[DuplikState]:
        return hidden_variants(state, seat, rng)


GAME = Duplik()
