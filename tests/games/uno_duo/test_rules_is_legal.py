"""`rules.is_legal` (what `apply` checks) agrees with `legal_actions` everywhere random play goes."""

from __future__ import annotations

import random

import pytest

from duoplay.core.errors import MalformedAction
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action, ChooseColour, Play
from duoplay.games.uno_duo.cards import FACE_COUNT, WILD
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.options import UnoDuoOptions
from duoplay.games.uno_duo.rules import is_legal

_EVERY_ACTION: list[Action] = [
    *(Play(face, colour, uno) for face in range(FACE_COUNT) for colour in range(4) for uno in (False, True)
      if face >= WILD or colour == face // 13),
    *act.SIMPLE_ACTIONS.values(),
    *(ChooseColour(c) for c in range(4)),
]


def test_is_legal_answers_like_the_list_of_legal_actions() -> None:
    rng = random.Random(8)
    checked = 0
    for seed in range(3):
        state = GAME.setup(2, UnoDuoOptions(challenge_rule=("any-playable", "colour-only")[seed % 2]), seed)
        for _ in range(3000):
            if GAME.outcome(state) is not None:
                break
            for seat in (0, 1, 2):  # 2: no seat of this game, offered nothing
                legal = set(GAME.legal_actions(state, seat))
                for action in _EVERY_ACTION:
                    assert is_legal(state, seat, action) == (action in legal), (state.phase, seat, action)
                checked += 1
            seat = state.current
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert checked > 5000


def test_a_float_card_is_refused_and_changes_nothing() -> None:
    rng = random.Random(3)
    state = GAME.setup(2, UnoDuoOptions(), 3)
    while state.phase != "turn":
        GAME.apply(state, state.current, rng.choice(GAME.legal_actions(state, state.current)))
    seat = state.current
    play = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, Play))
    before = GAME.copy_state(state)
    look_alike = Play(float(play.face), play.colour)  # type: ignore[arg-type]
    assert look_alike == play  # equal as a value, yet no card face
    with pytest.raises(MalformedAction):
        GAME.apply(state, seat, look_alike)
    assert state == before
    assert not is_legal(state, seat, Play(-1, 0))
    assert not is_legal(state, seat, ChooseColour(7))
