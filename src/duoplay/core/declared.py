"""What a game declares beyond its rules, read here with the defaults for a game that declares nothing.

The platform (lobby, rooms, bots, web client, tests) learns everything about a game
from these declarations, so adding a game touches only its own folders:

| attribute of the game | meaning | when absent |
| --- | --- | --- |
| `option_specs()` | the house rules the lobby offers (`OptionSpec`) | one plain field per default option |
| `bot_levels` | bot levels beyond `random` (`BotLevel`) | none |
| `standin_level` | the level that plays for an absent player | the first declared level |
| `web_table` | the folder of its browser table under `web/games/` | the game's id |
| `stale_key(state, seat)` | what an action of `seat` depends on (stale only if it changed) | any change |
| `bot_delay(view, seat, level, rng)` | seconds a bot waits before it acts, as a person would | none |
| `streams(state, seat)` | live channels open to `seat` now (`StreamRule` by name) | none |
| `commit_stream(state, seat, channel, chunks)` | the action keeping what a closed stream carried | none |
| `stream_view(state, seat, kept)` | what `seat`'s own open streams, as kept, add to its own view | nothing |
| `fuzz_actions(state, seat, rng)` | open-ended actions beyond the legal menu, for tests | none |
| `hidden_variants(state, seat, rng)` | states differing only in what `seat` cannot see, for tests | none |
| `warm_up(options)` | load what the rules need for these options (word lists), off the room loop | nothing |
| `bot_warm_up(options)` | load what only its bots need (models), in bot workers, not the server | nothing |
| `races` | the seats to move race: bots act in order of their reaction time | False |
| `carried_options` | options the room carries from match to match, not offered in the lobby | none |
| `next_options(state, options)` | the options of the next match in the room, after this one | the same |
| `play_now_seats` | the seats of a room made by Play now (one person, bots in the rest) | `min_seats` |
| `play_minutes` | how long a match takes, `(fewest, most)` minutes, for the home page | not shown |
| `tile_picture` | "module:attribute" of a function returning the home page tile's picture (SVG text) | none |
| `ai_env` | "module:attribute" of its learning environment (PettingZoo AEC) | none: no environment |
| `ai_text_env` | "module:attribute" of its text environment for language-model agents (Gymnasium) | none |
| `ai_parallel_env` | "module:attribute" of its Parallel environment (PettingZoo: all act at once) | none |

A "module:attribute" declaration is text, imported only when it is used (`load`), so that
importing a game never imports what its environment or its commands need.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from duoplay.core.loading import collector_paused
from duoplay.core.protocol import JSON, BotLevel, OptionSpec, StreamRule

RANDOM = BotLevel("random", "Random")


def option_specs(game: Any) -> list[OptionSpec]:
    declared = getattr(game, "option_specs", None)
    if callable(declared):
        return list(declared())
    defaults: JSON = game.options_to_json(game.parse_options(None))
    return [OptionSpec(name, _kind_of(value), value, name.replace("_", " ").capitalize())
            for name, value in defaults.items()]


def _kind_of(value: Any) -> str:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    if isinstance(value, float):
        return "float"
    return "text"


def bot_levels(game: Any) -> list[BotLevel]:
    """Every level a room may seat, `random` first."""
    declared: Sequence[BotLevel] = getattr(game, "bot_levels", ())
    return [RANDOM, *(level for level in declared if level.id != RANDOM.id)]


def standin_level(game: Any) -> str:
    declared: str | None = getattr(game, "standin_level", None)
    if declared is not None:
        return declared
    levels = bot_levels(game)
    return levels[1].id if len(levels) > 1 else RANDOM.id


def web_table(game: Any) -> str:
    folder: str = getattr(game, "web_table", game.id)
    return folder


def has_stale_key(game: Any) -> bool:
    return callable(getattr(game, "stale_key", None))


def stale_key(game: Any, state: Any, seat: int) -> Hashable:
    key: Hashable = game.stale_key(state, seat)
    return key


def bot_delay(game: Any, view: JSON, seat: int, level: str, rng: random.Random) -> float:
    declared = getattr(game, "bot_delay", None)
    return max(0.0, float(declared(view, seat, level, rng))) if callable(declared) else 0.0


def streams(game: Any, state: Any, seat: int) -> Mapping[str, StreamRule]:
    declared = getattr(game, "streams", None)
    return declared(state, seat) if callable(declared) else {}


def commit_stream(game: Any, state: Any, seat: int, channel: str, chunks: list[Any]) -> Any | None:
    declared = getattr(game, "commit_stream", None)
    return declared(state, seat, channel, chunks) if callable(declared) else None


def stream_view(game: Any, state: Any, seat: int, kept: Mapping[str, list[Any]]) -> JSON:
    """Keys added to `seat`'s own view (only its own): what the seat itself streamed and the server
    keeps (`kept`, by channel), so a device that joins the seat carries on from it."""
    declared = getattr(game, "stream_view", None)
    return dict(declared(state, seat, kept)) if callable(declared) and kept else {}


def fuzz_actions(game: Any, state: Any, seat: int, rng: random.Random) -> list[Any]:
    declared = getattr(game, "fuzz_actions", None)
    return list(declared(state, seat, rng)) if callable(declared) else []


def hidden_variants(game: Any, state: Any, seat: int | None, rng: random.Random) -> list[Any]:
    """States that differ from `state` only in what `seat` (None: a spectator) cannot see; the
    state itself is never changed. A game that declares none claims to hide nothing."""
    declared = getattr(game, "hidden_variants", None)
    return list(declared(state, seat, rng)) if callable(declared) else []


def has_hidden_variants(game: Any) -> bool:
    return callable(getattr(game, "hidden_variants", None))


def has_warm_up(game: Any) -> bool:
    """Whether the game declares anything to load ahead of its first move."""
    return callable(getattr(game, "warm_up", None))


def warm_up(game: Any, options: Any) -> None:
    """Load now, off any room loop, what `apply` would otherwise load on the first move."""
    declared = getattr(game, "warm_up", None)
    if callable(declared):
        with collector_paused():  # what loads here lives as long as the process
            declared(options)


def has_bot_warm_up(game: Any) -> bool:
    """Whether a process that makes the game's bot decisions has anything to load ahead: the
    rules' data (`warm_up`) or the bots' own (`bot_warm_up`)."""
    return has_warm_up(game) or callable(getattr(game, "bot_warm_up", None))


def bot_warm_up(game: Any, options: Any) -> None:
    """Load now what the rules and the bots need: for a process that makes bot decisions. A server
    that only applies moves calls `warm_up` alone (a bot's models would cost it memory for nothing)."""
    warm_up(game, options)
    declared = getattr(game, "bot_warm_up", None)
    if callable(declared):
        with collector_paused():
            declared(options)


def prepare(game: Any, say: Callable[[str], None]) -> bool:
    """Make now what the game derives once per machine from installed data and keeps on disk (a
    checked word list), so no match pays it; `say` reports progress. False: nothing to make."""
    declared = getattr(game, "prepare", None)
    if not callable(declared):
        return False
    declared(say)
    return True


def idle_seats(game: Any, state: Any) -> tuple[int, ...]:
    """Seats whose player let the game's clock run out too often in a row: their stand-in bot
    plays until the player acts again. A game without a turn clock declares none."""
    declared = getattr(game, "idle_seats", None)
    return tuple(declared(state)) if callable(declared) else ()


def races(game: Any) -> bool:
    return bool(getattr(game, "races", False))


def carried_options(game: Any) -> tuple[str, ...]:
    names: tuple[str, ...] = tuple(getattr(game, "carried_options", ()))
    return names


def next_options(game: Any, state: Any, options: JSON) -> JSON:
    """The options of the room's next match: a game may carry what a match learnt (words the
    players voted in) into the next one; the house rules chosen in the lobby stay."""
    declared = getattr(game, "next_options", None)
    if not callable(declared):
        return options
    carried: JSON = declared(state, options)
    again: JSON = game.options_to_json(game.parse_options(carried))
    return again


def ai_env(game: Any) -> str | None:
    """The "module:attribute" of the game's learning environment, or None."""
    target: str | None = getattr(game, "ai_env", None)
    return target


def ai_text_env(game: Any) -> str | None:
    """The "module:attribute" of the game's text environment (Gymnasium, text in and out), or None."""
    target: str | None = getattr(game, "ai_text_env", None)
    return target


def ai_parallel_env(game: Any) -> str | None:
    """The "module:attribute" of the game's Parallel environment (PettingZoo), or None."""
    target: str | None = getattr(game, "ai_parallel_env", None)
    return target


def play_now_seats(game: Any) -> int:
    """The seats of a room made by Play now: the player and bots in the rest."""
    declared: int | None = getattr(game, "play_now_seats", None)
    least, most = int(game.min_seats), int(game.max_seats)
    return max(least, min(most, least if declared is None else declared))


def play_minutes(game: Any) -> list[int] | None:
    declared: tuple[int, int] | None = getattr(game, "play_minutes", None)
    return None if declared is None else [int(declared[0]), int(declared[1])]


def tile_picture(game: Any) -> str | None:
    """The home page tile's picture (SVG text), drawn from the game's own cards or scenes, or None."""
    target: str | None = getattr(game, "tile_picture", None)
    if target is None:
        return None
    svg: str = load(target)()
    return svg


def load(target: str) -> Any:
    """What a "module:attribute" declaration names, imported now."""
    module_name, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module_name), attribute)


def describe(game: Any) -> JSON:
    """The game as the lobby and the web client see it (`GET /api/games`)."""
    specs = option_specs(game)
    return {
        "id": game.id,
        "name": game.name,
        "min_seats": game.min_seats,
        "max_seats": game.max_seats,
        "options": {spec.name: spec.default for spec in specs},
        "option_specs": [spec.to_json() for spec in specs],
        "bot_levels": [level.id for level in bot_levels(game)],
        "bot_level_labels": {level.id: level.label for level in bot_levels(game)},
        "standin_level": standin_level(game),
        "web_table": web_table(game),
        "play_now_seats": play_now_seats(game),
        "play_minutes": play_minutes(game),
        "tile": getattr(game, "tile_picture", None) is not None,
    }
