"""Real-time play in the terminal, for games whose seats race (`races` declared): a person types
lines while the bots think on a clock, and the table's own timers run.

One asyncio loop owns the match. Everything that changes it happens in that loop, in the order
it arrives: a line the person typed is applied the moment it is read; a bot acts when its
reaction time (the game's `bot_delay`, scaled by `--bot-pace`) has passed since its question
appeared, deciding then on what its view shows (a bot with nothing to say, None, thinks again
after another reaction time); the game's `deadline()` is applied when it falls due (a wait with
the same key keeps its clock running). Lines are read by a thread, so the clock never waits for
the keyboard.

The game's `text` module (see `RaceText`) words the table, the events and what the person may
do now; typed lines are the game's commands (`menu` keys such as "/pass", or "" for Enter
alone) or a free move (`free_move`, an answer in a word race).
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import signal
import sys
import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Protocol, TextIO

from duoplay.bots import Bot
from duoplay.cli.terminal import Choice, Style, strip_ansi
from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Event, Outcome, Seat

QUIT_WORDS = ("/quit", "/exit", "/q")
HELP_WORDS = ("/help", "/h", "/?", "?")
SHOW_WORDS = ("/show", "/table")
GENERIC_HELP = """\
Type while the game runs: '/show' draws the table again, '/help' shows this,
'/quit' (or Ctrl-D) leaves."""
PROMPT = "> "
RETRY_SECONDS = 0.02  # the least a bot waits before thinking again, so a bot at pace 0 cannot spin


class RaceText(Protocol):
    """What a racing game's `text` module offers the real-time terminal (pure functions)."""

    HELP: str

    def intro(self, style: Style) -> str:
        """Shown once before the game: how to play in a few lines."""
        ...

    def menu(self, view: JSON, legal: Sequence[Any], style: Style) -> list[Choice]:
        """The commands the seat may type now: each Choice's `keys` are what to type (lower case;
        "" is Enter alone) and its `action` what that does."""
        ...

    def free_move(self, view: JSON, line: str) -> Any:
        """The move a typed line that is no command makes (an answer), or None: it means nothing."""
        ...

    def cue(self, view: JSON, legal: Sequence[Any], style: Style) -> str:
        """What the seat may do now, in a line or two ("" when it only watches)."""
        ...

    def render_view(self, view: JSON, choices: Sequence[Choice], style: Style) -> str: ...

    def render_events(self, events: Sequence[JSON], view: JSON, actor: int | None,
                      action: JSON | None, style: Style) -> list[str]:
        """Lines for what just happened (as the viewer may see it); `view` is the viewer's
        view after it (the names at the table, the race now run)."""
        ...

    def render_outcome(self, outcome: Outcome, viewer: int, style: Style) -> str: ...

    # Optional: `status(view, style) -> str`, the standing (scores), shown each time it changes.


class Screen:
    """Lines for the person. At a terminal with line editing, what the person is typing stays
    on the last line: a line that arrives meanwhile is printed above it."""

    def __init__(self, out: TextIO, live: bool) -> None:
        self.out = out
        self.live = live
        self._lock = threading.Lock()

    def say(self, text: str = "", last: bool = False) -> None:
        """Print a line; `last` is the last line of the game (no prompt under it any more)."""
        with self._lock:
            if last and self.live:
                self.live = False
                self.out.write("\r\x1b[K")
            if not self.live:
                self.out.write(text + "\n")
                self.out.flush()
                return
            typed = ""
            with contextlib.suppress(ImportError):
                import readline

                typed = readline.get_line_buffer()
            self.out.write("\r\x1b[K" + text.replace("\n", "\n\x1b[K") + "\n" + PROMPT + typed)
            self.out.flush()


@dataclass(slots=True)
class _Plan:
    question: Hashable
    task: asyncio.Task[None]


@dataclass(slots=True)
class _Wait:
    key: str
    task: asyncio.Task[None]


class _Quit(Exception):
    pass


