"""The quiet bot: asked for a move, it always answers None (nothing comes to mind yet)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duoplay.core.protocol import JSON


class QuietBot:
    name = "quiet"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> None:
        return None


BOTS = {"quiet": QuietBot}
