"""How the Duple bot levels race each other: whole two-player matches in simulated time.

Each seat's bot answers after its level's reaction time (`duoplay.games.duple.bots`), the
table's clock (tie window, stuck face-offs, All Play, votes) runs on the same simulated
time (`duoplay.bots.raced`), and every answer goes through the judge. Matches come in pairs
with the seats swapped on the same shuffle. Prints each pairing's match win rate with a
95% Wilson interval (a tie counts half), the mean points per match, and each bot's compute
time per answer decision; the random bot (which only flips and passes) is the reference.

    python benchmarks/duple_bots.py --matches 40 [--lang es] [--pairs hard:normal,normal:easy]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from tqdm import tqdm

from duoplay.bots.play import play_match
from duoplay.bots.stats import wilson_interval
from duoplay.games.duple.words.judge import warm_up

DEFAULT_PAIRS = "hard:normal,normal:easy,easy:random"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=40, help="matches per pairing (an even number)")
    parser.add_argument("--lang", default="es", choices=("es", "en"))
    parser.add_argument("--pairs", default=DEFAULT_PAIRS, help="a:b pairings, comma separated")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    pairs = [p.split(":") for p in args.pairs.split(",")]
    if args.matches < 2 or any(len(p) != 2 for p in pairs):
        parser.error("give at least 2 matches and pairings as a:b")
    started = time.perf_counter()
    warm_up(args.lang)
    print(f"judge and word lists for {args.lang} loaded in {time.perf_counter() - started:.1f} s")
    for a, b in pairs:
        wins = 0.0
        points: dict[str, list[int]] = {a: [], b: []}
        decide: dict[str, list[float]] = {a: [], b: []}
        longest: dict[str, float] = {a: 0.0, b: 0.0}
        games = args.matches // 2 * 2
        for index in tqdm(range(games), desc=f"{a} vs {b}", unit="match", file=sys.stderr):
            swapped = index % 2 == 1
            levels = [b, a] if swapped else [a, b]
            played = play_match("duple", levels, args.seed + index // 2, {"lang": args.lang})
            assert played.outcome is not None
            seat_a = 1 if swapped else 0
            wins += played.outcome["results"][seat_a]
            for seat, level in enumerate(levels):
                points[level].append(played.outcome["scores"][seat])
                if played.decisions[seat]:
                    decide[level].append(1000 * played.think_seconds[seat] / played.decisions[seat])
                longest[level] = max(longest[level], 1000 * played.longest[seat])
        low, high = wilson_interval(wins, games)
        print(f"{a} vs {b}: {a} wins {100 * wins / games:.1f}% [{100 * low:.1f}, {100 * high:.1f}] "
              f"of {games} matches; points {statistics.mean(points[a]):.1f} vs "
              f"{statistics.mean(points[b]):.1f}; "
              f"ms per decision {statistics.mean(decide[a]):.2f} ({a}) / "
              f"{statistics.mean(decide[b]):.2f} ({b}), "
              f"longest {longest[a]:.1f} / {longest[b]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
