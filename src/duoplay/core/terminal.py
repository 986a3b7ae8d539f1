"""What a game's terminal text is made of: styles (ANSI colours, symbols), numbered menus.

A game's `text` module builds on these and on nothing of the shell; `duoplay play`
draws what it returns. Colour is decoration only: every coloured thing a game draws
must also carry a shape or a word, so the screen reads the same with colours off
(NO_COLOR, `--no-color`, a pipe) and for colour-blind players.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from duoplay.core.protocol import JSON, Outcome

# Bright foreground colours read better than the plain ones on dark backgrounds.
_ANSI = {
    "red": "91",
    "yellow": "93",
    "green": "92",
    "blue": "94",
    "magenta": "95",
    "bold": "1",
    "dim": "2",
}
_RESET = "\x1b[0m"


@dataclass(frozen=True, slots=True)
class Style:
    """How to decorate text: `color` turns ANSI colours on; `unicode` allows symbols like ♥."""

    color: bool = False
    unicode: bool = True

    @classmethod
    def for_stream(cls, stream: TextIO, no_color: bool = False,
                   environ: Mapping[str, str] | None = None) -> Style:
        """Colours only on a terminal, and never when NO_COLOR is set (https://no-color.org)."""
        env = os.environ if environ is None else environ
        isatty = getattr(stream, "isatty", None)
        color = (not no_color and not env.get("NO_COLOR") and env.get("TERM") != "dumb"
                 and callable(isatty) and bool(isatty()))
        return cls(color=color, unicode=can_encode(stream, "♥★♣♦─·–—"))

    def paint(self, text: str, *styles: str) -> str:
        codes = [_ANSI[s] for s in styles if s in _ANSI]
        if not self.color or not codes:
            return text
        return f"\x1b[{';'.join(codes)}m{text}{_RESET}"

    def bold(self, text: str) -> str:
        return self.paint(text, "bold")

    def dim(self, text: str) -> str:
        return self.paint(text, "dim")

    def pick(self, fancy: str, plain: str) -> str:
        """`fancy` when the terminal can show it, else the ASCII `plain`."""
        return fancy if self.unicode else plain


def can_encode(stream: TextIO, sample: str) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        sample.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def strip_ansi(text: str) -> str:
    """The text as a person reads it, without colour codes (for tests and width counts)."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith("\x1b[", i):
            end = i + 2
            while end < len(text) and not text[end].isalpha():
                end += 1
            i = end + 1
            continue
        out.append(text[i])
        i += 1
    return "".join(out)


@dataclass(frozen=True, slots=True)
class Choice:
    """One numbered line of a menu.

    Picking it either decides the `action`, or asks the follow-up `then`
    (a card's target, a colour to name). `keys` are words a player may type
    instead of the number, in lower case.
    """

    label: str
    keys: tuple[str, ...] = ()
    action: Any = None
    then: Question | None = None


@dataclass(frozen=True, slots=True)
class Question:
    prompt: str
    choices: tuple[Choice, ...] = field(default_factory=tuple)


class GameText(Protocol):
    """What a game's `text` module (`duoplay.games.<pkg>.text`) offers the terminal."""

    HELP: str

    def intro(self, style: Style) -> str:
        """A line or two shown once before the game: what the symbols mean."""
        ...

    def menu(self, view: JSON, legal: Sequence[Any], style: Style) -> list[Choice]:
        """Group the legal actions into numbered choices for the seat whose view this is."""
        ...

    def render_view(self, view: JSON, choices: Sequence[Choice], style: Style) -> str:
        """The table as the seat sees it; may mark hand cards with their choice numbers."""
        ...

    def render_events(self, events: Sequence[JSON], viewer: int, actor: int | None,
                      action: JSON | None, style: Style) -> list[str]:
        """Short lines for what just happened, as `viewer` may see it."""
        ...

    def render_outcome(self, outcome: Outcome, viewer: int, style: Style) -> str:
        ...
