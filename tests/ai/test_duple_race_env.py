"""Duple races for several agents (`duoplay.ai.parallel_env("duple")`): ticks, bots, ties, rewards."""

from __future__ import annotations

import random
import warnings

import pytest
from pettingzoo.test import parallel_api_test

from duoplay import ai
from duoplay.games.duple.race_env import PASS, DupleRaceEnv
from duoplay.games.duple.words.answer import find_answer


def hard_word(info: dict[str, object], lang: str = "en") -> str:
    letters, category = info["letters"], info["category_id"]
    assert isinstance(letters, list) and (category is None or isinstance(category, str))
    return find_answer(lang, letters, category, 1.0, random.Random(0)) or PASS


def test_duple_offers_a_parallel_race_environment_beside_its_text_one() -> None:
    assert "duple" in ai.parallel_games() and "duple" in ai.text_games()
    assert type(ai.parallel_env("duple", lang="en")) is DupleRaceEnv


def test_pettingzoos_parallel_api_test_passes_with_and_without_bots() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(DupleRaceEnv(players=4, bots={3: "hard"}, lang="en", races=3), num_cycles=200)
        parallel_api_test(DupleRaceEnv(players=2, lang="en", races=2, all_play_share=1.0), num_cycles=100)


def run(env: DupleRaceEnv, seed: int, answer_at: int) -> tuple[float, int]:
    """player_0 answers the hard bot's word `answer_at` ticks into each race it races."""
    observations, infos = env.reset(seed=seed)
    total, steps = 0.0, 0
    while env.agents:
        seen = observations["player_0"]
        word = hard_word(infos["player_0"]) if seen["racing"] and seen["tick"] == answer_at - 1 else ""
        observations, rewards, _, _, infos = env.step({"player_0": word})
        total += rewards["player_0"]
        steps += 1
    return total, steps


def test_a_quick_agent_beats_easy_bots_and_a_slow_one_loses_to_hard_bots() -> None:
    quick = DupleRaceEnv(players=3, bots={1: "easy", 2: "easy"}, lang="en", races=12)
    won, _ = run(quick, seed=1, answer_at=2)  # one second: faster than any easy bot (6 s or more)
    assert won == quick.scores[0] >= 6 and sum(quick.scores) <= 12
    slow = DupleRaceEnv(players=3, bots={1: "hard", 2: "hard"}, lang="en", races=12)
    won, _ = run(slow, seed=1, answer_at=20)  # ten seconds: the hard bots answer within 5
    assert won == slow.scores[0] <= 1 and sum(slow.scores) >= 8
    assert run(DupleRaceEnv(players=3, bots={1: "hard", 2: "hard"}, lang="en", races=12), 1, 20) == (won, _)


def test_time_is_counted_in_ticks_and_a_race_ends_at_its_time() -> None:
    env = DupleRaceEnv(players=2, lang="en", races=1, tick_seconds=1.0, race_seconds=5, all_play_seconds=5)
    env.reset(seed=0)
    ticks = 0
    while env.agents:
        _, rewards, _, _, infos = env.step({"player_0": "", "player_1": ""})
        ticks += 1
    assert ticks == 5 and infos["player_0"]["won_by"] is None
    assert rewards == {"player_0": 0.0, "player_1": 0.0}


def test_a_word_in_the_same_tick_ties_a_face_off_and_the_letters_stay() -> None:
    env = DupleRaceEnv(players=2, lang="en", races=1, all_play_share=0.0)
    _, infos = env.reset(seed=3)
    word = hard_word(infos["player_0"])
    assert word != PASS
    letters = env.prompts.letters
    observations, rewards, _, _, infos = env.step({"player_0": word, "player_1": word})
    assert env.agents and env.prompts.letters == letters and observations["player_0"]["tick"] == 0
    observations, rewards, _, _, infos = env.step({"player_1": hard_word(infos["player_1"]), "player_0": ""})
    assert rewards == {"player_0": 0.0, "player_1": 1.0} and infos["player_1"]["won_by"] == 1
    assert not env.agents


def test_refused_words_passes_and_malformed_actions() -> None:
    env = DupleRaceEnv(players=2, lang="en", races=1, all_play_share=0.0, malformed_penalty=0.5)
    env.reset(seed=3)
    observations, rewards, _, _, infos = env.step({"player_0": "zzzq", "player_1": 42})
    assert infos["player_0"]["reason"] != "ok" and infos["player_1"]["reason"] == "malformed"
    assert rewards == {"player_0": 0.0, "player_1": -0.5} and "0: zzzq" in observations["player_1"]["heard"]
    observations, *_ = env.step({"player_0": "日本", "player_1": ""})  # letters the space does not hold
    assert "0: ?? (" in observations["player_0"]["heard"]
    assert env.observation_space("player_0").contains(observations["player_0"])
    observations, rewards, terminations, _, infos = env.step({"player_0": PASS, "player_1": PASS})
    assert all(terminations.values()) and infos["player_0"]["won_by"] is None


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="at least one seat"):
        DupleRaceEnv(players=2, bots={0: "hard", 1: "easy"})
    with pytest.raises(ValueError, match="levels"):
        DupleRaceEnv(players=2, bots={1: "superb"})
    with pytest.raises(ValueError, match="malformed_penalty"):
        DupleRaceEnv(malformed_penalty=-0.5)


def test_pettingzoos_parallel_seed_test_passes() -> None:
    from pettingzoo.test import parallel_seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_seed_test(lambda **_: DupleRaceEnv(players=3, bots={2: "normal"}, lang="en", races=3),
                           num_cycles=50)
