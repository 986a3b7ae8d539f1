"""UNO Duo: why a move is refused, in words a player understands (the reason of the typed error)."""

from __future__ import annotations

from duoplay.core.errors import GameError, IllegalAction, MalformedAction, NotYourTurn
from duoplay.games.uno_duo.actions import (
    CATCH,
    PASS,
    SAY_UNO,
    SIMPLE_ACTIONS,
    TIMEOUT,
    Action,
    ChooseColour,
    Play,
    Simple,
)
from duoplay.games.uno_duo.cards import (
    COLOUR_OF,
    COLOURS,
    DRAW_TWO,
    FACE_COUNT,
    REVERSE,
    WILD_DRAW_FOUR,
    code,
    name,
    rank_name,
)
from duoplay.games.uno_duo.state import (
    CHALLENGE,
    DRAFT,
    DRAWN,
    DUMP_DECIDE,
    DUMPING,
    START_COLOUR,
    VOLLEY,
    UnoDuoState,
)


def refusal(state: UnoDuoState, seat: int, action: Action) -> GameError:
    malformed = _malformed(action)
    if malformed is not None:
        return malformed
    if action is TIMEOUT:
        return IllegalAction("Only the table's clock can time a turn out")
    if action is SAY_UNO:
        return IllegalAction("Say UNO when a play leaves you with one card")
    if action is CATCH:
        return IllegalAction("Your opponent has nothing to be caught for")
    if seat != state.current:
        return NotYourTurn("It is your opponent's turn")
    hand = state.hands[seat]
    if isinstance(action, Play) and action.face not in hand:
        return IllegalAction("You have no {card} in your hand", card=code(action.face))
    phase_refusal = _phase_refusal(state)
    if phase_refusal is not None:
        return phase_refusal
    if isinstance(action, Play):
        return IllegalAction("{card} does not match {top}: "
                             "play the same colour, number or action, a wild, or draw",
                             card=code(action.face), top=code(state.discard[-1]))
    if action is PASS:
        return IllegalAction("You can only pass when there is nothing to draw and nothing to play")
    return IllegalAction("'{action}' is not possible now", action=action.notation())


def _phase_refusal(state: UnoDuoState) -> IllegalAction | None:
    """What the seat to move must do in a phase that allows only a few moves."""
    phase = state.phase
    if phase == DRAFT:
        return IllegalAction("In the draft you keep or discard the card you are looking at")
    if phase == START_COLOUR:
        return IllegalAction("Name the colour for the wild start card")
    if phase == DRAWN:
        return IllegalAction("Play the card you just drew, or keep it")
    if phase == VOLLEY:
        return IllegalAction("Play a {card} or draw {n} cards", card=_NAME_DRAW_TWO, n=state.volley)
    if phase == CHALLENGE:
        return IllegalAction("Challenge the {card} or accept it", card=_NAME_WILD_DRAW_FOUR)
    if phase == DUMP_DECIDE:
        return IllegalAction("Choose whether to play all your other cards of the {card}'s colour",
                             card=_NAME_REVERSE)
    if phase == DUMPING:
        return IllegalAction("Play your remaining cards of the {card}'s colour", card=_NAME_REVERSE)
    return None


# Card names as reasons pass them: the names players know from the cards.
_NAME_DRAW_TWO = rank_name(DRAW_TWO)
_NAME_WILD_DRAW_FOUR = name(WILD_DRAW_FOUR)
_NAME_REVERSE = rank_name(REVERSE)


def _malformed(action: object) -> MalformedAction | None:
    """Why a value handed to `apply` directly is no UNO Duo action at all (None if it is one)."""
    if isinstance(action, Play):
        if type(action.face) is not int or type(action.colour) is not int:
            return MalformedAction("A card and a colour are whole numbers")  # 5.0 == 5, but cannot index
        if not (0 <= action.face < FACE_COUNT and 0 <= action.colour < 4):
            return MalformedAction("No such card or colour")
        if COLOUR_OF[action.face] >= 0 and action.colour != COLOUR_OF[action.face]:
            return MalformedAction("{card} is {colour}; only wild cards choose a colour",
                                   card=code(action.face), colour=COLOURS[COLOUR_OF[action.face]])
        return None
    if isinstance(action, ChooseColour):
        return None if 0 <= action.colour < 4 else MalformedAction("No such colour")
    if isinstance(action, Simple):
        if action.kind in SIMPLE_ACTIONS:
            return None
        return MalformedAction("Unknown action '{kind}'", kind=str(action.kind)[:40])
    return MalformedAction("Not an UNO Duo action")
