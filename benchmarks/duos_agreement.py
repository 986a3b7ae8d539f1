"""How often the DUOS bot places the same pairs as a person, against the plain baseline.

The main figure comes from `benchmarks/data/duos_dealt_boards.json`: 32 boards dealt at
random as the game deals them (12 cards of one category; seed 2026, 8 deals per category,
dealt again here and checked), each paired by hand before the bot ran on it. The odd deals
(16 boards) are held out: nothing in the bot was tuned on them. They are read in every
language the cards have (the names in that language, resolved to our cards as the CLI does)
and reported as tuning and held-out means, against the reference of the same run: the plain
encoder (the 4 disjoint pairs of largest total cosine similarity of the names as written).
The last line is `held-out identical pairs: X.XX / 4 (en), X.XX / 4 (es), ...`. A second hand
paired the same boards later, from the names alone: how far two people agree, beside the bot.

Everyday words that are not our cards, in the five languages position by position, with the
pairs a person would place, written by another hand that saw neither the bot nor its word lists
and dictionaries: `benchmarks/data/duos_free_tuning.json` (24 boards, which the reading of such
words may be tuned on) and `benchmarks/data/duos_free_heldout.json` (16 boards, written after
the Swedish reading was built; nothing is tuned on them). They are reported per language against
the same reference: a language the encoder does not know (Swedish) should read like the others.

The older set, `benchmarks/data/duos_boards.json`, holds boards of 12 card names with the 4 pairs a
typical person would place, written by hand. For every board this counts the
identical pairs of:

- the bot (`association.pairs_for_names`: standardized encoder similarity, curated
  associations, shared words, greedy by confidence);
- the bot without the curated association list and without WordNet definitions (the
  encoder, standardized, with shared words, greedy by confidence);
- the baseline: the 4 disjoint pairs with the largest total cosine similarity.

Boards marked "cards" use our own card names (the curated list knows them; the list
and the boards were written by the same hand, so read the "free" figure as the one for
names the bot has never seen). With `--lang es|fr|pl|sv` the card boards are read in
that language (through our translations); the free boards are read in that language where
they carry it (Swedish: every free board has an "sv" list of the same names).

The co-op part plays one help per board. "Reading": the person gives the help the bot
would give for the person's pairs, and the bot pairs with it. "Giving": the bot gives
its help to a partner that knows only the encoder (the bot without the curated list),
and the partner's agreement with the bot is counted.

Decision time is measured after the model has loaded: once for names already embedded
(the bot embeds a category's names when it first meets it) and once for 12 new names.

    python benchmarks/duos_agreement.py [--lang en] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

from tqdm import tqdm

from duoplay.core.match import Match
from duoplay.games.duos import helps as hints
from duoplay.games.duos.association import (
    best_total_pairs,
    choose_pairs,
    relatedness,
    resolve_board,
)
from duoplay.games.duos.bots import AssociationBot, warm_up
from duoplay.games.duos.cards import LANGUAGES
from duoplay.games.duos.embedding import shared
from duoplay.games.duos.state import Pairs
from duoplay.games.duos.wordnet import wordnet
from duos_fresh import redealt
from duos_fresh import report as fresh_report

BOARDS = Path(__file__).parent / "data" / "duos_boards.json"
DEALT = Path(__file__).parent / "data" / "duos_dealt_boards.json"
EVERYDAY = {"tuning": Path(__file__).parent / "data" / "duos_free_tuning.json",
            "held out": Path(__file__).parent / "data" / "duos_free_heldout.json"}


def identical(names: list[str], pairs: Pairs, wanted: list[list[str]]) -> int:
    got = {frozenset((names[a], names[b])) for a, b in pairs}
    return len(got & {frozenset(p) for p in wanted})


def translate(board: dict[str, Any], language: str) -> tuple[list[str], list[list[str]]]:
    """A card board's names and pairs in `language`, through our translations."""
    faces = resolve_board(board["cards"], "en")
    if any(f is None for f in faces):
        raise SystemExit(f"a card board names a card we do not have: {board['cards']}")
    names = {n: f.name(language) for n, f in zip(board["cards"], faces, strict=True) if f is not None}
    return [names[n] for n in board["cards"]], [[names[a], names[b]] for a, b in board["pairs"]]


