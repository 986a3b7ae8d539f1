"""The rules' C hot path (`_native.c`, see native.py) against the pure-Python rules.

Seeded random games are played twice side by side, once through `rules.apply` and
`rules.legal_actions` (the C module where it is built) and once through `rules.python_apply`
and `rules.python_legal_actions`; after every move both states, the events and both seats'
legal lists must be equal. Malformed and illegal moves must be refused alike, leaving both
states as they were.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys

import pytest

from duoplay.core.actions import Simple
from duoplay.core.protocol import Event
from duoplay.games.uno_duo import native, rules
from duoplay.games.uno_duo.actions import ChooseColour, Play
from duoplay.games.uno_duo.fuzz import fuzz_actions
from duoplay.games.uno_duo.options import CHALLENGE_COLOUR_ONLY, UnoDuoOptions
from duoplay.games.uno_duo.state import UnoDuoState

_PURE = os.environ.get("DUOPLAY_PURE_PYTHON", "") not in ("", "0")

OPTIONS = [
    UnoDuoOptions(),
    UnoDuoOptions(deck_size=108, target_score=300),
    UnoDuoOptions(shuffle_on_refill=False, uno_penalty=4, challenge_rule=CHALLENGE_COLOUR_ONLY),
    UnoDuoOptions(turn_timer=30),
]


def test_the_c_module_is_in_use_where_built() -> None:
    # `make` installs a C compiler and Python's headers before installing the package, so the
    # module is built wherever the tests run; only the environment variable turns it off.
    assert (rules.NATIVE is None) == _PURE
    assert rules.apply is not rules.python_apply or _PURE


def test_the_environment_variable_selects_pure_python() -> None:
    script = ("from duoplay.games.uno_duo import rules; "
              "print(rules.NATIVE is None, rules.apply is rules.python_apply)")
    shown = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                           env={**os.environ, "DUOPLAY_PURE_PYTHON": "1"}).stdout.split()
    assert shown == ["True", "True"]


def _outcome(call: object, *args: object) -> tuple[str, object]:
    try:
        return "events", call(*args)  # type: ignore[operator]
    except Exception as error:  # the same refusal, or the same failure, from both paths
        return type(error).__name__, str(error)


def _check_legal(native: UnoDuoState, pure: UnoDuoState) -> None:
    for seat in (0, 1):
        listed = rules.legal_actions(native, seat)
        assert listed == rules.python_legal_actions(pure, seat)
        assert all(a is b for a, b in zip(listed, rules.python_legal_actions(pure, seat), strict=True))


def _play_twice(options: UnoDuoOptions, seed: int, max_moves: int = 6000) -> int:
    """One seeded game through both paths, with wrong moves tried along the way; the moves made."""
    native = rules.setup(options, seed)
    pure = native.copy()
    chooser = random.Random(seed)
    moves = 0
    while native.phase != "game-over" and moves < max_moves:
        _check_legal(native, pure)
        seat = native.current
        if chooser.random() < 0.15:  # a move that may be refused: both refuse it alike, or both make it
            for wrong in fuzz_actions(native, rng=chooser, seat=chooser.choice((seat, 1 - seat))):
                wrong_seat = chooser.choice((seat, 1 - seat))
                made = _outcome(rules.apply, native, wrong_seat, wrong)
                assert made == _outcome(rules.python_apply, pure, wrong_seat, wrong)
                assert native == pure
        if native.phase == "game-over":
            break
        seat = native.current
        legal = rules.legal_actions(native, seat)
        action = chooser.choice(legal)
        if isinstance(action, Simple) and chooser.random() < 0.3:
            action = Simple(action.kind)  # an equal copy, not the shared value
        events: list[Event] = rules.apply(native, seat, action)
        assert events == rules.python_apply(pure, seat, action), (seed, moves, action)
        assert native == pure, (seed, moves, action)
        moves += 1
    _check_legal(native, pure)
    return moves


@pytest.mark.parametrize("options", OPTIONS, ids=["default", "classic-300", "house-rules", "timer"])
def test_seeded_games_agree_move_by_move(options: UnoDuoOptions) -> None:
    moves = sum(_play_twice(options, seed) for seed in range(12))
    assert moves > 12 * 500  # whole matches of many rounds, not a few moves


def test_without_its_shuffle_and_set_order_the_c_module_still_agrees() -> None:
    # Where Python's own shuffle or set order differ from the C module's copies (another Python
    # version), native.py turns those copies off: refills then run in Python and the legal plays
    # are read from a real set. The same games must come out.
    module = rules.NATIVE
    if module is None:  # DUOPLAY_PURE_PYTHON=1: the first test checks that this is why
        assert _PURE
        return
    module.configure(native.parts(rules.python_apply, rules.python_legal_actions, False, False))
    try:
        assert sum(_play_twice(OPTIONS[0], seed) for seed in range(4)) > 4 * 500
    finally:
        module.configure(native.parts(rules.python_apply, rules.python_legal_actions,
                                      native._shuffles_alike(module), native._orders_like_sets(module)))


def test_wrong_types_are_refused_alike() -> None:
    state = rules.setup(UnoDuoOptions(), 3)
    for _ in range(40):  # into an ordinary turn
        rules.apply(state, state.current, rules.legal_actions(state, state.current)[0])
    seat = state.current
    odd_moves: list[object] = [Play("R5", 0), Play(5, "red"), Play(5, 0, 1), Play(True, 0),  # type: ignore[arg-type]
                               ChooseColour(9), Simple("draw "), Simple("nonsense")]
    for action in odd_moves:
        for who in (seat, 1 - seat, None, 2, True):
            pure = state.copy()
            native = state.copy()
            made = _outcome(rules.apply, native, who, action)
            assert made == _outcome(rules.python_apply, pure, who, action)
            assert native == pure


def test_a_state_of_another_class_takes_the_python_path() -> None:
    class Traced(UnoDuoState):  # a subclass: the C module reads only UnoDuoState's own slots
        pass

    plain = rules.setup(UnoDuoOptions(), 5)
    twin = plain.copy()
    traced = Traced(**{name: getattr(twin, name) for name in _FIELDS})
    for _ in range(300):
        seat = plain.current
        action = rules.legal_actions(plain, seat)[-1]
        assert rules.legal_actions(traced, seat) == rules.legal_actions(plain, seat)
        assert rules.apply(traced, seat, action) == rules.apply(plain, seat, action)
        assert all(getattr(traced, name) == getattr(plain, name) for name in _FIELDS)


_FIELDS = [name for name, spec in UnoDuoState.__dataclass_fields__.items() if spec.init and spec.compare]
