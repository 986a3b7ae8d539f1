"""House rules for UNO Duo. Defaults follow the rulebook and ../shared/rules/NOTES.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from duoplay.core.errors import MalformedAction

CHALLENGE_ANY_PLAYABLE = "any-playable"  # the rulebook: another card that could legally be played
CHALLENGE_COLOUR_ONLY = "colour-only"  # official UNO: a card of the current colour


@dataclass(frozen=True, slots=True)
class UnoDuoOptions:
    deck_size: int = 112
    """112 (retail deck, with Wild Shuffle Hands and 3 Wild Customizable) or 108 (classic)."""
    target_score: int = 200
    """The first player to reach this total loses."""
    challenge_rule: str = CHALLENGE_ANY_PLAYABLE
    """How a Wild Draw 4 challenge decides guilt."""
    shuffle_on_refill: bool = True
    """Shuffle the old discards when they become the new draw pile (the rulebook only turns them)."""
    uno_penalty: int = 2
    """Cards drawn by a player caught without saying UNO."""
    # The options as JSON, built once: every view carries them. Read-only, like views.
    json: dict[str, Any] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        shown = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "json"}
        object.__setattr__(self, "json", shown)

    def to_json(self) -> dict[str, Any]:
        return dict(self.json)


def parse_options(data: Mapping[str, Any] | None) -> UnoDuoOptions:
    if data is None:
        return UnoDuoOptions()
    if not isinstance(data, Mapping):
        raise MalformedAction("Options must be a JSON object")
    known = {f.name: f for f in fields(UnoDuoOptions) if f.init}
    unknown = sorted(str(key) for key in set(data) - set(known))
    if unknown:
        raise MalformedAction(f"Unknown UNO Duo option(s): {', '.join(unknown)}")
    options = UnoDuoOptions(**dict(data))
    _check(options)
    return options


def _check(options: UnoDuoOptions) -> None:
    if not _whole(options.deck_size) or options.deck_size not in (108, 112):
        raise MalformedAction("deck_size must be 108 or 112")
    if not _positive_int(options.target_score):
        raise MalformedAction("target_score must be a positive whole number")
    if options.challenge_rule not in (CHALLENGE_ANY_PLAYABLE, CHALLENGE_COLOUR_ONLY):
        raise MalformedAction(
            f"challenge_rule must be {CHALLENGE_ANY_PLAYABLE!r} or {CHALLENGE_COLOUR_ONLY!r}"
        )
    if not isinstance(options.shuffle_on_refill, bool):
        raise MalformedAction("shuffle_on_refill must be true or false")
    if not (_whole(options.uno_penalty) and options.uno_penalty >= 0):
        raise MalformedAction("uno_penalty must be a whole number of cards")


def _whole(value: Any) -> bool:
    """An int that is not a bool (JSON true would otherwise pass as 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _positive_int(value: Any) -> bool:
    return _whole(value) and value > 0
