"""`duoplay play duple`: a person types while the bots think in real time.

The command runs in this process (the judge's dictionary takes seconds to load, once per test
worker) with its input and output in our hands: a script waits for what a person would see
and types lines, while the game's clock, the bots' reaction times (`--bot-pace`) and the table's
timers run for real. The command-line checks run it as a subprocess.
"""

from __future__ import annotations

import queue
import random
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from duoplay.cli import play
from duoplay.cli.main import build_parser
from duoplay.games.duple.words.answer import find_answer
from duoplay.games.duple.words.categories import find_category

pytestmark = pytest.mark.live

DUOPLAY = str(Path(sys.executable).with_name("duoplay"))
FACEOFF = re.compile(r"FACE-OFF: you vs bot ═+\n +(\S) +(\S) +category: (.+)\n")
SEED = 4  # the first face-off: P and S, category "personaje famoso", which has answers
LOAD_SECONDS = 120.0
Pattern = str | re.Pattern[str]  # the judge's dictionary loads before the clock starts


class Transcript:
    """The terminal's screen: everything the command printed, which a script can wait for."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.text = ""
        self._changed = threading.Condition()

    def write(self, text: str) -> int:
        with self._changed:
            self.text += text
            self._changed.notify_all()
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def wait_for(self, pattern: Pattern, after: int = 0, timeout: float = 30.0) -> re.Match[str]:
        """The first match of `pattern` printed from position `after` on, waiting up to `timeout`."""
        regex = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        with self._changed:
            while (found := regex.search(self.text, after)) is None:
                left = deadline - time.monotonic()
                assert left > 0, f"{regex.pattern!r} never appeared; the screen:\n{self.text[-3000:]}"
                self._changed.wait(left)
        return found


class Table:
    """`duoplay play duple --lang es ARGS` with a person typing lines into it."""

    def __init__(self, *args: str) -> None:
        self.screen = Transcript()
        self._lines: queue.Queue[str | None] = queue.Queue()
        self.code: int | None = None
        parsed = build_parser().parse_args(["play", "duple", "--lang", "es", "--no-color", *args])
        self._thread = threading.Thread(target=self._run, args=(parsed,), daemon=True)
        self._thread.start()

    def _run(self, args: object) -> None:
        self.code = play.start(args, self.screen, self._read_line)  # type: ignore[arg-type]

    def _read_line(self, prompt: str) -> str:
        line = self._lines.get()
        if line is None:
            raise EOFError
        return line

    def type(self, line: str) -> int:
        """Type a line; return where the screen was, to wait for what it brings."""
        at = len(self.screen.text)
        self.screen.write(f"[typed] {line}\n")  # the transcript reads as the terminal would
        self._lines.put(line)
        return at

    def wait_for(self, pattern: Pattern, after: int = 0, timeout: float = 30.0) -> re.Match[str]:
        return self.screen.wait_for(pattern, after, timeout)

    def first_faceoff(self) -> tuple[str, str, str]:
        found = self.wait_for(FACEOFF, timeout=LOAD_SECONDS)
        return found.group(1), found.group(2), found.group(3)

    def finish(self, timeout: float = 30.0) -> int:
        self._thread.join(timeout)
        assert not self._thread.is_alive(), f"the game did not end; the screen:\n{self.screen.text[-3000:]}"
        self._lines.put(None)  # releases the keyboard thread still waiting for a line
        assert self.code is not None
        return self.code


def a_word_for(letters: tuple[str, str], category: str) -> str:
    """A word the judge accepts: the hard bot's."""
    found = find_category("es", category.lower())
    assert found is not None, category
    word = find_answer("es", letters, found.id, 1.0, random.Random(0))
    assert word is not None, (letters, category)
    return word


