"""What a bot pool is asked and what it answers: small picklable values.

A ticket carries everything one decision needs, the bot included (as the blob its
last decision left), so any worker of the pool can take any ticket. The blob is a
pickle made by the pool's own workers: a caller keeps it and sends it back, and must
never take one from anywhere else (unpickling runs code).
"""

from __future__ import annotations

from dataclasses import dataclass

from duoplay.core.protocol import JSON


@dataclass(frozen=True)
class BotTicket:
    """One decision to make: the seat's view (never the state) and its legal actions as JSON."""

    game: str  # a registered game's id
    level: str  # bot level, e.g. "ismcts"
    seed: int  # seeds a new bot; unused once `memory` is given
    seat: int
    view: JSON
    legal: list[JSON]  # `action.to_json()` of each legal action
    memory: bytes | None  # the bot after its last decision (`Decision.memory`), None for a new bot
    time_ms: float | None = None  # overrides the bot's time budget, for bots that have one


@dataclass(frozen=True)
class WarmUp:
    """Not a decision: load what the game's rules need for these options (models, word lists)
    in the worker that takes it, so that no later decision pays for loading them."""

    game: str
    options: JSON  # the room's options in full


@dataclass(frozen=True)
class Decision:
    action: JSON | None  # one of the ticket's `legal`, a free move the rules judge, or None: not yet
    memory: bytes  # the bot after this decision: send it with the seat's next ticket
    seconds: float  # time spent deciding in the worker


class BotFailed(RuntimeError):
    """A decision that could not be made: the bot raised, its worker died, or the pool closed.
    The pool goes on serving other tickets; the seat's previous memory is still good."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
