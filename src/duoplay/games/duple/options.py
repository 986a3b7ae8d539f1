"""House rules for Duple. Defaults follow the rulebook and the Duple part of ../shared/rules/NOTES.md;
each is documented in docs/rules/duple.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import OptionSpec
from duoplay.core.text import player_text
from duoplay.games.duple.cards import LANGUAGES
from duoplay.games.duple.pacing import BOT_SPEEDS


@dataclass(frozen=True, slots=True)
class DupleOptions:
    lang: str = "es"
    """The game language: which deck of letters and categories, and which judge."""
    window_ms: int = 150
    """Two valid answers this close together are a tie (NOTES default 4)."""
    four_piles: bool = True
    """With two players, each keeps two play piles (the rulebook's two-player variant)."""
    flip_seconds: float = 5.0
    """A player who has not flipped by then has the card flipped for them (0: never)."""
    stuck_seconds: float = 10.0
    """A face-off without an answer for this long lets its racers change the category."""
    race_seconds: float = 60.0
    """A face-off's category with no valid answer this long after it was turned has run out."""
    faceoff_categories: int = 3
    """A face-off nobody wins (every racer passed, or the time ran out) is played again with a new
    category, as the rulebook's stuck face-off is, up to this many categories in all; then it
    ends without a winner (online play's departure: a face-off nobody can win must end)."""
    win_pause_seconds: float = 2.0
    """After a won race the table rests this long, showing the winning word: no flip, no new race."""
    all_play_seconds: float = 30.0
    """An All Play nobody wins in this time is shuffled back into the category deck."""
    vote_seconds: float = 20.0
    """Voters who have not voted by then abstain."""
    bot_speed: str = "normal"
    """How fast the bots answer: "slow" takes half as long again, "fast" 0.7 of the time."""
    remembered: tuple[tuple[str, str], ...] = ()
    """(category, folded word) pairs this room accepted by vote in earlier matches."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["remembered"] = [list(pair) for pair in self.remembered]
        return data


_SECONDS = {
    "flip_seconds": (0.0, 120.0), "stuck_seconds": (1.0, 120.0), "race_seconds": (5.0, 600.0),
    "all_play_seconds": (5.0, 300.0), "vote_seconds": (5.0, 120.0), "win_pause_seconds": (0.0, 10.0),
}
MAX_FACEOFF_CATEGORIES = 10
MAX_REMEMBERED = 500


def parse_options(data: Mapping[str, Any] | None) -> DupleOptions:
    if data is None:
        return DupleOptions()
    if not isinstance(data, Mapping):
        raise MalformedAction("Options must be a JSON object")
    known = {f.name for f in fields(DupleOptions)}
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise MalformedAction("Unknown Duple option(s): {names}", names=", ".join(unknown)[:200])
    values = dict(data)
    for name in _SECONDS:
        if is_int(values.get(name)):
            values[name] = float(values[name])
    values["remembered"] = _remembered(values.get("remembered", ()))
    options = DupleOptions(**values)
    _check(options)
    return options


def _remembered(value: Any) -> tuple[tuple[str, str], ...]:
    if not isinstance(value, (list, tuple)) or len(value) > MAX_REMEMBERED or not all(
        isinstance(p, (list, tuple)) and len(p) == 2 and all(isinstance(x, str) and len(x) <= 80 for x in p)
        for p in value
    ):
        raise MalformedAction("remembered must be a list of up to 500 [category, word] pairs")
    # Voted-in words are player text: the same rule as for answers.
    return tuple((player_text(c), player_text(w)) for c, w in value)


def _check(options: DupleOptions) -> None:
    if options.lang not in LANGUAGES:
        raise MalformedAction("lang must be one of {choices}", choices=", ".join(LANGUAGES))
    if not (is_int(options.window_ms) and 0 <= options.window_ms <= 1000):
        raise MalformedAction("window_ms must be a whole number of milliseconds from 0 to 1000")
    if not (is_int(options.faceoff_categories) and 1 <= options.faceoff_categories <= MAX_FACEOFF_CATEGORIES):
        raise MalformedAction("faceoff_categories must be a whole number from 1 to {high}",
                              high=MAX_FACEOFF_CATEGORIES)
    if not (isinstance(options.bot_speed, str) and options.bot_speed in BOT_SPEEDS):
        raise MalformedAction("bot_speed must be one of {choices}", choices=", ".join(BOT_SPEEDS))
    if not isinstance(options.four_piles, bool):
        raise MalformedAction("four_piles must be true or false")
    for name, (low, high) in _SECONDS.items():
        value = getattr(options, name)
        if not (isinstance(value, float) and low <= value <= high):
            raise MalformedAction("{name} must be a number of seconds from {low} to {high}",
                                  name=name, low=str(low), high=str(high))


def option_specs() -> list[OptionSpec]:
    """The house rules as the lobby offers them; labels are message ids."""
    return [
        OptionSpec("lang", "choice", "es", "Game language",
                   choices=(("es", "Spanish"), ("en", "English"), ("sv", "Swedish"), ("pl", "Polish"),
                            ("fr", "French")),
                   help="The letters, the categories and the judge's language", page_language=True),
        OptionSpec("window_ms", "int", 150, "Tie window (ms)", minimum=0, maximum=1000,
                   help="Two valid answers this close together are a tie"),
        OptionSpec("four_piles", "bool", True, "Two players keep two piles each"),
        OptionSpec("flip_seconds", "float", 5.0, "Seconds to flip", minimum=0, maximum=120,
                   help="Then the card is flipped for you (0: never)"),
        OptionSpec("stuck_seconds", "float", 10.0, "Seconds before a new category may be asked",
                   minimum=1, maximum=120),
        OptionSpec("race_seconds", "float", 60.0, "Seconds before a face-off ends without a winner",
                   minimum=5, maximum=600),
        OptionSpec("faceoff_categories", "int", 3, "Categories before a face-off ends unwon",
                   minimum=1, maximum=MAX_FACEOFF_CATEGORIES,
                   help="Nobody found a word: a new category for the same letters, up to this many in all"),
        OptionSpec("win_pause_seconds", "float", 2.0, "Seconds to show a won word", minimum=0, maximum=10,
                   help="No flip meanwhile (0: no pause)"),
        OptionSpec("all_play_seconds", "float", 30.0, "Seconds for an All Play", minimum=5, maximum=300),
        OptionSpec("vote_seconds", "float", 20.0, "Seconds to vote", minimum=5, maximum=120),
        OptionSpec("bot_speed", "choice", "normal", "Bot speed",
                   choices=(("slow", "Slow"), ("normal", "Normal"), ("fast", "Fast")),
                   help="How fast the bots answer: slow gives you more time, fast less"),
    ]
