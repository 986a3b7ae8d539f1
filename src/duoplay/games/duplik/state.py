"""The state of a Duplik match: the die rolls for the first Portrayer, the scene deck, the round
being played (scene, golden criterion, description, drawings, judging) and the score sheet."""

from __future__ import annotations

from dataclasses import dataclass, field

from duoplay.core.rng import GameRng
from duoplay.games.duplik.options import DuplikOptions
from duoplay.games.duplik.scenes.model import Scene

# Phases of a round, in order.
CHOOSE, ROLL, TITLE, DESCRIBE, PASS, JUDGE, REVEAL, OVER = (
    "choose", "roll", "title", "describe", "pass", "judge", "reveal", "over")
OFFER = 3  # scene cards the Portrayer looks through to choose one
ASK, DISPUTE = "ask", "dispute"  # why a vote is held: a Judge's doubt, or an Artist's dispute

Point = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Stroke:
    """One pencil stroke on the canvas; `label` is what a bot meant to draw with it (e.g. "cat:left")."""

    points: tuple[Point, ...]
    label: str = ""


@dataclass(frozen=True, slots=True)
class Drawing:
    strokes: tuple[Stroke, ...] = ()
    bot: bool = False  # drawn by a bot: only such drawings may be judged by a bot


@dataclass(slots=True)
class Vote:
    """A verdict put to the other Judges; a tie is broken by `decider` (`deciding`): the Portrayer,
    or the Artist concerned under the printed rule. A Portrayer who leaves it opens a `final` vote
    of every player but the author, whose tie keeps the standing verdict."""

    number: int  # counts the round's votes: what a ballot depends on
    owner: int  # the Artist whose drawing is judged
    reason: str  # ASK or DISPUTE
    voters: tuple[int, ...]
    ballots: dict[int, bool | None] = field(default_factory=dict)  # None: abstains
    deciding: bool = False
    decider: int | None = None  # who breaks the tie, once `deciding`
    final: bool = False

    def copy(self) -> Vote:
        return Vote(self.number, self.owner, self.reason, self.voters, dict(self.ballots), self.deciding,
                    self.decider, self.final)


@dataclass(slots=True)
class Round:
    number: int
    portrayer: int
    phase: str = CHOOSE
    scene: Scene | None = None
    golden: int = 0  # 1-based criterion number, once rolled
    description: str = ""
    stopped: bool = False  # the Portrayer has finished describing
    drawings: dict[int, Drawing] = field(default_factory=dict)
    done: set[int] = field(default_factory=set)  # Artists whose pencil is down
    direction: str = ""
    judge_of: dict[int, int] = field(default_factory=dict)  # drawing's Artist -> the Judge holding it
    criterion: int = 0  # 0-based, the criterion being judged
    verdicts: dict[int, bool | None] = field(default_factory=dict)  # Artist -> verdict on this criterion
    settled: set[int] = field(default_factory=set)  # verdicts no longer open to dispute
    asks: list[int] = field(default_factory=list)  # Artists whose Judge asked the others, waiting a vote
    vote: Vote | None = None
    votes: int = 0
    results: list[dict[int, bool]] = field(default_factory=list)  # per criterion judged: Artist -> met
    scores: dict[int, int] = field(default_factory=dict)

    def artists(self, seats: int) -> list[int]:
        return [s for s in range(seats) if s != self.portrayer]

    def copy(self) -> Round:
        return Round(self.number, self.portrayer, self.phase, self.scene, self.golden, self.description,
                     self.stopped, dict(self.drawings), set(self.done), self.direction, dict(self.judge_of),
                     self.criterion, dict(self.verdicts), set(self.settled), list(self.asks),
                     None if self.vote is None else self.vote.copy(), self.votes,
                     [dict(r) for r in self.results], dict(self.scores))


@dataclass(slots=True)
class DuplikState:
    seats: int
    options: DuplikOptions
    rng: GameRng
    rolls: list[dict[int, int]]  # the die rolls for the first Portrayer, reroll by reroll
    first: int
    deck: list[str]  # scene ids, the next card first
    round: Round
    sheet: list[dict[int, int]] = field(default_factory=list)  # the score sheet's half B, round by round
    portrayed: list[tuple[int, int]] = field(default_factory=list)  # half A: (Portrayer, points)
    over: bool = False

    def copy(self) -> DuplikState:
        return DuplikState(self.seats, self.options, self.rng.copy(), [dict(r) for r in self.rolls],
                           self.first, list(self.deck), self.round.copy(), [dict(r) for r in self.sheet],
                           list(self.portrayed), self.over)
