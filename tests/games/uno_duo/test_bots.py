"""UNO Duo bots: what a player would notice about how they play."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Iterator
from typing import Any

import pytest
from tests.games.uno_duo.helpers import GAME, Phase, cards, match_at, position

from duoplay.bots import bot_levels, make_bot
from duoplay.bots.base import RandomBot
from duoplay.bots.play import play_match
from duoplay.bots.pool import BotPool, PooledBot
from duoplay.core.match import Match
from duoplay.core.protocol import JSON
from duoplay.games.uno_duo import actions as act
from duoplay.games.uno_duo.actions import ChooseColour, Play
from duoplay.games.uno_duo.bots import (
    HeuristicBot,
    guilt_probability,
    ismcts_bot,
    situation_from_view,
)
from duoplay.games.uno_duo.cards import CODE_TO_FACE, COLOUR_INDEX
from duoplay.games.uno_duo.state import UnoDuoState


def heuristic_choice(state: UnoDuoState, seat: int | None = None) -> Any:
    seat = state.current if seat is None else seat
    match = match_at(state)
    return HeuristicBot(0).choose(match.view(seat), match.legal_actions(seat), seat)


def test_levels_are_registered() -> None:
    assert bot_levels("uno-duo") == ["random", "heuristic", "ismcts"]
    assert isinstance(make_bot("uno-duo", "heuristic", 3), HeuristicBot)
    assert make_bot("uno", "ismcts", 3).name == "ismcts"


# --- The heuristic's habits -----------------------------------------------------------------


def test_says_uno_when_a_play_leaves_one_card() -> None:
    state = position(("R7 B2", "G1 G2 G3"), discard="R5")
    choice = heuristic_choice(state)
    assert choice == act.play(CODE_TO_FACE["R7"], COLOUR_INDEX["red"], True)


def test_catches_an_opponent_who_forgot_uno() -> None:
    state = position(("R7 B2 G4", "G1"), discard="R5", uno_exposed=1)
    assert heuristic_choice(state) == act.CATCH


def test_volleys_a_draw_two_when_it_holds_one() -> None:
    state = position(("B+2 R3 Y9", "G1 G2 G3"), discard="R5 G+2", phase=Phase.VOLLEY, volley=2)
    assert heuristic_choice(state) == act.play(CODE_TO_FACE["B+2"], COLOUR_INDEX["blue"])


def test_draws_the_volley_without_a_draw_two() -> None:
    state = position(("B2 R3 Y9", "G1 G2 G3"), discard="R5 G+2", phase=Phase.VOLLEY, volley=2)
    assert heuristic_choice(state) == act.DRAW


def test_a_wild_names_the_colour_it_holds_most() -> None:
    state = position(("wild B1 B2 B5 R3 Y8", "G1 G2 G3"), discard="G7")
    assert heuristic_choice(state) == act.play(CODE_TO_FACE["wild"], COLOUR_INDEX["blue"])


def test_keeps_wilds_while_a_coloured_card_fits() -> None:
    state = position(("wild wild+4 G2 B5", "R1 R2 R3"), discard="G7")
    assert heuristic_choice(state) == act.play(CODE_TO_FACE["G2"], COLOUR_INDEX["green"])


def test_plays_rather_than_draws() -> None:
    state = position(("Y2 B5 R9", "G1 G2 G3"), discard="G9")
    assert heuristic_choice(state) == act.play(CODE_TO_FACE["R9"], COLOUR_INDEX["red"])


def test_plays_a_reverse_to_dump_a_long_colour_then_dumps() -> None:
    state = position(("Rrev R1 R4 R8 B5", "G1 G2 G3"), discard="R5")
    assert heuristic_choice(state) == act.play(CODE_TO_FACE["Rrev"], COLOUR_INDEX["red"])
    match = match_at(state)
    bot = HeuristicBot(0)
    match.act(0, bot.choose(match.view(0), match.legal_actions(0), 0))
    assert match.state.phase == Phase.DUMP_DECIDE
    assert bot.choose(match.view(0), match.legal_actions(0), 0) == act.DUMP


def test_start_colour_is_its_majority_colour() -> None:
    state = position(("Y1 Y2 Y5 G7 B2 R3 Y9", "G1 G2 G3 G4 G5 G6 G8"), discard="wild",
                     phase=Phase.START_COLOUR, current=0, player_one=0)
    assert heuristic_choice(state) == ChooseColour(COLOUR_INDEX["yellow"])


def test_drafts_wilds_and_passes_on_stray_numbers() -> None:
    keep_wild = position(("R1 R2", "G1"), discard="", phase=Phase.DRAFT, current=0,
                         draft_card=CODE_TO_FACE["wild+4"])
    assert heuristic_choice(keep_wild) == act.DRAFT_KEEP
    stray = position(("R1 R2 R3 R4", "G1 G2 G3"), discard="", phase=Phase.DRAFT, current=0,
                     draft_card=CODE_TO_FACE["B9"])
    assert heuristic_choice(stray) == act.DRAFT_DISCARD


def test_challenges_a_wild_draw_four_only_when_likely_guilty() -> None:
    # Seven cards left after playing it on a red 5: almost surely one of them fitted.
    likely = position(("B1 B2", "G1 G2 G3 G4 G6 G7 G8"), discard="R5 wild+4", colour="green",
                      phase=Phase.CHALLENGE, current=0, w4_offender=1)
    match = match_at(likely)
    assert guilt_probability(situation_from_view(match.view(0), 0)) > 0.9
    assert heuristic_choice(likely) == act.CHALLENGE
    # One card left: it fits a red 5 less often than not.
    unlikely = position(("B1 B2", "G1"), discard="R5 wild+4", colour="green",
                        phase=Phase.CHALLENGE, current=0, w4_offender=1)
    assert guilt_probability(situation_from_view(match_at(unlikely).view(0), 0)) < 0.5
    assert heuristic_choice(unlikely) == act.ACCEPT


# --- Views only -----------------------------------------------------------------------------


class _ViewOnly:
    """Hands a bot the seat's view as plain JSON (through text and back) and nothing else."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.seen: list[type] = []

    def choose(self, view: JSON, legal: Any, seat: int) -> Any:
        self.seen.append(type(view))
        return self.bot.choose(json.loads(json.dumps(view)), legal, seat)


