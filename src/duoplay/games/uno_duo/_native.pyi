# The C module built from _native.c (optional; see native.py).
from typing import Any

from duoplay.core.protocol import Event, Seat
from duoplay.games.uno_duo.actions import Action
from duoplay.games.uno_duo.state import UnoDuoState

VERSION: int

def configure(parts: dict[str, Any], /) -> None: ...
def legal_actions(state: UnoDuoState, seat: int, /) -> list[Action]: ...
def apply(state: UnoDuoState, seat: Seat, action: Action, /) -> list[Event]: ...
