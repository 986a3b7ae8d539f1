"""UNO Duo as an OpenSpiel game: OpenSpiel's own random-simulation test, chance decided at each
draw (so a search that copies the state sees no card before it is drawn), OpenSpiel's
`evaluate_bots` with its ISMCTS bot, and that bot against duoplay's heuristic bot (needs the
`openspiel` extra; skipped without it)."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from duoplay.games.uno_duo.actions import DRAW  # noqa: E402
from duoplay.games.uno_duo.ai import action_index, encode_view  # noqa: E402
from duoplay.games.uno_duo.ai import openspiel as uno_spiel  # noqa: E402
from duoplay.games.uno_duo.bots import HeuristicBot  # noqa: E402
from duoplay.games.uno_duo.cards import deck_for  # noqa: E402
from duoplay.games.uno_duo.game import GAME  # noqa: E402


def by_chance(state: pyspiel.State, rng: random.Random) -> None:
    """Let chance decide, by its own odds, until a player is to move."""
    while state.is_chance_node():
        outcomes, odds = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(outcomes, weights=odds)[0])


def test_openspiel_random_simulation_test_passes() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 30})
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)


def test_the_game_starts_with_hidden_chance_and_observes_like_the_pettingzoo_env() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME)
    state = game.new_initial_state()
    rng = random.Random(5)
    assert state.is_chance_node() and len(state.chance_outcomes()) == 112  # the cut: a card of the deck
    for _ in range(60):
        by_chance(state, rng)
        seat = state.current_player()
        assert np.array_equal(np.asarray(state.observation_tensor(seat), dtype=np.float32),
                              encode_view(GAME.view(state.uno, seat), seat))
        assert state.legal_actions() == sorted(action_index(a) for a in GAME.legal_actions(state.uno, seat))
        # The other player's hand is not in what this player observes.
        twin = uno_spiel.resample(state, seat, rng)
        assert twin.information_state_string(seat) == state.information_state_string(seat)
        state.apply_action(rng.choice(state.legal_actions()))


def test_openspiel_ismcts_plays_full_games_against_the_heuristic_bot() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 1})
    rng = random.Random(1)
    bot = ismcts.ISMCTSBot(game=game, evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                           uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(2))
    bot.set_resampler(lambda state, player: uno_spiel.resample(state, player, rng))
    ours = HeuristicBot(seed=3)
    for ismcts_seat in (0, 1):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                by_chance(state, rng)
                continue
            seat = state.current_player()
            if seat == ismcts_seat:
                action = bot.step(state)
            else:
                legal = GAME.legal_actions(state.uno, seat)
                action = action_index(ours.choose(GAME.view(state.uno, seat), legal, seat))
            assert action in state.legal_actions()
            state.apply_action(action)
        assert sorted(state.returns()) == [-1.0, 1.0]


def test_no_information_state_tensor_is_offered_and_asking_for_one_raises() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 30})
    assert not game.get_type().provides_information_state_tensor
    state = game.new_initial_state()
    by_chance(state, random.Random(4))
    assert len(state.observation_tensor(0)) == 309
    assert state.information_state_string(0).startswith("p0 ")  # the string, with every move, stays
    with pytest.raises(NotImplementedError, match="no information-state tensor"):
        state.information_state_tensor(0)


def a_turn_to_draw(seed: int) -> pyspiel.State:
    """A game played at random to an ordinary turn where the player may draw."""
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 30})
    state = game.new_initial_state()
    rng = random.Random(seed)
    while True:
        by_chance(state, rng)
        drawing = action_index(DRAW) in state.legal_actions() and state.uno.phase == "turn"
        if drawing and len(state.moves) > 20:
            return state
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_card_is_decided_when_it_is_drawn_and_no_copy_knows_it_before() -> None:
    for seed in range(5):
        state = a_turn_to_draw(seed)
        seat = state.current_player()
        pile = state.uno.draw_pile
        shuffled = pile[len(pile) - state.uno.rng.unordered:]
        copy = state.clone()
        copy.apply_action(action_index(DRAW))
        # Drawing is a chance node over the cards left in the shuffled part, by how many of each.
        assert copy.is_chance_node()
        odds = dict(copy.chance_outcomes())
        assert odds == pytest.approx({card: shuffled.count(card) / len(shuffled) for card in set(shuffled)})
        # Two copies of the same state, told different cards, draw those cards: nothing in the
        # state had fixed the card beforehand.
        hands = set()
        for card in sorted(odds)[:2]:
            twin = state.clone()
            twin.apply_action(action_index(DRAW))
            twin.apply_action(card)
            assert not twin.is_chance_node()
            hands.add(tuple(sorted(twin.uno.hands[seat])))
            assert twin.uno.hands[seat].count(card) == state.uno.hands[seat].count(card) + 1
        assert len(hands) == min(2, len(odds))


def test_the_cut_and_the_first_card_of_the_deal_follow_the_deck() -> None:
    game = pyspiel.load_game(uno_spiel.SHORT_NAME)
    state = game.new_initial_state()
    rng = random.Random(0)
    deck = deck_for(112)
    # The cut: each card is any card of the deck, as likely as any other.
    assert state.chance_outcomes() == [(index, 1 / 112) for index in range(112)]
    while state.chance_kind == "index":
        state.apply_action(rng.randrange(112))
    # Then the deal: the first card the drafter looks at, by the shuffled deck's make-up.
    assert state.is_chance_node() and state.uno is None
    make_up = {card: deck.count(card) / 112 for card in set(deck)}
    assert dict(state.chance_outcomes()) == pytest.approx(make_up)
    state.apply_action(deck[0])
    assert state.uno is not None and state.uno.draft_card == deck[0] and state.uno.rng.unordered == 111


class Flat(mcts.Evaluator):  # type: ignore[misc]
    """Every position is worth nothing to either player; every move is as likely as another."""

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        return np.zeros(2)

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if state.is_chance_node():
            return list(state.chance_outcomes())
        legal = state.legal_actions()
        return [(action, 1 / len(legal)) for action in legal]


def test_openspiel_evaluate_bots_runs_its_ismcts_bot_against_a_random_bot() -> None:
    # OpenSpiel's evaluate_bots in C++ (the Python one asks each bot to restart_at, which its
    # Python ISMCTS bot does not offer).
    game = pyspiel.load_game(uno_spiel.SHORT_NAME, {"target_score": 1})
    rng = random.Random(7)
    # A flat evaluator and few simulations: the test is that the game runs to its end through
    # OpenSpiel's own loop, not how well the bot plays (random rollouts of random play are long).
    searcher = ismcts.ISMCTSBot(game=game, evaluator=Flat(), uct_c=2.0, max_simulations=4,
                                random_state=np.random.RandomState(4))
    searcher.set_resampler(lambda state, player: uno_spiel.resample(state, player, rng))
    uniform = pyspiel.make_uniform_random_bot(1, 5)
    returns = pyspiel.evaluate_bots(game.new_initial_state(), [searcher, uniform], 6)
    assert sorted(returns) == [-1.0, 1.0]
