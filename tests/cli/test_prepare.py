"""`duoplay prepare`: what games derive once per machine is made ahead (the install step runs it
for every game; Duple's checked word lists are made there, see `make test`)."""

from __future__ import annotations

import pytest

from duoplay.cli.main import main
from duoplay.core import declared
from duoplay.core.registry import find_game


def test_a_game_with_nothing_to_prepare_is_skipped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prepare", "uno-duo", "duos"]) == 0
    assert capsys.readouterr().out == ""
    assert declared.prepare(find_game("uno-duo"), print) is False


def test_duple_declares_what_it_prepares() -> None:
    game = find_game("duple")
    assert callable(getattr(game, "prepare", None))


def test_an_unknown_game_is_refused_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["prepare", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err
