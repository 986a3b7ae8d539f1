"""The terminal's building blocks, as the shell imports them; they live in `duoplay.core.terminal`
so that a game's text module depends on the core only."""

from duoplay.core.terminal import Choice, GameText, Question, Style, can_encode, strip_ansi

__all__ = ["Choice", "GameText", "Question", "Style", "can_encode", "strip_ansi"]
