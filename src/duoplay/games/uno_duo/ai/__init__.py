"""UNO Duo for learning agents: a PettingZoo AEC environment, its fixed action numbering and
the flat encoding of a seat's view (needs the `ai` extra: pettingzoo, gymnasium, numpy).

The game declares `raw_env` as its `ai_env`; `duoplay.ai.env("uno-duo")` is the way in, and
returns `env`: `raw_env` with the checks of PettingZoo's classic wrappers built in.
"""

from duoplay.games.uno_duo.ai.checked import env
from duoplay.games.uno_duo.ai.encoding import (
    ACTION_COUNT,
    ACTIONS,
    BLOCKS,
    OBS_SIZE,
    action_index,
    action_of,
    encode_view,
    mask_of,
)
from duoplay.games.uno_duo.ai.env import AGENTS, raw_env
from duoplay.games.uno_duo.ai.incremental import Encoder, encode_state
from duoplay.games.uno_duo.ai.vector import VectorEnv

__all__ = [
    "ACTIONS",
    "ACTION_COUNT",
    "AGENTS",
    "BLOCKS",
    "OBS_SIZE",
    "Encoder",
    "VectorEnv",
    "action_index",
    "action_of",
    "encode_state",
    "encode_view",
    "env",
    "mask_of",
    "raw_env",
]
