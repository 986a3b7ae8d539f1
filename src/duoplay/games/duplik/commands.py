"""`duoplay duplik scene`: a scene card from the terminal.

    duoplay duplik scene --seed 7 --lang fr --out scene.svg
    duoplay duplik scene --id s03 --lang es
    duoplay duplik scene --seed 7 --difficulty hard --colour

Writes the picture (SVG) when `--out` is given and prints the title and the ten criteria,
numbered. Bad arguments exit 2. `add_command` is in the `duoplay.commands` entry point group.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

HELP = "Duplik tools: make a scene card (picture, title and criteria)"
LANGUAGES = ("en", "es", "sv", "pl", "fr")
DIFFICULTIES = ("easy", "normal", "hard")


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `duplik` to the `duoplay` commands; picking it runs `run`."""
    parser = commands.add_parser("duplik", help=HELP, description=HELP)
    parser.set_defaults(run=run)
    sub = parser.add_subparsers(dest="duplik_command", required=True)
    card = sub.add_parser("scene", help="write a scene's picture and print its title and criteria",
                          description="A generated scene (--seed) or a starter scene (--id).")
    which = card.add_mutually_exclusive_group(required=True)
    which.add_argument("--seed", type=int, help="the generator's seed (0 or more)")
    which.add_argument("--id", help="a scene id: s01 to s30 for the starter set, or a generated id (gn7)")
    card.add_argument("--lang", default="en", choices=LANGUAGES, help="language (default en)")
    card.add_argument("--difficulty", default="normal", choices=DIFFICULTIES,
                      help="for --seed (default normal)")
    card.add_argument("--colour", action="store_true", help="allow colour criteria (for --seed)")
    card.add_argument("--out", type=Path, help="write the picture here (SVG)")


def run(args: argparse.Namespace) -> int:
    from duoplay.games.duplik.scenes.catalog import scene
    from duoplay.games.duplik.scenes.generate import generate
    from duoplay.games.duplik.scenes.render import render
    from duoplay.games.duplik.scenes.words import criterion_text

    if args.seed is not None:
        if args.seed < 0:
            print("duoplay duplik: --seed must be 0 or more", file=sys.stderr)
            return 2
        card = generate(args.seed, args.difficulty, args.colour)
    else:
        try:
            card = scene(args.id)
        except KeyError:
            print(f"duoplay duplik: no scene {args.id!r} (starter scenes are s01 to s30)", file=sys.stderr)
            return 2
    title = card.titles[args.lang]
    if args.out is not None:
        try:
            args.out.write_text(render(card, title) + "\n", encoding="utf-8")
        except OSError as error:
            print(f"duoplay duplik: cannot write {args.out}: {error.strerror}", file=sys.stderr)
            return 1
    print(f"{title}  ({card.id}, {card.difficulty})")
    for number, criterion in enumerate(card.criteria, start=1):
        print(f"{number:2}. {criterion_text(criterion, args.lang)}")
    return 0
