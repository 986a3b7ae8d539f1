"""`duoplay play GAME`: a person plays one seat in this terminal, bots play the others.

Generic over games: the game's `text` module (duoplay.games.<pkg>.text, see
`terminal.GameText`) draws the table, groups the legal actions into numbered
choices and words the events; this module runs the loop, reads input and
acts through `Match.act` with the person's seat only. The person sees their
seat's view and the events as their seat may see them, nothing else.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TextIO, cast

from duoplay.bots import Bot, bot_levels, make_bot
from duoplay.bots.pool import BotPool, pooled_bot
from duoplay.cli.terminal import Choice, GameText, Question, Style
from duoplay.core import declared
from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.protocol import Event, OptionSpec
from duoplay.core.registry import find_game

QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?", "h")
SHOW_WORDS = ("show", "table", "look")
GENERIC_HELP = """\
Commands: a move's number or its notation; 'show' to see the table again;
'back' to leave a follow-up question; 'help'; 'quit' (or Ctrl-D) to leave."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game to play: its id or alias (a wrong name lists them)")
    _add_common(parser)
    # Everything after the game is read again once the game is known, with its options as flags.
    parser.add_argument("game_args", nargs=argparse.REMAINDER, metavar="...",
                        help="the game's own options as flags: `duoplay play GAME --help` lists them")


def _add_common(parser: argparse.ArgumentParser, defaults: argparse.Namespace | None = None) -> None:
    def default(name: str, value: Any) -> Any:
        return getattr(defaults, name, value) if defaults is not None else value

    parser.add_argument("--bot", default=default("bot", None),
                        help="the bots' level: random, or a level the game adds (heuristic, ismcts, "
                             "normal...); default random, or the game's stand-in level in a race")
    parser.add_argument("--seed", type=int, default=default("seed", None),
                        help="seed for the shuffles and the bot (default: a new random one, printed)")
    parser.add_argument("--seat", type=int, default=default("seat", 0), help="your seat (default 0)")
    parser.add_argument("--players", type=int, default=default("players", None),
                        help="how many play, you included (default: the game's smallest table)")
    parser.add_argument("--bot-pace", type=float, default=default("bot_pace", 1.0),
                        help="in a real-time game, scales how long bots take to react "
                             "(default 1: a person's pace; 0: at once)")
    parser.add_argument("--option", action="append", default=list(default("option", [])),
                        metavar="KEY=VALUE", help="a game option, e.g. target_score=100 (repeatable)")
    parser.add_argument("--no-color", action="store_true", default=default("no_color", False),
                        help="no ANSI colours (NO_COLOR works too)")


COMMON_FLAGS = frozenset({"bot", "seed", "seat", "players", "bot_pace", "option", "no_color", "help"})
OPTION_DEST = "game_option:"


def game_parser(game: Any, defaults: argparse.Namespace) -> argparse.ArgumentParser:
    """`duoplay play GAME ...` once the game is known: the common flags and one flag per declared
    option (`--lang es`, `--window-ms 150`), typed and bounded as the option's spec says."""
    parser = argparse.ArgumentParser(prog=f"duoplay play {defaults.game}",
                                     description=f"Play {game.name} in this terminal against bots.")
    _add_common(parser, defaults)
    group = parser.add_argument_group(f"{game.name} options (the lobby's house rules)")
    for spec in declared.option_specs(game):
        if spec.name in COMMON_FLAGS:
            continue  # a name the command uses itself: --option NAME=VALUE still sets it
        flag = "--" + spec.name.replace("_", "-")
        about = spec.help or spec.label
        dest = OPTION_DEST + spec.name
        if spec.kind == "bool":
            group.add_argument(flag, dest=dest, action=argparse.BooleanOptionalAction,
                               default=argparse.SUPPRESS, help=f"{about} (default: {_shown(spec.default)})")
            continue
        choices = None
        if spec.kind == "choice" and spec.choices:
            values = [value for value, _ in spec.choices]
            choices = values
            about += " (" + ", ".join(f"{_shown(v)}: {label}" for v, label in spec.choices) + ")"
        group.add_argument(flag, dest=dest, type=_option_type(spec), choices=choices,
                           default=argparse.SUPPRESS, metavar=spec.name.upper(),
                           help=f"{about} (default: {_shown(spec.default)})")
    return parser


