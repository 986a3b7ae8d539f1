"""Fixed numbering of UNO Duo actions and a flat encoding of one seat's view, for learning agents.

Action indices never change with the position, so a policy can output one
logit per index and mask the illegal ones:

- 0-103: a coloured face (0-51) played without / with the UNO call: 2 * face + uno
- 104-135: a wild face (52-55) x the colour it names x without / with UNO
- 136-142: draw, keep, pass, challenge, accept, dump, no-dump
- 143-146: the colour named for a wild start card (red, yellow, green, blue)
- 147-148: draft keep, draft discard
- 149-150: say UNO, catch

`encode_view` computes the observation from `GAME.view(state, seat)`, the JSON a
player receives; `duoplay.games.uno_duo.ai.incremental.Encoder` computes the same vector
from the state without building the JSON, reading only the fields that
`view(state, seat)` shows (tests check that the two agree on many random positions, and
that the opponent's hidden cards never change either).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from duoplay.core.protocol import JSON
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action, ChooseColour
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_INDEX, FACE_COUNT, WILD
from duoplay.games.uno_duo.state import Phase

_COLOURED_FACES = WILD  # faces 0-51 carry a printed colour
_WILD_BASE = 2 * _COLOURED_FACES

_SIMPLE = (act.DRAW, act.KEEP, act.PASS, act.CHALLENGE, act.ACCEPT, act.DUMP, act.NO_DUMP)


def _all_actions() -> tuple[Action, ...]:
    table: list[Action] = []
    for face in range(_COLOURED_FACES):
        colour = face // 13
        table += [act.play(face, colour, False), act.play(face, colour, True)]
    for face in range(WILD, FACE_COUNT):
        for colour in range(4):
            table += [act.play(face, colour, False), act.play(face, colour, True)]
    table += _SIMPLE
    table += [ChooseColour(c) for c in range(4)]
    table += [act.DRAFT_KEEP, act.DRAFT_DISCARD, act.SAY_UNO, act.CATCH]
    return tuple(table)


ACTIONS: tuple[Action, ...] = _all_actions()
"""`ACTIONS[i]` is the game action with index i."""
ACTION_COUNT = len(ACTIONS)
_INDEX: dict[Action, int] = {a: i for i, a in enumerate(ACTIONS)}
assert len(_INDEX) == ACTION_COUNT == 151


def action_index(action: Action) -> int:
    """The fixed index of a game action (every legal UNO Duo action has one)."""
    entry = _SHARED.get(id(action))
    return entry[1] if entry is not None and entry[0] is action else _INDEX[action]


def action_of(index: int) -> Action:
    """The game action with this index; `IndexError` outside 0..ACTION_COUNT-1."""
    if not 0 <= index < ACTION_COUNT:
        raise IndexError(f"action index {index} is outside 0..{ACTION_COUNT - 1}")
    return ACTIONS[index]


def mask_of(legal: list[Action]) -> npt.NDArray[np.int8]:
    """The action mask (int8, 1 for each legal index) of a list of legal actions."""
    return np.frombuffer(mask_bytes(legal), dtype=np.int8)


_NO_MASK = bytes(ACTION_COUNT)
# Indices by identity: the rules' move lists hold shared instances. `_SHARED` keeps each instance
# it has seen alive (so no other object can take its id) with its index; an action it does not
# know is looked up by value (hashing a dataclass costs more) and remembered, up to a limit.
_SHARED: dict[int, tuple[Action, int]] = {id(a): (a, i) for i, a in enumerate(ACTIONS)}
_SHARED_LIMIT = 8 * ACTION_COUNT


def mask_bytes(legal: list[Action]) -> bytearray:
    """The action mask of `legal` as bytes (1 for each legal index)."""
    mask = bytearray(_NO_MASK)
    for action in legal:
        entry = _SHARED.get(id(action))
        mask[entry[1] if entry is not None and entry[0] is action else _learn(action)] = 1
    return mask


def _learn(action: Action) -> int:
    """The index of an action not seen before, by value; remembered by identity, up to a limit."""
    index = _INDEX[action]
    if len(_SHARED) < _SHARED_LIMIT:
        _SHARED[id(action)] = (action, index)
    return index


class LegalMask:
    """The action mask of one position after another, written over the same buffer.

    `fill(legal)` writes the mask of `legal` into `buffer` (bytes, 1 for each legal index);
    `array` is an int8 numpy view of the buffer, so `array.copy()` hands out a mask that the
    next position does not change."""

    __slots__ = ("array", "buffer")

    def __init__(self) -> None:
        self.buffer = bytearray(ACTION_COUNT)
        self.array: npt.NDArray[np.int8] = np.frombuffer(self.buffer, dtype=np.int8)  # never resized

    def fill(self, legal: list[Action]) -> bytearray:
        mask = self.buffer
        mask[:] = _NO_MASK
        shared = _SHARED
        for action in legal:
            entry = shared.get(id(action))
            mask[entry[1] if entry is not None and entry[0] is action else _learn(action)] = 1
        return mask


# --- Observation ------------------------------------------------------------------------------

PHASES = (Phase.DRAFT, Phase.START_COLOUR, Phase.TURN, Phase.DRAWN, Phase.VOLLEY, Phase.CHALLENGE,
          Phase.DUMP_DECIDE, Phase.DUMPING, Phase.GAME_OVER)
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
_MAX_CARDS = 112.0
_MAX_COPIES = 4.0  # no face has more than four copies in either deck
_MAX_VOLLEY = 16.0  # eight Draw 2 cards

# (name, width) of each block, in order; the docs list the same table.
BLOCKS: tuple[tuple[str, int], ...] = (
    ("hand", FACE_COUNT),  # copies of each face in my hand / 4
    ("top", FACE_COUNT),  # one-hot: the top discard
    ("colour", 4),  # one-hot: the colour to match
    ("phase", len(PHASES)),  # one-hot
    ("pending", FACE_COUNT),  # one-hot: the card I am looking at in the draft, or just drew
    ("dump_colour", 4),  # one-hot: the Reverse colour being dumped
    ("discard", FACE_COUNT),  # copies of each face in the discard pile / 4
    ("draft_discards", FACE_COUNT),  # copies of each face discarded in this draft / 4
    ("sizes", 4),  # my hand, opponent's hand, draw pile, discard pile, each / 112
    ("volley", 1),  # cards a Draw 2 volley would make the seat to act draw / 16
    ("scores", 2),  # my score and opponent's, each / target score, capped at 1
    ("flags", 5),  # my turn, I am Player 1, I can be caught, opponent can be caught, round / 50
)
OBS_SIZE = sum(width for _, width in BLOCKS)
_OFFSET: dict[str, int] = {}
_at = 0
for _name, _width in BLOCKS:
    _OFFSET[_name] = _at
    _at += _width


def encode_view(view: JSON, seat: int) -> npt.NDArray[np.float32]:
    """The flat observation of `view`, the JSON view of `seat`; every entry lies in [0, 1]."""
    obs = np.zeros(OBS_SIZE, dtype=np.float32)
    _counts(obs, "hand", view.get("hand", ()))
    _counts(obs, "discard", view["discard"])
    _counts(obs, "draft_discards", view.get("draft_discards", ()))
    if view["top"] is not None:
        obs[_OFFSET["top"] + CODE_TO_FACE[view["top"]]] = 1.0
    if view["colour"] is not None:
        obs[_OFFSET["colour"] + COLOUR_INDEX[view["colour"]]] = 1.0
    obs[_OFFSET["phase"] + _PHASE_INDEX[view["phase"]]] = 1.0
    pending = view.get("draft_card") or view.get("drawn")
    if pending is not None:
        obs[_OFFSET["pending"] + CODE_TO_FACE[pending]] = 1.0
    if "dump_colour" in view:
        obs[_OFFSET["dump_colour"] + COLOUR_INDEX[view["dump_colour"]]] = 1.0
    counts = view["hand_counts"]
    at = _OFFSET["sizes"]
    obs[at:at + 4] = (counts[seat] / _MAX_CARDS, counts[1 - seat] / _MAX_CARDS,
                      view["draw_pile"] / _MAX_CARDS, view["discard_count"] / _MAX_CARDS)
    obs[_OFFSET["volley"]] = min(view["volley"] / _MAX_VOLLEY, 1.0)
    target = float(view["target_score"])
    scores = view["scores"]
    at = _OFFSET["scores"]
    obs[at:at + 2] = (min(scores[seat] / target, 1.0), min(scores[1 - seat] / target, 1.0))
    exposed = view["uno_exposed"]
    at = _OFFSET["flags"]
    obs[at:at + 5] = (float(seat in view["to_move"]), float(view["player_one"] == seat),
                      float(exposed == seat), float(exposed == 1 - seat),
                      min(view["round"] / 50.0, 1.0))
    return obs


def _counts(obs: npt.NDArray[np.float32], block: str, codes: Any) -> None:
    at = _OFFSET[block]
    for card in codes:
        obs[at + CODE_TO_FACE[card]] += 1.0 / _MAX_COPIES


def card_lead(observations: npt.NDArray[np.float32]) -> npt.NDArray[np.float32]:
    """How many cards fewer than the opponent the seat holds, read back from observations (one
    or a batch): the opponent's hand size less the seat's own."""
    at = _OFFSET["sizes"]
    lead: npt.NDArray[np.float32] = (observations[..., at + 1] - observations[..., at]) * _MAX_CARDS
    return lead
