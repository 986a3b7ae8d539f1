"""UNO Duo actions: small frozen values with an exact JSON round trip.

JSON forms: {"type": "play", "card": "R5"}, {"type": "play", "card": "wild+4",
"colour": "red", "uno": true}, {"type": "draw"}, {"type": "keep"} and so on;
{"type": "timeout"} comes from the table's clock only (the turn timer ran out).
The notation is what the terminal shows and accepts: "R5", "wild+4 red uno", "draw".
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from duoplay.core.actions import Simple as Simple
from duoplay.core.actions import action_type, no_extra_fields  # re-exported: the game's argument-free actions
from duoplay.core.errors import MalformedAction
from duoplay.core.protocol import JSON
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_INDEX, COLOUR_OF, COLOURS, code

# The four colours as parameters of a reason that lists them: each is a word clients translate.
COLOUR_NAMES = dict(zip(("red", "yellow", "green", "blue"), COLOURS, strict=True))


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card of this face; `colour` is the colour it sets (a wild's choice)."""

    face: int
    colour: int
    uno: bool = False

    kind: ClassVar[str] = "play"

    def to_json(self) -> JSON:
        data: JSON = {"type": "play", "card": code(self.face), "colour": COLOURS[self.colour]}
        if self.uno:
            data["uno"] = True
        return data

    def notation(self) -> str:
        text = code(self.face)
        if COLOUR_OF[self.face] < 0:
            text += " " + COLOURS[self.colour]
        return text + (" uno" if self.uno else "")


@dataclass(frozen=True, slots=True)
class ChooseColour:
    """Player 1 names the colour when the start card is a wild."""

    colour: int

    kind: ClassVar[str] = "colour"

    def to_json(self) -> JSON:
        return {"type": "colour", "colour": COLOURS[self.colour]}

    def notation(self) -> str:
        return COLOURS[self.colour]


Action = Play | Simple | ChooseColour

DRAFT_KEEP = Simple("draft-keep")  # keep the card just drawn in the draft
DRAFT_DISCARD = Simple("draft-discard")  # discard it and keep the next one
DRAW = Simple("draw")  # draw one card, or the whole volley, or end a stuck turn
KEEP = Simple("keep")  # keep a drawn playable card instead of playing it
PASS = Simple("pass")  # nothing to draw and nothing to play
CHALLENGE = Simple("challenge")  # challenge a Wild Draw 4
ACCEPT = Simple("accept")  # take the 4 cards without challenging
DUMP = Simple("dump")  # after a Reverse, play every other card of its colour
NO_DUMP = Simple("no-dump")
SAY_UNO = Simple("uno")  # say UNO with one card left
CATCH = Simple("catch")  # catch an opponent who did not say UNO
TIMEOUT = Simple("timeout")  # the turn timer ran out: only the table's clock sends it

SIMPLE_ACTIONS = {a.kind: a for a in (DRAFT_KEEP, DRAFT_DISCARD, DRAW, KEEP, PASS, CHALLENGE,
                                      ACCEPT, DUMP, NO_DUMP, SAY_UNO, CATCH, TIMEOUT)}


@cache
def play(face: int, colour: int, uno: bool = False) -> Play:
    """Shared instances: legal-move lists build no new objects on the hot path."""
    return Play(face, colour, uno)


def parse_action(data: Any) -> Action:
    """Parse the JSON form or the text notation; raise `MalformedAction` with the reason."""
    if isinstance(data, str):
        return parse_notation(data)
    kind = action_type(data, "'play' or 'draw'")
    if kind in SIMPLE_ACTIONS:
        no_extra_fields(data, {"type"})
        return SIMPLE_ACTIONS[kind]
    if kind == "colour":
        no_extra_fields(data, {"type", "colour"})
        return ChooseColour(_colour(data.get("colour")))
    if kind == "play":
        no_extra_fields(data, {"type", "card", "colour", "uno"})
        return _play(data.get("card"), data.get("colour"), data.get("uno", False))
    raise MalformedAction("Unknown action type '{kind}'", kind=kind[:40])


def parse_notation(text: str) -> Action:
    words = text.strip().lower().split()
    if not words:
        raise MalformedAction("Type an action, for example 'R5', 'wild blue' or 'draw'")
    if len(words) == 1 and words[0] in SIMPLE_ACTIONS:
        return SIMPLE_ACTIONS[words[0]]
    if len(words) == 1 and words[0] in COLOUR_INDEX and len(words[0]) > 1:
        return ChooseColour(COLOUR_INDEX[words[0]])
    uno = words[-1] == "uno"
    if uno:
        words = words[:-1]
    if not words or len(words) > 2:
        raise MalformedAction("Cannot read '{text}' as an action", text=text.strip()[:60])
    card = _card_from_text(words[0])
    return _play(card, words[1] if len(words) == 2 else None, uno)


def _card_from_text(word: str) -> str:
    if word in CODE_TO_FACE:
        return word
    upper = word[:1].upper() + word[1:]
    if upper in CODE_TO_FACE:
        return upper
    raise MalformedAction("'{card}' is not a card; cards look like R5, G+2, Brev, Yskip, wild+4",
                          card=word[:40])


def _play(card: Any, colour: Any, uno: Any) -> Play:
    if not isinstance(card, str) or card not in CODE_TO_FACE:
        raise MalformedAction("{card} is not a card; cards look like R5, G+2, Brev, wild+4",
                              card=repr(card)[:40])
    if not isinstance(uno, bool):
        raise MalformedAction("'uno' must be true or false")
    face = CODE_TO_FACE[card]
    printed = COLOUR_OF[face]
    if printed >= 0:
        if colour is not None and _colour(colour) != printed:
            raise MalformedAction("{card} is {colour}; only wild cards choose a colour",
                                  card=card, colour=COLOURS[printed])
        return play(face, printed, uno)
    if colour is None:
        raise MalformedAction("Name a colour for {card}: {red}, {yellow}, {green} or {blue}",
                              card=card, **COLOUR_NAMES)
    return play(face, _colour(colour), uno)


def _colour(value: Any) -> int:
    if not isinstance(value, str) or value.lower() not in COLOUR_INDEX:
        raise MalformedAction("{value} is not a colour; choose {red}, {yellow}, {green} or {blue}",
                              value=repr(value)[:40], **COLOUR_NAMES)
    return COLOUR_INDEX[value.lower()]
