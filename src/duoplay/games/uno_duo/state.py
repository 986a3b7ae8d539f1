"""The UNO Duo state, as plain data. Only `rules.py` changes it; only `view.py` reads it out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from duoplay.core.rng import GameRng
from duoplay.games.uno_duo.options import UnoDuoOptions


class Phase:
    """What the seat to act is being asked (strings, so views can show them as they are)."""

    DRAFT = "draft"  # the drafter looks at a card: keep it or discard it
    START_COLOUR = "start-colour"  # Player 1 names the colour of a wild start card
    TURN = "turn"  # an ordinary turn: play, or draw
    DRAWN = "drawn"  # the card just drawn is playable: play it or keep it
    VOLLEY = "volley"  # facing a Draw 2 volley: add a Draw 2 or draw the total
    CHALLENGE = "challenge"  # facing a Wild Draw 4: challenge or accept
    DUMP_DECIDE = "dump-decide"  # after a Reverse: dump every card of its colour, or not
    DUMPING = "dumping"  # playing the dumped cards one by one, in the player's order
    GAME_OVER = "game-over"


# Phases as module constants: the hot path reads them many times per action.
DRAFT = Phase.DRAFT
START_COLOUR = Phase.START_COLOUR
TURN = Phase.TURN
DRAWN = Phase.DRAWN
VOLLEY = Phase.VOLLEY
CHALLENGE = Phase.CHALLENGE
DUMP_DECIDE = Phase.DUMP_DECIDE
DUMPING = Phase.DUMPING
GAME_OVER = Phase.GAME_OVER


@dataclass(slots=True)
class RoundResult:
    round: int
    winner: int  # the seat that went out
    points: int  # what the other seat scored
    hands: tuple[tuple[int, ...], tuple[int, ...]]  # the hands as they were revealed
    blocked: bool = False
    # A finished round never changes: its JSON is built once and shared by every later view.
    _json: dict[str, Any] | None = field(default=None, compare=False, repr=False)

    def to_json(self, code: Any) -> dict[str, Any]:
        if self._json is None:
            self._json = {"round": self.round, "winner": self.winner, "points": self.points,
                          "hands": [[code(c) for c in hand] for hand in self.hands],
                          "blocked": self.blocked}
        return self._json


@dataclass(slots=True)
class UnoDuoState:
    options: UnoDuoOptions
    rng: GameRng
    cut: list[tuple[int, int]]  # each cut (seat 0's card, seat 1's card) until one was decisive
    player_one: int  # this round's first drafter
    round: int = 1
    scores: list[int] = field(default_factory=lambda: [0, 0])
    phase: str = Phase.DRAFT
    current: int = 0
    hands: list[list[int]] = field(default_factory=lambda: [[], []])
    draw_pile: list[int] = field(default_factory=list)  # top is the end
    discard: list[int] = field(default_factory=list)  # top is the end
    colour: int = 0  # the colour to match (a wild's chosen colour)
    volley: int = 0  # cards the seat to act must draw unless it adds a Draw 2
    draft_card: int = -1  # the card the drafter is looking at
    draft_discards: list[int] = field(default_factory=list)
    # Per draft discard: whether its picker kept the card it looked at (so this one was turned
    # up from the pile) rather than discarding it. Everyone at the table sees which.
    draft_kept: list[bool] = field(default_factory=list)
    drawn: int = -1  # the playable card just drawn (phase DRAWN)
    dump_colour: int = -1
    w4_offender: int = -1  # who played the Wild Draw 4 being challenged
    w4_guilty: bool = False  # whether that player held another playable card
    uno_exposed: int = -1  # a seat with one card that did not say UNO: catchable
    passes: int = 0  # consecutive passes; two means nobody can move
    history: list[RoundResult] = field(default_factory=list)
    # The turn timer (options.turn_timer): decisions taken so far name each wait, so a call of UNO
    # out of turn does not restart the clock; timeouts in a row per seat hand a seat to its bot.
    decisions: int = 0
    timeouts: list[int] = field(default_factory=lambda: [0, 0])
    # A search imagining the rest of a round sets this: the match then ends with the round,
    # so a rollout does not pay for shuffling and drafting a round it never looks at.
    last_round: bool = False
    # The view's codes of `discard`, extended as cards are played: (the list they describe, codes).
    discard_memo: tuple[list[int], list[str]] | None = field(default=None, compare=False, repr=False)
    history_memo: tuple[list[RoundResult], list[dict[str, Any]]] | None = field(
        default=None, compare=False, repr=False)

    def copy(self) -> UnoDuoState:
        return UnoDuoState(
            options=self.options, rng=self.rng.copy(), cut=list(self.cut),
            player_one=self.player_one, round=self.round, scores=list(self.scores),
            phase=self.phase, current=self.current,
            hands=[list(self.hands[0]), list(self.hands[1])],
            draw_pile=list(self.draw_pile), discard=list(self.discard), colour=self.colour,
            volley=self.volley, draft_card=self.draft_card,
            draft_discards=list(self.draft_discards), draft_kept=list(self.draft_kept),
            drawn=self.drawn,
            dump_colour=self.dump_colour, w4_offender=self.w4_offender,
            w4_guilty=self.w4_guilty, uno_exposed=self.uno_exposed, passes=self.passes,
            history=list(self.history), last_round=self.last_round,
            decisions=self.decisions, timeouts=list(self.timeouts),
        )
