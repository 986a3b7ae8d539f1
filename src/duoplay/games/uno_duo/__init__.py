"""UNO Duo: the two-player UNO with a draft, Draw 2 volleys and Reverse colour dumps."""

from duoplay.games.uno_duo.game import GAME, UnoDuo

__all__ = ["GAME", "UnoDuo"]
