"""House rules for UNO Duo. Defaults follow the rulebook and ../shared/rules/NOTES.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import OptionSpec

CHALLENGE_ANY_PLAYABLE = "any-playable"  # the rulebook: another card that could legally be played
CHALLENGE_COLOUR_ONLY = "colour-only"  # official UNO: a card of the current colour
MAX_PENALTY = 10
MAX_TARGET_SCORE = 1000  # a match must end: at 200 points one lasts about 8 rounds
TURN_TIMERS = (0, 30, 60, 120)  # seconds a player has for each decision; 0: no clock (the default)
BOT_AFTER_TIMEOUTS = (0, 1, 2, 3)  # timeouts in a row before the stand-in bot plays; 0: never


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
    turn_timer: int = 0
    """Seconds for each decision, or 0 for no clock (the rulebook has none; friends may take their time)."""
    bot_after_timeouts: int = 2
    """After this many timeouts in a row the seat's stand-in bot plays for it (0: never)."""
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
        raise MalformedAction("Unknown UNO Duo option(s): {names}", names=", ".join(unknown)[:200])
    options = UnoDuoOptions(**dict(data))
    _check(options)
    return options


def _check(options: UnoDuoOptions) -> None:
    if not is_int(options.deck_size) or options.deck_size not in (108, 112):
        raise MalformedAction("deck_size must be 108 or 112")
    if not (is_int(options.target_score) and 1 <= options.target_score <= MAX_TARGET_SCORE):
        raise MalformedAction("target_score must be a whole number from 1 to {most}", most=MAX_TARGET_SCORE)
    if options.challenge_rule not in (CHALLENGE_ANY_PLAYABLE, CHALLENGE_COLOUR_ONLY):
        raise MalformedAction("challenge_rule must be '{first}' or '{second}'",
                              first=CHALLENGE_ANY_PLAYABLE, second=CHALLENGE_COLOUR_ONLY)
    if not isinstance(options.shuffle_on_refill, bool):
        raise MalformedAction("shuffle_on_refill must be true or false")
    if not (is_int(options.uno_penalty) and 0 <= options.uno_penalty <= MAX_PENALTY):
        raise MalformedAction("uno_penalty must be a whole number of cards from 0 to {most}",
                              most=MAX_PENALTY)
    if not is_int(options.turn_timer) or options.turn_timer not in TURN_TIMERS:
        raise MalformedAction("turn_timer must be 0 (no clock), 30, 60 or 120 seconds")
    if not is_int(options.bot_after_timeouts) or options.bot_after_timeouts not in BOT_AFTER_TIMEOUTS:
        raise MalformedAction("bot_after_timeouts must be 0 (never), 1, 2 or 3")


def option_specs() -> list[OptionSpec]:
    """The house rules as the lobby offers them; labels are message ids."""
    return [
        OptionSpec("deck_size", "choice", 112, "Deck size",
                   choices=((112, "112 cards (retail)"), (108, "108 cards (classic)"))),
        OptionSpec("target_score", "int", 200, "Target score", minimum=1, maximum=MAX_TARGET_SCORE),
        OptionSpec("challenge_rule", "choice", CHALLENGE_ANY_PLAYABLE, "Challenge rule",
                   choices=((CHALLENGE_ANY_PLAYABLE, "Guilty: another card was playable"),
                            (CHALLENGE_COLOUR_ONLY, "Guilty: held the current colour"))),
        OptionSpec("shuffle_on_refill", "bool", True, "Shuffle on refill"),
        OptionSpec("uno_penalty", "int", 2, "Uno penalty", minimum=0, maximum=MAX_PENALTY),
        OptionSpec("turn_timer", "choice", 0, "Turn timer",
                   choices=((0, "Off"), (30, "30 seconds"), (60, "60 seconds"), (120, "120 seconds")),
                   help="At zero the player draws a card and the turn passes"),
        OptionSpec("bot_after_timeouts", "choice", 2, "Bot after timeouts in a row",
                   choices=((0, "Never"), (1, "1"), (2, "2"), (3, "3")),
                   help="The seat's stand-in bot plays until its player acts again"),
    ]
