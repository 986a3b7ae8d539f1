"""Learning environments for duoplay's games (needs the `ai` extra: pettingzoo, gymnasium, numpy).

A game offers one by declaring `ai_env` (see `duoplay.core.declared`); `env(game)` and
`raw_env(game, **options)` find it by the game's id or alias, and `games()` lists the games
that offer one. A game may also declare `ai_text_env`, a Gymnasium environment whose
observations and actions are text, for language-model agents: `text_env(game, **options)`
builds it and `text_games()` lists the games that offer one. A game whose players all act at
once may declare `ai_parallel_env`, a PettingZoo Parallel environment: `parallel_env(game,
**options)` builds it and `parallel_games()` lists them. `VectorEnv(n, game)` steps n games in
one call, numpy in and out.
"""

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:
    raise ImportError(
        f"duoplay.ai needs the 'ai' extra ({missing.name} is missing): pip install 'duoplay[ai]'"
    ) from missing

from duoplay.ai.environments import (
    UnknownGame,
    env,
    games,
    parallel_env,
    parallel_games,
    raw_env,
    text_env,
    text_games,
)
from duoplay.ai.evaluation import Evaluation, evaluate
from duoplay.ai.single import SingleAgentEnv
from duoplay.ai.vector import VectorEnv

__all__ = [
    "Evaluation",
    "SingleAgentEnv",
    "UnknownGame",
    "VectorEnv",
    "env",
    "evaluate",
    "games",
    "parallel_env",
    "parallel_games",
    "raw_env",
    "text_env",
    "text_games",
]
