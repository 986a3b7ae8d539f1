"""`duoplay COMMAND`: each command lives in its own module with `add_arguments` and `run`.

A game may add commands of its own in the `duoplay.commands` entry point group (a
function that adds its subparser and sets `run`); they follow the platform's, and
finding them loads no game.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
from collections.abc import Iterator, Sequence

COMMANDS_GROUP = "duoplay.commands"  # games' own commands (see pyproject.toml)
# command -> module in duoplay.cli; each module defines add_arguments(parser) and run(args) -> int
COMMANDS = {
    "play": ("play", "play a game in this terminal against a bot"),
    "arena": ("arena", "run many games between bots and summarize the results"),
    "serve": ("serve", "run the web server"),
    "replay": ("replay_cmd", "print a stored match move by move"),
    "prepare": ("prepare", "make what the games derive once per machine from installed data"),
}


@contextlib.contextmanager
def _ctrl_c_for_the_main_thread_only() -> Iterator[None]:
    """Threads that native libraries start while being imported (numpy's BLAS) inherit a mask
    that blocks SIGINT, so Ctrl-C always reaches the main thread, where Python acts on it.
    A SIGINT taken by such a thread would leave the main thread asleep in a read."""
    blocked = {signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, blocked)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, blocked)


def _add_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    for command, (module_name, help_text) in COMMANDS.items():
        try:
            module = importlib.import_module(f"duoplay.cli.{module_name}")
        except ModuleNotFoundError as missing:
            if missing.name and missing.name.startswith("duoplay.cli."):
                continue  # a command whose module is not part of this build
            raise
        command_parser = sub.add_parser(command, help=help_text, description=help_text)
        module.add_arguments(command_parser)
        command_parser.set_defaults(run=module.run)


def _add_game_commands(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Each game's own commands: a function that adds its subparser and sets `run`."""
    from importlib.metadata import entry_points  # costs ~60 ms: only for the commands that use it

    for entry in sorted(entry_points(group=COMMANDS_GROUP), key=lambda e: e.name):
        entry.load()(sub)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="duoplay", description="Tabletop games for people and bots.")
    sub = parser.add_subparsers(dest="command", required=True)
    with _ctrl_c_for_the_main_thread_only():
        _add_commands(sub)
        _add_game_commands(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return int(args.run(args))
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as other Unix tools do.
        sys.stderr.close()
        return 0


if __name__ == "__main__":
    sys.exit(main())