class RaceTable:
    """One match in real time: the person at `seat`, bots at the other seats."""

    def __init__(self, match: Match, text: RaceText, bots: dict[int, Bot], level: str, seat: int,
                 style: Style, screen: Screen, pace: float, seed: int) -> None:
        self.match, self.text, self.bots, self.level = match, text, bots, level
        self.seat, self.style, self.screen, self.pace = seat, style, screen, pace
        self.random = random.Random(seed)
        self.plans: dict[int, _Plan] = {}
        self.wait: _Wait | None = None
        self.done: asyncio.Future[int] | None = None
        self.shown_cue: tuple[Hashable, str] | None = None
        self.shown_status = ""
        self.executor = ThreadPoolExecutor(max_workers=max(1, len(bots)), thread_name_prefix="bot")

    # --- the loop -----------------------------------------------------------------------------

    async def run(self, lines: asyncio.Queue[str | None]) -> int:
        loop = asyncio.get_running_loop()
        self.done = loop.create_future()
        try:
            self._changed()
            while not self.done.done():
                getter: asyncio.Future[str | None] = asyncio.ensure_future(lines.get())
                waits: set[asyncio.Future[Any]] = {getter, self.done}
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
                if not getter.done():
                    getter.cancel()
                    break
                line = getter.result()
                if line is None:
                    self.screen.say("End of input: you left the game.", last=True)
                    return 0
                try:
                    self._typed(line)
                except _Quit:
                    self.screen.say("You left the game.", last=True)
                    return 0
            return self.done.result()
        finally:
            self._stop()

    def _stop(self) -> None:
        for plan in self.plans.values():
            plan.task.cancel()
        self.plans.clear()
        if self.wait is not None:
            self.wait.task.cancel()
            self.wait = None
        self.executor.shutdown(wait=False, cancel_futures=True)

    def _finish(self, code: int) -> None:
        if self.done is not None and not self.done.done():
            self.done.set_result(code)
        self._stop()

    def _act(self, seat: Seat, action: Any) -> None:
        """Apply one move now (raises GameError, changing nothing, if the game refuses it)."""
        if not callable(getattr(type(action), "to_json", None)):
            action = self.match.game.parse_action(action)  # a free move given as JSON
        events = self.match.act(seat, action)
        self._show(events, seat, action)
        self._changed()

    def _changed(self) -> None:
        """After every change: the end, or the clock, the bots and the person's cue again."""
        outcome = self.match.outcome()
        if outcome is not None:
            self._status()  # the last move may have scored
            self.screen.say()
            self.screen.say(self.text.render_outcome(outcome, self.seat, self.style), last=True)
            self._finish(0)
            return
        self._arm()
        self._plan_bots()
        self._status()
        self._cue()

    def _show(self, events: Sequence[Event], actor: Seat, action: Any) -> None:
        seen = [event.visible_to(self.seat) for event in events]
        bullet = self.style.pick("•", "*")
        view = self.match.view(self.seat)
        for line in self.text.render_events(seen, view, actor, action.to_json(), self.style):
            plain = not line or strip_ansi(line).startswith(" ")  # a block of the game's own layout
            self.screen.say(line if plain else f"{bullet} {line}")

    def _status(self) -> None:
        """The game's standing (the score), each time it changes."""
        status = getattr(self.text, "status", None)
        if not callable(status):
            return
        line = status(self.match.view(self.seat), self.style)
        if line and line != self.shown_status:
            self.screen.say(line)
        self.shown_status = line

    def _cue(self) -> None:
        view = self.match.view(self.seat)
        cue = self.text.cue(view, self.match.legal_actions(self.seat), self.style)
        key = (self._question(self.seat), cue)
        if cue and key != self.shown_cue:
            self.screen.say(cue)
        self.shown_cue = key

    def _question(self, seat: int) -> Hashable:
        game = self.match.game
        return declared.stale_key(game, self.match.state, seat) if declared.has_stale_key(game) \
            else self.match.version

    # --- the table's clock --------------------------------------------------------------------

    def _arm(self) -> None:
        deadline = self.match.deadline()
        if deadline is None:
            if self.wait is not None:
                self.wait.task.cancel()
                self.wait = None
            return
        key = deadline.key or f"@{self.match.version}"
        if self.wait is not None:
            if self.wait.key == key:
                return  # the same wait: its clock keeps running
            if self.wait.task is not asyncio.current_task():
                self.wait.task.cancel()
        self.wait = _Wait(key, asyncio.create_task(self._expire(key, deadline.seconds)))

    async def _expire(self, key: str, seconds: float) -> None:
        await asyncio.sleep(seconds)
        deadline = self.match.deadline()
        if deadline is None or (deadline.key or f"@{self.match.version}") != key:
            return
        self.wait = None
        try:
            self._act(deadline.seat, deadline.action)
        except GameError as error:
            self.screen.say(f"The table's clock could not act ({error.reason}); stopping.")
            self._finish(1)

    # --- bots ---------------------------------------------------------------------------------

    def _plan_bots(self) -> None:
        moving = set(self.match.to_move())
        for seat in self.bots:
            plan = self.plans.get(seat)
            question = self._question(seat) if seat in moving else None
            if plan is not None and plan.question == question:
                continue
            if plan is not None and plan.task is not asyncio.current_task():
                plan.task.cancel()
            self.plans.pop(seat, None)
            if question is not None:
                self.plans[seat] = _Plan(question, asyncio.create_task(self._bot(seat, question)))

    def _current(self, seat: int, question: Hashable) -> bool:
        plan = self.plans.get(seat)
        return plan is not None and plan.task is asyncio.current_task() and plan.question == question

    async def _bot(self, seat: int, question: Hashable) -> None:
        bot = self.bots[seat]
        loop = asyncio.get_running_loop()
        tries = 0
        try:
            while self._current(seat, question):
                view = self.match.view(seat)
                delay = declared.bot_delay(self.match.game, view, seat, self.level, self.random) * self.pace
                await asyncio.sleep(max(delay, RETRY_SECONDS if tries else 0.0))
                tries += 1
                if not self._current(seat, question):
                    return
                view, legal = self.match.view(seat), self.match.legal_actions(seat)
                action = await loop.run_in_executor(self.executor, bot.choose, view, legal, seat)
                if action is None or not self._current(seat, question):
                    continue  # nothing yet, or the question changed while it thought
                try:
                    self._act(seat, action)
                except GameError as error:
                    self.screen.say(self.style.dim(f"(The {bot.name} bot tried {action.notation()}: "
                                                   f"{error.reason})"))
                # Still this seat's plan (the same question, say after a refused word): think on.
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a broken bot ends the game with a message, not a traceback
            self.screen.say(f"The {bot.name} bot failed ({type(error).__name__}: {error}); stopping. "
                            f"Seed {self.match.header.seed} and move {self.match.version + 1} reproduce it.")
            self._finish(1)

    # --- the person ---------------------------------------------------------------------------

    def _typed(self, line: str) -> None:
        typed = " ".join(line.split())
        word = typed.lower()
        if word in QUIT_WORDS:
            raise _Quit
        if word in HELP_WORDS:
            self.screen.say(self.text.HELP)
            self.screen.say(GENERIC_HELP)
            return
        view = self.match.view(self.seat)
        legal = self.match.legal_actions(self.seat)
        choices = self.text.menu(view, legal, self.style)
        if word in SHOW_WORDS:
            self.screen.say(self.text.render_view(view, choices, self.style))
            cue = self.text.cue(view, legal, self.style)
            if cue:
                self.screen.say(cue)
            return
        picked = next((choice for choice in choices if word in choice.keys), None)
        action = picked.action if picked is not None else None
        if picked is None and not word.startswith("/"):
            action = self.text.free_move(view, typed)
        if action is None:
            self._unknown(word, view, legal, choices)
            return
        try:
            self._act(self.seat, action)
        except GameError as error:
            self.screen.say(self.style.paint(error.reason, "red"))

    def _unknown(self, word: str, view: JSON, legal: Sequence[Any], choices: Sequence[Choice]) -> None:
        commands = [choice.keys[0] or "Enter" for choice in choices if choice.keys]
        if word.startswith("/"):
            known = ", ".join([*commands, "/show", "/help", "/quit"])
            self.screen.say(self.style.paint(f"No command {word!r} now; you may type {known}.", "red"))
            return
        cue = self.text.cue(view, legal, self.style)
        self.screen.say(cue or self.style.dim("Nothing to do right now: watch, or type /help."))


