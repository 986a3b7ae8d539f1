"""Small checks on JSON input that every parser of client data needs."""

from __future__ import annotations

import json
from typing import Any


def is_int(value: Any) -> bool:
    """A JSON integer: `True` and `False` are ints to Python, never to a client."""
    return isinstance(value, int) and not isinstance(value, bool)


def has_lone_surrogates(data: Any) -> bool:
    """Whether any string in decoded JSON (a key or a value) holds a lone UTF-16 surrogate.

    JSON text may escape one (`"\\ud800"`); Python decodes it to a string that no UTF-8 encoder
    takes, so it must be refused at the door, before a game, storage or a reply meets it."""
    try:
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (TypeError, ValueError, RecursionError):
        return False  # not JSON data at all: its own checks refuse it
    return False
