"""The DUOS state, as plain data. Only `rules.py` changes it; only `view.py` reads it out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from duoplay.core.rng import GameRng
from duoplay.games.duos.options import DuosOptions

Pair = tuple[int, int]  # two grid positions, smaller first
Pairs = tuple[Pair, ...]  # at most 4 disjoint pairs, sorted

COMPETE = "compete"  # 3-6 players with a Narrator
COOP = "coop"  # the two-player cooperative variant


class Phase:
    PAIRING = "pairing"  # every seat still pairing places pairs in secret, then locks in
    GAME_OVER = "game-over"


@dataclass(frozen=True, slots=True)
class Help:
    """A co-op help: WORD says `word`; YES!/NO! mark the card at grid position `card`."""

    seat: int
    kind: str
    word: str = ""
    card: int = -1

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "kind": self.kind}
        if self.kind == "word":
            data["word"] = self.word
        else:
            data["card"] = self.card
        return data


@dataclass(frozen=True, slots=True)
class TurnResult:
    """A finished turn, as revealed to everyone."""

    turn: int
    category: str
    faces: tuple[str, ...]  # face ids on the grid, positions 0-11
    narrator: int  # -1 in the cooperative game
    pairs: tuple[Pairs, ...]  # every seat's pairs, revealed
    matches: tuple[int, ...]  # identical pairs with the Narrator (co-op: with the partner)
    points: tuple[int, ...]  # points each seat won this turn
    helps: tuple[Help, ...] = ()
    timed_out: tuple[int, ...] = ()  # seats the clock locked in

    def to_json(self) -> dict[str, Any]:
        return {
            "turn": self.turn, "category": self.category, "faces": list(self.faces),
            "narrator": None if self.narrator < 0 else self.narrator,
            "pairs": [[list(p) for p in pairs] for pairs in self.pairs],
            "matches": list(self.matches), "points": list(self.points),
            "helps": [h.to_json() for h in self.helps], "timed_out": list(self.timed_out),
        }


@dataclass(slots=True)
class DuosState:
    options: DuosOptions
    rng: GameRng
    seats: int
    mode: str
    set_index: int  # which of cards.SETS is on the table
    first_side: int  # the side the first turn shows
    turns: int  # turns in the whole game
    turn: int = 0  # 0-based
    phase: str = Phase.PAIRING
    narrator: int = -1
    side: int = 0  # the side of the cards shown this turn
    flipped: bool = False  # the cards on the table have shown both sides
    table: list[int] = field(default_factory=list)  # card numbers at grid positions 0-11
    draw_pile: list[int] = field(default_factory=list)  # top is the end
    used: list[int] = field(default_factory=list)  # cards already played, shuffled back when needed
    pairs: list[Pairs] = field(default_factory=list)  # each seat's placed pairs (secret)
    locked: list[bool] = field(default_factory=list)
    helps: list[Help] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    history: list[TurnResult] = field(default_factory=list)

    def copy(self) -> DuosState:
        return DuosState(
            options=self.options, rng=self.rng.copy(), seats=self.seats, mode=self.mode,
            set_index=self.set_index, first_side=self.first_side, turns=self.turns,
            turn=self.turn, phase=self.phase, narrator=self.narrator, side=self.side,
            flipped=self.flipped, table=list(self.table), draw_pile=list(self.draw_pile),
            used=list(self.used), pairs=list(self.pairs), locked=list(self.locked),
            helps=list(self.helps), scores=list(self.scores), history=list(self.history),
        )
