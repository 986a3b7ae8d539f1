"""`make_bot(game, level)`: the bots each game offers, by level name."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from duoplay.bots.base import Bot, RandomBot
from duoplay.core.errors import MalformedAction
from duoplay.core.registry import find_game

BotFactory = Callable[[int | None], Bot]


def _game_bots(game_id: str) -> dict[str, BotFactory]:
    """A game offers extra levels through `duoplay.games.<pkg>.bots.BOTS`, if it has one."""
    package = find_game(game_id).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.bots")
    except ModuleNotFoundError:
        return {}
    factories: dict[str, BotFactory] = getattr(module, "BOTS", {})
    return factories


def bot_levels(game_id: str) -> list[str]:
    return ["random", *(level for level in _game_bots(game_id) if level != "random")]


def make_bot(game_id: str, level: str = "random", seed: int | None = None) -> Bot:
    if level == "random":
        return RandomBot(seed)
    factories = _game_bots(game_id)
    if level not in factories:
        raise MalformedAction(
            f"No bot level {level!r} for {game_id}; choose from {', '.join(bot_levels(game_id))}"
        )
    return factories[level](seed)
