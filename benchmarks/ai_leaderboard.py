"""A leaderboard of the bundled bots and simple baselines on the text environments of Duple,
DUOS and Duplik: the tables of docs/ai.md ("Language games: one loop, one leaderboard").

Every entry answers through the text environment, as a language model would (text in, text out),
on the same seeded episodes (seeds 0..N-1 of each environment):

- Duple (`text_env("duple", lang=...)`, reward 1 for a word the judge accepts): the game's bots at
  each level (their vocabulary; a blank is tried again up to the level's blanks, as a bot does at
  the table), the hard bot's word finder (`find_answer`, skill 1.0), and a rule that answers the
  prompt's letters run together;
- DUOS (`text_env("duos")`, points 0-4 against the association bot as Narrator: the cross-play
  protocol): random pairs, the first eight cards in order, the plain encoder, the association bot
  as a player, and the bot's own Narrator pairs (the ceiling, which self-play reaches);
- Duplik, per role (`text_env("duplik", role=...)`): the Portrayer (0-10: criteria met by two bot
  Artists) as the game's Portrayer bot, as the criteria read out and as the title only, and seeing
  the picture instead of the criteria, as the bot, naming each thing once and the title; the Artist
  (0-12) as the game's Artist bot, as an Artist that hears only the names of things, and blank; the
  Judge (share of ten verdicts that match the game's Judge) always true, always false, at random.

Each row: the mean reward and its 95% interval (normal approximation).

    python benchmarks/ai_leaderboard.py [--episodes 100] [--langs en,es]
"""

from __future__ import annotations

import argparse
import math
import random
import re
import statistics
import sys
from collections.abc import Callable
from typing import Any

from tqdm import tqdm

from duoplay.ai import text_env
from duoplay.games.duos import cross_play
from duoplay.games.duple.bots import LEVELS
from duoplay.games.duple.vocabulary import say_word
from duoplay.games.duple.words.answer import find_answer
from duoplay.games.duplik import ai_round
from duoplay.games.duplik.ai_shapes import shapes_text
from duoplay.games.duplik.listen import Heard, listen
from duoplay.games.duplik.sketch import draw

Answer = Callable[[Any, dict[str, Any]], str]  # (environment, reset info) -> the answer's text


def duple_entries(lang: str) -> dict[str, Answer]:
    def level(name: str) -> Answer:
        chosen = LEVELS[name]

        def answer(env: Any, info: dict[str, Any]) -> str:
            rng = random.Random(info["prompt"])
            for _ in range(chosen.blanks):
                word = say_word(lang, info["letters"], info["category_id"], chosen.vocabulary, rng)
                if word:
                    return word
            return ""

        return answer

    def finder(env: Any, info: dict[str, Any]) -> str:
        return find_answer(lang, info["letters"], info["category_id"], 1.0, random.Random(0)) or ""

    return {
        **{f"{name} bot": level(name) for name in LEVELS},
        "word finder (find_answer, skill 1.0)": finder,
        "the letters run together": lambda env, info: "".join(info["letters"]).lower(),
    }


def _as_text(pairs: Any) -> str:
    return "\n".join(f"{a + 1}-{b + 1}" for a, b in pairs)


def duos_entries() -> dict[str, Answer]:
    def pairer(make: Callable[[], cross_play.Pairer]) -> Answer:
        chosen = make()
        return lambda env, info: _as_text(chosen(cross_play.deal(info["board"]).names("en")))

    return {
        **{name: pairer(make) for name, make in cross_play.BASELINES.items()},
        "the first eight cards in order (1-2, 3-4, ...)": lambda env, info: "1-2\n3-4\n5-6\n7-8",
    }


def _criteria_read_out(env: Any, info: dict[str, Any]) -> str:
    lines = env.dealt.criteria_text().splitlines()
    return " ".join(re.sub(r"^\d+\. | \(golden\)$", "", line) for line in lines)


