"""`duoplay play uno-duo`: a person at the keyboard, simulated by a script that reads the screen.

The command runs as a real subprocess; the script reads each prompt, picks one of
the numbered moves it was shown, and now and then types nonsense first.
"""

from __future__ import annotations

import os
import random
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from duoplay.bots import bot_levels
from duoplay.cli.terminal import Style

pytestmark = pytest.mark.live

DUOPLAY = str(Path(sys.executable).with_name("duoplay"))
PROMPT = re.compile(r"(Your move|Choose)> $")
NUMBERED = re.compile(r"^\s+(\d+)\) (.*)$", re.MULTILINE)
NONSENSE = ("xyzzy", "", "   ", "999", "R", "wild+4 purple", "play the red one", "0", "-1")


class Terminal:
    """The command with its stdin and stdout in our hands."""

    def __init__(self, *args: str, own_group: bool = False) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
        # `own_group`: the command leads a process group, as at a real terminal, so that Ctrl-C
        # can be sent to it and every process it started. Ctrl-C keeps its default meaning, as in a
        # terminal's foreground job, even when the test runner was started with it ignored (as a
        # shell does for a job it puts in the background).
        self.process = subprocess.Popen(
            ["env", "--default-signal=INT", DUOPLAY, "play", "uno-duo", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, env=env, process_group=0 if own_group else None)
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
        self.seen += line + "\n"  # the transcript reads like the terminal would show it

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


def as_typed(label: str, rng: random.Random) -> str:
    """What a person would type for a listed move instead of its number: its notation,
    with the answers to its follow-up questions typed ahead ("wild blue", "R5 uno")."""
    first = label.split()[0].rstrip(":!").lstrip("♥★♣♦")
    typed = {"say": "uno"}.get(first, first)
    if "(then name a colour)" in label:
        typed += " " + rng.choice(("red", "yellow", "green", "blue"))
    if "(leaves you one card)" in label or ("(then name a colour)" in label and rng.random() < 0.3):
        typed += " uno"
    return typed


def play_to_the_end(seed: int, answer_seed: int, nonsense_every: int = 0, typed: bool = False,
                    extra: tuple[str, ...] = ()) -> tuple[int, str, str, int]:
    """Answer every prompt with one of the listed move numbers (or, `typed`, with the move
    written out) until the command exits."""
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
            choices = [f"{number}\t{label}" for number, label in listed]
        if nonsense_every and turn % nonsense_every == 0:
            bad = NONSENSE[turn // nonsense_every % len(NONSENSE)]
            term.type(bad)
            reply = term.read_screen()
            assert reply is not None
            # The reply is one readable line and the same prompt again.
            message = reply.rsplit("\n", 1)[0] if "\n" in reply else PROMPT.sub("", reply)
            assert message.strip(), f"no message for {bad!r}"
            errors_seen += 1
        number, label = rng.choice(choices).split("\t")
        term.type(as_typed(label, rng) if typed and screen.endswith("Your move> ") else number)
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


def test_moves_can_be_typed_with_their_answers_ahead() -> None:
    said_uno = False
    # Whether a seeded game reaches a play that leaves one card depends on the deal: try a few.
    for seed in (5, 6, 7, 8, 9, 10):
        code, seen, stderr, _ = play_to_the_end(seed=seed, answer_seed=3, typed=True)
        assert code == 0, stderr
        assert "Traceback" not in seen
        # Every typed wild named its colour, so no colour question was ever asked.
        typed_wilds = re.findall(r"Your move> (wild\S*) (red|yellow|green|blue)", seen)
        assert "Which colour" not in seen
        played = re.findall(r"You played (wild\S*), colour (red|yellow|green|blue)", seen)
        assert played == [(card, colour) for card, colour in typed_wilds][: len(played)]
        assert "Game over." in seen
        said_uno = "You said UNO!" in seen and bool(typed_wilds)
        if said_uno:
            break
    assert said_uno, "no seeded game typed a wild and said UNO"


def test_end_of_input_exits_cleanly() -> None:
    term = Terminal("--seed", "3", "--no-color")
    assert term.read_screen() is not None
    term.close_input()
    code, seen, stderr = term.finish()
    assert code == 0
    assert stderr == ""
    assert "End of input: you left the game." in seen


# The system call a process waits in for its input, by machine (from Linux's syscall tables).
READ_SYSCALL = {"x86_64": 0, "aarch64": 63}


def wait_reading_input(pid: int, timeout: float = 30.0) -> None:
    """Wait until the process sits in a read of its standard input. A person reads the prompt before
    pressing Ctrl-C; a signal that lands between the prompt's flush and that read is seen only once
    the read returns, so the test sends its Ctrl-C when the read has begun, however busy the machine."""
    number = READ_SYSCALL[os.uname().machine]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        call = Path(f"/proc/{pid}/syscall").read_text().split()
        if call and call[0] == str(number) and int(call[1], 16) == 0:
            return
        time.sleep(0.01)
    raise AssertionError(f"the command did not wait for input within {timeout} s")


def test_ctrl_c_exits_cleanly() -> None:
    term = Terminal("--seed", "3", "--no-color")
    assert term.read_screen() is not None
    wait_reading_input(term.process.pid)
    term.process.send_signal(signal.SIGINT)
    code, seen, stderr = term.finish()
    assert code == 130
    assert "Traceback" not in stderr
    assert "Interrupted: you left the game." in seen


def running_in_group(group: int) -> list[int]:
    """Processes of a process group that are still running (zombies that nobody reaps aside)."""
    pids = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if fields[0] != "Z" and int(fields[2]) == group:
            pids.append(int(stat.parent.name))
    return pids


def test_ctrl_c_reaches_a_search_bot_thinking_on_every_core_without_a_traceback() -> None:
    # The bot pool's worker processes are in the terminal's process group and get Ctrl-C too:
    # they ignore it, and leave when the command does.
    term = Terminal("--bot", "ismcts", "--seed", "8", "--no-color", own_group=True)
    rng = random.Random(2)
    listed: list[tuple[str, str]] = []
    for _ in range(6):  # a few draft picks, so that the bot has searched
        screen = term.read_screen(timeout=60)
        assert screen is not None, term.seen[-2000:]
        listed = NUMBERED.findall(screen) or listed
        term.type(rng.choice(listed)[0])
    assert term.read_screen(timeout=60) is not None
    wait_reading_input(term.process.pid)
    os.killpg(term.process.pid, signal.SIGINT)
    code, seen, stderr = term.finish()
    assert code == 130
    assert "Traceback" not in stderr, stderr
    assert "Interrupted: you left the game." in seen
    deadline = time.monotonic() + 10
    while running_in_group(term.process.pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert running_in_group(term.process.pid) == [], "a process of the command outlived it"


def test_quit_leaves_at_once() -> None:
    term = Terminal("--seed", "3", "--no-color")
    assert term.read_screen() is not None
    term.type("quit")
    code, seen, _ = term.finish()
    assert code == 0
    assert seen.rstrip().endswith("You left the game.")


def test_every_bot_level_the_game_offers_can_be_played() -> None:
    for level in bot_levels("uno-duo"):
        term = Terminal("--bot", level, "--seed", "8", "--no-color")
        rng = random.Random(level)
        listed: list[tuple[str, str]] = []
        for _ in range(40):
            screen = term.read_screen(timeout=60)
            if screen is None:  # a short game may end within 40 moves: then it must have ended well
                assert "Game over." in term.seen, term.seen[-2000:]
                break
            listed = NUMBERED.findall(screen) or listed
            term.type(rng.choice(listed)[0])
        else:
            term.type("quit")
        code, seen, stderr = term.finish()
        assert (code, stderr) == (0, ""), f"{level}: {stderr}"
        assert f"against the {level} bot" in seen
        assert "bot failed" not in seen and "Traceback" not in seen


def test_bad_command_lines_get_a_message() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([DUOPLAY, "play", *args], capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)

    levels = ", ".join(bot_levels("uno-duo"))
    unknown_bot = run("uno-duo", "--bot", "genius")
    assert unknown_bot.returncode == 2
    assert unknown_bot.stderr.strip() == f"No bot level 'genius' for uno-duo; choose from {levels}"
    bad_option = run("uno-duo", "--option", "target_score=-5")
    assert bad_option.returncode == 2 and "target_score must be a" in bad_option.stderr
    not_a_pair = run("uno-duo", "--option", "target_score")
    assert not_a_pair.returncode == 2 and "KEY=VALUE" in not_a_pair.stderr
    unknown_option = run("uno-duo", "--option", "colour=pink")
    assert unknown_option.returncode == 2 and "Unknown UNO Duo option(s): colour" in unknown_option.stderr
    bad_seat = run("uno-duo", "--seat", "2")
    assert bad_seat.returncode == 2 and "--seat must be between 0 and 1" in bad_seat.stderr
    unknown_game = run("chess")
    assert unknown_game.returncode == 2 and "Unknown game 'chess'" in unknown_game.stderr
    for result in (unknown_bot, bad_option, not_a_pair, unknown_option, bad_seat, unknown_game):
        assert "Traceback" not in result.stderr


def test_what_a_person_sees_in_a_real_terminal() -> None:
    """In tmux: a real terminal, so colours are on; the shapes still say each colour."""
    tmux = [shutil.which("tmux") or "tmux", "-u", "-L", f"duoplay-play-{os.getpid()}", "-f", "/dev/null"]
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "TMUX")}
    env.update(TERM="xterm-256color", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    command = f"{shlex.quote(DUOPLAY)} play uno-duo --seed 3 --option target_score=30; echo EXIT=$?; sleep 60"

    def pane(colours: bool = False) -> str:
        flags = ["-e"] if colours else []
        return subprocess.run([*tmux, "capture-pane", "-p", "-J", "-S", "-200", *flags, "-t", "play"],
                              capture_output=True, text=True, env=env, check=True).stdout

    def wait_for(needle: str) -> str:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            shown = pane()
            if needle in shown:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{needle!r} never appeared; the screen:\n{pane()}")

    def keys(*typed: str) -> None:
        subprocess.run([*tmux, "send-keys", "-t", "play", *typed], env=env, check=True)

    subprocess.run([*tmux, "new-session", "-d", "-s", "play", "-x", "120", "-y", "50", command],
                   env=env, check=True)
    try:
        shown = wait_for("Your move> ")
        assert "Colours: red ♥  yellow ★  green ♣  blue ♦" in shown
        assert "Score (first to 30 loses): you 0 · bot 0" in shown
        assert re.search(r"you see (♥R|★Y|♣G|♦B|wild)", shown)
        assert "  1) keep" in shown and "  2) discard" in shown
        coloured = pane(colours=True)
        assert re.search(r"\x1b\[[0-9;]*m", coloured), "a terminal gets colours"
        keys("nonsense", "Enter")
        assert "'nonsense' is not a card" in wait_for("is not a card")
        keys("1", "Enter")
        shown = wait_for("You kept")
        assert re.search(r"Your hand \(1\): \S+", shown)
        keys("C-c")
        shown = wait_for("EXIT=")
        assert "Interrupted: you left the game." in shown
        assert "EXIT=130" in shown
        assert "Traceback" not in shown
    finally:
        subprocess.run([*tmux, "kill-server"], env=env, capture_output=True)


def test_colours_only_on_a_terminal_and_never_with_no_color() -> None:
    leader, follower = os.openpty()
    read_end, write_end = os.pipe()
    with open(follower, "w", encoding="utf-8") as tty, open(write_end, "w", encoding="utf-8") as pipe:
        assert Style.for_stream(tty, environ={"TERM": "xterm"}).color
        assert not Style.for_stream(tty, environ={"TERM": "xterm", "NO_COLOR": "1"}).color
        assert not Style.for_stream(tty, no_color=True, environ={"TERM": "xterm"}).color
        assert not Style.for_stream(tty, environ={"TERM": "dumb"}).color
        assert not Style.for_stream(pipe, environ={"TERM": "xterm"}).color
        assert Style.for_stream(tty, environ={}).unicode
    with open(os.open(os.devnull, os.O_WRONLY), "w", encoding="ascii") as ascii_stream:
        assert not Style.for_stream(ascii_stream, environ={}).unicode
    os.close(leader)
    os.close(read_end)
