"""House rules for Duplik. Defaults follow the rulebook and the Duplik part of
../shared/rules/NOTES.md; each is documented in docs/rules/duplik.md."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from duoplay.core.errors import MalformedAction
from duoplay.core.json import is_int
from duoplay.core.protocol import OptionSpec
from duoplay.games.duplik.scenes.generate import DIFFICULTIES
from duoplay.games.duplik.scenes.words import LANGUAGES

SCENE_SOURCES = ("mixed", "starter", "generated")
AT_THE_TABLE = ("off", "canvas", "paper")
PORTRAYER, ARTIST = "portrayer", "artist"
TIE_BREAKERS = (PORTRAYER, ARTIST)


@dataclass(frozen=True, slots=True)
class DuplikOptions:
    lang: str = "en"
    """The language of the scene cards (titles, criteria)."""
    describe_seconds: float = 90.0
    """The hourglass: how long the Portrayer describes and the Artists draw."""
    golden_faces: int = 6
    """The golden criterion's die: 6 picks among criteria 1-6 (NOTES default 1), 10 among all."""
    portrayals: int = 1
    """How many times each player is the Portrayer (the rulebook's longer game: 2 or 3)."""
    scenes: str = "mixed"
    """Where the scene cards come from: the starter set, the generator, or both."""
    difficulty: str = "normal"
    """How hard the generated scenes are."""
    colour: bool = False
    """Artists hold colours, and criteria may speak of colours (default: a pencil)."""
    prepare_seconds: float = 60.0
    """A Portrayer who has not chosen, rolled, started or passed by then has it done for them (0: never)."""
    review_seconds: float = 15.0
    """After the verdicts on a criterion, how long Artists have to dispute one on their drawing."""
    vote_seconds: float = 30.0
    """Judges who have not voted by then abstain."""
    tie_breaker: str = PORTRAYER
    """Who decides a tied (or empty) vote: the Portrayer, who holds the card, and if they leave it,
    every player but the author ("portrayer", our departure); or the Artist concerned, as printed
    ("artist"). Nobody but the printed rule lets an author decide on their own drawing."""
    at_the_table: str = "off"
    """Friends sit together and the Portrayer speaks aloud (no description is typed or streamed);
    the Artists draw on their phones ("canvas") or on paper ("paper": nothing is uploaded)."""

    @property
    def paper(self) -> bool:
        return self.at_the_table == "paper"

    @property
    def spoken(self) -> bool:
        """The Portrayer describes aloud."""
        return self.at_the_table != "off"

    def to_json(self) -> dict[str, Any]:
        # Every view carries the options: a flat copy, where `asdict` deep-copied each value.
        return {f.name: getattr(self, f.name) for f in _FIELDS}


_FIELDS = fields(DuplikOptions)
_SECONDS = {"describe_seconds": (10.0, 600.0), "prepare_seconds": (0.0, 600.0),
            "review_seconds": (1.0, 120.0), "vote_seconds": (5.0, 120.0)}


def parse_options(data: Mapping[str, Any] | None) -> DuplikOptions:
    if data is None:
        return DuplikOptions()
    if not isinstance(data, Mapping):
        raise MalformedAction("Options must be a JSON object")
    known = {f.name for f in fields(DuplikOptions)}
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise MalformedAction("Unknown Duplik option(s): {names}", names=", ".join(unknown)[:200])
    values = dict(data)
    for name in _SECONDS:
        if is_int(values.get(name)):
            values[name] = float(values[name])
    options = DuplikOptions(**values)
    _check(options)
    return options


def _check(options: DuplikOptions) -> None:
    if options.lang not in LANGUAGES:
        raise MalformedAction("lang must be one of {choices}", choices=", ".join(LANGUAGES))
    for name, (low, high) in _SECONDS.items():
        value = getattr(options, name)
        if not (isinstance(value, float) and low <= value <= high):
            raise MalformedAction("{name} must be a number of seconds from {low} to {high}",
                                  name=name, low=str(low), high=str(high))
    if not (is_int(options.golden_faces) and options.golden_faces in (6, 10)):
        raise MalformedAction("golden_faces must be 6 or 10")
    if not (is_int(options.portrayals) and 1 <= options.portrayals <= 3):
        raise MalformedAction("portrayals must be 1, 2 or 3")
    if options.scenes not in SCENE_SOURCES:
        raise MalformedAction("scenes must be one of {choices}", choices=", ".join(SCENE_SOURCES))
    if options.difficulty not in DIFFICULTIES:
        raise MalformedAction("difficulty must be one of {choices}", choices=", ".join(DIFFICULTIES))
    if not isinstance(options.colour, bool):
        raise MalformedAction("colour must be true or false")
    if options.at_the_table not in AT_THE_TABLE:
        raise MalformedAction("at_the_table must be one of {choices}", choices=", ".join(AT_THE_TABLE))
    if options.tie_breaker not in TIE_BREAKERS:
        raise MalformedAction("tie_breaker must be one of {choices}", choices=", ".join(TIE_BREAKERS))


def option_specs() -> list[OptionSpec]:
    """The house rules as the lobby offers them; labels are message ids."""
    return [
        OptionSpec("lang", "choice", "en", "Scene language",
                   choices=(("en", "English"), ("es", "Spanish"), ("sv", "Swedish"), ("pl", "Polish"),
                            ("fr", "French")),
                   help="The language of the scene titles and criteria"),
        OptionSpec("describe_seconds", "float", 90.0, "Seconds to describe and draw", minimum=10,
                   maximum=600),
        OptionSpec("golden_faces", "choice", 6, "Golden criterion die",
                   choices=((6, "Criteria 1 to 6"), (10, "Criteria 1 to 10"))),
        OptionSpec("portrayals", "int", 1, "Turns as Portrayer per player", minimum=1, maximum=3),
        OptionSpec("scenes", "choice", "mixed", "Scene cards",
                   choices=(("mixed", "Starter set and generated"), ("starter", "Starter set"),
                            ("generated", "Generated"))),
        OptionSpec("difficulty", "choice", "normal", "Difficulty of generated scenes",
                   choices=(("easy", "Easy"), ("normal", "Normal"), ("hard", "Hard"))),
        OptionSpec("colour", "bool", False, "Colours for the Artists",
                   help="Criteria may then speak of colours"),
        OptionSpec("prepare_seconds", "float", 60.0, "Seconds for the Portrayer's choices", minimum=0,
                   maximum=600, help="Then the choice is made for them (0: never)"),
        OptionSpec("review_seconds", "float", 15.0, "Seconds to dispute a verdict", minimum=1, maximum=120),
        OptionSpec("vote_seconds", "float", 30.0, "Seconds to vote", minimum=5, maximum=120),
        OptionSpec("tie_breaker", "choice", "portrayer", "Who breaks a tied vote",
                   choices=(("portrayer", "The Portrayer, then the other players"),
                            ("artist", "The Artist concerned (printed rule)")),
                   help="Under the printed rule an Artist decides a tie on their own drawing"),
        OptionSpec("at_the_table", "choice", "off", "Played at the table",
                   choices=(("off", "No: online"), ("canvas", "Yes, drawing on the phones"),
                            ("paper", "Yes, drawing on paper")),
                   help="Everyone sits together with a phone and the Portrayer describes aloud"),
    ]
