"""`duoplay.ai.env(game)` / `raw_env(game)` build the environment a game declares (`ai_env`)."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import pytest
from pettingzoo.test import api_test, parallel_api_test

from duoplay import ai
from duoplay.ai import environments
from duoplay.core import declared
from duoplay.core.errors import MalformedAction
from duoplay.core.registry import find_game, game_ids


def test_the_games_with_an_environment_are_those_that_declare_one() -> None:
    offered = ai.games()
    assert offered, "at least one game offers a learning environment"
    assert offered == [g for g in game_ids() if isinstance(getattr(find_game(g), "ai_env", None), str)]


@pytest.mark.parametrize("game_id", ai.games())
def test_every_declared_environment_is_the_declared_class_and_passes_the_api_test(game_id: str) -> None:
    target = declared.ai_env(find_game(game_id))
    assert target is not None
    assert type(ai.raw_env(game_id)) is declared.load(target)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo finds Dict observations unusual
        api_test(ai.env(game_id), num_cycles=200)


def test_a_game_is_found_by_its_aliases_too() -> None:
    for game_id in ai.games():
        for alias in find_game(game_id).aliases:
            assert type(ai.raw_env(alias)) is type(ai.raw_env(game_id))


def test_an_unknown_game_is_refused_naming_the_games_and_their_environments() -> None:
    for build in (ai.env, ai.raw_env, ai.parallel_env, ai.text_env):
        with pytest.raises(ai.UnknownGame, match="unknown game 'no-such-game'") as refused:
            build("no-such-game")
        assert isinstance(refused.value, ValueError)
        assert not isinstance(refused.value, MalformedAction)  # not a move refused at the table
        assert "uno-duo (env)" in str(refused.value) and "duos (parallel_env, text_env)" in str(refused.value)
    with pytest.raises(ai.UnknownGame):
        ai.VectorEnv(2, "no-such-game")


def test_duos_asked_for_a_turn_based_environment_names_its_parallel_env() -> None:
    with pytest.raises(ValueError, match=r"DUOS offers no learning \(AEC\) environment.*"
                                         r"it offers parallel_env\('duos'\)"):
        ai.env("duos")
    with pytest.raises(ValueError, match=r"it offers parallel_env\('duple'\), text_env\('duple'\)"):
        ai.env("duple")


def test_a_game_without_an_environment_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    plain = SimpleNamespace(id="plain", name="Plain Game", aliases=())
    monkeypatch.setattr(environments, "find_game",
                        lambda name: plain if name == "plain" else find_game(name))
    with pytest.raises(ValueError, match=r"Plain Game offers no learning \(AEC\) environment") as refused:
        ai.env("plain")
    assert ", ".join(ai.games()) in str(refused.value)


def test_the_games_with_a_parallel_environment_are_those_that_declare_one() -> None:
    offered = ai.parallel_games()
    assert offered, "at least one game offers a Parallel environment"
    assert offered == [g for g in game_ids()
                       if isinstance(getattr(find_game(g), "ai_parallel_env", None), str)]
    for game_id in offered:
        target = declared.ai_parallel_env(find_game(game_id))
        assert target is not None
        assert type(ai.parallel_env(game_id)) is declared.load(target)
        parallel_api_test(ai.parallel_env(game_id), num_cycles=100)


def test_a_game_without_a_parallel_environment_says_so() -> None:
    lacking = [g for g in game_ids() if g not in ai.parallel_games()]
    assert lacking, "some game has its players take turns"
    with pytest.raises(ValueError, match=r"offers no Parallel environment.*games that do: "):
        ai.parallel_env(lacking[0])
