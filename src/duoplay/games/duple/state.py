"""The state of a Duple match: decks, play piles, the race being run and the win piles."""

from __future__ import annotations

from dataclasses import dataclass, field

from duoplay.core.rng import GameRng
from duoplay.games.duple.options import DupleOptions

FACEOFF, ALL_PLAY_RACE = "faceoff", "allplay"


@dataclass(slots=True)
class Pile:
    owner: int
    cards: list[int] = field(default_factory=list)
    changed: int = 0  # when its top card last changed (the state's `clock`): the newest card of a match

    def copy(self) -> Pile:
        return Pile(self.owner, list(self.cards), self.changed)


@dataclass(slots=True)
class Answer:
    seat: int
    word: str
    accepted: bool
    reason: str
    detail: str = ""


@dataclass(slots=True)
class Vote:
    """A rejected answer sent to the other players: a majority of the votes cast accepts it."""

    appealer: int
    word: str
    reason: str
    voters: tuple[int, ...]
    ballots: dict[int, bool] = field(default_factory=dict)

    def copy(self) -> Vote:
        return Vote(self.appealer, self.word, self.reason, self.voters, dict(self.ballots))


@dataclass(frozen=True, slots=True)
class Win:
    """The race just won, shown on every screen until the next race starts."""

    seat: int
    word: str
    letters: tuple[str, ...]
    kind: str
    category: str  # the category it was won in (ALL_PLAY for an All Play)
    letter: str = ""  # the letter card taken (a face-off)


@dataclass(slots=True)
class Race:
    """A face-off (two piles' letters and a category) or an All Play (every face-up letter)."""

    kind: str
    racers: tuple[int, ...]
    letters: tuple[str, ...]
    piles: tuple[int, ...] = ()  # the matching piles of a face-off
    answers: list[Answer] = field(default_factory=list)
    accepted: list[int] = field(default_factory=list)  # seats with a valid answer, in arrival order
    passed: set[int] = field(default_factory=set)
    appealed: set[tuple[int, str]] = field(default_factory=set)
    stuck: bool = False
    tiebreaks: int = 0
    vote: Vote | None = None
    replays: int = 0  # new categories turned because nobody won (the option faceoff_categories)

    def copy(self) -> Race:
        return Race(self.kind, self.racers, self.letters, self.piles,
                    [Answer(a.seat, a.word, a.accepted, a.reason, a.detail) for a in self.answers],
                    list(self.accepted), set(self.passed), set(self.appealed), self.stuck, self.tiebreaks,
                    None if self.vote is None else self.vote.copy(), self.replays)


@dataclass(slots=True)
class DupleState:
    seats: int
    options: DupleOptions
    rng: GameRng
    deck: list[int]  # letter and wild cards, face down; the last one is drawn next
    categories: list[str]  # face down below the current category; the last one comes next
    category: str  # the face-up category card in effect (ALL_PLAY during an All Play)
    piles: list[Pile]
    discards: list[str] = field(default_factory=list)
    wild: int | None = None  # the wild card lying face up between the decks
    drawer: int = 0
    flips: list[int] = field(default_factory=list)  # letter cards each seat has flipped (picks its pile)
    again: bool = False  # the drawer drew a wild and flips once more
    race: Race | None = None
    settled: set[frozenset[int]] = field(default_factory=set)  # matches of top cards that ended unwon
    won: list[list[int]] = field(default_factory=list)  # letter cards in each seat's win pile
    won_all_play: list[int] = field(default_factory=list)  # All Play cards in each win pile
    remembered: set[tuple[str, str]] = field(default_factory=set)  # (category, folded word) voted in
    step: int = 0  # changes whenever the question does: what a move depends on (stale_key)
    clock: int = 0  # counts top-card changes, to tell which card of a match is newest
    over: bool = False
    resting: bool = False  # the pause after a win: nothing happens until the table's clock ends it
    last_win: Win | None = None  # the race just won, until the next race starts

    def copy(self) -> DupleState:
        return DupleState(
            self.seats, self.options, self.rng.copy(), list(self.deck), list(self.categories), self.category,
            [p.copy() for p in self.piles], list(self.discards), self.wild, self.drawer, list(self.flips),
            self.again, None if self.race is None else self.race.copy(), set(self.settled),
            [list(w) for w in self.won], list(self.won_all_play), set(self.remembered), self.step,
            self.clock, self.over, self.resting, self.last_win,
        )