def person_plan(names: list[str], wanted: list[list[str]]) -> Pairs:
    index = {n: i for i, n in enumerate(names)}
    return tuple(sorted(tuple(sorted((index[a], index[b]))) for a, b in wanted))  # type: ignore[misc]


def coop(names: list[str], wanted: list[list[str]], language: str, bot: Pairs,
         related: Any, plain: Any) -> dict[str, float]:
    """Agreement with one help: read from the person, and given to a partner that knows less."""
    found: dict[str, float] = {}
    person = person_plan(names, wanted)
    for kind in ("word", "yes", "no"):
        help_ = _help(kind, names, person, related)
        if help_ is not None:
            constraints = hints.read_helps([help_], names)
            found[f"read {kind}"] = identical(names, hints.plan(related, constraints), wanted)
        given = _help(kind, names, bot, related)
        if given is not None:
            constraints = hints.read_helps([given], names)
            partner = hints.plan(plain, constraints)
            found[f"give {kind}"] = len(set(partner) & set(bot))
    found["give none"] = len(set(choose_pairs(plain)) & set(bot))
    return found


def _help(kind: str, names: list[str], pairs: Pairs, related: Any) -> dict[str, object] | None:
    if kind == "word":
        word = hints.choose_word(names, pairs, related)
        return None if word is None else {"kind": "word", "word": word}
    card = (hints.choose_yes(related, pairs, ()) if kind == "yes" else hints.choose_no(related, pairs, ()))
    return None if card is None else {"kind": kind, "card": card}


def dealt_boards() -> list[dict[str, Any]]:
    """The dealt boards, after checking that the seeded deal still gives the same cards."""
    return redealt(DEALT)


def everyday_agreement(path: Path) -> dict[str, tuple[float, float]]:
    """language -> (bot, reference): mean identical pairs on a set of everyday boards."""
    boards = json.loads(path.read_text("utf-8"))["boards"]
    found: dict[str, tuple[float, float]] = {}
    for language in tqdm(LANGUAGES, desc=f"everyday boards ({path.stem}), per language", unit="language"):
        bot, reference = [], []
        for board in boards:
            names = board["cards"] if language == "en" else board[language]
            position = {name: i for i, name in enumerate(board["cards"])}
            wanted = [[names[position[a]], names[position[b]]] for a, b in board["pairs"]]
            bot.append(identical(names, choose_pairs(relatedness(names, language)), wanted))
            reference.append(identical(names, best_total_pairs(shared().cosines(names)), wanted))
        found[language] = (statistics.fmean(bot), statistics.fmean(reference))
    return found


def second_hand() -> dict[str, tuple[float, float, float]]:
    """part -> (first hand vs second hand, bot vs first, bot vs second), in English."""
    found: dict[str, tuple[float, float, float]] = {}
    boards = dealt_boards()
    for part in ("tuning", "held out"):
        rows = []
        for board in (b for b in boards if b["held_out"] == (part == "held out")):
            names = board["cards"]
            first = {frozenset(p) for p in board["pairs"]}
            second = {frozenset(p) for p in board["second_pairs"]}
            bot = {frozenset((names[a], names[b])) for a, b in choose_pairs(relatedness(names, "en"))}
            rows.append((len(first & second), len(bot & first), len(bot & second)))
        found[part] = (statistics.fmean(r[0] for r in rows), statistics.fmean(r[1] for r in rows),
                       statistics.fmean(r[2] for r in rows))
    return found


