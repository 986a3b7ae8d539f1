"""Bots: they see a seat's view and its legal actions, never the state."""

from duoplay.bots.base import Bot
from duoplay.bots.registry import bot_levels, make_bot

__all__ = ["Bot", "bot_levels", "make_bot"]