def _things_named(env: Any, info: dict[str, Any]) -> str:
    kinds = dict.fromkeys(box.kind for box in sorted(env.dealt.scene.boxes, key=lambda box: box.x))
    return " ".join(f"There is a {kind}." for kind in kinds)


def _names_only(env: Any, info: dict[str, Any]) -> str:
    heard = listen(env.description, env.lang)
    return shapes_text(draw(Heard(order=list(heard.order)), seed=1))


def duplik_entries() -> dict[str, dict[str, Answer]]:
    return {
        "portrayer": {
            "the game's Portrayer bot": lambda env, info: ai_round.bot_description(env.dealt),
            "the criteria read out": _criteria_read_out,
            "the title only": lambda env, info: env.dealt.title(),
        },
        "portrayer (sees the picture)": {
            "the game's Portrayer bot": lambda env, info: ai_round.bot_description(env.dealt),
            "each thing named once, left to right": _things_named,
            "the title only": lambda env, info: env.dealt.title(),
        },
        "artist": {
            "the game's Artist bot": lambda env, info: shapes_text(
                ai_round.bot_drawing(env.description, env.lang, 3)),
            "an Artist who hears only the names": _names_only,
            "a blank drawing": lambda env, info: "",
        },
        "judge": {
            "always true": lambda env, info: "\n".join(f"{i}. true" for i in range(1, 11)),
            "always false": lambda env, info: "\n".join(f"{i}. false" for i in range(1, 11)),
            "at random": lambda env, info: "\n".join(
                f"{i}. {random.Random(info['prompt'] + str(i)).choice(['true', 'false'])}"
                for i in range(1, 11)),
        },
    }


def measure(env: Any, answer: Answer, episodes: int, bar: tqdm) -> tuple[float, float]:
    rewards = []
    for seed in range(episodes):
        _, info = env.reset(seed=seed)
        rewards.append(env.step(answer(env, info))[1])
        bar.update()
    half = 1.96 * statistics.stdev(rewards) / math.sqrt(len(rewards)) if len(rewards) > 1 else 0.0
    return statistics.fmean(rewards), half


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--episodes", type=int, default=100)
    parser.add_argument("--langs", default="en,es", help="Duple's decks to measure")
    args = parser.parse_args()
    langs = args.langs.split(",")
    boards: list[tuple[str, Any, dict[str, Answer]]] = [
        (f"Duple ({lang}): share of words accepted", lambda lang=lang: text_env("duple", lang=lang),
         duple_entries(lang)) for lang in langs]
    boards.append(("DUOS: identical pairs with the bot Narrator, of 4", lambda: text_env("duos"),
                   duos_entries()))
    scales = {"portrayer": "criteria met by two bot Artists, of 10", "artist": "points, of 12",
              "portrayer (sees the picture)": "criteria met by two bot Artists, of 10",
              "judge": "share of verdicts as the game's Judge"}
    for role, entries in duplik_entries().items():
        options = {"role": role.split()[0], "portrayer_sees": "picture" if "picture" in role else "criteria"}
        boards.append((f"Duplik {role}: {scales[role]}",
                       lambda options=options: text_env("duplik", **options), entries))
    total = args.episodes * sum(len(entries) for _, _, entries in boards)
    results: list[tuple[str, list[tuple[str, float, float]]]] = []
    with tqdm(total=total, desc="episodes", unit="ep", file=sys.stderr) as bar:
        for title, make, entries in boards:
            env = make()
            results.append((title, [(name, *measure(env, answer, args.episodes, bar)) for name, answer in
                                    entries.items()]))
    for title, rows in results:
        print(f"\n{title} ({args.episodes} episodes)\n\n| agent | mean | 95% interval |\n| --- | --- | --- |")
        for name, mean, half in sorted(rows, key=lambda row: -row[1]):
            print(f"| {name} | {mean:.2f} | ±{half:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
