"""Duplik's environments: the AEC game (`env("duplik")`) and the text environments of its three roles."""

from __future__ import annotations

import warnings

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from duoplay import ai
from duoplay.games.duplik import ai_round
from duoplay.games.duplik.ai_env import DuplikEnv
from duoplay.games.duplik.ai_shapes import parse_shapes, shapes_text
from duoplay.games.duplik.text_env import DuplikTextEnv, read_verdicts


def bot_answer(observation: dict[str, str], env_lang: str = "en") -> str:
    """What the package's bots would answer in this seat: the Portrayer's description, or an
    Artist's drawing in the shape format."""
    if observation["role"] == "portrayer":
        raise AssertionError("the Portrayer's answer needs the scene")
    return shapes_text(ai_round.bot_drawing(observation["description"], env_lang, 3))


def test_duplik_is_found_as_a_learning_and_a_text_environment() -> None:
    assert "duplik" in ai.games() and "duplik" in ai.text_games()
    assert type(ai.raw_env("duplik")) is DuplikEnv
    assert type(ai.text_env("duplik", role="judge")) is DuplikTextEnv


def test_pettingzoos_api_test_passes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Dict observations of text are unusual to PettingZoo
        api_test(ai.env("duplik", players=4, rounds=2), num_cycles=100)


def play(env: DuplikEnv, seed: int) -> tuple[dict[str, float], list[str]]:
    env.reset(seed=seed)
    totals = dict.fromkeys(env.agents, 0.0)
    order = []
    for agent in env.agent_iter():
        observation, reward, done, _, _ = env.last()
        totals[agent] += reward
        if done:
            env.step(None)
            continue
        order.append(f"{agent}:{observation['role']}")
        if observation["role"] == "portrayer":
            env.step(ai_round.bot_description(env.dealt))
        else:
            env.step(bot_answer(observation))
    return totals, order


def test_each_player_portrays_once_and_the_rewards_are_the_games_points() -> None:
    env = DuplikEnv(players=3)
    totals, order = play(env, seed=1)
    assert [order[0], order[3], order[6]] == [f"player_{s}:portrayer" for s in range(3)]
    assert [totals[f"player_{s}"] for s in range(3)] == env.scores
    assert all(20 <= score <= 36 for score in env.scores), env.scores  # the bots draw well from their words
    again, _ = play(DuplikEnv(players=3), seed=1)
    assert again == totals  # seeded


def test_a_blank_drawing_scores_nothing_and_malformed_actions_cost_the_penalty() -> None:
    env = DuplikEnv(players=3, rounds=1, malformed_penalty=0.5)
    env.reset(seed=2)
    actions = iter([12345,  # the Portrayer: not text
                    {"strokes": "nonsense"},  # an Artist: drawing JSON that does not read
                    "cat ten 20 30 40\nunicorn 1 2 3 4\n"])  # lines that do not read: left out, no penalty
    totals = dict.fromkeys(env.agents, 0.0)
    infos = {}
    for agent in env.agent_iter():
        _, reward, done, _, infos[agent] = env.last()
        totals[agent] += reward
        env.step(None if done else next(actions))
    assert totals == {"player_0": -0.5, "player_1": -0.5, "player_2": 0.0}
    assert infos["player_0"]["malformed"] and infos["player_1"]["malformed"]
    assert not infos["player_2"]["malformed"] and len(infos["player_2"]["refused"]) == 2


def test_the_shape_format_reads_back_what_it_writes() -> None:
    dealt = ai_round.deal(3)
    drawing = ai_round.bot_drawing(ai_round.bot_description(dealt), "en", 1)
    again, refused = parse_shapes(shapes_text(drawing))
    assert refused == [] and ai_round.met(dealt, again) == ai_round.met(dealt, drawing)
    assert parse_shapes("Cats 10 10 50 50 LEFT striped red")[0].strokes[0].label == "cat#0|left|striped|red"


@pytest.mark.parametrize("role", ["portrayer", "artist", "judge"])
def test_the_text_environments_pass_gymnasiums_check_and_never_crash(role: str) -> None:
    env = DuplikTextEnv(role=role, lang="fr")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)
    for answer in ("", "}{", "x" * 3000, None, "1. ja\n2: nie"):
        env.reset(seed=5)
        _, reward, terminated, _, info = env.step(answer)  # type: ignore[arg-type]
        assert terminated and isinstance(reward, float)
        assert info["malformed"] == (not isinstance(answer, str) or len(answer) > 2000)


