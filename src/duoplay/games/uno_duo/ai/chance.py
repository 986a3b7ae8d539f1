"""Randomness decided one event at a time from outside the rules, as OpenSpiel's chance nodes do.

The rules draw every random thing through the state's generator (`core.rng.GameRng`): the cut
(`randrange`), a pile's shuffle (`shuffle_pile`) and each card drawn from it (`take`), and the
hands' shuffle after a 7 (`shuffle`). `ChanceRng` answers each of those from a script of outcomes
chosen so far, and where the script runs out it raises `NeedChance` with the possible outcomes
and their probabilities. A pile it shuffles has no order at all until a card is drawn: each draw
is its own chance event over the cards left in the pile's unordered part, so a copy of the state
holds no card that chance has not yet revealed. Cards laid under a pile in a known order (the
draft's discards) are drawn in that order once the unordered part is used up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, MutableSequence
from typing import Any, TypeVar

from duoplay.core.rng import GameRng

T = TypeVar("T")
Outcomes = list[tuple[int, float]]


class NeedChance(Exception):
    """The rules asked for a random outcome beyond the script: chance decides it first."""

    def __init__(self, outcomes: Outcomes, kind: str) -> None:
        super().__init__(kind)
        self.outcomes, self.kind = outcomes, kind


def _by_card(cards: list[Any]) -> Outcomes:
    """Each distinct card once, with the share of `cards` it is."""
    total = len(cards)
    return [(card, count / total) for card, count in sorted(Counter(cards).items())]


class ChanceRng(GameRng):
    __slots__ = ("script", "unordered", "used")

    def __init__(self, script: list[int] | None = None, unordered: int = 0) -> None:
        # No generator of its own (GameRng's is never drawn from here): every outcome comes from the
        # script, and search makes millions of these.
        self.script = script if script is not None else []
        self.used = 0
        self.unordered = unordered  # how many cards on top of the draw pile have no order yet

    def _next(self, outcomes: Callable[[], Outcomes], kind: str) -> int:
        """The script's next outcome; the possible ones are worked out only when chance must choose."""
        if self.used < len(self.script):
            chosen = self.script[self.used]
            self.used += 1
            return chosen
        raise NeedChance(outcomes(), kind)

    def randrange(self, stop: int) -> int:
        return self._next(lambda: [(i, 1.0 / stop) for i in range(stop)], "index")

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Every position decided in turn (the hands' shuffle: who gets which card is revealed now)."""
        rest = list(items)
        for position in range(len(items)):
            card = self._next(lambda: _by_card(rest), "card")
            items[position] = card  # type: ignore[assignment]
            rest.remove(card)  # type: ignore[arg-type]

    def shuffle_pile(self, pile: MutableSequence[T]) -> None:
        self.unordered = len(pile)

    def take(self, pile: list[T]) -> T:
        if not 0 < self.unordered <= len(pile):
            return pile.pop()  # the known-order part under the shuffled cards
        top = len(pile) - self.unordered
        card = self._next(lambda: _by_card(pile[top:]), "card")
        at = pile.index(card, top)  # type: ignore[arg-type]
        pile[at], pile[-1] = pile[-1], pile[at]
        self.unordered -= 1
        return pile.pop()

    def getrandbits(self, bits: int) -> int:
        raise TypeError("a chance-driven game draws no free random bits")

    def copy(self) -> ChanceRng:
        twin = ChanceRng(list(self.script), self.unordered)
        twin.used = self.used
        return twin

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ChanceRng) and (self.script, self.used, self.unordered) == (
            other.script, other.used, other.unordered)

    def __hash__(self) -> int:
        return hash((tuple(self.script), self.used, self.unordered))

    def __repr__(self) -> str:
        return f"ChanceRng(unordered={self.unordered}, script={len(self.script)}, used={self.used})"
