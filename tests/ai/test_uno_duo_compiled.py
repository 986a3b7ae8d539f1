"""The C module (`duoplay.games.uno_duo.ai._compiled`): the same numbers as pure Python, and bad input
raises instead of reading or writing out of bounds."""

from __future__ import annotations

import contextlib
import random
from array import array
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from tests.ai.helpers import on_path, random_states, uno_duo_env

from duoplay.ai import env
from duoplay.games.uno_duo.ai import ACTION_COUNT, OBS_SIZE, VectorEnv, compiled, encode_view
from duoplay.games.uno_duo.ai.encoding import mask_bytes
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.state import UnoDuoState

pytestmark = pytest.mark.skipif(not compiled.AVAILABLE, reason="the C module is not built here")


@pytest.fixture(scope="module")
def c() -> Any:
    assert compiled._MODULE is not None
    return compiled._MODULE


def _observe(c: Any, state: UnoDuoState, seat: int) -> np.ndarray:
    image = array("f", bytes(4 * OBS_SIZE))
    c.observe(state, seat, image)
    return np.frombuffer(image, dtype=np.float32)


def _mask(c: Any, state: UnoDuoState, seat: int) -> bytearray:
    mask = bytearray(ACTION_COUNT)
    c.mask(state, seat, mask)
    return mask


@pytest.mark.parametrize("options", [{}, {"deck_size": 108, "target_score": 40}])
def test_observations_and_masks_equal_the_pure_python_ones(c: Any, options: dict[str, object]) -> None:
    phases = set()
    for state in random_states(seed=3, steps=12_000, options=options):
        phases.add(state.phase)
        for seat in (0, 1):
            assert np.array_equal(_observe(c, state, seat), encode_view(GAME.view(state, seat), seat))
            assert _mask(c, state, seat) == mask_bytes(GAME.legal_actions(state, seat))
    assert phases >= {"draft", "turn", "drawn", "volley", "challenge", "dump-decide", "dumping", "game-over"}


def test_the_environments_use_the_c_module_unless_told_not_to() -> None:
    with on_path("compiled"):
        assert uno_duo_env()._compiled is not None and env("uno-duo")._compiled is not None
        assert VectorEnv(2)._compiled is not None
    with on_path("pure"):
        assert uno_duo_env()._compiled is None and VectorEnv(2)._compiled is None


def test_a_build_of_another_layout_is_not_used() -> None:
    # A module file beside compiled.py that did not load (stale, or for another layout) would
    # leave every environment on the slow path without a word.
    folder = Path(compiled.__file__).parent
    assert not [p for p in folder.glob("_compiled*.so")] or compiled.AVAILABLE


def test_rows_are_written_at_their_offsets(c: Any) -> None:
    state = random_states(seed=4, steps=40, options={})[-1]
    observations = bytearray(3 * 4 * OBS_SIZE)
    masks = bytearray(b"\x07" * (3 * ACTION_COUNT))
    c.observe(state, 1, observations, 2 * OBS_SIZE)
    c.mask(state, state.current, masks, ACTION_COUNT)
    rows = np.frombuffer(observations, dtype=np.float32).reshape(3, OBS_SIZE)
    assert not rows[:2].any() and np.array_equal(rows[2], encode_view(GAME.view(state, 1), 1))
    assert masks[:ACTION_COUNT] == masks[2 * ACTION_COUNT:] == b"\x07" * ACTION_COUNT
    assert masks[ACTION_COUNT:2 * ACTION_COUNT] == mask_bytes(GAME.legal_actions(state, state.current))


# --- Bad input ------------------------------------------------------------------------------


def _turn_state() -> UnoDuoState:
    for state in random_states(seed=6, steps=400, options={}):
        if state.phase == "turn" and len(state.discard) > 1:
            return state
    raise AssertionError("no turn reached")


_BAD_FIELDS: list[tuple[str, Any]] = [
    ("phase", "nap"), ("phase", 3), ("phase", None),
    ("current", 2), ("current", -1), ("current", "0"), ("current", 1 << 80), ("current", 1.0),
    ("hands", [[1]]), ("hands", [[1], [2], [3]]), ("hands", ([1], [2])), ("hands", [[1], (2,)]),
    ("hands", [[56], [1]]), ("hands", [[-1], [1]]), ("hands", [["R5"], [1]]), ("hands", [[1 << 70], [1]]),
    ("hands", [[0.0], [1]]), ("hands", [[0] * 113, [1]]),
    ("discard", []), ("discard", [60]), ("discard", "0"), ("discard", [None]),
    ("draw_pile", None), ("draw_pile", [0] * 200),
    ("colour", 4), ("colour", -1), ("colour", None),
    ("uno_exposed", 2), ("uno_exposed", -2),
    ("scores", [0]), ("scores", [0, -5]), ("scores", [0, "1"]), ("scores", None),
    ("round", -1), ("volley", -2), ("player_one", 2),
]


@pytest.mark.parametrize(("field", "value"), _BAD_FIELDS)
def test_a_bad_field_raises_and_leaves_the_buffer_alone(c: Any, field: str, value: Any) -> None:
    state = _turn_state()
    setattr(state, field, value)
    errors = 0
    for seat in (0, 1):
        image, mask = array("f", [0.5] * OBS_SIZE), bytearray(b"\x02" * ACTION_COUNT)
        for call, buffer in ((c.observe, image), (c.mask, mask)):
            before = bytes(buffer)
            try:
                call(state, seat, buffer)
            except (TypeError, ValueError):
                errors += 1
                assert bytes(buffer) == before
    assert errors, f"state.{field} = {value!r} went through"


