"""`duoplay duple judge|answer`: ask the Duple word judge, or the hard bot, from the terminal.

    duoplay duple judge --lang es --letters L D --category animal leopardo león
    duoplay duple judge --lang en --all-play --letters A R T O rota
    duoplay duple answer --lang es --letters L D --category animal

`judge` prints one line per word (`leopardo: accept`, `león: reject (no D)`) and exits 0
once it ran; bad arguments exit 2. `answer` prints the hard bot's word, or `no answer`
and exits 1. `add_command` is in the `duoplay.commands` entry point group.
"""

from __future__ import annotations

import argparse
import random
import sys

HELP = "Duple tools: judge answers, or ask the bot for a word"
LANGUAGES = ("es", "en", "sv", "pl", "fr")
_REASONS = {
    "empty": "empty answer",
    "several_words": "one word only",
    "plural": "plural made for the S",
    "not_a_word": "not a word",
    "proper_noun": "no proper nouns in All Play",
}


def add_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `duple` to the `duoplay` commands; picking it runs `run`."""
    parser = commands.add_parser("duple", help=HELP, description=HELP)
    parser.set_defaults(run=run)
    sub = parser.add_subparsers(dest="duple_command", required=True)
    judge = sub.add_parser("judge", help="judge answers for letters and a category",
                           description="Judge answers as the game does: one line per word.")
    judge.add_argument("words", nargs="*", metavar="WORD",
                       help="answers (quote names with spaces); they may also follow the letters")
    answer = sub.add_parser("answer", help="print the hard bot's answer",
                            description="Print the word the hard bot would say.")
    for command in (judge, answer):
        command.add_argument("--lang", default="es", choices=LANGUAGES, help="language (default es)")
        command.add_argument("--letters", nargs="+", required=True, metavar="LETTER",
                             help="the card letters (e.g. L D)")
        where = command.add_mutually_exclusive_group(required=True)
        where.add_argument("--category",
                           help="a category id, its name in that language, or the English deck's id "
                                "(e.g. pais, país, country)")
        where.add_argument("--all-play", action="store_true", help="All Play: every letter, no category")


def explain(verdict_reason: str, detail: str, category_name: str | None) -> str:
    """The readable words for a verdict ("accept", "reject (no D)")."""
    if verdict_reason in ("ok", "remembered"):
        return "accept"
    if verdict_reason == "missing_letter":
        return f"reject (no {detail})"
    if verdict_reason == "plural" and detail:
        return f"reject (a form of {detail} made for a letter)"
    if verdict_reason == "category":
        return f"reject (does not fit {category_name})"
    return f"reject ({_REASONS.get(verdict_reason, verdict_reason.replace('_', ' '))})"


def run(args: argparse.Namespace) -> int:
    try:
        from duoplay.games.duple.words.categories import categories, find_category
    except ModuleNotFoundError as missing:  # pragma: no cover - only without the package data
        print(f"duoplay duple: {missing}", file=sys.stderr)
        return 1
    # `--letters A R T O rota`: the letters are the one-letter values, the words may follow them.
    given = [value.strip() for value in args.letters]
    one_letter = [len(value) == 1 and value.isalpha() for value in given]
    count = one_letter.index(False) if False in one_letter else len(given)
    letters, words = given[:count], given[count:] + list(getattr(args, "words", []))
    if not letters:
        print("duoplay duple: each --letters value must be one letter (e.g. --letters L D)", file=sys.stderr)
        return 2
    if args.duple_command == "judge" and not words:
        print("duoplay duple judge: give the words to judge", file=sys.stderr)
        return 2
    if args.duple_command == "answer" and words:
        print(f"duoplay duple: each --letters value must be one letter, not {words[0]!r}", file=sys.stderr)
        return 2
    category_id: str | None = None
    category_name: str | None = None
    if not args.all_play:
        found = find_category(args.lang, args.category)
        if found is None:
            valid = ", ".join(f"{c.id} ({c.name})" for c in categories(args.lang).values())
            print(f"duoplay duple: unknown {args.lang} category {args.category!r}; choose one of: {valid}",
                  file=sys.stderr)
            return 2
        category_id, category_name = found.id, found.name
    try:
        from duoplay.games.duple.words.answer import find_answer
        from duoplay.games.duple.words.judge import judge_answer
    except ModuleNotFoundError as missing:
        print(f"duoplay duple: {missing}; install the 'duple' extra", file=sys.stderr)
        return 1
    try:
        if args.duple_command == "answer":
            word = find_answer(args.lang, letters, category_id, 1.0, random.Random(0))
            print(word if word is not None else "no answer")
            return 0 if word is not None else 1
        for word in words:
            verdict = judge_answer(args.lang, word, letters, category_id)
            print(f"{word}: {explain(verdict.reason, verdict.detail, category_name)}")
    except RuntimeError as error:  # a dictionary that is not installed
        print(f"duoplay duple: {error}", file=sys.stderr)
        return 1
    return 0
