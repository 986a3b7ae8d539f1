"""The observation of one seat kept up to date from step to step, instead of built anew.

`Encoder` computes `encode_view(GAME.view(state, seat), seat)` straight from the state. It
reads only what the seat's view shows (its own hand, the sizes of the other hand and of
the draw pile, the public piles, the card the seat itself is looking at or has just drawn)
and keeps the last observation it made: a step changes a card or two, so most blocks are
left as they are and the changed entries are rewritten in place.

- the hand and the draft's discards are compared with a private copy of what the block
  shows: cards added at the end are counted, one card taken out is uncounted, anything
  else is counted again (so whatever a caller does to the state, the block is right);
- the discard pile only grows between a refill and the next (the rules append to it, and
  put a new list in place on a refill or a new round): the cards beyond those counted are
  added, and a pile that is another list, or shorter, is counted again;
- each one-hot block remembers its hot entry, and moves it when it changes;
- the sizes, scores and flags at the end are packed in one call.

The observation handed out is a copy (`numpy.ndarray.copy` of a view of the buffer), so an
agent may keep or change it.
"""

from __future__ import annotations

import struct
from array import array

import numpy as np
import numpy.typing as npt

from duoplay.games.uno_duo.ai.encoding import BLOCKS, OBS_SIZE, PHASES
from duoplay.games.uno_duo.cards import FACE_COUNT
from duoplay.games.uno_duo.state import Phase, UnoDuoState

_AT = {}
_offset = 0
for _name, _width in BLOCKS:
    _AT[_name] = _offset
    _offset += _width
_HAND, _TOP, _COLOUR, _PHASE = _AT["hand"], _AT["top"], _AT["colour"], _AT["phase"]
_PENDING, _DUMP = _AT["pending"], _AT["dump_colour"]
_DISCARD, _DRAFTED = _AT["discard"], _AT["draft_discards"]
_TAIL_BYTE = 4 * _AT["sizes"]  # sizes, volley, scores and flags: the last twelve values
assert OBS_SIZE - _AT["sizes"] == 12 and _AT["flags"] == OBS_SIZE - 5

_PHASE_AT = {phase: _PHASE + i for i, phase in enumerate(PHASES)}
_COPY = 0.25  # one copy of a face; no face has more than four copies
_MAX_CARDS = 112.0
_MAX_VOLLEY = 16.0
_NO_CARDS = array("f", bytes(4 * FACE_COUNT))
_SIZES = tuple(n / _MAX_CARDS for n in range(113))
_VOLLEYS = tuple(n / _MAX_VOLLEY for n in range(16))
_ROUNDS = tuple(n / 50.0 for n in range(50))
_NOTHING: list[int] = []
_pack_tail = struct.Struct("12f").pack_into
_DRAFT, _DRAWN, _GAME_OVER, _START_COLOUR = Phase.DRAFT, Phase.DRAWN, Phase.GAME_OVER, Phase.START_COLOUR
_DUMP_PHASES = (Phase.DUMP_DECIDE, Phase.DUMPING)


def _follow(image: array[float], at: int, shown: list[int], cards: list[int]) -> list[int]:
    """Make the counts block at `at`, which shows `shown`, show `cards`; return a private copy
    of `cards` (the next `shown`)."""
    before, now = len(shown), len(cards)
    if now > before and cards[:before] == shown:  # cards drawn
        for card in cards[before:]:
            image[at + card] += _COPY
        return cards[:]
    if now == before - 1:  # one card played: the sums differ by its face
        gone = sum(shown) - sum(cards)
        if gone in shown:
            rest = shown[:]
            rest.remove(gone)
            if rest == cards:
                image[at + gone] -= _COPY
                return rest
    image[at:at + FACE_COUNT] = _NO_CARDS
    for card in cards:
        image[at + card] += _COPY
    return cards[:]


