"""Seeded randomness whose state lives inside the game state.

Rules never touch the global `random` module: every shuffle comes from the
match's own generator, so replaying the log from the header is exact.
"""

import random
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")


class GameRng:
    """A small wrapper over `random.Random` that can be copied with the state."""

    __slots__ = ("_random",)

    def __init__(self, seed: int) -> None:
        self._random = random.Random(seed)

    def shuffle(self, items: MutableSequence[T]) -> None:
        self._random.shuffle(items)

    def randrange(self, stop: int) -> int:
        return self._random.randrange(stop)

    def shuffle_pile(self, pile: MutableSequence[T]) -> None:
        """Shuffle a pile that is then drawn from its top (the end) with `take`: the same as `shuffle`
        here; a generator that decides each draw only when it is made overrides both."""
        self._random.shuffle(pile)

    def take(self, pile: list[T]) -> T:
        """The top card of a pile, drawn."""
        return pile.pop()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameRng) and self._random.getstate() == other._random.getstate()

    def __hash__(self) -> int:
        return hash(self._random.getstate())

    def __repr__(self) -> str:
        return f"GameRng(<state {hash(self._random.getstate()) & 0xFFFFFFFF:08x}>)"

    def getrandbits(self, bits: int) -> int:
        return self._random.getrandbits(bits)

    def copy(self) -> "GameRng":
        twin = GameRng.__new__(GameRng)
        twin._random = random.Random()
        twin._random.setstate(self._random.getstate())
        return twin