def _shown(value: Any) -> str:
    return json.dumps(value) if not isinstance(value, str) else value


def _option_type(spec: OptionSpec) -> Callable[[str], Any]:
    """Text to the option's value: a number within its bounds, or one of its choices."""

    def bounded(value: float) -> float:
        low, high = spec.minimum, spec.maximum
        if (low is not None and value < low) or (high is not None and value > high):
            bounds = f"from {_number(low)} to {_number(high)}" if low is not None and high is not None \
                else f"at least {_number(low)}" if low is not None else f"at most {_number(high)}"
            raise argparse.ArgumentTypeError(f"must be {bounds}, got {_number(value)}")
        return value

    def convert(text: str) -> Any:
        if spec.kind == "int":
            try:
                return int(bounded(int(text)))
            except ValueError:
                raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
        if spec.kind == "float":
            try:
                number = float(text)
            except ValueError:
                raise argparse.ArgumentTypeError(f"must be a number, got {text!r}") from None
            return bounded(number)
        if spec.kind == "choice":
            for value, _ in spec.choices:
                if text in (str(value), _shown(value)) or (value is None and text.lower() == "none"):
                    return value
        return text

    convert.__name__ = spec.kind  # argparse names the type in its messages
    return convert


def _number(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def game_options(namespace: argparse.Namespace) -> dict[str, Any]:
    return {name[len(OPTION_DEST):]: value for name, value in vars(namespace).items()
            if name.startswith(OPTION_DEST)}


class _Quit(Exception):
    """The player asked to leave."""


def parse_option_args(pairs: Sequence[str]) -> dict[str, Any]:
    """'key=value' pairs; values are read as JSON when they can be (30, true), else as text."""
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--option needs KEY=VALUE, got {pair!r}")
        try:
            options[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            options[key.strip()] = value
    return options


def load_text(game: Any) -> GameText:
    """The game's terminal rendering module, found beside its rules."""
    package = type(game).__module__.rsplit(".", 1)[0]
    return cast(GameText, importlib.import_module(f"{package}.text"))


def run(args: argparse.Namespace) -> int:
    return start(args, sys.stdout, input)


def start(args: argparse.Namespace, out: TextIO, read_line: Callable[[str], str]) -> int:
    """Read the game's flags, set the table and play until the end; `out` and `read_line` are
    the terminal (tests pass their own)."""
    err = sys.stderr
    try:
        game = find_game(args.game)
    except GameError as error:
        print(error, file=err)
        return 2
    try:
        args = game_parser(game, args).parse_args(args.game_args, argparse.Namespace(game=args.game))
    except SystemExit as leaving:  # --help, or a flag argparse refused (it printed why)
        return int(leaving.code or 0)
    try:
        text = load_text(game)
        options = {**parse_option_args(args.option), **game_options(args)}
    except ModuleNotFoundError:
        print(f"{args.game} cannot be played in the terminal yet", file=err)
        return 2
    except (GameError, ValueError) as error:
        print(error, file=err)
        return 2
    racing = declared.races(game)
    seats = game.min_seats if args.players is None else args.players
    if not game.min_seats <= seats <= game.max_seats:
        print(f"--players must be between {game.min_seats} and {game.max_seats}", file=err)
        return 2
    if not 0 <= args.seat < seats:
        print(f"--seat must be between 0 and {seats - 1}", file=err)
        return 2
    if args.bot_pace < 0:
        print("--bot-pace must be 0 or more", file=err)
        return 2
    levels = bot_levels(game.id)
    level = args.bot if args.bot is not None else declared.standin_level(game) if racing else "random"
    if level not in levels:
        print(f"No bot level {level!r} for {game.id}; choose from {', '.join(levels)}", file=err)
        return 2
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1_000_000)
    try:
        match = Match.new(game.id, seats, seed, options)
    except GameError as error:
        print(f"Cannot start {game.name}: {error.reason}", file=err)
        return 2
    style = Style.for_stream(out, no_color=args.no_color)
    dot = style.pick("·", "|")
    against = f"the {level} bot" if seats == 2 else f"{seats - 1} {level} bots"
    if racing:
        from duoplay.cli import realtime

        bots = {s: make_bot(game.id, level, seed * 7919 + s) for s in range(seats) if s != args.seat}
        print(f"{game.name} against {against} {dot} seed {seed} {dot} you are seat {args.seat}", file=out)
        return realtime.play(match, cast(realtime.RaceText, text), bots, level, args.seat, style, out,
                             read_line, args.bot_pace, interactive=out is sys.stdout)
    # The bot thinks in a pool of one process per core: a search spreads each decision over all
    # of them while you wait. A random bot needs no pool.
    pool = BotPool(games=[game.id]) if level != "random" else None
    try:
        bots = {s: pooled_bot(pool, game.id, level, seed * 7919 + s) for s in range(seats)
                if s != args.seat}
        _enable_line_editing()
        session = Session(match, text, bots, args.seat, style, out, read_line)
        print(f"{game.name} against {against} {dot} seed {seed} {dot} you are seat {args.seat}", file=out)
        print(text.intro(style), file=out)
        print("Type 'help' for how to play, 'quit' to leave.", file=out)
        return session.run()
    finally:
        if pool is not None:
            pool.close()


def _enable_line_editing() -> None:
    """Arrow keys and history at a real terminal; nothing is loaded for pipes."""
    if sys.stdin.isatty():
        with contextlib.suppress(ImportError):
            import readline  # noqa: F401


class Session:
    """One person at one seat, bots at the others, until the match ends or the person leaves."""

    def __init__(self, match: Match, text: GameText, bots: dict[int, Bot], seat: int, style: Style,
                 out: TextIO, read_line: Callable[[str], str]) -> None:
        self.match = match
        self.text = text
        self.bots = bots
        self.seat = seat
        self.style = style
        self.out = out
        self.read_line = read_line
        self.choices: list[Choice] = []  # the choices on screen, for 'show'

    def say(self, line: str = "") -> None:
        print(line, file=self.out)

    def run(self) -> int:
        try:
            return self._loop()
        except _Quit:
            self.say("You left the game.")
            return 0
        except EOFError:
            self.say("\nEnd of input: you left the game.")
            return 0
        except KeyboardInterrupt:
            self.say("\nInterrupted: you left the game.")
            return 130
        except BrokenPipeError:
            # Nobody is reading any more; keep the interpreter from complaining on exit.
            with contextlib.suppress(OSError):
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1

    def _loop(self) -> int:
        match = self.match
        while (outcome := match.outcome()) is None:
            waiting = match.to_move()
            mine = match.legal_actions(self.seat)
            if self.seat in waiting or mine:
                acted = self._person_turn(may_wait=self.seat not in waiting)
                if acted:
                    continue
            for seat in match.to_move():
                if seat != self.seat and not self._bot_turn(seat):
                    return 1
        self.say(self.text.render_outcome(outcome, self.seat, self.style))
        return 0

    def _bot_turn(self, seat: int) -> bool:
        match = self.match
        bot = self.bots[seat]
        thinking = self._status(f"The {bot.name} bot is thinking...")
        try:
            action = bot.choose(match.view(seat), match.legal_actions(seat), seat)
            events = match.act(seat, action)
        except GameError as error:
            self.say(f"The {bot.name} bot tried an illegal move ({error.reason}); stopping.")
            return False
        except Exception as error:  # a broken bot ends the game with a message, not a traceback
            self.say(f"The {bot.name} bot failed ({type(error).__name__}: {error}); stopping. "
                     f"Seed {match.header.seed} and move {match.version + 1} reproduce it.")
            return False
        finally:
            thinking()
        self._show_events(events, seat, action)
        return True

    def _status(self, text: str) -> Callable[[], None]:
        """Show a passing status line at a terminal; return what erases it."""
        isatty = getattr(self.out, "isatty", None)
        if not (callable(isatty) and isatty()):
            return lambda: None
        self.out.write(self.style.dim(text) + "\r")
        self.out.flush()

        def erase() -> None:
            self.out.write(" " * len(text) + "\r")

        return erase

    def _show_events(self, events: Sequence[Event], actor: int, action: Any) -> None:
        seen = [event.visible_to(self.seat) for event in events]
        bullet = self.style.pick("•", "*")
        for line in self.text.render_events(seen, self.seat, actor, action.to_json(), self.style):
            self.say(f"{bullet} {line}")

    # --- the person's input ---------------------------------------------------------------

    def _person_turn(self, may_wait: bool) -> bool:
        """Show the table and read until an action is accepted (True) or the person waits (False)."""
        view = self.match.view(self.seat)
        choices = self.text.menu(view, self.match.legal_actions(self.seat), self.style)
        if may_wait:
            choices.append(Choice("wait: let the bot move", ("wait", "w")))
        self.choices = choices
        self._show_table(view, choices)
        while True:
            choice = self._ask("Your move> ", choices, top_level=True)
            if choice is None:
                continue
            if isinstance(choice, Choice):
                picked = self._follow(choice)
                if picked is None:
                    self._list(choices)
                    continue
                if picked.action is None:
                    return False  # wait
                action = picked.action
            else:
                action = choice
            try:
                events = self.match.act(self.seat, action)
            except GameError as error:
                self.say(self.style.paint(error.reason, "red"))
                continue
            self._show_events(events, self.seat, action)
            return True

    def _show_table(self, view: dict[str, Any], choices: Sequence[Choice]) -> None:
        self.say()
        self.say(self.text.render_view(view, choices, self.style))
        self._list(choices)

    def _list(self, choices: Sequence[Choice]) -> None:
        width = len(str(len(choices)))
        for number, choice in enumerate(choices, start=1):
            self.say(f"  {number:>{width}}) {choice.label}")

    def _follow(self, choice: Choice) -> Choice | None:
        """Ask the follow-up questions of a choice; None if the person goes back."""
        while choice.then is not None:
            question: Question = choice.then
            self.say(question.prompt)
            self._list(question.choices)
            picked = None
            while picked is None:
                picked = self._ask("Choose> ", question.choices, top_level=False)
                if picked == "back":
                    return None
            assert isinstance(picked, Choice)
            choice = picked
        return choice

    def _ask(self, prompt: str, choices: Sequence[Choice], top_level: bool) -> Any:
        """One line of input: a Choice, a parsed action (top level), 'back', or None to ask again."""
        line = self.read_line(prompt)
        typed = " ".join(line.split())
        word = typed.lower()
        count = len(choices)
        if not typed:
            self.say(f"Type a number from 1 to {count}" + (", a move such as R5" if top_level else "")
                     + ", or 'help'.")
            return None
        if word in QUIT_WORDS:
            raise _Quit
        if word in HELP_WORDS:
            self.say(self.text.HELP if top_level else "Pick one of the numbers, or type 'back'.")
            self.say(GENERIC_HELP)
            return None
        if word in SHOW_WORDS:
            self._show_table(self.match.view(self.seat), self.choices)
            return None
        if not top_level and word == "back":
            return "back"
        if word.isdigit() and not 1 <= int(word) <= count:
            self.say(self.style.paint(f"There is no choice {word}: pick 1 to {count}.", "red"))
            return None
        words = word.split()
        picked = _pick(words[0], choices) if top_level else _pick(word, choices)
        if top_level and picked is not None:
            picked = _answer_ahead(picked, words[1:])
        if picked is not None:
            return picked
        if not top_level:
            known = ", ".join(choice.keys[0] for choice in choices if choice.keys)
            self.say(self.style.paint(f"Pick 1 to {count}" + (f" or type {known}" if known else "")
                                      + ", or 'back'.", "red"))
            return None
        try:
            return self.match.game.parse_action(typed)
        except GameError as error:
            self.say(self.style.paint(error.reason, "red"))
            return None


def _pick(word: str, choices: Sequence[Choice]) -> Choice | None:
    """The choice a number or a key names, if any."""
    if word.isdigit():
        number = int(word)
        return choices[number - 1] if 1 <= number <= len(choices) else None
    return next((choice for choice in choices if word in choice.keys), None)


def _answer_ahead(choice: Choice, words: Sequence[str]) -> Choice | None:
    """Typed words after a move answer its follow-up questions in order (a card, then the
    colour it names, then a call that goes with it).
    None if they do not fit, so the whole line goes to the game's own parser and its reasons."""
    for word in words:
        if choice.then is None:
            return None
        picked = _pick(word, choice.then.choices)
        if picked is None:
            return None
        choice = picked
    return choice