def play(match: Match, text: RaceText, bots: dict[int, Bot], level: str, seat: int, style: Style,
         out: TextIO, read_line: Callable[[str], str], pace: float, interactive: bool = False) -> int:
    """Play to the end at this terminal. `read_line` reads one line (raising EOFError at the end);
    it runs in a thread of its own. The exit status: 0, 130 after Ctrl-C, 1 if a bot failed."""
    live = interactive and sys.stdin.isatty() and bool(getattr(out, "isatty", lambda: False)())
    saved = _terminal_mode() if live else None
    if live:
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401  (arrow keys and history while typing)
    screen = Screen(out, live)
    table = RaceTable(match, text, bots, level, seat, style, screen, pace, match.header.seed)
    try:
        screen.say(text.intro(style))
        if declared.has_bot_warm_up(match.game):
            screen.say(style.dim("Getting the table ready..."))  # the bots decide in this process
            declared.bot_warm_up(match.game, match.game.parse_options(match.header.options))
        screen.say(text.render_view(match.view(seat), [], style))
        status = getattr(text, "status", None)
        if callable(status):
            table.shown_status = status(match.view(seat), style)  # the table drawn says it
        screen.say("Type '/help' for how to play, '/quit' to leave.")
        return asyncio.run(_main(table, read_line, live))
    except KeyboardInterrupt:
        screen.say("\nInterrupted: you left the game.", last=True)
        return 130
    finally:
        if saved is not None:
            _restore_terminal(saved)


async def _main(table: RaceTable, read_line: Callable[[str], str], live: bool) -> int:
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def reader() -> None:
        # Ctrl-C is for the loop's thread: a signal taken here would not wake it.
        signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        while True:
            try:
                line: str | None = read_line(PROMPT if live else "")
            except (EOFError, OSError, ValueError):
                line = None
            try:
                loop.call_soon_threadsafe(lines.put_nowait, line)
            except RuntimeError:  # the loop has closed: the game is over
                return
            if line is None:
                return

    threading.Thread(target=reader, name="keyboard", daemon=True).start()
    return await table.run(lines)


def _terminal_mode() -> Any:
    """The terminal's settings, to put back when the game ends while a line is half typed."""
    try:
        import termios

        return termios.tcgetattr(sys.stdin.fileno())
    except (ImportError, OSError, ValueError):
        return None


def _restore_terminal(saved: Any) -> None:
    with contextlib.suppress(ImportError, OSError, ValueError):
        import termios

        termios.tcsetattr(sys.stdin.fileno(), termios.TCSADRAIN, saved)
