"""Learning environments for duoplay's games (needs the `ai` extra: pettingzoo, gymnasium, numpy)."""

try:
    import gymnasium  # noqa: F401
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as missing:
    raise ImportError(
        f"duoplay.ai needs the 'ai' extra ({missing.name} is missing): pip install 'duoplay[ai]'"
    ) from missing

from duoplay.ai.encoding import ACTION_COUNT, ACTIONS, OBS_SIZE, action_index, action_of, encode_view
from duoplay.ai.uno_duo_env import env, raw_env

__all__ = ["ACTIONS", "ACTION_COUNT", "OBS_SIZE", "action_index", "action_of", "encode_view", "env",
           "raw_env"]
