"""Small checks on JSON input that every parser of client data needs."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any


def is_int(value: Any) -> bool:
    """A JSON integer: `True` and `False` are ints to Python, never to a client."""
    return isinstance(value, int) and not isinstance(value, bool)


MAX_DEPTH = 32  # arrays and objects within each other: far more than any message needs


def too_deep(data: Any, most: int = MAX_DEPTH) -> bool:
    """Whether decoded JSON nests arrays and objects deeper than `most`. Walked without recursion,
    so that nothing deeper ever reaches code that recurses (an encoder, a game's parser)."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list):
            if depth >= most:
                return True
            children = value.values() if isinstance(value, dict) else value
            stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def strings_in(data: Any) -> Iterator[str]:
    """Every string of decoded JSON, keys too, walked without recursion (however deep the data)."""
    stack: list[Any] = [data]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)


def has_lone_surrogates(data: Any) -> bool:
    """Whether any string in decoded JSON (a key or a value) holds a lone UTF-16 surrogate.

    JSON text may escape one (`"\\ud800"`); Python decodes it to a string that no UTF-8 encoder
    takes, so it must be refused at the door, before a game, storage or a reply meets it. However
    deep the data, the answer is never "clean" by default."""
    for text in strings_in(data):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return True
    return False
