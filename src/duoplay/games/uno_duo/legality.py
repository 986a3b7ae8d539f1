"""UNO Duo: which moves a seat may make now, listed (`legal_actions`) or checked one by one (`is_legal`).

Section names in comments refer to ../shared/rules/uno-duo.en.txt; numbered
defaults refer to the UNO Duo part of ../shared/rules/NOTES.md.
"""

from __future__ import annotations

from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import (
    ACCEPT,
    CATCH,
    DRAFT_DISCARD,
    DRAFT_KEEP,
    DRAW,
    DUMP,
    KEEP,
    NO_DUMP,
    PASS,
    SAY_UNO,
    Action,
    ChooseColour,
    Play,
    Simple,
)
from duoplay.games.uno_duo.actions import CHALLENGE as CHALLENGE_ACTION
from duoplay.games.uno_duo.cards import (
    COLOUR_OF,
    DRAW_TWO,
    FACE_COUNT,
    RANK_OF,
)
from duoplay.games.uno_duo.state import (
    CHALLENGE,
    DRAFT,
    DRAWN,
    DUMP_DECIDE,
    DUMPING,
    GAME_OVER,
    START_COLOUR,
    TURN,
    VOLLEY,
    UnoDuoState,
)

_COLOUR_CHOICES = tuple(ChooseColour(c) for c in range(4))


def _plays_of(face: int, uno: bool) -> tuple[Play, ...]:
    colours = range(4) if COLOUR_OF[face] < 0 else (COLOUR_OF[face],)
    return tuple(act.play(face, colour, with_uno) for colour in colours
                 for with_uno in ((False, True) if uno else (False,)))


# Every face's plays, built once: listing moves copies shared values and builds none.
_PLAYS = tuple(_plays_of(face, False) for face in range(FACE_COUNT))
_PLAYS_UNO = tuple(_plays_of(face, True) for face in range(FACE_COUNT))  # with 2 cards in hand


def _matching_faces(colour: int, top: int) -> frozenset[int]:
    """Faces playable on `top` when `colour` is the colour to match (a wild top: colour only)."""
    top_rank = RANK_OF[top] if COLOUR_OF[top] >= 0 else -1
    return frozenset(face for face in range(FACE_COUNT)
                     if COLOUR_OF[face] < 0 or COLOUR_OF[face] == colour or RANK_OF[face] == top_rank)


# Which faces may be played, as sets to intersect with a hand: the filtering runs in C.
MATCHING = tuple(tuple(_matching_faces(colour, top) for top in range(FACE_COUNT)) for colour in range(4))
_DRAW_TWOS = frozenset(f for f in range(FACE_COUNT) if COLOUR_OF[f] >= 0 and RANK_OF[f] == DRAW_TWO)
_OF_COLOUR = tuple(frozenset(f for f in range(FACE_COUNT) if COLOUR_OF[f] == c) for c in range(4))


def legal_actions(state: UnoDuoState, seat: int) -> list[Action]:
    moves: list[Action] = []
    phase = state.phase
    if phase == GAME_OVER:
        return moves
    if seat == state.current:
        hand = state.hands[seat]
        plays = _PLAYS_UNO if len(hand) == 2 else _PLAYS
        if phase == TURN:
            for face in MATCHING[state.colour][state.discard[-1]].intersection(hand):
                moves += plays[face]
            if state.draw_pile or len(state.discard) > 1:
                moves.append(DRAW)
            elif not moves:
                moves.append(PASS)  # NOTES 13: nothing to draw and nothing to play
        elif phase == DRAWN:
            moves += plays[state.drawn]
            moves.append(KEEP)
        elif phase == VOLLEY:
            for face in _DRAW_TWOS.intersection(hand):
                moves += plays[face]
            moves.append(DRAW)
        elif phase == CHALLENGE:
            moves += (CHALLENGE_ACTION, ACCEPT)
        elif phase == DUMP_DECIDE:
            moves += (DUMP, NO_DUMP)
        elif phase == DUMPING:
            for face in _OF_COLOUR[state.dump_colour].intersection(hand):
                moves += plays[face]
        elif phase == START_COLOUR:
            moves += _COLOUR_CHOICES
        elif phase == DRAFT:
            moves += (DRAFT_KEEP, DRAFT_DISCARD)
    exposed = state.uno_exposed
    if exposed == seat:
        moves.append(SAY_UNO)
    elif exposed >= 0 and seat == 1 - exposed and len(state.hands[exposed]) == 1:
        moves.append(CATCH)
    return moves


def is_legal(state: UnoDuoState, seat: int, action: Action) -> bool:
    """`action in legal_actions(state, seat)`, answered without listing every move."""
    phase = state.phase
    if phase == GAME_OVER:
        return False
    if isinstance(action, Play):
        return play_is_legal(state, seat, action)
    if isinstance(action, Simple):
        kind = action.kind
        exposed = state.uno_exposed
        if kind == "uno":
            return exposed == seat
        if kind == "catch":
            return exposed >= 0 and seat == 1 - exposed and len(state.hands[exposed]) == 1
        if seat != state.current:
            return False
        if phase == TURN:
            if kind == "draw":
                return can_draw(state)
            return kind == "pass" and not can_draw(state) and not any(
                matches(state, face) for face in state.hands[seat])
        return kind in _SIMPLE_BY_PHASE.get(phase, ())
    if isinstance(action, ChooseColour):
        return (phase == START_COLOUR and seat == state.current
                and type(action.colour) is int and 0 <= action.colour < 4)
    return False


def play_is_legal(state: UnoDuoState, seat: int, action: Play) -> bool:
    face, colour, uno = action.face, action.colour, action.uno
    if type(face) is not int or type(colour) is not int or not 0 <= face < FACE_COUNT:
        return False
    if seat != state.current:
        return False
    hand = state.hands[seat]
    printed = COLOUR_OF[face]
    if (colour != printed) if printed >= 0 else not 0 <= colour < 4:
        return False
    if uno not in (False, True) or (uno and len(hand) != 2) or face not in hand:
        return False
    phase = state.phase
    if phase == TURN:
        return face in MATCHING[state.colour][state.discard[-1]]
    if phase == DRAWN:
        return face == state.drawn
    if phase == VOLLEY:
        return RANK_OF[face] == DRAW_TWO and printed >= 0
    if phase == DUMPING:
        return printed == state.dump_colour
    return False


_SIMPLE_BY_PHASE = {
    DRAWN: ("keep",),
    VOLLEY: ("draw",),
    CHALLENGE: ("challenge", "accept"),
    DUMP_DECIDE: ("dump", "no-dump"),
    DRAFT: ("draft-keep", "draft-discard"),
}


def matches(state: UnoDuoState, face: int) -> bool:
    """A card may be played on the pile if it matches colour, number or action, or is wild."""
    return face in MATCHING[state.colour][state.discard[-1]]


def can_draw(state: UnoDuoState) -> bool:
    return bool(state.draw_pile) or len(state.discard) > 1


def holds_colour(state: UnoDuoState, seat: int, colour: int) -> bool:
    return any(COLOUR_OF[card] == colour for card in state.hands[seat])
