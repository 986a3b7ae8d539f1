"""UNO Duo bots: a human-like heuristic player and ISMCTS. They see views, never the state.

The heuristic reads a `Situation`: the few facts it needs, as card faces. A
`Situation` comes from a seat's JSON view in real play; inside a search it is
projected from a sampled state (a determinization the searcher imagined) using
only what that seat would see, which is far cheaper than building the JSON view.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from duoplay.bots.base import Bot
from duoplay.bots.ismcts import Ismcts
from duoplay.core.protocol import JSON
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo import rules
from duoplay.games.uno_duo.actions import Action, ChooseColour, Play
from duoplay.games.uno_duo.cards import (
    CODE_TO_FACE,
    COLOUR_INDEX,
    COLOUR_OF,
    DRAW_TWO,
    FACE_COUNT,
    POINTS,
    RANK_OF,
    REVERSE,
    SKIP,
    WILD,
    WILD_CUSTOM,
    WILD_DRAW_FOUR,
    WILD_SHUFFLE,
    deck_for,
)
from duoplay.games.uno_duo.determinize import Table, read_table, sample_state
from duoplay.games.uno_duo.game import UnoDuo
from duoplay.games.uno_duo.options import CHALLENGE_COLOUR_ONLY
from duoplay.games.uno_duo.reading import LastTurn, OpponentReader
from duoplay.games.uno_duo.state import Phase, UnoDuoState


@dataclass(slots=True)
class Situation:
    """What the seat to act knows, as faces (see cards.py). Sequences are read, never changed."""

    phase: str
    hand: Sequence[int]
    opponent_cards: int
    discard: Sequence[int]
    colour: int  # the colour to match, -1 before the start card
    draft_card: int  # -1 unless drafting
    draft_discards: Sequence[int]
    drawn: int  # -1 unless holding a playable drawn card
    dump_colour: int  # -1 unless dumping
    deck_size: int
    colour_only_challenge: bool


def situation_from_view(view: JSON, seat: int) -> Situation:
    options = view["options"]
    return Situation(
        phase=view["phase"],
        hand=[CODE_TO_FACE[c] for c in view["hand"]],
        opponent_cards=view["hand_counts"][1 - seat],
        discard=[CODE_TO_FACE[c] for c in view["discard"]],
        colour=COLOUR_INDEX[view["colour"]] if view["colour"] else -1,
        draft_card=CODE_TO_FACE[view["draft_card"]] if "draft_card" in view else -1,
        draft_discards=[CODE_TO_FACE[c] for c in view.get("draft_discards", ())],
        drawn=CODE_TO_FACE[view["drawn"]] if "drawn" in view else -1,
        dump_colour=COLOUR_INDEX[view["dump_colour"]] if "dump_colour" in view else -1,
        deck_size=options["deck_size"],
        colour_only_challenge=options["challenge_rule"] == CHALLENGE_COLOUR_ONLY,
    )


def situation_from_state(state: UnoDuoState, seat: int) -> Situation:
    """The same facts the seat's view would give, read straight from a sampled state."""
    acting = seat == state.current
    return Situation(
        phase=state.phase,
        hand=state.hands[seat],
        opponent_cards=len(state.hands[1 - seat]),
        discard=state.discard,
        colour=state.colour if state.discard else -1,
        draft_card=state.draft_card if acting and state.phase == Phase.DRAFT else -1,
        draft_discards=state.draft_discards,
        drawn=state.drawn if acting and state.phase == Phase.DRAWN else -1,
        dump_colour=state.dump_colour,
        deck_size=state.options.deck_size,
        colour_only_challenge=state.options.challenge_rule == CHALLENGE_COLOUR_ONLY,
    )


# --- The heuristic -------------------------------------------------------------------------

CHALLENGE_THRESHOLD = 0.6  # challenge a Wild Draw 4 when the offender was likely this guilty
_COLOURED_ACTION_VALUE = {DRAW_TWO: 8.0, SKIP: 7.0, REVERSE: 5.0}
_WILD_VALUE = {WILD_DRAW_FOUR: 10.0, WILD: 9.0, WILD_CUSTOM: 9.0, WILD_SHUFFLE: 4.0}