def test_a_person_who_answers_before_a_slow_bot_wins_the_card() -> None:
    table = Table("--seed", str(SEED), "--bot", "normal", "--bot-pace", "100", "--flip-seconds", "0.3")
    first, second, category = table.first_faceoff()
    assert (first, second, category) == ("P", "S", "PERSONAJE FAMOSO")
    assert "→ Type a word with P and S · personaje famoso" in table.screen.text
    at = table.type(a_word_for((first, second), category))
    table.wait_for(r"• You: «Papa Francisco» ✓ accepted", at)
    won = table.wait_for(r"• You win the face-off and take \[(\S) \S+\] from bot's pile\.", at)
    assert won.group(1) in (first, second)
    table.wait_for(r"Score: you 1 · bot 0", at)
    table.type("/quit")
    assert table.finish() == 0
    assert table.screen.text.rstrip().endswith("You left the game.")


def test_a_rejected_word_says_why_and_an_appeal_goes_to_the_bots_vote() -> None:
    table = Table("--seed", str(SEED), "--bot", "normal", "--flip-seconds", "0.3")
    table.first_faceoff()
    at = table.type("zzz")
    table.wait_for(r"• You: «zzz» ✗ rejected: no P, S\n", at)
    at = table.type("psxxq")
    table.wait_for(r"• You: «psxxq» ✗ rejected: not a word the judge knows \(/appeal puts it to a vote\)", at)
    # A real word with both letters that is no famous person: the bot gives it the benefit of the doubt.
    at = table.type("pasta")
    table.wait_for(r"• You: «pasta» ✗ rejected: does not fit the category \(/appeal puts it to a vote\)", at)
    at = table.type("/appeal")
    table.wait_for(r"• You put «pasta» to a vote \(judged does not fit the category\)\.", at)
    table.wait_for(r"• Bot votes\.\n• The vote accepts «pasta» \(1 yes, 0 no\)\.\n"
                   r"• You win the face-off and take \[[PS] \S+\] from bot's pile\.", at, timeout=10)
    at = table.type("/appeal")
    table.wait_for(r"No command '/appeal' now; you may type .*/quit\.", at)
    table.type("/quit")
    assert table.finish() == 0


def test_a_bot_answers_when_the_person_stays_silent() -> None:
    table = Table("--seed", str(SEED), "--bot", "hard", "--bot-pace", "0.05", "--flip-seconds", "0.3")
    table.first_faceoff()
    answered = table.wait_for(r"• Bot: «([^»]+)» ✓ accepted\n• Bot wins the face-off and takes \[[PS] \S+\] "
                              r"from your pile\.\n")
    assert {"P", "S"} <= set(answered.group(1).upper())
    table.wait_for(r"Score: you 0 · bot 1\n")
    table.type("/quit")
    assert table.finish() == 0


def test_two_valid_answers_within_the_tie_window_tie() -> None:
    table = Table("--seed", str(SEED), "--bot", "hard", "--bot-pace", "0.3", "--flip-seconds", "0.3",
                  "--window-ms", "1000")
    letters = table.first_faceoff()
    table.wait_for(r"• Bot: «[^»]+» ✓ accepted\n")
    at = table.type(a_word_for(letters[:2], letters[2]))  # within the second the window stays open
    table.wait_for(r"• You: «[^»]+» ✓ accepted\n• Tie! Bot and you answered at the same moment\.\n"
                   r"• New category: [^,\n]+, same letters P \+ S\n", at)
    assert "wins the face-off" not in table.screen.text[at:]
    table.type("/quit")
    assert table.finish() == 0


def test_a_stuck_face_off_may_turn_a_new_category_and_a_person_may_pass() -> None:
    table = Table("--seed", str(SEED), "--bot", "normal", "--bot-pace", "100", "--flip-seconds", "0.3",
                  "--stuck-seconds", "1")
    table.first_faceoff()
    at = table.type("/new")
    table.wait_for(r"No command '/new' now; you may type /pass, /show, /help, /quit\.\n", at)
    table.wait_for(r"• Stuck! A racer may now turn a new category for the same letters \(/new\)\.\n"
                   r"→ Type a word with P and S · personaje famoso  "
                   r"\(/new for a new category, /pass to give up\)")
    at = table.type("/new")
    table.wait_for(r"• You turn a new category\.\n• New category: [^,\n]+, same letters P \+ S\n", at)
    at = table.type("/pass")
    table.wait_for(r"• You pass\.\n", at)
    at = table.type("palo")
    table.wait_for(r"You passed this race\n", at)
    table.type("/quit")
    assert table.finish() == 0


