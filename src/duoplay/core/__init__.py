"""The game protocol every duoplay game implements, and the tools built on it."""

from duoplay.core.errors import (
    GameError,
    GameOver,
    IllegalAction,
    MalformedAction,
    NotYourTurn,
    StaleState,
)
from duoplay.core.log import MatchHeader, MatchRecord
from duoplay.core.match import Match, replay
from duoplay.core.protocol import JSON, Action, Event, Game, Outcome
from duoplay.core.registry import find_game, game_ids

__all__ = [
    "JSON",
    "Action",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "MalformedAction",
    "Match",
    "MatchHeader",
    "MatchRecord",
    "NotYourTurn",
    "Outcome",
    "StaleState",
    "find_game",
    "game_ids",
    "replay",
]
