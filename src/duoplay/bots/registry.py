"""`make_bot(game, level)`: the bots each game offers, by level name.

A game names its levels in its `bot_levels` declaration (ids and labels, see
`duoplay.core.declared`) and builds them through `BOTS` in its `bots` module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from duoplay.bots.base import Bot, RandomBot
from duoplay.core import declared
from duoplay.core.errors import MalformedAction
from duoplay.core.registry import find_game

BotFactory = Callable[[int | None], Bot]


def bot_factories(game_id: str) -> dict[str, BotFactory]:
    """A game offers extra levels through `duoplay.games.<pkg>.bots.BOTS`, if it has one."""
    package = find_game(game_id).__module__.rsplit(".", 1)[0]
    try:
        module = importlib.import_module(f"{package}.bots")
    except ModuleNotFoundError:
        return {}
    factories: dict[str, BotFactory] = getattr(module, "BOTS", {})
    return factories


def bot_levels(game_id: str) -> list[str]:
    """The levels the game declares, `random` first."""
    return [level.id for level in declared.bot_levels(find_game(game_id))]


def make_bot(game_id: str, level: str = "random", seed: int | None = None) -> Bot:
    if level == "random":
        return RandomBot(seed)
    factories = bot_factories(game_id)
    if level not in factories or level not in bot_levels(game_id):
        raise MalformedAction("No bot level {level!r} for {game}; choose from {levels}",
                              level=str(level)[:40], game=game_id, levels=", ".join(bot_levels(game_id)))
    return factories[level](seed)
