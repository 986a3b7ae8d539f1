"""Duple: the real-time word race. Flip letter cards; when two top cards show the same symbol,
those two players race to say one word holding both letters that fits the category."""

from duoplay.games.duple.game import GAME, Duple

__all__ = ["GAME", "Duple"]
