"""The one thing every bot does: choose among legal actions from what its seat can see."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol

from duoplay.core.protocol import JSON


class Bot(Protocol):
    name: str

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        """Return one of `legal` for `seat`, given only that seat's `view`."""
        ...


class RandomBot:
    """Uniformly random among the legal actions: the floor every other bot must beat."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        return self._random.choice(list(legal))