@pytest.mark.parametrize("level", ["heuristic", "ismcts"])
def test_bots_play_a_whole_round_from_json_views_alone(level: str) -> None:
    bot = ismcts_bot(5, time_ms=None, iterations=8) if level == "ismcts" else make_bot("uno-duo", level, 5)
    players = [_ViewOnly(bot), _ViewOnly(HeuristicBot(6))]
    match = Match.new("uno-duo", 2, 21, {"target_score": 1000})
    while not match.state.history:
        seat = match.to_move()[0]
        legal = match.legal_actions(seat)
        action = players[seat].choose(match.view(seat), legal, seat)
        assert action in legal
        match.act(seat, action)
    assert players[0].seen and set(players[0].seen) == {dict}


# --- Strength ---------------------------------------------------------------------------------


def test_heuristic_beats_random_clearly() -> None:
    # 300 single rounds with fixed seeds, seats swapped every round. The heuristic wins about
    # 99% of them (see docs/benchmarks/bot_strength.md); 85% leaves a wide margin for noise.
    rounds, wins = 300, 0
    for i in range(rounds):
        levels = ["heuristic", "random"] if i % 2 == 0 else ["random", "heuristic"]
        played = play_match("uno-duo", levels, 7000 + i, {"target_score": 1000}, first_round_only=True)
        wins += (i % 2) in played.winners()
    assert wins / rounds >= 0.85, f"heuristic won only {wins} of {rounds} rounds"


# --- ISMCTS in every phase ----------------------------------------------------------------------

ALL_PHASES = {Phase.DRAFT, Phase.START_COLOUR, Phase.TURN, Phase.DRAWN, Phase.VOLLEY, Phase.CHALLENGE,
              Phase.DUMP_DECIDE, Phase.DUMPING}