def test_end_of_input_leaves_the_game() -> None:
    table = Table("--seed", str(SEED), "--flip-seconds", "0.3")
    table.wait_for(r"→ Your turn: press Enter to flip \(it flips itself after 0\.3 s\)\.",
                   timeout=LOAD_SECONDS)
    at = table.type("")
    table.wait_for(r"• You flip \[\S \S+\]   \(\d+ left\)", at)
    table._lines.put(None)
    assert table.finish() == 0
    assert table.screen.text.rstrip().endswith("End of input: you left the game.")


def test_the_game_runs_to_its_end_against_the_hard_bot_and_an_idle_person() -> None:
    # No rest after each win (40 of them, 2 s each): this test is about reaching the end.
    table = Table("--seed", "7", "--bot", "hard", "--bot-pace", "0.02", "--flip-seconds", "0.05",
                  "--stuck-seconds", "1", "--race-seconds", "5", "--all-play-seconds", "5",
                  "--win-pause-seconds", "0")
    end = table.wait_for(r"Game over \(the letter deck is empty\)\. Bot wins\. "
                         r"Final score: you 0, bot (\d+)\.", timeout=LOAD_SECONDS + 240)
    assert table.finish() == 0
    shown = table.screen.text
    assert shown.count("FACE-OFF: you vs bot") >= 10
    assert len(re.findall(r"• Bot wins the (face-off|All Play card)", shown)) >= 10
    assert int(end.group(1)) == int(re.findall(r"Score: you 0 · bot (\d+)", shown)[-1])
    assert "• The letter deck is empty: the game is over." in shown
    assert "failed" not in shown and "Traceback" not in shown


def test_the_tables_options_are_flags_of_the_command() -> None:
    table = Table("--seed", str(SEED), "--no-four-piles", "--flip-seconds", "0.3")
    shown = table.wait_for(r"  You:    (.*)\n  Bot:    (.*)\n", timeout=LOAD_SECONDS)
    assert shown.group(1) == shown.group(2) == "[ ] (0)", "one pile each"
    table.type("/quit")
    assert table.finish() == 0


def test_bad_flags_get_a_message_and_help_lists_the_options() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DUOPLAY, "play", *args], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)

    listed = run("duple", "--help")
    assert listed.returncode == 0
    for flag in ("--lang", "--window-ms", "--four-piles, --no-four-piles", "--flip-seconds", "--bot-pace"):
        assert flag in listed.stdout
    assert "es: Spanish, en: English" in listed.stdout
    window = run("duple", "--window-ms", "5000")
    assert window.returncode == 2
    assert "argument --window-ms: must be from 0 to 1000, got 5000" in window.stderr
    lang = run("duple", "--lang", "de")  # no German deck
    assert lang.returncode == 2 and "argument --lang: invalid choice: 'de'" in lang.stderr
    number = run("duple", "--flip-seconds", "soon")
    assert number.returncode == 2 and "must be a number, got 'soon'" in number.stderr
    players = run("duple", "--players", "9")
    assert players.returncode == 2 and "--players must be between 2 and 8" in players.stderr
    level = run("duple", "--bot", "genius")
    assert level.returncode == 2
    assert "No bot level 'genius' for duple; choose from random, easy, normal, hard" in level.stderr
    # Every game's options are flags, checked against their bounds.
    target = run("uno-duo", "--target-score", "0")
    assert target.returncode == 2 and "argument --target-score: must be from 1 to" in target.stderr
    for result in (listed, window, lang, number, players, level, target):
        assert "Traceback" not in result.stderr
