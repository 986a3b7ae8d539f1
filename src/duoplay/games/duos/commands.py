"""`duoplay duos pairs NAME x12 [--lang en|es|sv|pl|fr]`: the 4 pairs the DUOS bot would place.

Any 12 names work; names of our own cards (in the chosen language or in English) also
use their descriptions and the curated associations, and need no model: their vectors ship
with the package, so such a call answers without loading the encoder. One pair per line,
the two names joined by " + ".
`add_command` is in the `duoplay.commands` entry point group; `duoplay` adds it to its own commands.
"""

from __future__ import annotations

import argparse
import sys

from duoplay.games.duos.cards import GRID, LANGUAGES

HELP = "DUOS tools: ask the bot which pairs it would place"


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `duos` to the `duoplay` commands; picking it runs `run`."""
    parser = commands.add_parser("duos", help=HELP, description=HELP)
    parser.set_defaults(run=run)
    sub = parser.add_subparsers(dest="duos_command", required=True)
    pairs = sub.add_parser("pairs", help="print the 4 pairs the bot would place for 12 card names",
                           description="Print the 4 pairs the DUOS bot would place for 12 card names.")
    pairs.add_argument("names", nargs="+", metavar="NAME",
                       help="exactly 12 card names (quote names with spaces: 'Glass slipper')")
    pairs.add_argument("--lang", default="en", choices=LANGUAGES, help="language of the names (default en)")


def run(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.names]
    if len(names) != GRID:
        print(f"duoplay duos pairs: give exactly {GRID} names, not {len(names)}", file=sys.stderr)
        return 2
    if len({n.casefold() for n in names}) != GRID or not all(names):
        print("duoplay duos pairs: the 12 names must be different and not empty", file=sys.stderr)
        return 2
    try:
        from duoplay.games.duos.association import pairs_for_names, resolve_board
        from duoplay.games.duos.embedding import MODEL_LANGUAGES
        from duoplay.games.duos.lexicon import read_as
    except ModuleNotFoundError as missing:
        print(f"duoplay duos pairs: {missing}; install the 'duos' extra", file=sys.stderr)
        return 1
    if args.lang not in MODEL_LANGUAGES:
        unknown = [n for n, face in zip(names, resolve_board(names, args.lang), strict=True)
                   if face is None and read_as(n, args.lang) is None]
        if unknown:
            print(f"note: the model has no {args.lang} and no dictionary here knows these names; "
                  "they are read as they are: " + ", ".join(unknown), file=sys.stderr)
    try:
        chosen = pairs_for_names(names, args.lang)
    except RuntimeError as error:
        print(f"duoplay duos pairs: {error}", file=sys.stderr)
        return 1
    for a, b in chosen:
        print(f"{names[a]} + {names[b]}")
    return 0
