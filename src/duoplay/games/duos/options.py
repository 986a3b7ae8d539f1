"""House rules for DUOS. Defaults follow the rulebook and the DUOS part of ../shared/rules/NOTES.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from functools import cache
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import OptionSpec
from duoplay.games.duos.cards import CATEGORIES, LANGUAGES


@dataclass(frozen=True, slots=True)
class DuosOptions:
    rounds: int = 2
    """Rounds of the competitive game; in each round every player narrates once."""
    coop_turns: int = 9
    """Turns of the two-player cooperative game."""
    category: str | None = None
    """The category of the first turn; None lets the match's seed choose one."""
    fixed_category: bool = False
    """Keep the first category all game (deal new cards every turn) instead of alternating."""
    pairing_seconds: float = 120.0
    """Time to place pairs each turn; when it runs out, everyone still pairing is locked in.
    0 means no limit."""
    first_narrator: int = 0
    """The seat that narrates the first turn."""
    language: str = "en"
    """The table's language: the bots say their co-op WORD helps in it (they read a WORD in any
    of the five languages)."""
    lock_with_fewer_pairs: bool = True
    """Whether a player may lock in before placing all 4 pairs (the client asks first). The rulebook
    has everyone place 4; off, locking in with fewer is refused (`FewerPairs`). When the pairing
    time runs out the table locks everyone in as they are, either way."""

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@cache
def options_json(options: DuosOptions) -> dict[str, Any]:
    """The options as JSON, computed once per options value (views carry them)."""
    return options.to_json()


def parse_options(data: Mapping[str, Any] | None) -> DuosOptions:
    if data is None:
        return DuosOptions()
    if not isinstance(data, Mapping):
        raise MalformedAction("Options must be a JSON object")
    known = {f.name for f in fields(DuosOptions)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise MalformedAction("Unknown DUOS option(s): {names}", names=", ".join(map(str, unknown))[:200])
    values = dict(data)
    if is_int(values.get("pairing_seconds")):
        values["pairing_seconds"] = float(values["pairing_seconds"])
    options = DuosOptions(**values)
    _check(options)
    return options


def _check(options: DuosOptions) -> None:
    if not (is_int(options.rounds) and 1 <= options.rounds <= 10):
        raise MalformedAction("rounds must be a whole number from 1 to 10")
    if not (is_int(options.coop_turns) and 1 <= options.coop_turns <= 30):
        raise MalformedAction("coop_turns must be a whole number from 1 to 30")
    if options.category is not None and options.category not in CATEGORIES:
        raise MalformedAction("category must be one of {choices} (or null)", choices=", ".join(CATEGORIES))
    if not isinstance(options.fixed_category, bool):
        raise MalformedAction("fixed_category must be true or false")
    seconds = options.pairing_seconds
    if not (isinstance(seconds, float) and 0 <= seconds <= 3600):
        raise MalformedAction("pairing_seconds must be a number of seconds from 0 (no limit) to 3600")
    if not (is_int(options.first_narrator) and 0 <= options.first_narrator < 6):
        raise MalformedAction("first_narrator must be a seat number")
    if options.language not in LANGUAGES:
        raise MalformedAction("language must be one of {choices}", choices=", ".join(LANGUAGES))
    if not isinstance(options.lock_with_fewer_pairs, bool):
        raise MalformedAction("lock_with_fewer_pairs must be true or false")


LANGUAGE_LABELS = {"en": "English", "es": "Spanish", "sv": "Swedish", "pl": "Polish", "fr": "French"}
CATEGORY_LABELS = {"sport": "Sport", "fairy-tales": "Fairy tales", "things": "Things", "animals": "Animals"}


def option_specs() -> list[OptionSpec]:
    """The house rules as the lobby offers them; labels are message ids."""
    return [
        OptionSpec("rounds", "int", 2, "Rounds", minimum=1, maximum=10),
        OptionSpec("coop_turns", "int", 9, "Coop turns", minimum=1, maximum=30),
        OptionSpec("category", "choice", None, "Category",
                   choices=((None, "Any (the deal decides)"),
                            *((c, CATEGORY_LABELS.get(c, c)) for c in CATEGORIES))),
        OptionSpec("fixed_category", "bool", False, "Fixed category"),
        OptionSpec("pairing_seconds", "float", 120.0, "Pairing seconds", minimum=0, maximum=3600),
        OptionSpec("first_narrator", "int", 0, "First narrator", minimum=0, maximum=5, seat=True),
        OptionSpec("language", "choice", "en", "Game language",
                   choices=tuple((code, LANGUAGE_LABELS[code]) for code in LANGUAGES),
                   help="The language of the bots' WORD helps", page_language=True),
        OptionSpec("lock_with_fewer_pairs", "bool", True, "Lock in with fewer than 4 pairs"),
    ]
