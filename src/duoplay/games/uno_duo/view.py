"""What one seat, or a spectator, may see of an UNO Duo state. The only exit for hidden cards.

Hidden: the opponent's hand (only its size shows), the order of the draw pile, the
card a drafter is looking at, and the cards another player draws. Revealed by the
rules: the hands at the end of each round, for scoring.
"""

from __future__ import annotations

from typing import Any

from duoplay.core.protocol import JSON, Seat
from duoplay.games.uno_duo.cards import CODES, COLOURS
from duoplay.games.uno_duo.state import Phase, RoundResult, UnoDuoState

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


_DUMP_PHASES = (Phase.DUMP_DECIDE, Phase.DUMPING)
_DRAFT, _DRAWN, _CHALLENGE = Phase.DRAFT, Phase.DRAWN, Phase.CHALLENGE
_GAME_OVER, _START_COLOUR = Phase.GAME_OVER, Phase.START_COLOUR


def _round_json(result: RoundResult) -> JSON:
    return result.to_json(_CODE)


def _history_json(state: UnoDuoState) -> list[JSON]:
    """Finished rounds as JSON; rounds are only ever appended, so the list is kept between views."""
    history = state.history
    memo = state.history_memo
    if memo is None or memo[0] is not history or len(memo[1]) != len(history):
        memo = state.history_memo = (history, list(map(_round_json, history)))
    return memo[1][:]


def view(state: UnoDuoState, seat: Seat) -> JSON:
    phase = state.phase
    discard = state.discard
    shown: dict[str, Any] = {
        "game": "uno-duo",
        "seat": seat,
        "round": state.round,
        "phase": phase,
        "to_move": [] if phase == _GAME_OVER else [state.current],
        "player_one": state.player_one,
        "scores": state.scores[:],
        "target_score": state.options.target_score,
        "options": state.options.json,
        "hand_counts": [len(state.hands[0]), len(state.hands[1])],
        "draw_pile": len(state.draw_pile),
        "discard_count": len(discard),
        "top": CODES[discard[-1]] if discard else None,
        "discard": _discard_codes(state),
        # A wild start card has no colour until Player 1 names one.
        "colour": COLOURS[state.colour] if discard and phase != _START_COLOUR else None,
        "volley": state.volley,
        "uno_exposed": state.uno_exposed if state.uno_exposed >= 0 else None,
        "history": _history_json(state),
    }
    if phase == _DRAFT:
        shown["draft_discards"] = list(map(_CODE, state.draft_discards))
        shown["draft_kept"] = state.draft_kept[:]
        if state.round == 1:
            shown["cut"] = list(map(list, state.cut))  # who became Player 1, shown while drafting
    elif phase in _DUMP_PHASES:
        shown["dump_colour"] = COLOURS[state.dump_colour]
    elif phase == _CHALLENGE:
        shown["challenger"] = state.current
    if seat == 0 or seat == 1:
        shown["hand"] = list(map(_CODE, sorted(state.hands[seat])))  # by colour, then rank
        if seat == state.current:
            if phase == _DRAFT:
                shown["draft_card"] = CODES[state.draft_card]
            elif phase == _DRAWN:
                shown["drawn"] = CODES[state.drawn]
    return shown
