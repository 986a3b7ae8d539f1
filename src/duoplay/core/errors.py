"""Typed errors: every refusal a player can receive, each with a readable reason.

Parsing is not validation: `MalformedAction` means the input is not an action of
this game at all; `IllegalAction` means it is one, but the rules forbid it now.
After any of these the game state is exactly as it was.

A reason is a message id with parameters: `IllegalAction("Draw {n} cards first", n=4)`.
The id (the English template) is what clients translate through their catalogs;
`reason` is the English text with the parameters filled in, for logs and terminals.
"""

from __future__ import annotations

from typing import Any

Param = str | int | float | bool | None


class GameError(ValueError):
    """Base of every error an action can cause. `code` is stable for clients."""

    code = "game_error"

    def __init__(self, template: str, **params: Param) -> None:
        self.template = template
        self.params: dict[str, Param] = params
        self.reason = fill(template, params)
        super().__init__(self.reason)


def fill(template: str, params: dict[str, Any]) -> str:
    """The template with its `{name}` parameters filled in; a template without any stays as it is."""
    if not params:
        return template
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return template  # a wrong template must not hide the refusal behind another error


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
    """The action was chosen against a state that has since changed in a way it depends on."""

    code = "stale_state"
