"""`duoplay duple judge|answer` from the terminal."""

from __future__ import annotations

import subprocess
import sys
from importlib.metadata import entry_points

import pytest

from duoplay.cli.main import main

pytestmark = pytest.mark.live


def test_the_command_is_declared_by_the_game() -> None:
    commands = {entry.name: entry.value for entry in entry_points(group="duoplay.commands")}
    assert commands["duple"] == "duoplay.games.duple.commands:add_command"


def test_the_issue_example_through_the_real_program() -> None:
    done = subprocess.run([sys.executable, "-m", "duoplay.cli.main", "duple", "judge", "--lang", "es",
                           "--letters", "L", "D", "--category", "animal", "leopardo", "león"],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["leopardo: accept", "león: reject (no D)"]


def test_each_rejection_reads_as_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duple", "judge", "--lang", "es", "--letters", "L", "S", "--category", "Animal",
                 "leones", "lámparas", "sal", "Los Ángeles", "zzlsq"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "leones: reject (plural made for the S)",
        "lámparas: reject (plural made for the S)",
        "sal: reject (does not fit animal)",
        "Los Ángeles: reject (one word only)",
        "zzlsq: reject (not a word)",
    ]
    assert main(["duple", "judge", "--lang", "es", "--letters", "M", "D", "--all-play", "Madrid"]) == 0
    assert capsys.readouterr().out == "Madrid: reject (no proper nouns in All Play)\n"


def test_all_play_words_may_follow_the_letters(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duple", "judge", "--lang", "en", "--all-play", "--letters", "A", "R", "T", "O",
                 "rotate", "Toronto"]) == 0
    assert capsys.readouterr().out.splitlines() == ["rotate: accept", "Toronto: reject (no A)"]
    assert main(["duple", "judge", "--lang", "en", "--all-play", "--letters", "A", "R"]) == 2


def test_categories_by_name_without_accents(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duple", "judge", "--lang", "es", "--letters", "C", "R", "--category", "pais",
                 "Costa Rica"]) == 0
    assert main(["duple", "judge", "--lang", "es", "--letters", "B", "Z", "--category", "PARTE DEL CUERPO",
                 "brazo"]) == 0
    assert capsys.readouterr().out.splitlines() == ["Costa Rica: accept", "brazo: accept"]


def test_the_bot_answers(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duple", "answer", "--lang", "es", "--letters", "L", "D", "--category", "animal"]) == 0
    word = capsys.readouterr().out.strip()
    from duoplay.games.duple.words.judge import judge_answer

    assert judge_answer("es", word, ["L", "D"], "animal").accepted
    assert main(["duple", "answer", "--lang", "en", "--letters", "Q", "X", "Z", "J", "--all-play"]) == 1
    assert capsys.readouterr().out == "no answer\n"


def test_bad_arguments_exit_2_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["duple", "judge", "--lang", "es", "--letters", "L", "D", "--category", "dinosaurio",
                 "x"]) == 2
    err = capsys.readouterr().err
    assert "unknown es category 'dinosaurio'" in err and "parte_del_cuerpo (parte del cuerpo)" in err
    assert main(["duple", "judge", "--letters", "LD", "--category", "animal", "x"]) == 2
    assert "one letter" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["duple", "judge", "--letters", "L", "D", "x"])  # neither --category nor --all-play
    assert stopped.value.code == 2
