"""DUOS actions: small frozen values with an exact JSON round trip.

JSON forms: {"type": "pairs", "pairs": [[0, 5], [2, 3]], "lock": true} places (or
replaces) the whole set of pairs at once and optionally locks in; {"type": "lock"};
the co-op helps {"type": "word", "word": "metal"}, {"type": "yes", "card": 4},
{"type": "no", "card": 7}; and {"type": "timeout"}, which only the table's clock sends.
Notation: "pairs 0-5 2-3 lock", "lock", "word metal", "yes 4", "no 7", "timeout".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from duoplay.core.actions import Simple, action_type, no_extra_fields
from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import JSON
from duoplay.core.text import player_text
from duoplay.games.duos.cards import GRID
from duoplay.games.duos.pairing import normal
from duoplay.games.duos.state import Pairs


@dataclass(frozen=True, slots=True)
class PlacePairs:
    """Place or replace all of this seat's pairs; `lock` also locks in."""

    pairs: Pairs
    lock: bool = False

    kind: ClassVar[str] = "pairs"

    def to_json(self) -> JSON:
        data: JSON = {"type": "pairs", "pairs": [list(p) for p in self.pairs]}
        if self.lock:
            data["lock"] = True
        return data

    def notation(self) -> str:
        words = ["pairs", *(f"{a}-{b}" for a, b in self.pairs)]
        if self.lock:
            words.append("lock")
        return " ".join(words)


@dataclass(frozen=True, slots=True)
class GiveHelp:
    """A co-op help: WORD with `word`, or YES!/NO! on grid position `card`."""

    kind: str
    word: str = ""
    card: int = -1

    def to_json(self) -> JSON:
        if self.kind == "word":
            return {"type": "word", "word": self.word}
        return {"type": self.kind, "card": self.card}

    def notation(self) -> str:
        return f"word {self.word}" if self.kind == "word" else f"{self.kind} {self.card}"


Action = PlacePairs | GiveHelp | Simple

LOCK = Simple("lock")  # lock in the pairs placed so far
TIMEOUT = Simple("timeout")  # the pairing time ran out: lock in everyone still pairing
SIMPLE_ACTIONS = {LOCK.kind: LOCK, TIMEOUT.kind: TIMEOUT}


def parse_action(data: Any) -> Action:
    """Parse the JSON form or the notation. Shape only: the rules check positions and limits."""
    if isinstance(data, str):
        return parse_notation(data)
    kind = action_type(data, "'pairs', 'lock' or 'word'")
    if kind in SIMPLE_ACTIONS:
        no_extra_fields(data, {"type"})
        return SIMPLE_ACTIONS[kind]
    if kind == "pairs":
        no_extra_fields(data, {"type", "pairs", "lock"})
        lock = data.get("lock", False)
        if not isinstance(lock, bool):
            raise MalformedAction("'lock' must be true or false")
        return PlacePairs(_pairs(data.get("pairs")), lock)
    if kind == "word":
        no_extra_fields(data, {"type", "word"})
        return GiveHelp("word", word=_word(data.get("word")))
    if kind in ("yes", "no"):
        no_extra_fields(data, {"type", "card"})
        return GiveHelp(kind, card=_position(data.get("card")))
    raise MalformedAction("Unknown action type '{kind}'; DUOS actions are pairs, lock, word, yes, no",
                          kind=kind[:40])


def parse_notation(text: str) -> Action:
    words = text.strip().split()
    if not words:
        raise MalformedAction("Type an action, for example 'pairs 0-5 2-3 lock', 'lock' or 'yes 4'")
    head = words[0].lower()
    if len(words) == 1 and head in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[head]
    if head == "pairs":
        rest = words[1:]
        lock = bool(rest) and rest[-1].lower() == "lock"
        if lock:
            rest = rest[:-1]
        raw: list[list[Any]] = []
        for word in rest:
            parts = word.split("-")
            if len(parts) != 2 or not all(p.isdigit() for p in parts):
                raise MalformedAction("'{pair}' is not a pair; write pairs as 0-5", pair=word[:40])
            raw.append([int(parts[0]), int(parts[1])])
        return PlacePairs(_pairs(raw), lock)
    if head == "word" and len(words) == 2:
        return GiveHelp("word", word=_word(words[1]))
    if head == "word":
        raise MalformedAction("{help} is exactly one word, without spaces", help="WORD")
    if head in ("yes", "no") and len(words) == 2 and words[1].isdigit():
        return GiveHelp(head, card=int(words[1]))
    raise MalformedAction("Cannot read '{text}' as a DUOS action", text=text.strip()[:60])


def _pairs(value: Any) -> Pairs:
    if not isinstance(value, list):
        raise MalformedAction("'pairs' must be a list of pairs of grid positions, like [[0, 5], [2, 3]]")
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2 and all(is_int(p) for p in pair)):
            raise MalformedAction("{pair} is not a pair: a pair is two grid positions, like [0, 5]",
                                  pair=repr(pair)[:40])
    return normal(value)


def _position(value: Any) -> int:
    if not is_int(value):
        raise MalformedAction("'card' must be a grid position from 0 to {last}", last=GRID - 1)
    position: int = value
    return position


def _word(value: Any) -> str:
    if not isinstance(value, str):
        raise MalformedAction("'word' must be text")
    return player_text(value)
