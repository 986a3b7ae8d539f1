"""UNO Duo as an OpenSpiel Python game (needs the `openspiel` extra: open_spiel).

Importing this module registers the game as `python_uno_duo`, so
`pyspiel.load_game("python_uno_duo", {"target_score": 100})` builds it and OpenSpiel's
algorithms run on it. The game is sequential, zero-sum, with imperfect information:

- chance: every random event is a chance node when it happens, never before: each card of
  the cut (an index into the deck), each card drawn from the draw pile (one of the distinct
  cards left in its shuffled part, weighted by how many of each are left; the draft's
  discards, laid under the pile in a known order, come last in that order), and each card
  of the hands' shuffle after a 7. A shuffled pile has no order in the state until a card
  is drawn (`chance.ChanceRng`), so a copy of the state, such as a perfect-information
  search makes, knows the opponent's cards but not one card that chance has not revealed;
- actions: the 151 indices of `duoplay.games.uno_duo.ai` (`ACTIONS`), the same as in the
  PettingZoo environment;
- observations: a player's observation is its view (`GAME.view(state, seat)`); the tensor
  is the PettingZoo environment's 309 values, the string is the view as JSON without the
  record of finished rounds and of the first cut (they no longer bear on the game: the
  scores and Player 1 are in the view); the information state string adds every move
  made so far (moves are public at the table);
- returns: +1 for the winner and -1 for the loser (who reached the target score).

`resample(state, player, rng)` draws a state the player cannot tell from this one (the
rules' `sample_state`), for search bots such as OpenSpiel's ISMCTS:
`bot.set_resampler(lambda state, player: resample(state, player, rng))`.
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

try:
    import pyspiel
except ImportError as missing:
    raise ImportError(f"UNO Duo's OpenSpiel game needs the 'openspiel' extra "
                      f"({missing.name or 'pyspiel'} is missing): pip install 'duoplay[openspiel]'"
                      ) from missing

from duoplay.games.uno_duo import rules
from duoplay.games.uno_duo.ai.chance import ChanceRng, NeedChance, Outcomes
from duoplay.games.uno_duo.ai.encoding import ACTION_COUNT, ACTIONS, OBS_SIZE, action_index, encode_view
from duoplay.games.uno_duo.cards import CODES, deck_for
from duoplay.games.uno_duo.game import GAME
from duoplay.games.uno_duo.options import UnoDuoOptions
from duoplay.games.uno_duo.state import Phase, UnoDuoState

SHORT_NAME = "python_uno_duo"
_CHANCE_OUTCOMES = max(len(deck_for(112)), len(CODES))  # a cut's deck index, or a card
_MAX_GAME_LENGTH = 100_000  # a bound for OpenSpiel; games to 500 points take a few thousand moves
_DEFAULTS = UnoDuoOptions()
_PAST = frozenset({"history", "cut"})  # left out of observation strings (see the module's docstring)

_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="UNO Duo (duoplay)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"target_score": _DEFAULTS.target_score, "deck_size": _DEFAULTS.deck_size},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=ACTION_COUNT,
    max_chance_outcomes=_CHANCE_OUTCOMES,
    num_players=2,
    min_utility=-1.0,
    max_utility=1.0,
    utility_sum=0.0,
    max_game_length=_MAX_GAME_LENGTH,
)


class UnoDuoSpielGame(pyspiel.Game):  # type: ignore[misc]
    """UNO Duo for OpenSpiel; parameters `target_score` and `deck_size` (UNO Duo's options)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        chosen = self.get_parameters()
        self.options = GAME.parse_options({"target_score": chosen.get("target_score", _DEFAULTS.target_score),
                                           "deck_size": chosen.get("deck_size", _DEFAULTS.deck_size)})

    def new_initial_state(self) -> UnoDuoSpielState:
        return UnoDuoSpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> UnoDuoObserver:
        return UnoDuoObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class UnoDuoSpielState(pyspiel.State):  # type: ignore[misc]
    """A game in progress. The rules' state (`uno`) moves on only once chance has decided every
    random event a move (or the setup) needs: until then the move waits (`pending`) with the
    outcomes chosen for it so far (`script`), and the state is a chance node."""

    def __init__(self, game: UnoDuoSpielGame) -> None:
        super().__init__(game)
        self.options = game.options
        self.uno: UnoDuoState | None = None
        self.pending: int | None = None  # the player's action waiting for chance
        self.script: list[int] = []  # the chance outcomes chosen for the setup or the pending action
        self.chance: Outcomes = []  # what chance may decide next, while this is a chance node
        self.chance_kind = "index"
        self.moves: list[str] = []  # "seat:notation" of every move, for information states
        self._advance()

    def current_player(self) -> int:
        if self.chance:
            return int(pyspiel.PlayerId.CHANCE)
        assert self.uno is not None
        if self.uno.phase == Phase.GAME_OVER:
            return int(pyspiel.PlayerId.TERMINAL)
        return self.uno.current

    def _legal_actions(self, player: int) -> list[int]:
        assert self.uno is not None and player == self.uno.current
        return sorted(map(action_index, rules.legal_actions(self.uno, player)))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        assert self.is_chance_node()
        return list(self.chance)

    def _advance(self) -> None:
        """Set up the game or apply the pending action with the outcomes chosen so far: done, or a
        chance node for the next random event. A try that needs more chance is thrown away."""
        rng = ChanceRng(list(self.script))
        try:
            if self.uno is None:
                attempt = rules.setup(self.options, 0, rng)
            else:
                assert self.pending is not None
                attempt = self.uno.copy()
                rng.unordered = self.uno.rng.unordered if isinstance(self.uno.rng, ChanceRng) else 0
                attempt.rng = rng
                seat = attempt.current
                rules.apply(attempt, seat, ACTIONS[self.pending])
        except NeedChance as need:
            self.chance, self.chance_kind = need.outcomes, need.kind
            return
        rng.script, rng.used = [], 0  # spent: the state keeps only what has no order yet
        if self.uno is not None and self.pending is not None:
            self.moves.append(f"{self.uno.current}:{ACTIONS[self.pending].notation()}")
        self.uno, self.pending, self.script, self.chance = attempt, None, [], []

    def _apply_action(self, action: int) -> None:
        if not self.chance:
            self.pending = action
        else:
            self.script.append(action)
        self._advance()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"card {CODES[action]}" if self.chance_kind == "card" else f"deck index {action}"
        return ACTIONS[action].notation()

    def is_terminal(self) -> bool:
        return not self.chance and self.uno is not None and self.uno.phase == Phase.GAME_OVER

    def returns(self) -> list[float]:
        outcome = GAME.outcome(self.uno) if self.uno is not None else None
        if outcome is None:
            return [0.0, 0.0]
        return [1.0 if result == 1.0 else -1.0 for result in outcome.results]

    def __str__(self) -> str:
        if self.uno is None:
            return f"setting up: {len(self.script)} chance outcomes so far"
        state = self.uno
        return (f"round {state.round}, phase {state.phase}, scores {state.scores}, to act {state.current}; "
                f"hands {state.hands}; top {state.discard[-1] if state.discard else None}")


class UnoDuoObserver:
    """What a player observes: its view. The tensor is the PettingZoo observation (the seat's
    view, or the spectator's with `private_info` NONE); the string is the view as JSON, with
    every move so far when the observation type has perfect recall."""

    def __init__(self, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise ValueError(f"UNO Duo's observer takes no parameters, not {params}")
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.tensor = np.zeros(OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def _view(self, state: UnoDuoSpielState, player: int) -> dict[str, Any] | None:
        if state.uno is None:
            return None
        view: dict[str, Any] = GAME.view(state.uno, player if self.private else -1)
        return view

    def _shown(self, view: dict[str, Any]) -> dict[str, Any]:
        return {key: value for key, value in view.items() if key not in _PAST}

    def set_from(self, state: UnoDuoSpielState, player: int) -> None:
        if self.perfect_recall:  # one view, without the moves: it is no information state
            raise NotImplementedError("UNO Duo offers no information-state tensor (its tensor holds the "
                                      "current view only); use information_state_string or "
                                      "observation_tensor")
        view = self._view(state, player)
        self.tensor[:] = 0.0 if view is None else encode_view(view, player)

    def string_from(self, state: UnoDuoSpielState, player: int) -> str:
        view = self._view(state, player)
        text = f"p{player} " + ("dealing" if view is None else json.dumps(self._shown(view), sort_keys=True))
        if self.perfect_recall:
            text += " moves: " + " ".join(state.moves)
        return text


def resample(state: UnoDuoSpielState, player: int, rng: random.Random) -> UnoDuoSpielState:
    """A copy of `state` with what `player` cannot see drawn anew (the opponent's hand and which
    cards the draw pile holds), consistent with what it saw; later draws stay chance's."""
    copy: UnoDuoSpielState = state.clone()
    if state.uno is not None:
        sampled = GAME.sample_state(GAME.view(state.uno, player), player, rng)
        unordered = state.uno.rng.unordered if isinstance(state.uno.rng, ChanceRng) else 0
        sampled.rng = ChanceRng(unordered=min(unordered, len(sampled.draw_pile)))
        copy.uno = sampled
    return copy


pyspiel.register_game(_GAME_TYPE, UnoDuoSpielGame)
