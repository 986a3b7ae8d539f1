"""DUOS: the bot against people on fresh boards nobody tuned on (benchmarks/data/duos_fresh_boards.json).

Forty boards dealt at random, each paired by two independent players from the names alone and
frozen before the bot ran on any of them. Prints, per language, how many of the 4 pairs the bot
shares with each player, beside how many the two players share with each other: the target is the
bot within 0.4 of the people's own agreement. Run alone, or as part of `duos_agreement.py`:

    .venv/bin/python benchmarks/duos_fresh.py

`--tuning` reads the tuning boards instead (benchmarks/data/duos_tuning_boards.json, dealt and
paired the same way by two other players): the only boards of this kind the bot is tuned on.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
from pathlib import Path
from typing import Any

from tqdm import tqdm

from duoplay.games.duos.association import choose_pairs, relatedness, resolve_board
from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, faces

FRESH = Path(__file__).parent / "data" / "duos_fresh_boards.json"
TUNING = Path(__file__).parent / "data" / "duos_tuning_boards.json"
PLAYERS = {FRESH: ("p", "q"), TUNING: ("r", "s")}
TARGET_GAP = 0.4


def redealt(path: Path) -> list[dict[str, Any]]:
    """A file's boards, after checking that its seeded deal (12 faces of each category in turn,
    `deals_per_category` times) still gives the same cards: the boards stay the game's own deals."""
    data = json.loads(path.read_text("utf-8"))
    deal = random.Random(data["seed"])
    boards: list[dict[str, Any]] = data["boards"]
    expected = iter(boards)
    for category in CATEGORIES:
        for _ in range(data["deals_per_category"]):
            board = next(expected)
            cards = [face.name("en") for face in deal.sample(faces(category), 12)]
            if board["category"] != category or board["cards"] != cards:
                raise SystemExit(f"the deal no longer gives board {category} {board['deal']} of {path.name}")
    return boards


def fresh_boards() -> list[dict[str, Any]]:
    return redealt(FRESH)


def _shared(a: list[list[str]], b: list[list[str]]) -> int:
    return len({frozenset(p) for p in a} & {frozenset(p) for p in b})


def fresh_agreement(path: Path = FRESH) -> tuple[float, dict[str, dict[str, float]]]:
    """(the two players' agreement, language -> {each player, "mean"}: the bot's with each, their mean)."""
    boards = redealt(path)
    first, second = PLAYERS[path]
    people = statistics.fmean(_shared(b[f"pairs_{first}"], b[f"pairs_{second}"]) for b in boards)
    found: dict[str, dict[str, float]] = {}
    for language in tqdm(LANGUAGES, desc=f"{path.stem}, per language", unit="language"):
        scores: dict[str, list[int]] = {player: [] for player in PLAYERS[path]}
        for board in boards:
            cards = resolve_board(board["cards"], "en")
            names = [face.name(language) for face in cards if face is not None]
            english = dict(zip(names, board["cards"], strict=True))
            placed = choose_pairs(relatedness(names, language))
            bot = [[english[names[a]], english[names[b]]] for a, b in placed]
            for player in PLAYERS[path]:
                scores[player].append(_shared(bot, board[f"pairs_{player}"]))
        found[language] = {player: statistics.fmean(values) for player, values in scores.items()}
        found[language]["mean"] = statistics.fmean(found[language][p] for p in PLAYERS[path])
    return people, found


def report(path: Path = FRESH) -> None:
    people, found = fresh_agreement(path)
    first, second = PLAYERS[path]
    kind = "fresh" if path == FRESH else "tuning"
    print(f"{kind} boards: {len(redealt(path))}, each paired by two players who never saw the bot; "
          f"the players agree with each other on {people:.2f} / 4")
    print(f"{'language':10}{'bot vs ' + first:>10}{'bot vs ' + second:>10}{'bot mean':>10}{'gap':>7}")
    for language, figures in found.items():
        gap = people - figures["mean"]
        print(f"{language:10}{figures[first]:10.2f}{figures[second]:10.2f}{figures['mean']:10.2f}{gap:7.2f}")
    worst = max(people - figures["mean"] for figures in found.values())
    verdict = "met" if worst <= TARGET_GAP else "not met"
    print(f"{kind} boards, the bot within {TARGET_GAP} of the people's agreement in every language: "
          f"{verdict} (largest gap {worst:.2f})")


if __name__ == "__main__":
    report(TUNING if "--tuning" in sys.argv[1:] else FRESH)
