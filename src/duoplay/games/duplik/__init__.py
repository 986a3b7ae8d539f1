"""Duplik: describe and draw. A Portrayer describes a secret scene for 90 seconds; the Artists
draw it without a word; then each judges a neighbour's drawing against the scene's ten criteria."""

from duoplay.games.duplik.game import GAME, Duplik

__all__ = ["GAME", "Duplik"]
