"""DUOS: the association game. Everyone pairs up 12 picture cards in secret and scores
for the pairs they share with the Narrator; two players play it cooperatively."""

from duoplay.games.duos.game import GAME, Duos

__all__ = ["GAME", "Duos"]
