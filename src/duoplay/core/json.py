"""Small checks on JSON input that every parser of client data needs."""

from __future__ import annotations

from typing import Any


def is_int(value: Any) -> bool:
    """A JSON integer: `True` and `False` are ints to Python, never to a client."""
    return isinstance(value, int) and not isinstance(value, bool)