def _positions(per_phase: int) -> Iterator[tuple[str, JSON, list[Any], int]]:
    """Positions from random play, up to `per_phase` of each phase plus some where UNO can be
    said or called: (phase, view, legal actions, seat)."""
    found: dict[str, int] = {}
    chooser = random.Random(3)
    bots = [RandomBot(1), RandomBot(2)]
    for seed in range(400):
        match = Match.new("uno-duo", 2, seed, {"target_score": 1000})
        while not match.state.history:
            seat = match.to_move()[0]
            legal = list(match.legal_actions(seat))
            phase = match.state.phase
            key = "uno" if act.SAY_UNO in legal or act.CATCH in legal else phase
            if found.get(key, 0) < per_phase and len(legal) > 1 and chooser.random() < 0.3:
                found[key] = found.get(key, 0) + 1
                yield phase, match.view(seat), legal, seat
            match.act(seat, bots[seat].choose(match.view(seat), legal, seat))
        if all(found.get(p, 0) >= per_phase for p in (*ALL_PHASES, "uno")):
            return


def test_ismcts_returns_a_legal_action_in_every_phase() -> None:
    bot = ismcts_bot(seed=4, time_ms=None, iterations=25)
    phases: set[str] = set()
    for phase, view, legal, seat in _positions(per_phase=4):
        action = bot.choose(view, legal, seat)
        assert action in legal, f"{action!r} is not legal in {phase}"
        assert bot.last_iterations == 25
        phases.add(phase)
    assert phases >= ALL_PHASES


def test_ismcts_in_a_pool_of_two_plays_legal_moves_and_shares_its_budget() -> None:
    """As the server runs it: the bot thinks in the pool, its decision spread over both workers."""
    with BotPool(2, games=["uno-duo"]) as pool:
        bot = PooledBot(pool, "uno-duo", "ismcts", seed=4,
                        bot=ismcts_bot(seed=4, time_ms=None, iterations=24, workers=2))
        iterations = []
        for phase, view, legal, seat in _positions(per_phase=2):
            action = bot.choose(view, legal, seat)
            assert action in legal, f"{action!r} is not legal in {phase}"
            assert bot.memory is not None
            searched = pickle.loads(bot.memory)  # the bot as its last decision left it
            iterations.append(searched.last_iterations)
        # A share goes to a worker only while it is idle: on a loaded machine a decision may end
        # with its own half alone, never with less, and the shared ones add up to the whole budget.
        assert set(iterations) <= {12, 24} and 24 in iterations
        assert pool.stats.searches_run > 0  # the other worker took its share


def test_ismcts_answers_at_once_when_there_is_one_choice() -> None:
    state = position(("B1 B2", "G1 G2"), discard="R5", draw="Y3")
    match = match_at(state)
    bot = ismcts_bot(seed=1, time_ms=5000)
    assert bot.choose(match.view(0), match.legal_actions(0), 0) == act.DRAW
    assert bot.last_iterations == 0


def test_ismcts_takes_the_winning_last_card() -> None:
    # Going out now wins the round; drawing gives the opponent a chance.
    state = position(("R7", "G1 G2 G3 B4"), discard="R5", draw="Y3")
    match = match_at(state)
    bot = ismcts_bot(seed=2, time_ms=None, iterations=60)
    assert bot.choose(match.view(0), match.legal_actions(0), 0) == Play(CODE_TO_FACE["R7"], 0)


def test_round_value_rewards_the_seat_that_went_out() -> None:
    state = position(("R7", "G1 G2 wild+4"), discard="R5")
    mark = GAME.round_mark(state)
    assert GAME.round_value(mark, state, 0) is None
    GAME.apply(state, 0, act.play(cards("R7")[0], 0))
    won, lost = GAME.round_value(mark, state, 0), GAME.round_value(mark, state, 1)
    assert won is not None and lost is not None
    assert won > 0.8 and lost < 0.2 and won + lost == pytest.approx(1.0)


def test_ismcts_models_the_opponent_as_the_heuristic_unless_told_to_search_its_moves() -> None:
    assert ismcts_bot(1).search.opponent_policy is not None
    assert ismcts_bot(1, opponent="search").search.opponent_policy is None
    with pytest.raises(ValueError, match="opponent"):
        ismcts_bot(1, opponent="psychic")
