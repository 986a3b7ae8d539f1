"""Waiting on a state outside the page (a server's answer), read again until it is the one wanted."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def until(read: Callable[[], Any], wanted: Any, seconds: float = 5.0) -> Any:
    """What `read` returns once it is `wanted`, or at the end of `seconds`."""
    end = time.monotonic() + seconds
    while (got := read()) != wanted and time.monotonic() < end:
        time.sleep(0.05)
    return got