def decide(s: Situation, legal: Sequence[Action], rng: random.Random) -> Action:
    """The heuristic's choice among `legal` for the seat that `s` describes."""
    for action in legal:  # by identity: simple actions are shared instances, and this runs often
        if action is act.CATCH:
            return action  # two cards for the opponent, and it costs no turn
        if action is act.SAY_UNO:
            return action
    phase = s.phase
    if phase == Phase.DRAFT and act.DRAFT_KEEP in legal:
        return act.DRAFT_KEEP if _keep_draft_card(s) else act.DRAFT_DISCARD
    if phase == Phase.START_COLOUR:
        return ChooseColour(_best_colour(s.hand, rng))
    if phase == Phase.CHALLENGE:
        return act.CHALLENGE if guilt_probability(s) > CHALLENGE_THRESHOLD else act.ACCEPT
    if phase == Phase.DUMP_DECIDE:
        return act.DUMP  # shedding every card of a colour at once always pays
    plays = _plays(legal)
    if phase == Phase.DUMPING:
        return min(plays, key=lambda p: _dump_order(s, p.face))
    if phase == Phase.VOLLEY:
        return _best_play(s, plays, rng) if plays else act.DRAW
    if phase == Phase.DRAWN:
        chosen = _choose_play(s, plays, rng)
        return chosen if chosen is not None else act.KEEP
    if phase == Phase.TURN:
        chosen = _choose_play(s, plays, rng)
        if chosen is not None:
            return chosen
        for fallback in (act.DRAW, act.PASS):
            if fallback in legal:
                return fallback
    return legal[rng.randrange(len(legal))]


def _plays(legal: Sequence[Action]) -> list[Play]:
    """Plays, saying UNO whenever the rules offer it (a play without it only risks a catch)."""
    plays = [a for a in legal if isinstance(a, Play)]
    if any(p.uno for p in plays):
        plays = [p for p in plays if p.uno]
    return plays


def _colour_counts(hand: Sequence[int]) -> list[int]:
    counts = [0, 0, 0, 0]
    for card in hand:
        colour = COLOUR_OF[card]
        if colour >= 0:
            counts[colour] += 1
    return counts


def _best_colour(hand: Sequence[int], rng: random.Random, without: int = -1) -> int:
    """The colour held most (then the one holding most points), `without` one card played."""
    counts = [0.0, 0.0, 0.0, 0.0]
    skipped = False
    for card in hand:
        if card == without and not skipped:
            skipped = True
            continue
        colour = COLOUR_OF[card]
        if colour >= 0:
            counts[colour] += 1 + POINTS[card] / 100
    if max(counts) == 0:
        return rng.randrange(4)
    return max(range(4), key=counts.__getitem__)


def _choose_play(s: Situation, plays: list[Play], rng: random.Random) -> Play | None:
    """A coloured card if any fits; a wild only when nothing else does (wilds are kept for need)."""
    coloured = [p for p in plays if COLOUR_OF[p.face] >= 0]
    if coloured:
        return _best_play(s, coloured, rng)
    wilds = {p.face for p in plays}
    if not wilds:
        return None
    hand_size = len(s.hand)
    shuffle_pays = hand_size - 1 >= s.opponent_cards + 2
    if WILD_SHUFFLE in wilds and (shuffle_pays or hand_size == 1):
        face = WILD_SHUFFLE
    elif WILD_DRAW_FOUR in wilds and not (wilds - {WILD_DRAW_FOUR, WILD_SHUFFLE}):
        face = WILD_DRAW_FOUR  # innocent unless a Wild Shuffle Hands is also held
    elif WILD in wilds or WILD_CUSTOM in wilds:
        face = WILD if WILD in wilds else WILD_CUSTOM
    elif WILD_DRAW_FOUR in wilds:
        face = WILD_DRAW_FOUR
    else:
        return None  # a Wild Shuffle Hands that would hand us the bigger half: draw instead
    colour = _best_colour(s.hand, rng, without=face)
    return _pick(plays, face, colour)


def _pick(plays: list[Play], face: int, colour: int) -> Play:
    for p in plays:
        if p.face == face and p.colour == colour:
            return p
    return next(p for p in plays if p.face == face)


def _best_play(s: Situation, plays: list[Play], rng: random.Random) -> Play:
    counts = _colour_counts(s.hand)
    hand_size = len(s.hand)
    pressed = s.opponent_cards <= 2
    best, best_score = plays[0], -1e9
    for p in plays:
        colour, rank = COLOUR_OF[p.face], RANK_OF[p.face]
        staying = counts[colour] - 1  # cards of this colour left to follow up with
        score = 2.0 * staying + POINTS[p.face] / 10
        if rank == SKIP and hand_size > 1:
            score += 6.0  # a free second play
        elif rank == DRAW_TWO:
            score += 4.0
        elif rank == REVERSE:
            score += 3.0 * staying  # the dump sheds all of them
        if pressed and rank in (SKIP, DRAW_TWO):
            score += 6.0  # keep an opponent about to go out busy
        score += rng.random() * 0.01
        if score > best_score:
            best, best_score = p, score
    return best


def _dump_order(s: Situation, face: int) -> int:
    """Numbers first; end on a Skip (go again) if cards remain, else on a Draw 2."""
    rank = RANK_OF[face]
    if rank <= 9:
        return 0
    if rank == REVERSE:
        return 1
    keeps_others = any(COLOUR_OF[c] != s.dump_colour for c in s.hand)
    if rank == SKIP:
        return 3 if keeps_others else 2
    return 2 if keeps_others else 3


