"""DUOS's text environment (pair twelve names) and the cross-play protocol against the association bot."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env

from duoplay import ai
from duoplay.games.duos import cross_play
from duoplay.games.duos.text_env import DuosPairEnv, read_pairs

NAMES = ["Bed", "Teapot", "Chair", "Drum", "Knife and fork", "Bathtub", "Toothbrush", "Hat", "Scissors",
         "Guitar", "Ruler", "Broom"]


def test_duos_offers_a_text_environment_beside_its_parallel_one() -> None:
    assert "duos" in ai.text_games() and "duos" in ai.parallel_games()
    assert type(ai.text_env("duos", lang="sv")) is DuosPairEnv


def test_gymnasiums_check_env_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(DuosPairEnv(lang="pl"), skip_render_check=True)


def test_the_prompt_lists_the_boards_twelve_names_in_the_language() -> None:
    env = DuosPairEnv(lang="fr")
    observation, info = env.reset(seed=5)
    assert observation["names"].splitlines()[0] == f"1. {info['names'][0]}"
    assert len(observation["names"].splitlines()) == 12 and "12. " in env.prompt()
    assert "French names" in env.prompt() and "four pairs" in env.prompt()
    assert info["names"] == cross_play.deal(5).names("fr")


def test_the_bots_own_pairs_score_four_and_are_read_in_any_form() -> None:
    env = DuosPairEnv(lang="en")
    _, info = env.reset(seed=5)
    pairs = cross_play.bot_pairs(5)
    names = info["names"]
    as_numbers = "\n".join(f"{a + 1}-{b + 1}" for a, b in pairs)
    as_names = "; ".join(f"{names[a].upper()} & {names[b]}" for a, b in pairs)
    as_list = "\n".join(f"{i + 1}. ({a + 1}, {b + 1})" for i, (a, b) in enumerate(pairs))
    for answer in (as_numbers, as_names, as_list):
        env.reset(seed=5)
        _, reward, terminated, _, info = env.step(answer)
        assert (reward, terminated, info["left_out"]) == (4.0, True, []), answer


def test_read_pairs_leaves_out_what_does_not_pair() -> None:
    assert read_pairs("1-5, 2-7, 3 & 3, 8", NAMES) == ([(0, 4), (1, 6)], ["1-5, 2-7, 3 & 3, 8"])
    assert read_pairs("knife and fork with teapot\nbed-1", NAMES)[0] == [(4, 1)]
    pairs, _ = read_pairs("1 2\n3 4\n5 6\n7 8\n9 10", NAMES)
    assert len(pairs) == 4  # four pairs at most


def test_malformed_answers_cost_the_penalty_and_never_crash() -> None:
    env = DuosPairEnv(malformed_penalty=0.25)
    for answer in (None, 7, "x" * 1001):
        env.reset(seed=1)
        _, reward, terminated, _, info = env.step(answer)  # type: ignore[arg-type]
        assert (reward, terminated, info["malformed"]) == (-0.25, True, True)
    env.reset(seed=1)
    assert env.step("no pairs here")[1] == 0.0
    with pytest.raises(RuntimeError, match="reset"):
        env.step("1-2")
    with pytest.raises(ValueError, match="malformed_penalty"):
        DuosPairEnv(malformed_penalty=-1)


def test_seeds_deal_the_same_board_and_unseeded_resets_differ() -> None:
    env = DuosPairEnv()
    assert env.reset(seed=3)[0] == env.reset(seed=3)[0]
    env.reset(seed=0)
    boards = {env.reset()[1]["board"] for _ in range(5)}
    assert len(boards) == 5


def test_cross_play_orders_the_baselines() -> None:
    baselines = cross_play.BASELINES.items()
    scores = {name: cross_play.cross_play(make(), boards=40).mean for name, make in baselines}
    assert scores["association bot as Narrator (self-play)"] == 4.0
    assert scores["random pairs"] < 1.0 < scores["association bot as a player"] < 4.0
    assert scores["random pairs"] < scores["embedding (largest total cosine)"]
    result = cross_play.cross_play(cross_play.random_pairer(1), boards=40)
    assert result.low <= result.mean <= result.high and len(result.scores) == 40
