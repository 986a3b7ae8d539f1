"""The optional C module (`_compiled`, from `_compiled.c`) for UNO Duo's observation and mask.

`pip install` builds it where a C compiler and Python's headers are found; elsewhere the
install goes on without it. With it, an environment writes each observation and action
mask straight from the state into its buffers (the same numbers as `incremental.Encoder`
and `LegalMask.fill(rules.legal_actions(...))`; tests compare them). Without it, or with
`DUOPLAY_PURE_PYTHON=1` in the environment, or inside `with use_compiled(False):`, environments
run the pure-Python path. An environment chooses when it is created.

The module's block offsets and phases are compared with `encoding`'s own at import: a
build left over from another layout is not used.
"""

from __future__ import annotations

import os
from array import array
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from types import ModuleType

import numpy as np
import numpy.typing as npt

from duoplay.games.uno_duo.ai.encoding import ACTION_COUNT, BLOCKS, OBS_SIZE, PHASES
from duoplay.games.uno_duo.ai.incremental import Encoder
from duoplay.games.uno_duo.state import UnoDuoState


def _offsets() -> dict[str, int]:
    offsets, at = {}, 0
    for name, width in BLOCKS:
        offsets[name] = at
        at += width
    return offsets


def _load() -> ModuleType | None:
    try:
        from duoplay.games.uno_duo.ai import _compiled
    except ImportError:
        return None
    same = (_compiled.OBS_SIZE == OBS_SIZE and _compiled.ACTION_COUNT == ACTION_COUNT
            and _compiled.PHASES == PHASES and _offsets() == _compiled.OFFSETS)
    if not same:
        return None
    with suppress(TypeError):  # a state without plain slots is read through getattr
        _compiled.register_state(UnoDuoState)  # read the state's slots directly
    return _compiled


_MODULE = _load()
AVAILABLE = _MODULE is not None
"""Whether the C module was built (and matches this encoding)."""
_pure = os.environ.get("DUOPLAY_PURE_PYTHON", "") not in ("", "0")


def module() -> ModuleType | None:
    """The C module for a new environment, or None: the pure-Python path."""
    return None if _pure else _MODULE


@contextmanager
def use_compiled(on: bool) -> Iterator[None]:
    """Environments created inside use the C module (`on`; it must be built) or pure Python."""
    global _pure
    if on and _MODULE is None:
        raise RuntimeError("the C module of duoplay.games.uno_duo.ai is not built")
    before, _pure = _pure, not on
    try:
        yield
    finally:
        _pure = before


class CompiledEncoder:
    """`incremental.Encoder` with the observation written in C, anew at each call."""

    __slots__ = ("_image", "_observe", "_view")

    def __init__(self, compiled: ModuleType) -> None:
        self._observe = compiled.observe
        self._image = array("f", bytes(4 * OBS_SIZE))
        self._view = np.frombuffer(self._image, dtype=np.float32)  # shares the buffer: never resized

    def encode(self, state: UnoDuoState, seat: int) -> npt.NDArray[np.float32]:
        """The observation of `seat` (0 or 1): a new float32 array of OBS_SIZE entries."""
        self._observe(state, seat, self._image)
        return self._view.copy()

    def encode_bytes(self, state: UnoDuoState, seat: int) -> bytes:
        """The observation of `seat` as the bytes of OBS_SIZE float32 values (native order)."""
        self._observe(state, seat, self._image)
        return self._image.tobytes()


def encoder(compiled: ModuleType | None) -> Encoder | CompiledEncoder:
    """An encoder on the path `compiled` names (the C module, or None)."""
    return Encoder() if compiled is None else CompiledEncoder(compiled)