def _value_terms(card: int) -> tuple[float, float]:
    """A drafted card is worth `base + per_card * (cards of its colour held)`: wilds and actions
    first, then colour depth."""
    if card >= WILD:
        return _WILD_VALUE[card], 0.0
    rank = RANK_OF[card]
    if rank > 9:
        return _COLOURED_ACTION_VALUE[rank], 1.0 if rank == REVERSE else 0.0
    return 3.0 - rank * 0.15, 0.8


_TERMS = [_value_terms(face) for face in range(FACE_COUNT)]
_BASE: tuple[float, ...] = tuple(base for base, _ in _TERMS)
_PER_CARD: tuple[float, ...] = tuple(per_card for _, per_card in _TERMS)


def _card_value(card: int, counts: Sequence[int]) -> float:
    """How much a drafted card is worth keeping."""
    per_card = _PER_CARD[card]
    return _BASE[card] + per_card * counts[COLOUR_OF[card]] if per_card else _BASE[card]


def _value_sums(faces: Sequence[int]) -> tuple[float, list[float]]:
    """The summed base values of `faces`, and their summed per-card terms by colour."""
    base = 0.0
    per_colour = [0.0, 0.0, 0.0, 0.0]
    for face in faces:
        base += _BASE[face]
        if _PER_CARD[face]:
            per_colour[COLOUR_OF[face]] += _PER_CARD[face]
    return base, per_colour


_DECK_COUNTS = {size: [deck_for(size).count(f) for f in range(FACE_COUNT)] for size in (108, 112)}
_DECK_VALUES = {size: _value_sums(deck_for(size)) for size in (108, 112)}


def _unknown_counts(s: Situation, also_known: Sequence[int] = ()) -> list[int]:
    """How many of each face this seat cannot place: the deck less its hand, the discards and
    the draft discards."""
    left = list(_DECK_COUNTS[s.deck_size])
    for pile in (s.hand, s.discard, s.draft_discards, also_known):
        for card in pile:
            left[card] -= 1
    return [max(n, 0) for n in left]


def _unknown_cards(s: Situation) -> list[int]:
    return [card for card, n in enumerate(_unknown_counts(s)) for _ in range(n)]


def _keep_draft_card(s: Situation) -> bool:
    """Keep the card if it is worth more than the unknown card a discard would force on us:
    the deck's value less that of every card we can place, over the cards left."""
    counts = _colour_counts(s.hand)
    deck_base, deck_per_colour = _DECK_VALUES[s.deck_size]
    known = (*s.hand, *s.discard, *s.draft_discards, s.draft_card)
    known_base, known_per_colour = _value_sums(known)
    total = s.deck_size - len(known)
    value = deck_base - known_base + sum(
        counts[colour] * (deck_per_colour[colour] - known_per_colour[colour]) for colour in range(4))
    return _card_value(s.draft_card, counts) >= value / max(total, 1)


def guilt_probability(s: Situation) -> float:
    """The chance that the opponent's hand still holds a card it could have played instead of
    the Wild Draw 4, if its cards were a random draw from the cards we cannot place."""
    under = s.discard[-2] if len(s.discard) >= 2 else -1
    unknown = _unknown_cards(s)
    if under < 0 or COLOUR_OF[under] < 0:
        # The colour a wild named is no longer shown: any coloured card fits it one time in four.
        fits = sum(1.0 if c >= WILD and c != WILD_DRAW_FOUR else 0.25 if c < WILD else 0.0
                   for c in unknown)
    else:
        colour, rank = COLOUR_OF[under], RANK_OF[under]
        fits = sum(1.0 for c in unknown if c != WILD_DRAW_FOUR and (
            COLOUR_OF[c] == colour if s.colour_only_challenge
            else c >= WILD or COLOUR_OF[c] == colour or RANK_OF[c] == rank))
    total = len(unknown)
    none_fit = 1.0
    for i in range(min(s.opponent_cards, total)):
        none_fit *= max(total - fits - i, 0.0) / (total - i)
    return 1.0 - none_fit


