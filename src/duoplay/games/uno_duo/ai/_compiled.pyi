# The C module built from _compiled.c (optional; see compiled.py).
from typing_extensions import Buffer

OBS_SIZE: int
ACTION_COUNT: int
PHASES: tuple[str, ...]
OFFSETS: dict[str, int]

def mask(state: object, seat: int, buffer: Buffer, at: int = 0, /) -> None: ...
def observe(state: object, seat: int, buffer: Buffer, at: int = 0, /) -> None: ...
def register_state(cls: type, /) -> None: ...