def dealt_agreement() -> dict[str, dict[str, float]]:
    """language -> {"tuning", "held out", "reference tuning", "reference held out"}: mean identical pairs."""
    boards = dealt_boards()
    found: dict[str, dict[str, float]] = {}
    for language in tqdm(LANGUAGES, desc="dealt boards, per language", unit="language"):
        scores: dict[str, list[int]] = {"tuning": [], "held out": [], "reference tuning": [],
                                        "reference held out": []}
        for board in boards:
            names, wanted = translate(board, language)
            part = "held out" if board["held_out"] else "tuning"
            scores[part].append(identical(names, choose_pairs(relatedness(names, language)), wanted))
            reference = best_total_pairs(shared().cosines(names))
            scores[f"reference {part}"].append(identical(names, reference, wanted))
        found[language] = {key: statistics.fmean(values) for key, values in scores.items()}
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lang", default="en", choices=["en", "es", "fr", "pl", "sv"])
    parser.add_argument("--limit", type=int, default=0, help="only the first N boards (0: all)")
    args = parser.parse_args()
    boards = json.loads(BOARDS.read_text("utf-8"))["boards"]
    if args.lang != "en":  # card boards through our translations, free boards where they carry the language
        boards = [b for b in boards if b["source"] == "cards" or args.lang in b]
    if args.limit:
        boards = boards[:args.limit]
    start = time.perf_counter()
    shared().cosines(["warm", "up"])
    hints.hint_words()
    dictionary = wordnet()
    print(f"model loaded in {time.perf_counter() - start:.1f} s; WordNet definitions: "
          + ("on" if dictionary is not None else "off (Debian's wordnet-base is not installed)"))

    dealt = dealt_agreement()
    count = len(dealt_boards())
    print(f"dealt boards: {count} ({count // 2} held out), paired by hand before the bot ran; "
          "reference: plain encoder, best total cosine")
    print(f"{'language':10}{'tuning':>9}{'held out':>10}{'ref tuning':>12}{'ref held out':>14}")
    for language, figures in dealt.items():
        print(f"{language:10}{figures['tuning']:9.2f}{figures['held out']:10.2f}"
              f"{figures['reference tuning']:12.2f}{figures['reference held out']:14.2f}")
    for part, (people, bot_first, bot_second) in second_hand().items():
        print(f"dealt boards, {part}, English: a second hand agrees with the first on {people:.2f} / 4; "
              f"the bot with the first on {bot_first:.2f}, with the second on {bot_second:.2f}")

    tuning, everyday = (everyday_agreement(EVERYDAY[part]) for part in ("tuning", "held out"))
    sizes = {part: len(json.loads(path.read_text("utf-8"))["boards"]) for part, path in EVERYDAY.items()}
    print(f"everyday boards: {sizes['tuning']} tuning, {sizes['held out']} held out (words that are not our "
          "cards, five languages); reference: plain encoder, best total cosine")
    print(f"{'language':10}{'tuning':>9}{'held out':>10}{'ref tuning':>12}{'ref held out':>14}")
    for language, (bot_mean, reference_mean) in everyday.items():
        print(f"{language:10}{tuning[language][0]:9.2f}{bot_mean:10.2f}{tuning[language][1]:12.2f}"
              f"{reference_mean:14.2f}")

    rows: list[dict[str, Any]] = []
    # (wall, CPU) seconds per decision; CPU time does not count others holding the cores.
    timings: list[tuple[float, float]] = []  # names already embedded, as for our cards in a game
    first_seen: list[tuple[float, float]] = []  # including embedding 12 names never seen before
    for board in tqdm(boards, desc="boards", unit="board"):
        if args.lang == "en":
            names, wanted = board["cards"], board["pairs"]
        elif board["source"] == "free":
            names = board[args.lang]
            position = {name: i for i, name in enumerate(board["cards"])}
            wanted = [[names[position[a]], names[position[b]]] for a, b in board["pairs"]]
        else:
            names, wanted = translate(board, args.lang)
        started, cpu = time.perf_counter(), time.process_time()
        related = relatedness(names, args.lang)
        bot = choose_pairs(related)
        first_seen.append((time.perf_counter() - started, time.process_time() - cpu))
        started, cpu = time.perf_counter(), time.process_time()
        choose_pairs(relatedness(names, args.lang))
        timings.append((time.perf_counter() - started, time.process_time() - cpu))
        plain = relatedness(names, args.lang, curated=False, definitions=False)
        baseline = best_total_pairs(shared().cosines(names))
        rows.append({
            "source": board["source"],
            "bot": identical(names, bot, wanted),
            "model only": identical(names, choose_pairs(plain), wanted),
            "baseline": identical(names, baseline, wanted),
            "coop": coop(names, wanted, args.lang, bot, related, plain),
        })

    def mean(key: str, source: str | None = None) -> float:
        picked = [r[key] for r in rows if source is None or r["source"] == source]
        return statistics.fmean(picked) if picked else float("nan")

    print(f"boards: {len(rows)} ({sum(r['source'] == 'cards' for r in rows)} of our cards, "
          f"{sum(r['source'] == 'free' for r in rows)} of other words), language {args.lang}")
    print(f"{'':24}{'all':>8}{'cards':>8}{'free':>8}")
    for key in ("bot", "model only", "baseline"):
        print(f"{key:24}{mean(key):8.2f}{mean(key, 'cards'):8.2f}{mean(key, 'free'):8.2f}")
    for key in ("read word", "read yes", "read no"):
        values = [r["coop"][key] for r in rows if key in r["coop"]]
        print(f"co-op, bot reads the person's {key[5:].upper()}: {statistics.fmean(values):.2f} / 4 "
              f"on {len(values)} boards")
    plain_agreement = statistics.fmean(r["coop"]["give none"] for r in rows)
    print(f"co-op, a partner who knows only the encoder agrees with the bot on {plain_agreement:.2f} / 4")
    for key in ("give word", "give yes", "give no"):
        values = [r["coop"][key] for r in rows if key in r["coop"]]
        print(f"co-op, ... after the bot's {key[5:].upper()}: {statistics.fmean(values):.2f} / 4 "
              f"on {len(values)} boards")
    for label, found in (("names already embedded", timings), ("12 new names to embed", first_seen)):
        walls = [w for w, _ in found]
        cpus = [c for _, c in found]
        print(f"decision time after load, {label}: median {1000 * statistics.median(walls):.1f} ms "
              f"(CPU {1000 * statistics.median(cpus):.1f} ms), max {1000 * max(walls):.1f} ms "
              f"(CPU {1000 * max(cpus):.1f} ms)")
    game_wall, game_cpu = bot_decisions_in_games()
    print(f"bot decisions in whole games (co-op and 5 players, after warm-up): {len(game_wall)}, median "
          f"{1000 * statistics.median(game_wall):.1f} ms (CPU {1000 * statistics.median(game_cpu):.1f} ms), "
          f"max {1000 * max(game_wall):.1f} ms (CPU {1000 * max(game_cpu):.1f} ms)")
    print(f"hand-written boards, mean identical pairs: {mean('bot'):.2f} / 4 "
          f"(baseline {mean('baseline'):.2f})")
    print("everyday boards held out, identical pairs: " + ", ".join(
        f"{bot_mean:.2f} / 4 ({language})" for language, (bot_mean, _) in everyday.items()))
    print("held-out identical pairs: " + ", ".join(
        f"{figures['held out']:.2f} / 4 ({language})" for language, figures in dealt.items()))
    fresh_report()


def bot_decisions_in_games() -> tuple[list[float], list[float]]:
    """Time every decision of the association bot through whole games, helps included."""
    warm_up()
    wall: list[float] = []
    cpu: list[float] = []
    for seats, seed in ((2, 1), (2, 2), (5, 3)):
        match = Match.new("duos", seats, seed)
        bot = AssociationBot()
        while match.outcome() is None:
            seat = match.to_move()[0]
            view, legal = match.view(seat), match.legal_actions(seat)
            started, spent = time.perf_counter(), time.process_time()
            action = bot.choose(view, legal, seat)
            wall.append(time.perf_counter() - started)
            cpu.append(time.process_time() - spent)
            match.act(seat, action)
    return wall, cpu


if __name__ == "__main__":
    main()