class HeuristicBot:
    """Plays like a sensible person; see `decide`."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        return decide(situation_from_view(view, seat), legal, self._random)


# --- ISMCTS --------------------------------------------------------------------------------


def heuristic_rollout(state: UnoDuoState, seat: int, legal: Sequence[Any], rng: random.Random) -> Any:
    """The heuristic on what `seat` would see of a sampled state."""
    return decide(situation_from_state(state, seat), legal, rng)


def without_silent_plays(legal: Sequence[Any]) -> list[Any]:
    """A play that leaves one card without saying UNO is never better than the same play with it."""
    if not any(isinstance(a, Play) and a.uno for a in legal):
        return list(legal)
    return [a for a in legal if not (isinstance(a, Play) and not a.uno and act.play(a.face, a.colour, True)
                                     in legal)]


LAST_TURN_TRIES = 8  # deals tried for one that explains the opponent's last play


class _SearchUnoDuo(UnoDuo):
    """UNO Duo as the search imagines it: samples respect what the reader remembers, and the
    imagined match ends with the round (the search values one round at a time)."""

    def __init__(self, reader: OpponentReader | None, explain_last_play: bool = False) -> None:
        self.reader = reader
        self.explain_last_play = explain_last_play
        self._table: tuple[JSON, Table] | None = None  # the view being searched, read once

    def sample_state(self, seen: JSON, seat: int, rng: random.Random) -> UnoDuoState:
        memory = self.reader.memory if self.reader is not None else None
        if self._table is None or self._table[0] is not seen:
            self._table = (seen, read_table(seen, memory))
        table = self._table[1]
        state = sample_state(seen, seat, rng, memory, table)
        last = memory.last_turn if memory is not None and self.explain_last_play else None
        if last is not None:
            # Prefer a deal with which a sensible player would have made the opponent's last play.
            for _ in range(LAST_TURN_TRIES - 1):
                if explains(last, state, 1 - seat, rng):
                    break
                state = sample_state(seen, seat, rng, memory, table)
        state.last_round = True
        return state


def explains(last: LastTurn, state: UnoDuoState, seat: int, rng: random.Random) -> bool:
    """Whether the heuristic, holding `seat`'s sampled hand and the card it played, would have
    played that card (and named that colour) at the table `last` describes."""
    before = UnoDuoState(
        options=state.options, rng=state.rng, cut=[], player_one=state.player_one,
        phase=last.phase, current=seat, hands=[[], []], discard=last.discard, colour=last.colour,
        volley=last.volley)
    before.hands[seat] = [*state.hands[seat], last.face]
    before.hands[1 - seat] = [0] * last.our_cards  # only its size is read
    choice = decide(situation_from_state(before, seat), rules.legal_actions(before, seat), rng)
    if not isinstance(choice, Play):
        return True  # a move the table did not show (saying UNO): no evidence either way
    return choice.face == last.face and (last.face < WILD or choice.colour == last.named)


class UnoIsmcts:
    """ISMCTS with heuristic rollouts, the heuristic as its prior and as its model of the
    opponent, and an opponent reader that narrows the deals it imagines."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, time_ms: float | None = 200.0,
                 iterations: int | None = None, read_opponent: bool = True,
                 explain_last_play: bool = False, **settings: Any) -> None:
        opponent = settings.pop("opponent", "heuristic")
        if opponent not in ("heuristic", "search"):
            raise ValueError(f"opponent must be 'heuristic' or 'search', not {opponent!r}")
        if opponent == "heuristic":
            # The opponent is taken for the sensible player the reader assumes: its moves come
            # from the heuristic on the hand dealt to it, and the tree branches on ours alone.
            settings["opponent_policy"] = heuristic_rollout
        if not settings.pop("use_prior", True):
            settings["prior"] = None
        settings.setdefault("prior", heuristic_rollout)
        self.reader = OpponentReader() if read_opponent else None
        game = _SearchUnoDuo(self.reader, explain_last_play)
        self.search = Ismcts(game, time_ms=time_ms, iterations=iterations,
                             rollout=heuristic_rollout, action_filter=without_silent_plays, seed=seed,
                             name="ismcts", **settings)

    @property
    def last_iterations(self) -> int:
        return self.search.last_iterations

    def set_budget(self, time_ms: float | None, iterations: int | None = None) -> None:
        self.search.set_budget(time_ms, iterations)

    def set_workers(self, workers: int | None) -> None:
        """In a bot pool, spread each decision over `workers` searches (None: every worker)."""
        self.search.set_workers(workers)

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        if self.reader is not None:
            self.reader.observe(view, seat)
        action = self.search.choose(view, legal, seat)
        if self.reader is not None:
            self.reader.record(view, seat, action)
        return action


def ismcts_bot(seed: int | None = None, time_ms: float | None = 200.0,
               iterations: int | None = None, **settings: Any) -> UnoIsmcts:
    """`settings` go to `Ismcts` (for experiments); `opponent="search"` gives the opponent tree
    nodes of its own instead of the heuristic's moves, `read_opponent=False` turns the reader off,
    `explain_last_play=True` redeals hands that would not have made the opponent's last play
    (sound, but it costs iterations and no benchmark showed it paying)."""
    return UnoIsmcts(seed, time_ms, iterations, **settings)


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "heuristic": HeuristicBot,
    "ismcts": ismcts_bot,
}
