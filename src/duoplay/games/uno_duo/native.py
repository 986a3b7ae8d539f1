"""The optional C module (`_native`, from `_native.c`) for UNO Duo's hot path.

`pip install` builds it where a C compiler and Python's headers are found; elsewhere the install
goes on without it. With it, `rules.legal_actions` lists an ordinary turn's moves in C and
`rules.apply` makes the commonest moves in C (a play that leaves cards in hand, a draw, a kept
card); everything else, and every refusal, runs the Python rules it hands over to. Without it,
or with `DUOPLAY_PURE_PYTHON=1` in the environment, the rules are pure Python. The two give the
same states, events and legal lists (tests/games/uno_duo/test_native.py plays many seeded
games through both).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from types import ModuleType
from typing import Any

from duoplay.core.protocol import Event, Seat
from duoplay.core.rng import GameRng
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo import legality, state
from duoplay.games.uno_duo.cards import CODES, COLOURS
from duoplay.games.uno_duo.options import CHALLENGE_COLOUR_ONLY
from duoplay.games.uno_duo.state import UnoDuoState

VERSION = 4  # what _native.c says it implements; a build of another version is not used

Apply = Callable[[UnoDuoState, Seat, act.Action], list[Event]]
LegalActions = Callable[[UnoDuoState, int], list[act.Action]]


def _load() -> ModuleType | None:
    if os.environ.get("DUOPLAY_PURE_PYTHON", "") not in ("", "0"):
        return None
    try:
        from duoplay.games.uno_duo import _native
    except ImportError:
        return None
    return _native if getattr(_native, "VERSION", None) == VERSION else None


def _shuffles_alike(module: ModuleType) -> bool:
    """Whether the C module's shuffle gives `random.Random.shuffle`'s very order and leaves the
    generator in the same state (a refilled draw pile is shuffled there only then)."""
    for size in (0, 1, 2, 3, 13, 56, 111, 300):
        for seed in range(3):
            ours, theirs = random.Random(seed), random.Random(seed)
            mine, expected = list(range(size)), list(range(size))
            module.shuffle(ours, mine)
            theirs.shuffle(expected)
            if mine != expected or ours.getstate() != theirs.getstate():
                return False
    return True


def _orders_like_sets(module: ModuleType) -> bool:
    """Whether the C module lists faces in the order a Python set of them does (legality.py lists
    plays in the order of `frozenset.intersection(hand)`), for every count of distinct faces."""
    rng = random.Random(0)
    faces = list(range(56))
    for _ in range(400):
        rng.shuffle(faces)
        chosen = faces[:rng.randrange(2, 57)]
        if module.set_order(chosen) != list(frozenset(faces).intersection(chosen)):
            return False
    return True


def parts(apply: Apply, legal_actions: LegalActions, shuffle_here: bool,
          set_order_here: bool) -> dict[str, Any]:
    """What `_native.configure` takes: the classes, shared values and tables it reads, the Python
    functions it hands other moves to, and whether its shuffle and its set order may be used."""
    return {
        "state": UnoDuoState, "event": Event, "play": act.Play, "rng": GameRng,
        "phases": (state.DRAFT, state.START_COLOUR, state.TURN, state.DRAWN, state.VOLLEY,
                   state.CHALLENGE, state.DUMP_DECIDE, state.DUMPING, state.GAME_OVER),
        "plays": legality._PLAYS, "plays_uno": legality._PLAYS_UNO,
        "colour_choices": legality._COLOUR_CHOICES, "codes": CODES, "colour_names": COLOURS,
        "only": (frozenset({0}), frozenset({1})), "nobody": frozenset(),
        "draw": act.DRAW, "keep": act.KEEP, "pass": act.PASS, "uno": act.SAY_UNO, "catch": act.CATCH,
        "challenge": act.CHALLENGE, "accept": act.ACCEPT, "dump": act.DUMP, "no_dump": act.NO_DUMP,
        "draft_keep": act.DRAFT_KEEP, "draft_discard": act.DRAFT_DISCARD,
        "apply": apply, "legal_actions": legal_actions,
        "colour_only": CHALLENGE_COLOUR_ONLY, "random": random.Random,
        "shuffle_here": shuffle_here, "set_order_here": set_order_here,
    }


def hot_path(apply: Apply, legal_actions: LegalActions) -> tuple[Apply, LegalActions, ModuleType | None]:
    """`apply` and `legal_actions` with their hot path in C, falling back on the given Python
    functions; the functions themselves (and None) where the C module is not there."""
    module = _load()
    if module is None:
        return apply, legal_actions, None
    try:
        module.configure(parts(apply, legal_actions, _shuffles_alike(module), _orders_like_sets(module)))
    except (TypeError, ValueError):  # a state or event class without plain slots: pure Python
        return apply, legal_actions, None
    return module.apply, module.legal_actions, module
