"""What a seat can work out about the hidden cards from the views it has seen (for ISMCTS).

A view shows the table as it is now; a player also remembers. Between two of our
decisions the reader compares the views and keeps two kinds of knowledge:

- `Lacking`: the opponent drew instead of playing, or played a wild, or drew a
  Draw 2 volley, so the cards it held then had nothing that would have served. This
  assumes a sensible opponent: one that plays a coloured card when one fits, keeps
  its wilds while it can, and adds to a volley when it can (as the heuristic does).
- The draft discards: they are face up during the draft and then slid, in a known
  order, under the draw pile, so the opponent cannot hold them.
- The opponent's picks that kept the card looked at: a drafter keeps wilds and action
  cards on sight and seldom a number, so those cards are likely wilds and actions.
- The colour the opponent names with a wild: the one it holds most, so it holds one
  until it plays a card of that colour.
- A Reverse: a sensible player dumps every card of its colour, so it has none left.
- The opponent's last turn, when it was one card played from the hand: `LastTurn`
  keeps the table as it was, so a search can check a dealt hand against the choice.

`Memory` is what the determinizer (`determinize.sample_state`) uses of it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from duoplay.core.protocol import JSON
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import Action, Play
from duoplay.games.uno_duo.cards import (
    CODE_TO_FACE,
    CODES,
    COLOUR_INDEX,
    COLOUR_OF,
    DRAW_TWO,
    FACE_COUNT,
    RANK_OF,
    REVERSE,
    SKIP,
    WILD,
    WILD_CUSTOM,
    WILD_SHUFFLE,
)
from duoplay.games.uno_duo.state import Phase

DRAFT_DISCARDS = 14  # seven picks each, one discard per pick


@dataclass(slots=True)
class Lacking:
    """The opponent's oldest `cards` cards hold no card of `colour` or `rank` (-1: neither),
    and no wild when `wild` (bar a Wild Shuffle Hands: one that would hand over the bigger
    half is worth keeping)."""

    colour: int
    rank: int
    wild: bool
    cards: int

    def fits(self, card: int) -> bool:
        if card >= WILD:
            return self.wild and card != WILD_SHUFFLE
        return COLOUR_OF[card] == self.colour or RANK_OF[card] == self.rank


@dataclass(frozen=True, slots=True)
class LastTurn:
    """The opponent played `face` from its hand (naming `colour`) at this table."""

    phase: str  # Phase.TURN, or Phase.VOLLEY when it answered a Draw 2 with one
    discard: list[int]
    colour: int
    volley: int
    our_cards: int
    face: int
    named: int


@dataclass(slots=True)
class Memory:
    """What the determinizer may rely on beyond the view."""

    lacking: list[Lacking] = field(default_factory=list)
    # The draft discards in the order they were discarded, as far as they were seen; they lie
    # under the rest of the draw pile (the first one highest) until the pile is turned over.
    pile_bottom: list[int] = field(default_factory=list)
    # How many of the opponent's oldest cards it kept on sight in the draft, as far as we know.
    chosen: int = 0
    # Colours the opponent holds at least one card of.
    holding: set[int] = field(default_factory=set)
    last_turn: LastTurn | None = None


# How often a sensible drafter keeps a card it looks at, by face: the heuristic's rates over
# 1,500 drafts (wilds and actions always, the Wild Shuffle Hands 16%, a number 2%).
KEPT_ON_SIGHT = tuple(
    0.16 if face == WILD_SHUFFLE else 1.0 if face >= WILD or RANK_OF[face] > 9 else 0.02
    for face in range(FACE_COUNT))


@dataclass(slots=True)
class _Seen:
    round: int
    discard: list[str]
    our_cards: int  # our hand after our action
    colour: int  # the colour to match after our action
    top: int  # the top card after our action
    opponent_cards: int
    passes_turn: bool  # our action handed an ordinary turn to the opponent
    volley: int  # the volley our action left the opponent to answer, else 0


class OpponentReader:
    """Keeps `memory` up to date from our own views and actions: `observe` each view before
    deciding, `record` the action taken."""

    def __init__(self) -> None:
        self.memory = Memory()
        self._seen: _Seen | None = None
        self._round = -1
        self._draft: list[int] = []

    @property
    def lacking(self) -> list[Lacking]:
        return self.memory.lacking

    def observe(self, view: JSON, seat: int) -> None:
        seen, self._seen = self._seen, None
        self.memory.last_turn = None
        if view["round"] != self._round:
            self._round, self._draft, self.memory = view["round"], [], Memory()
        if view["phase"] == Phase.DRAFT:
            self._draft = [CODE_TO_FACE[c] for c in view["draft_discards"]]
            # Picks alternate from Player 1: the opponent's are every other one.
            first = 0 if view["player_one"] == 1 - seat else 1
            self.memory.chosen = sum(view["draft_kept"][first::2])
            return
        if self._draft:  # the first view after the draft
            self.memory.pile_bottom, self._draft = self._draft, []
        now_cards = view["hand_counts"][1 - seat]
        if seen is None or seen.round != view["round"]:
            return
        if view["discard"][:len(seen.discard)] != seen.discard:
            self.memory.pile_bottom = []  # the pile was turned over: its order is lost
            self._forget(len(view["discard"]) - 1, now_cards)
            self.memory.chosen = min(self.memory.chosen, now_cards)
            return
        added = [CODE_TO_FACE[c] for c in view["discard"][len(seen.discard):]]
        if WILD_SHUFFLE in added:
            self._shuffled()
            return
        self._forget(len(added), now_cards)
        # The cards it kept on sight are the wilds and actions it plays.
        spent = sum(1 for card in added if KEPT_ON_SIGHT[card] == 1.0)
        self.memory.chosen = max(0, min(self.memory.chosen - spent, now_cards))
        if view["draw_pile"] <= DRAFT_DISCARDS:
            self.memory.pile_bottom = []  # the draft discards are being drawn
        holding = self.memory.holding
        holding.difference_update(COLOUR_OF[card] for card in added)  # that may have been the one
        for learned in (self._infer(seen, added, now_cards), self._dumped(seen, added)):
            if learned is not None and learned.cards > 0:
                self.memory.lacking.append(learned)
                holding.discard(learned.colour)
        if added and added[-1] >= WILD and now_cards > 0 and view["colour"]:
            holding.add(COLOUR_INDEX[view["colour"]])  # it names the colour it holds most
        if len(added) == 1 and now_cards == seen.opponent_cards - 1 and now_cards > 0 and (
                seen.passes_turn or seen.volley) and view["colour"]:
            self.memory.last_turn = LastTurn(
                Phase.VOLLEY if seen.volley else Phase.TURN,
                [CODE_TO_FACE[c] for c in seen.discard], seen.colour, seen.volley, seen.our_cards,
                added[0], COLOUR_INDEX[view["colour"]])

    def _shuffled(self) -> None:
        """The hands were pooled and dealt again: what we knew of the opponent's is void."""
        self.memory.lacking, self.memory.chosen, self.memory.holding = [], 0, set()

    def _forget(self, played: int, now_cards: int) -> None:
        """Cards played since may have come from the old hand: fewer of its cards are known."""
        kept = []
        for lacking in self.memory.lacking:
            lacking.cards = min(lacking.cards - played, now_cards)
            if lacking.cards > 0:
                kept.append(lacking)
        self.memory.lacking = kept

    @staticmethod
    def _dumped(seen: _Seen, added: list[int]) -> Lacking | None:
        """After a Reverse a sensible player dumps every card of its colour: none is left."""
        reverses = [k for k, card in enumerate(added) if card < WILD and RANK_OF[card] == REVERSE]
        if not reverses:
            return None
        colour = COLOUR_OF[added[reverses[-1]]]
        if any(COLOUR_OF[card] != colour for card in added[reverses[-1]:]):
            return None  # it went on playing after the dump (a Skip last): too murky to read
        # Counted as if it drew nothing: a card drawn before the Reverse only adds a newer card.
        return Lacking(colour, -1, False, seen.opponent_cards - len(added))

    @staticmethod
    def _infer(seen: _Seen, added: list[int], now_cards: int) -> Lacking | None:
        before = seen.opponent_cards
        if seen.volley:
            # Drew the volley rather than add a Draw 2: its cards then held none.
            if not added and now_cards == before + seen.volley:
                return Lacking(-1, DRAW_TWO, False, before)
            return None
        if not seen.passes_turn:
            return None
        top_rank = RANK_OF[seen.top] if seen.top < WILD else -1
        if now_cards == before + 1 - len(added) and len(added) <= 1:
            # Drew one card: nothing fitted before, and a drawn card that fitted was played.
            if added and RANK_OF[added[0]] == SKIP and added[0] < WILD:
                # Or it played a Skip, then drew and kept a card that did not fit the Skip.
                return Lacking(COLOUR_OF[added[0]], SKIP, True, now_cards)
            return Lacking(seen.colour, top_rank, True, now_cards)
        if len(added) == 1 and added[0] >= WILD and now_cards == before - 1:
            # Played a wild straight from the hand: no coloured card fitted.
            return Lacking(seen.colour, top_rank, False, now_cards)
        return None

    def record(self, view: JSON, seat: int, action: Action) -> None:
        if view["phase"] == Phase.DRAFT:
            if action is act.DRAFT_DISCARD and len(self._draft) == len(view["draft_discards"]):
                self._draft = [*self._draft, CODE_TO_FACE[view["draft_card"]]]
            return
        discard = list(view["discard"])
        colour = COLOUR_INDEX[view["colour"]] if view["colour"] else -1
        top = CODE_TO_FACE[discard[-1]] if discard else -1
        volley = 0
        passes = action is act.KEEP or action is act.NO_DUMP or (
            action is act.DRAW and view["phase"] == Phase.TURN)
        if isinstance(action, Play):
            if action.face == WILD_SHUFFLE:
                self._shuffled()
            discard.append(CODES[action.face])
            colour, top = action.colour, action.face
            rank = RANK_OF[action.face]
            in_turn = view["phase"] in (Phase.TURN, Phase.DRAWN) and len(view["hand"]) > 1
            # A play that only hands the turn over (no Draw 2, Wild Draw 4, Skip, Reverse or shuffle).
            passes = in_turn and (rank <= 9 or action.face in (WILD, WILD_CUSTOM))
            if rank == DRAW_TWO and action.face < WILD and len(view["hand"]) > 1 and (
                    view["phase"] in (Phase.TURN, Phase.DRAWN, Phase.VOLLEY)):
                volley = view["volley"] + 2
        if view["discard"] == [] or colour < 0:
            passes = False
        our_cards = len(view["hand"]) + (-1 if isinstance(action, Play) else 1 if (
            action is act.DRAW and view["phase"] == Phase.TURN) else 0)
        self._seen = _Seen(view["round"], discard, our_cards, colour, top, view["hand_counts"][1 - seat],
                           passes, volley)
