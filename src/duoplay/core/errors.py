"""Typed errors: every refusal a player can receive, each with a readable reason.

Parsing is not validation: `MalformedAction` means the input is not an action of
this game at all; `IllegalAction` means it is one, but the rules forbid it now.
After any of these the game state is exactly as it was.
"""


class GameError(ValueError):
    """Base of every error an action can cause. `code` is stable for clients."""

    code = "game_error"

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedAction(GameError):
    """The input does not parse as an action of this game."""

    code = "malformed_action"


class IllegalAction(GameError):
    """A well-formed action that the rules forbid in this position."""

    code = "illegal_action"


class NotYourTurn(IllegalAction):
    """The seat has no action to take right now."""

    code = "not_your_turn"


class GameOver(IllegalAction):
    """The match has ended; no more actions are accepted."""

    code = "game_over"


class StaleState(GameError):
    """The action was chosen against an older state than the current one."""

    code = "stale_state"
