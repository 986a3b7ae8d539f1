"""What one seat, or a spectator, may see of an UNO Duo state. The only exit for hidden cards.

Hidden: the opponent's hand (only its size shows), the order of the draw pile, the
card a drafter is looking at, and the cards another player draws. Revealed by the
rules: the hands at the end of each round, for scoring.
"""

from __future__ import annotations

from typing import Any

from duoplay.core.protocol import JSON, Seat
from duoplay.games.uno_duo.cards import CODES, COLOURS
from duoplay.games.uno_duo.options import options_json
from duoplay.games.uno_duo.state import Phase, UnoDuoState

_CODE = CODES.__getitem__  # a C-level lookup: views turn many faces into codes


def _discard_codes(state: UnoDuoState) -> list[str]:
    """The discard pile as codes. Play only appends to the pile, and a refill or a new round
    replaces the list, so the codes are extended rather than rebuilt on every view."""
    discard = state.discard
    memo = state.discard_memo
    if memo is None or memo[0] is not discard or len(memo[1]) > len(discard):
        codes = list(map(_CODE, discard))
        state.discard_memo = (discard, codes)
    else:
        codes = memo[1]
        if len(codes) < len(discard):
            codes += map(_CODE, discard[len(codes):])
    return codes[:]


def view(state: UnoDuoState, seat: Seat) -> JSON:
    phase = state.phase
    over = phase == Phase.GAME_OVER
    shown: dict[str, Any] = {
        "game": "uno-duo",
        "seat": seat,
        "round": state.round,
        "phase": phase,
        "to_move": [] if over else [state.current],
        "player_one": state.player_one,
        "scores": list(state.scores),
        "target_score": state.options.target_score,
        "options": options_json(state.options),
        "hand_counts": [len(state.hands[0]), len(state.hands[1])],
        "draw_pile": len(state.draw_pile),
        "discard_count": len(state.discard),
        "top": CODES[state.discard[-1]] if state.discard else None,
        "discard": _discard_codes(state),
        # A wild start card has no colour until Player 1 names one.
        "colour": COLOURS[state.colour] if state.discard and phase != Phase.START_COLOUR else None,
        "volley": state.volley,
        "uno_exposed": state.uno_exposed if state.uno_exposed >= 0 else None,
        "cut": [list(c) for c in state.cut] if state.round == 1 else [],
        "history": [r.to_json(_CODE) for r in state.history],
    }
    if phase == Phase.DRAFT:
        shown["draft_discards"] = list(map(_CODE, state.draft_discards))
    if phase in (Phase.DUMP_DECIDE, Phase.DUMPING):
        shown["dump_colour"] = COLOURS[state.dump_colour]
    if phase == Phase.CHALLENGE:
        shown["challenger"] = state.current
    if seat is not None and seat in (0, 1):
        shown["hand"] = sorted(map(_CODE, state.hands[seat]))
        if seat == state.current:
            if phase == Phase.DRAFT:
                shown["draft_card"] = CODES[state.draft_card]
            elif phase == Phase.DRAWN:
                shown["drawn"] = CODES[state.drawn]
    return shown
