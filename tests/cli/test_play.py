"""`duoplay play uno-duo`: a person at the keyboard, simulated by a script that reads the screen.

The command runs as a real subprocess; the script reads each prompt, picks one of
the numbered moves it was shown, and now and then types nonsense first.
"""

from __future__ import annotations

import os
import random
import re
import select
import signal
import subprocess
import sys
from pathlib import Path

DUOPLAY = str(Path(sys.executable).with_name("duoplay"))
PROMPT = re.compile(r"(Your move|Choose)> $")
NUMBERED = re.compile(r"^\s+(\d+)\) (.*)$", re.MULTILINE)
NONSENSE = ("xyzzy", "", "   ", "999", "R", "wild+4 purple", "play the red one", "0", "-1")


class Terminal:
    """The command with its stdin and stdout in our hands."""

    def __init__(self, *args: str) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        self.process = subprocess.Popen(
            [DUOPLAY, "play", "uno-duo", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=env)
        self.seen = ""

    def read_screen(self, timeout: float = 30.0) -> str | None:
        """Everything printed up to the next prompt; None once the command has exited."""
        assert self.process.stdout is not None
        fd = self.process.stdout.fileno()
        chunk = b""
        while True:
            ready, _, _ = select.select([fd], [], [], timeout)
            assert ready, f"no prompt within {timeout}s; last output:\n{self.seen[-2000:]}"
            data = os.read(fd, 65536)
            if not data:
                self.seen += chunk.decode()
                return None
            chunk += data
            text = chunk.decode(errors="ignore")
            if PROMPT.search(text):
                self.seen += text
                return text

    def type(self, line: str) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def close_input(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()

    def finish(self) -> tuple[int, str, str]:
        rest = self.read_screen()
        while rest is not None and not self.process.poll():
            rest = self.read_screen()
        assert self.process.stderr is not None
        code = self.process.wait(timeout=30)
        return code, self.seen, self.process.stderr.read().decode()


def play_to_the_end(seed: int, answer_seed: int, nonsense_every: int = 0,
                    extra: tuple[str, ...] = ()) -> tuple[int, str, str, int]:
    """Answer every prompt with one of the listed move numbers until the command exits."""
    rng = random.Random(answer_seed)
    term = Terminal("--bot", "random", "--seed", str(seed), "--no-color", "--option", "target_score=30",
                    *extra)
    choices: list[str] = []
    errors_seen = 0
    for turn in range(5000):
        screen = term.read_screen()
        if screen is None:
            break
        listed = NUMBERED.findall(screen)
        if listed:
            choices = [number for number, _ in listed]
        if nonsense_every and turn % nonsense_every == 0:
            bad = NONSENSE[turn // nonsense_every % len(NONSENSE)]
            term.type(bad)
            reply = term.read_screen()
            assert reply is not None
            # The reply is one readable line and the same prompt again.
            message = reply.rsplit("\n", 1)[0] if "\n" in reply else PROMPT.sub("", reply)
            assert message.strip(), f"no message for {bad!r}"
            errors_seen += 1
        term.type(rng.choice(choices))
    else:
        raise AssertionError("the game did not end within 5000 prompts")
    code, seen, stderr = term.finish()
    return code, seen, stderr, errors_seen


def test_a_short_game_reaches_its_end_and_prints_the_result() -> None:
    code, seen, stderr, _ = play_to_the_end(seed=3, answer_seed=1)
    assert code == 0, stderr
    assert stderr == ""
    assert "Traceback" not in seen
    assert "Game over." in seen
    last = seen.strip().splitlines()[-1]
    assert re.search(r"(You win!|Bot wins\.) .*Final score: you \d+, bot \d+\.$", last), last
    # Rounds end with a score line, and the first total to reach 30 decides.
    totals = re.findall(r"totals: you (\d+), bot (\d+)", seen)
    assert totals and max(int(t) for t in totals[-1]) >= 30
    assert all(max(int(t) for t in pair) < 30 for pair in totals[:-1])


def test_nonsense_gets_a_message_and_never_a_traceback() -> None:
    code, seen, stderr, errors = play_to_the_end(seed=11, answer_seed=2, nonsense_every=3)
    assert code == 0, stderr
    assert "Traceback" not in seen + stderr
    assert errors > 10
    assert "'xyzzy' is not a card" in seen
    assert "There is no choice 999" in seen
    assert "Type a number from 1 to" in seen
    assert "Game over." in seen


def test_end_of_input_exits_cleanly() -> None:
    term = Terminal("--seed", "3", "--no-color")
    assert term.read_screen() is not None
    term.close_input()
    code, seen, stderr = term.finish()
    assert code == 0
    assert stderr == ""
    assert "End of input: you left the game." in seen


def test_ctrl_c_exits_cleanly() -> None:
    term = Terminal("--seed", "3", "--no-color")
    assert term.read_screen() is not None
    term.process.send_signal(signal.SIGINT)
    code, seen, stderr = term.finish()
    assert code == 130
    assert "Traceback" not in stderr
    assert "Interrupted: you left the game." in seen


def test_quit_leaves_at_once() -> None:
    term = Terminal("--seed", "3", "--no-color")
    assert term.read_screen() is not None
    term.type("quit")
    code, seen, _ = term.finish()
    assert code == 0
    assert seen.rstrip().endswith("You left the game.")
