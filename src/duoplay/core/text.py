"""Player text: the one rule for every string a person types that others will see.

Names and every game's free-text moves (a one-word help, a typed answer) go through here. Player text is
valid Unicode in NFC and holds no control characters (NUL, ESC and the like; tab and
line breaks are the exception, whitespace that each game's rules judge),
no bidi overrides or isolates (U+202A-U+202E, U+2066-U+2069) and no zero-width
or other invisible format characters (U+200B-U+200F, U+2060, U+FEFF, ...): in
Unicode terms, nothing of the categories Cc, Cf, Cs, Co, Cn, Zl or Zp, and no
space but the plain one.

Moves refuse such text (`player_text`); names, which were always tidied rather
than refused, drop it (`tidy_player_text`). Matches stored before this rule may
hold such text: they are replayed exactly as they were (`stored_text`), and what
is sent out of them is made safe to show (`escape_text`).
"""

from __future__ import annotations

import contextlib
import contextvars
import unicodedata
from collections.abc import Iterator
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.json import strings_in

_STORED: contextvars.ContextVar[bool] = contextvars.ContextVar("stored_text", default=False)


# Tab and line breaks are controls too, but plain whitespace: each game's own rules judge them
# (a one-word help refuses them; an answer with a tab in it is no word).
WHITESPACE_CONTROLS = frozenset("\t\n\r")


def shown_ok(char: str) -> bool:
    """Whether one character may appear in player text (the plain space is the only space)."""
    # isprintable() is False for Cc, Cf, Cs, Co, Cn, Zl, Zp and every Zs but U+0020.
    return char.isprintable() or char in WHITESPACE_CONTROLS


def first_bad(text: str) -> str | None:
    """The first character of `text` that player text may not hold, or None."""
    if text.isprintable():
        return None
    for char in text:
        if not shown_ok(char):
            return char
    return None


def first_bad_in(data: Any) -> str | None:
    """The first character player text may not hold in any string of decoded JSON (keys too), or
    None."""
    for text in strings_in(data):
        bad = first_bad(text)
        if bad is not None:
            return bad
    return None


def code_point(char: str) -> str:
    return f"U+{ord(char):04X}"


def player_text(text: str) -> str:
    """`text` in NFC, or `MalformedAction` if it holds a character player text may not hold.

    Inside `stored_text()` (replaying a stored match) it is returned as it is: what was
    accepted once replays the same way."""
    if _STORED.get():
        return text
    bad = first_bad(text)
    if bad is not None:
        if unicodedata.category(bad) == "Cs":
            raise MalformedAction("The text is not valid Unicode")
        raise MalformedAction("The text holds a control, direction or invisible character ({char})",
                              char=code_point(bad))
    return unicodedata.normalize("NFC", text)


def tidy_player_text(text: str) -> str:
    """A name as others see it: any run of spaces, tabs or line breaks becomes one space, every other
    character player text may not hold is dropped, the rest is NFC and trimmed."""
    kept = "".join(ch if shown_ok(ch) else " " if ch.isspace() else "" for ch in text)
    return unicodedata.normalize("NFC", " ".join(kept.split()))


@contextlib.contextmanager
def stored_text() -> Iterator[None]:
    """Replaying stored actions: player text is taken as it was stored, without the rule."""
    token = _STORED.set(True)
    try:
        yield
    finally:
        _STORED.reset(token)


def escape_text(data: Any) -> Any:
    """Decoded JSON with every character player text may not hold, in keys and values, written as
    a visible escape (`\\u202e`): safe to encode and to show, whatever a stored match holds."""
    if isinstance(data, str):
        if first_bad(data) is None:
            return data
        return "".join(ch if shown_ok(ch) else f"\\u{ord(ch):04x}" for ch in data)
    if isinstance(data, dict):
        return {escape_text(key): escape_text(value) for key, value in data.items()}
    if isinstance(data, list | tuple):
        return [escape_text(item) for item in data]
    return data
