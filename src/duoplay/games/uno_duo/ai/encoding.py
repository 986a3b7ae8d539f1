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
player receives; `Encoder` computes the same vector from the state without building
the JSON, reading only the fields that `view(state, seat)` shows (tests check that the
two agree on many random positions, and that the opponent's hidden cards never change
either).
"""

from __future__ import annotations

import struct
from array import array
from typing import Any

import numpy as np
import numpy.typing as npt

from duoplay.core.protocol import JSON
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action, ChooseColour
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_INDEX, FACE_COUNT, WILD
from duoplay.games.uno_duo.state import Phase, UnoDuoState

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
        if entry is not None and entry[0] is action:
            mask[entry[1]] = 1
        else:
            index = _INDEX[action]
            mask[index] = 1
            if len(_SHARED) < _SHARED_LIMIT:
                _SHARED[id(action)] = (action, index)
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


# --- The same observation, straight from the state ---------------------------------------------


def _one_hots(width: int) -> tuple[bytes, ...]:
    """float32 blocks of `width` as bytes: entry i is one-hot at i, entry `width` all zeros."""
    blocks = []
    for hot in range(width + 1):
        block = array("f", bytes(4 * width))
        if hot < width:
            block[hot] = 1.0
        blocks.append(block.tobytes())
    return tuple(blocks)


_FACES, _COLOURS = _one_hots(FACE_COUNT), _one_hots(4)
_NO_FACE, _NO_COLOUR = _FACES[FACE_COUNT], _COLOURS[4]
# The blocks top, colour and phase together: _HEAD[phase][top face or 56][colour or 4].
_HEAD = {phase: tuple(tuple(top + colour + block for colour in _COLOURS) for top in _FACES)
         for phase, block in zip(PHASES, _one_hots(len(PHASES)), strict=False)}
_NOTHING_PENDING = _NO_FACE + _NO_COLOUR  # the blocks pending and dump colour, both empty
_EMPTY_HAND = array("f", _NO_FACE)
_TAIL = struct.Struct(f"{OBS_SIZE - _OFFSET['sizes']}f").pack  # sizes, volley, scores, flags
assert [name for name, _ in BLOCKS] == ["hand", "top", "colour", "phase", "pending", "dump_colour",
                                         "discard", "draft_discards", "sizes", "volley", "scores", "flags"]
_COPY = 1.0 / _MAX_COPIES
_DRAFT, _DRAWN, _GAME_OVER, _START_COLOUR = Phase.DRAFT, Phase.DRAWN, Phase.GAME_OVER, Phase.START_COLOUR
_DUMP_PHASES = (Phase.DUMP_DECIDE, Phase.DUMPING)
_PLAIN_PHASES = frozenset({Phase.TURN, Phase.VOLLEY, Phase.CHALLENGE, Phase.GAME_OVER})
_float32, _frombuffer = np.float32, np.frombuffer


class Encoder:
    """`encode_view(GAME.view(state, seat), seat)` computed from the state, several times faster.

    It reads what the seat's view shows and nothing else: the seat's own hand, the sizes of
    the other hand and of the draw pile, the public piles, the card the seat itself is
    looking at or has just drawn. The blocks are joined as bytes from precomputed one-hot
    blocks; the counts of the discard pile are kept between calls (the rules only append to
    the pile, and replace the list when it is refilled or a new round starts), so a step
    adds the cards played since the last call.
    """

    __slots__ = ("_counted", "_counts", "_pile")

    def __init__(self) -> None:
        self._pile: list[int] | None = None  # the discard list the counts describe
        self._counted = 0  # how many of its cards are counted
        self._counts = _EMPTY_HAND[:]

    def _discard_counts(self, discard: list[int]) -> array[float]:
        counts = self._counts
        counted = self._counted
        if discard is not self._pile or counted > len(discard):
            counts = self._counts = _EMPTY_HAND[:]
            self._pile, counted = discard, 0
        if counted < len(discard):
            for card in discard[counted:]:
                counts[card] += _COPY
            self._counted = len(discard)
        return counts

    def encode(self, state: UnoDuoState, seat: int) -> npt.NDArray[np.float32]:
        """The observation of `seat` (0 or 1): a new float32 array of OBS_SIZE entries."""
        return _frombuffer(self.encode_bytes(state, seat), _float32)

    def encode_bytes(self, state: UnoDuoState, seat: int) -> bytearray:
        """The observation of `seat` as the bytes of OBS_SIZE float32 values (native order)."""
        hands = state.hands
        hand = _EMPTY_HAND[:]
        for card in hands[seat]:
            hand[card] += _COPY
        discard = state.discard
        phase = state.phase
        current = state.current
        if discard is self._pile and self._counted == len(discard):
            counts = self._counts
        else:
            counts = self._discard_counts(discard)
        if not discard:
            head = _HEAD[phase][FACE_COUNT][4]
        else:
            head = _HEAD[phase][discard[-1]][4 if phase == _START_COLOUR else state.colour]
        drafted: bytes | array[float] = _NO_FACE
        if phase in _PLAIN_PHASES:
            middle = _NOTHING_PENDING
        elif phase == _DRAFT:
            if state.draft_discards:
                drafted = _EMPTY_HAND[:]
                for card in state.draft_discards:
                    drafted[card] += _COPY
            middle = _FACES[state.draft_card] + _NO_COLOUR if seat == current else _NOTHING_PENDING
        elif phase == _DRAWN:
            middle = _FACES[state.drawn] + _NO_COLOUR if seat == current else _NOTHING_PENDING
        elif phase in _DUMP_PHASES:
            middle = _NO_FACE + _COLOURS[state.dump_colour]
        else:
            middle = _NOTHING_PENDING
        target = state.options.target_score
        scores = state.scores
        exposed = state.uno_exposed
        other = 1 - seat
        volley, mine, theirs, turn = state.volley, scores[seat], scores[other], state.round
        tail = _TAIL(
            len(hands[seat]) / _MAX_CARDS, len(hands[other]) / _MAX_CARDS,
            len(state.draw_pile) / _MAX_CARDS, len(discard) / _MAX_CARDS,
            volley / _MAX_VOLLEY if volley < _MAX_VOLLEY else 1.0,
            mine / target if mine < target else 1.0, theirs / target if theirs < target else 1.0,
            1.0 if seat == current and phase != _GAME_OVER else 0.0,
            1.0 if state.player_one == seat else 0.0,
            1.0 if exposed == seat else 0.0, 1.0 if exposed == other else 0.0,
            turn / 50.0 if turn < 50 else 1.0)
        return bytearray().join((hand, head, middle, counts, drafted, tail))


def encode_state(state: UnoDuoState, seat: int) -> npt.NDArray[np.float32]:
    """`encode_view(GAME.view(state, seat), seat)` without building the view (a fresh `Encoder`)."""
    return Encoder().encode(state, seat)