class Encoder:
    """The observation of one seat, kept between calls (see the module); `encode(state, seat)`
    equals `encode_view(GAME.view(state, seat), seat)` for any state, in any order."""

    __slots__ = ("_colour", "_counted", "_drafted", "_dump", "_hand", "_image", "_pending", "_phase",
                 "_pile", "_top", "_view")

    def __init__(self) -> None:
        self._image = array("f", bytes(4 * OBS_SIZE))
        self._view = np.frombuffer(self._image, dtype=np.float32)  # shares the buffer: never resized
        self._hand: list[int] = []  # the cards the hand block shows
        self._drafted: list[int] = []  # the cards the draft discards block shows
        self._pile: list[int] | None = None  # the discard list the discard block counts
        self._counted = 0  # how many of its cards
        # The hot entry of each one-hot block, as an index into the observation (-1: none).
        self._top = self._colour = self._phase = self._pending = self._dump = -1

    def encode(self, state: UnoDuoState, seat: int) -> npt.NDArray[np.float32]:
        """The observation of `seat` (0 or 1): a new float32 array of OBS_SIZE entries."""
        self._update(state, seat)
        return self._view.copy()

    def encode_bytes(self, state: UnoDuoState, seat: int) -> bytes:
        """The observation of `seat` as the bytes of OBS_SIZE float32 values (native order)."""
        self._update(state, seat)
        return self._image.tobytes()

    def _update(self, state: UnoDuoState, seat: int) -> None:
        image = self._image
        hands = state.hands
        hand = hands[seat]
        if hand != self._hand:
            self._hand = _follow(image, _HAND, self._hand, hand)
        discard = state.discard
        size = len(discard)
        if discard is not self._pile or self._counted > size:
            image[_DISCARD:_DISCARD + FACE_COUNT] = _NO_CARDS
            self._pile, self._counted = discard, 0
        if self._counted < size:
            for card in discard[self._counted:]:
                image[_DISCARD + card] += _COPY
            self._counted = size
        phase = state.phase
        current = state.current
        # The one-hot blocks: the top discard, the colour to match, the phase, the card the seat
        # looks at (in the draft) or has just drawn, the colour of a Reverse being dumped.
        if size:
            top = _TOP + discard[-1]
            colour = -1 if phase == _START_COLOUR else _COLOUR + state.colour
        else:
            top = colour = -1
        if top != self._top:
            if self._top >= 0:
                image[self._top] = 0.0
            if top >= 0:
                image[top] = 1.0
            self._top = top
        if colour != self._colour:
            if self._colour >= 0:
                image[self._colour] = 0.0
            if colour >= 0:
                image[colour] = 1.0
            self._colour = colour
        at = _PHASE_AT[phase]
        if at != self._phase:
            if self._phase >= 0:
                image[self._phase] = 0.0
            image[at] = 1.0
            self._phase = at
        pending = dump = -1
        drafted = _NOTHING
        if phase == _DRAFT:
            drafted = state.draft_discards
            if seat == current:
                pending = _PENDING + state.draft_card
        elif phase == _DRAWN:
            if seat == current:
                pending = _PENDING + state.drawn
        elif phase in _DUMP_PHASES:
            dump = _DUMP + state.dump_colour
        if pending != self._pending:
            if self._pending >= 0:
                image[self._pending] = 0.0
            if pending >= 0:
                image[pending] = 1.0
            self._pending = pending
        if dump != self._dump:
            if self._dump >= 0:
                image[self._dump] = 0.0
            if dump >= 0:
                image[dump] = 1.0
            self._dump = dump
        if drafted != self._drafted:
            self._drafted = _follow(image, _DRAFTED, self._drafted, drafted)
        target = state.options.target_score
        scores = state.scores
        exposed = state.uno_exposed
        other = 1 - seat
        volley, mine, theirs, turn = state.volley, scores[seat], scores[other], state.round
        _pack_tail(
            image, _TAIL_BYTE,
            _SIZES[len(hand)], _SIZES[len(hands[other])], _SIZES[len(state.draw_pile)], _SIZES[size],
            _VOLLEYS[volley] if volley < 16 else 1.0,
            mine / target if mine < target else 1.0, theirs / target if theirs < target else 1.0,
            1.0 if seat == current and phase != _GAME_OVER else 0.0,
            1.0 if state.player_one == seat else 0.0,
            1.0 if exposed == seat else 0.0, 1.0 if exposed == other else 0.0,
            _ROUNDS[turn] if turn < 50 else 1.0)


def encode_state(state: UnoDuoState, seat: int) -> npt.NDArray[np.float32]:
    """`encode_view(GAME.view(state, seat), seat)` without building the view (a fresh `Encoder`)."""
    return Encoder().encode(state, seat)
