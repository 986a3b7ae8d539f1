"""What one seat, or a spectator, may see of a DUOS state. The only exit for placed pairs.

Hidden until the reveal: every seat's pairs from everyone else (a seat sees only its
own, and whether the others have locked in). Shown at once: co-op helps (the partner
sees them as soon as they are given). Revealed: all pairs of finished turns, in history.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from duoplay.core.protocol import JSON, Seat
from duoplay.games.duos.cards import GRID_COLUMNS, GRID_ROWS, SETS, face
from duoplay.games.duos.options import options_json
from duoplay.games.duos.rules import category, to_move
from duoplay.games.duos.scoring import coop_verdict
from duoplay.games.duos.state import COOP, DuosState, Phase, TurnResult


def view(state: DuosState, seat: Seat) -> JSON:
    cat = category(state)
    shown: dict[str, Any] = {
        "game": "duos",
        "seat": seat,
        "mode": state.mode,
        "phase": state.phase,
        "turn": state.turn,
        "turns": state.turns,
        # After the last turn the game is over, not in a round of its own: it shows the last round.
        "round": min(state.turn, state.turns - 1) // state.seats + 1 if state.mode != COOP else 1,
        "to_move": list(to_move(state)),
        "narrator": state.narrator if state.narrator >= 0 else None,
        "set": SETS[state.set_index][0],
        "category": cat,
        "flipped": state.flipped,
        "grid": [GRID_COLUMNS, GRID_ROWS],
        "cards": [face(cat, card).id for card in state.table],
        "locked": list(state.locked),
        "helps": [h.to_json() for h in state.helps],
        "scores": list(state.scores),
        "options": options_json(state.options),
        "history": [_turn_json(result) for result in state.history],
    }
    if state.mode == COOP:
        shown["verdict"] = coop_verdict(state.scores[0]) if state.phase == Phase.GAME_OVER else None
    if seat is not None and 0 <= seat < state.seats:
        shown["pairs"] = [list(pair) for pair in state.pairs[seat]]
    return shown


@lru_cache(maxsize=4096)
def _turn_json(result: TurnResult) -> JSON:
    """A finished turn's JSON, built once: it never changes, and every view after every move
    carries the whole history. Read-only, like views."""
    return result.to_json()
