"""`duoplay prepare [GAME...]`: make now what the games derive once per machine from installed data
(a checked word list, say), so no match, bot or test pays it later. The install step runs it; a
game with nothing to prepare is skipped."""

from __future__ import annotations

import argparse
import sys
import time

from duoplay.core import declared
from duoplay.core.registry import find_game, game_ids


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("games", nargs="*", metavar="GAME", help="games to prepare (default: every game)")


def run(args: argparse.Namespace) -> int:
    unknown = [name for name in args.games if name not in game_ids()]
    if unknown:
        print(f"duoplay prepare: no game {unknown[0]!r}; the games: {', '.join(game_ids())}", file=sys.stderr)
        return 2
    for game_id in args.games or game_ids():
        game = find_game(game_id)
        started = time.monotonic()
        if declared.prepare(game, lambda line: print(line, flush=True)):
            print(f"{game.id}: prepared in {time.monotonic() - started:.0f} s", flush=True)
    return 0
