"""Find the learning environment a game declares, bare or with PettingZoo's usual wrappers, and
the text environment (Gymnasium, text in and out) a game may declare for language-model agents."""

from __future__ import annotations

from typing import Any

import gymnasium
from pettingzoo import AECEnv

from duoplay.ai.wrappers import ClassicWrapper
from duoplay.core import declared
from duoplay.core.registry import find_game, game_ids


def games() -> list[str]:
    """The ids of the games that offer an environment."""
    return [game_id for game_id in game_ids() if declared.ai_env(find_game(game_id)) is not None]


def raw_env(game: str, **kwargs: Any) -> AECEnv:
    """The game's own environment, without wrappers; `kwargs` are its options.

    Raises `MalformedAction` for an unknown game and `ValueError` for a game that offers
    no environment."""
    found = find_game(game)
    target = declared.ai_env(found)
    if target is None:
        offered = ", ".join(games()) or "none"
        raise ValueError(f"{found.name} offers no learning environment (it declares no ai_env); "
                         f"games that do: {offered}")
    environment: AECEnv = declared.load(target)(**kwargs)
    return environment


def env(game: str, **kwargs: Any) -> AECEnv:
    """The game's environment with the wrappers of PettingZoo's classic games: an illegal
    action ends the game and costs its agent -1, an action outside the space is an error,
    and the calls must come in order (reset first). The three checks are PettingZoo's
    `TerminateIllegalWrapper`, `AssertOutOfBoundsWrapper` and `OrderEnforcingWrapper`, done in
    one layer (`duoplay.ai.wrappers.ClassicWrapper`)."""
    return ClassicWrapper(raw_env(game, **kwargs), illegal_reward=-1)


def text_games() -> list[str]:
    """The ids of the games that offer a text environment."""
    return [game_id for game_id in game_ids() if declared.ai_text_env(find_game(game_id)) is not None]


def text_env(game: str, **kwargs: Any) -> gymnasium.Env[Any, Any]:
    """The game's text environment (a Gymnasium `Env` whose observations and actions are text,
    for language-model agents); `kwargs` are its options.

    Raises `MalformedAction` for an unknown game and `ValueError` for a game that offers
    no text environment."""
    found = find_game(game)
    target = declared.ai_text_env(found)
    if target is None:
        offered = ", ".join(text_games()) or "none"
        raise ValueError(f"{found.name} offers no text environment (it declares no ai_text_env); "
                         f"games that do: {offered}")
    environment: gymnasium.Env[Any, Any] = declared.load(target)(**kwargs)
    return environment