def test_the_portrayers_words_are_drawn_by_bot_artists() -> None:
    env = DuplikTextEnv(role="portrayer", artists=2)
    observation, info = env.reset(seed=4)
    assert "(golden)" in observation["criteria"] and observation["title"] in env.prompt()
    assert env.prompt().count("\n1. ") == 1 and "Describe it in English" in env.prompt()
    assert env.dealt is not None
    assert env.step(ai_round.bot_description(env.dealt))[1] >= 8
    env.reset(seed=4)
    _, reward, _, _, info = env.step("A cat.")
    assert reward <= 2 and len(info["met"]) == 2


def test_the_artist_reads_the_bot_portrayers_words_and_answers_with_shapes() -> None:
    env = DuplikTextEnv(role="artist", lang="es")
    observation, _ = env.reset(seed=4)
    assert observation["description"] and observation["description"] in env.prompt()
    assert "KIND X Y W H" in env.prompt() and "umbrella" in env.prompt()
    drawing = shapes_text(ai_round.bot_drawing(observation["description"], "es", 3))
    assert env.step(drawing)[1] >= 8
    env.reset(seed=4)
    assert env.step("sun 10 10 50 50")[1] <= 3


def test_the_judge_is_scored_by_agreement_with_the_games_judge() -> None:
    env = DuplikTextEnv(role="judge")
    observation, _ = env.reset(seed=4)
    assert observation["drawing"].count("\n") >= 3 and "1. " in observation["criteria"]
    assert env.dealt is not None
    truth = ai_round.met(env.dealt, env.drawing)
    right = "\n".join(f"{i + 1}. {'true' if t else 'false'}" for i, t in enumerate(truth))
    assert env.step(right)[1] == 1.0
    env.reset(seed=4)
    wrong = ", ".join("no" if t else "yes" for t in truth)  # in order, on one line
    assert env.step(wrong)[1] == 0.0


def test_verdicts_are_read_leniently() -> None:
    assert read_verdicts("1. True\n3) false\nyes", 4) == [True, True, False, None]
    assert read_verdicts("Oui, non, vrai", 3) == [True, False, True]
    assert read_verdicts("nothing here", 2) == [None, None]


def test_the_judge_reads_drawings_with_misses_so_always_true_is_not_enough() -> None:
    env = DuplikTextEnv(role="judge")
    shares = []
    for seed in range(20):
        env.reset(seed=seed)
        assert env.dealt is not None
        shares.append(sum(ai_round.met(env.dealt, env.drawing)) / 10)
    assert 0.4 <= sum(shares) / len(shares) <= 0.9 and min(shares) < 0.6 and max(shares) == 1.0


def test_a_portrayer_may_see_the_picture_instead_of_the_criteria() -> None:
    env = DuplikTextEnv(role="portrayer", portrayer_sees="picture")
    observation, _ = env.reset(seed=4)
    assert observation["criteria"] == "" and observation["picture"].count("\n") >= 4
    assert observation["picture"] in env.prompt() and "criteria" in env.prompt()
    assert env.dealt is not None and env.step(ai_round.bot_description(env.dealt))[1] >= 8
    with pytest.raises(ValueError, match="portrayer_sees"):
        DuplikTextEnv(role="portrayer", portrayer_sees="everything")


def test_pettingzoos_seed_test_passes() -> None:
    from pettingzoo.test import seed_test

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        seed_test(lambda **_: ai.env("duplik", players=3, rounds=2), num_cycles=50)


def test_the_packages_bot_fills_the_seats_asked_for() -> None:
    env = DuplikEnv(players=4, bots=(1, 2, 3))
    assert env.possible_agents == ["player_0"]
    totals, order = play(env, seed=3)
    assert order == ["player_0:portrayer", "player_0:artist", "player_0:artist", "player_0:artist"]
    assert totals["player_0"] == env.scores[0] and all(score >= 20 for score in env.scores)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(ai.env("duplik", players=3, bots=(0,), rounds=3), num_cycles=50)
    with pytest.raises(ValueError, match="at least one seat"):
        DuplikEnv(players=3, bots=(0, 1, 2))


@pytest.mark.parametrize("lang", ["en", "es", "sv", "pl", "fr"])
def test_every_language_shows_the_portrayers_words_as_typed(lang: str) -> None:
    env = DuplikTextEnv(role="artist", lang=lang)
    for seed in range(10):
        observation, _ = env.reset(seed=seed)
        assert env.dealt is not None and observation["description"] == ai_round.bot_description(env.dealt)
        assert env.observation_space.contains(observation)