def test_bad_arguments_raise(c: Any) -> None:
    state = _turn_state()
    image, mask = array("f", bytes(4 * OBS_SIZE)), bytearray(ACTION_COUNT)
    for call, buffer, size in ((c.observe, image, 4 * OBS_SIZE), (c.mask, mask, ACTION_COUNT)):
        with pytest.raises(ValueError):
            call(state, 2, buffer)
        with pytest.raises(TypeError):
            call(state, 0.5, buffer)
        with pytest.raises(BufferError):
            call(state, 0, bytes(size))  # read-only
        with pytest.raises(ValueError):
            call(state, 0, bytearray(size - 1))  # one byte short
        with pytest.raises(ValueError):
            call(state, 0, buffer, 1)  # no room after the first item
        with pytest.raises(ValueError):
            call(state, 0, buffer, -1)
        with pytest.raises(OverflowError):
            call(state, 0, buffer, 1 << 70)
        with pytest.raises(ValueError):
            call(state, 0, buffer, (1 << 62) // 4)
        with pytest.raises(TypeError):
            call(state, 0)
        with pytest.raises(AttributeError):
            call(object(), 0, buffer)


def test_random_junk_in_every_field_never_crashes(c: Any) -> None:
    # Any outcome but a crash: an exception, or a mask of 0s and 1s and finite observations.
    rng = random.Random(9)
    states = random_states(seed=7, steps=1500, options={})
    junk: list[Any] = [None, -1, 0, 1, 2, 55, 56, 112, 113, 1 << 64, -(1 << 64), 0.5, "turn", "draft",
                       [], [0], [55] * 120, [[], []], [[0] * 120, []], [[0], [1], [2]], ([0], [1]), object()]
    fields = [f for f in UnoDuoState.__slots__ if not f.endswith("memo")]
    image, mask = array("f", bytes(4 * OBS_SIZE)), bytearray(ACTION_COUNT)
    for _ in range(6000):
        state = GAME.copy_state(rng.choice(states))
        for _ in range(rng.randint(1, 3)):
            setattr(state, rng.choice(fields), rng.choice(junk))
        seat = rng.randint(0, 1)
        for call, buffer in ((c.observe, image), (c.mask, mask)):
            with contextlib.suppress(TypeError, ValueError, AttributeError):
                call(state, seat, buffer)
        assert np.isfinite(np.frombuffer(image, dtype=np.float32)).all() and max(mask) <= 1


def test_a_state_of_another_class_is_read_through_getattr(c: Any) -> None:
    # Exactly UnoDuoState is read from its slots; a subclass (here one whose hands are a property)
    # goes through getattr and sees what Python sees.
    class Shown(UnoDuoState):
        __slots__ = ()

        @property  # type: ignore[misc]
        def hands(self) -> list[list[int]]:
            return [[1, 2, 3], [4]]

        @hands.setter
        def hands(self, value: list[list[int]]) -> None:
            pass  # the dataclass's __init__ sets it

    state = _turn_state()
    twin = Shown(**{f: getattr(state, f) for f in UnoDuoState.__dataclass_fields__ if f != "hands"})
    assert np.array_equal(_observe(c, twin, 0), encode_view(GAME.view(twin, 0), 0))
    assert _mask(c, twin, twin.current) == mask_bytes(GAME.legal_actions(twin, twin.current))
    assert _observe(c, twin, 0)[:4].tolist() == [0.0, 0.25, 0.25, 0.25]


def test_a_missing_slot_raises(c: Any) -> None:
    state = _turn_state()
    del state.hands
    with pytest.raises(AttributeError):
        _observe(c, state, 0)
    with pytest.raises(AttributeError):
        _mask(c, state, state.current)


def test_only_a_class_of_object_slots_is_registered(c: Any) -> None:
    class Loose:
        phase = "turn"

    for cls in (Loose, int, dict):
        with pytest.raises(TypeError):
            c.register_state(cls)
    with pytest.raises(TypeError):
        c.register_state(_turn_state())
    c.register_state(UnoDuoState)  # unchanged by the failures above, and again
    state = _turn_state()
    assert np.array_equal(_observe(c, state, 1), encode_view(GAME.view(state, 1), 1))


def test_code_run_by_a_read_that_changes_the_lists_does_no_harm(c: Any) -> None:
    # A subclass's property runs Python code in the middle of a read: it empties every list it can
    # reach. The C code holds what it reads and looks at each list's length again as it walks it.
    class Mischief(UnoDuoState):
        __slots__ = ()

        @property  # type: ignore[misc]
        def colour(self) -> int:
            for pile in (*UnoDuoState.hands.__get__(self), UnoDuoState.discard.__get__(self)):  # type: ignore[attr-defined]
                pile.clear()
            UnoDuoState.hands.__set__(self, [])  # type: ignore[attr-defined]
            return 1

        @colour.setter
        def colour(self, value: int) -> None:
            pass

    for state in random_states(seed=10, steps=600, options={})[::5]:
        for seat in (0, 1):
            buffers = (array("f", bytes(4 * OBS_SIZE)), bytearray(ACTION_COUNT))
            for call, buffer in zip((c.observe, c.mask), buffers, strict=True):
                copy = GAME.copy_state(state)  # lists of its own, for the property to empty
                twin = Mischief(**{f: getattr(copy, f) for f in UnoDuoState.__dataclass_fields__})
                with contextlib.suppress(TypeError, ValueError):
                    call(twin, seat, buffer)
