"""Find the learning environment a game declares, bare or with PettingZoo's usual wrappers, the
Parallel environment of a game whose players act at once, and the text environment (Gymnasium,
text in and out) a game may declare for language-model agents."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import gymnasium
from pettingzoo import AECEnv, ParallelEnv

from duoplay.ai.wrappers import ClassicWrapper
from duoplay.core import declared
from duoplay.core.errors import MalformedAction
from duoplay.core.registry import find_game, game_ids


class UnknownGame(ValueError):
    """A name that is neither a game's id nor one of its aliases."""


# Each kind of environment: the declaration that offers it, and the call that builds it.
KINDS: dict[str, tuple[Callable[[Any], str | None], str]] = {
    "learning (AEC)": (declared.ai_env, "env"),
    "Parallel": (declared.ai_parallel_env, "parallel_env"),
    "text": (declared.ai_text_env, "text_env"),
}


def _find(game: str) -> Any:
    """The game with this id or alias; `UnknownGame` naming the games and what each offers."""
    try:
        return find_game(game)
    except MalformedAction:
        known = "; ".join(f"{g} ({', '.join(_calls(find_game(g))) or 'none'})" for g in game_ids())
        raise UnknownGame(f"unknown game {str(game)[:40]!r}; the games and their environments: "
                          f"{known}") from None


def _calls(found: Any) -> list[str]:
    """The calls that build the environments a game offers: `env`, `parallel_env`, `text_env`."""
    return [call for declaration, call in KINDS.values() if declaration(found) is not None]


def _lacking(found: Any, kind: str, offered: list[str]) -> ValueError:
    """The error for a game that offers no environment of `kind`: what it offers instead, and
    which games offer that kind."""
    others = ", ".join(f"{call}({found.id!r})" for call in _calls(found))
    instead = f"; it offers {others}" if others else "; it offers no environment"
    declaration = KINDS[kind][0].__name__
    return ValueError(f"{found.name} offers no {kind} environment (it declares no {declaration}){instead}; "
                      f"games that do: {', '.join(offered) or 'none'}")


def games() -> list[str]:
    """The ids of the games that offer an environment."""
    return [game_id for game_id in game_ids() if declared.ai_env(find_game(game_id)) is not None]


def _declared_target(game: str) -> tuple[Any, str]:
    """The game and its `ai_env` declaration; `ValueError` for a game that declares none."""
    found = _find(game)
    target = declared.ai_env(found)
    if target is None:
        raise _lacking(found, "learning (AEC)", games())
    return found, target


def companion(game: str, name: str) -> Any | None:
    """What the module of the game's `ai_env` exports as `name` (`env`, `VectorEnv`...); None for
    a game that exports none, or declares no environment."""
    target = declared.ai_env(_find(game))
    if target is None:
        return None
    return getattr(importlib.import_module(target.partition(":")[0]), name, None)


def raw_env(game: str, **kwargs: Any) -> AECEnv:
    """The game's own environment, without wrappers; `kwargs` are its options.

    Raises `UnknownGame` (a `ValueError`) for an unknown game and `ValueError` for a game that
    offers no environment, naming what it offers instead."""
    _, target = _declared_target(game)
    environment: AECEnv = declared.load(target)(**kwargs)
    return environment


def env(game: str, **kwargs: Any) -> AECEnv:
    """The game's environment with the checks of PettingZoo's classic games: an illegal
    action ends the game and costs its agent -1, an action outside the space is an error,
    and the calls must come in order (reset first). These are PettingZoo's
    `TerminateIllegalWrapper`, `AssertOutOfBoundsWrapper` and `OrderEnforcingWrapper`.

    A game whose environment module exports `env` beside the declared one gives that: the
    same checks built into the environment. Otherwise the declared environment is wrapped
    in `duoplay.ai.wrappers.ClassicWrapper`, which does the three in one layer."""
    checked = companion(game, "env")
    if checked is not None:
        environment: AECEnv = checked(**kwargs)
        return environment
    return ClassicWrapper(raw_env(game, **kwargs), illegal_reward=-1)


def parallel_games() -> list[str]:
    """The ids of the games that offer a Parallel environment."""
    return [game_id for game_id in game_ids() if declared.ai_parallel_env(find_game(game_id)) is not None]


def parallel_env(game: str, **kwargs: Any) -> ParallelEnv:
    """The game's PettingZoo Parallel environment (every agent acts in each step); `kwargs` are
    its options.

    Raises `UnknownGame` for an unknown game and `ValueError` for a game that offers
    no Parallel environment."""
    found = _find(game)
    target = declared.ai_parallel_env(found)
    if target is None:
        raise _lacking(found, "Parallel", parallel_games())
    environment: ParallelEnv = declared.load(target)(**kwargs)
    return environment


def text_games() -> list[str]:
    """The ids of the games that offer a text environment."""
    return [game_id for game_id in game_ids() if declared.ai_text_env(find_game(game_id)) is not None]


def text_env(game: str, **kwargs: Any) -> gymnasium.Env[Any, Any]:
    """The game's text environment (a Gymnasium `Env` whose observations and actions are text,
    for language-model agents); `kwargs` are its options.

    Raises `UnknownGame` for an unknown game and `ValueError` for a game that offers
    no text environment."""
    found = _find(game)
    target = declared.ai_text_env(found)
    if target is None:
        raise _lacking(found, "text", text_games())
    environment: gymnasium.Env[Any, Any] = declared.load(target)(**kwargs)
    return environment
