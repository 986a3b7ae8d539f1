"""How long `duoplay duos pairs` takes per call, as a person runs it (a new process each time).

Boards of our own cards, in every language, need no model (the vectors of our cards ship
with the package); the reference in the same run is a board of everyday words that are not
our cards, which loads the encoder. Each call is a fresh `python -m duoplay.cli.main`
process, timed from start to exit. Target: under 1.5 s per call on our cards.

    python benchmarks/duos_cli_speed.py [--calls 3]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from tqdm import tqdm

from duoplay.games.duos.cards import LANGUAGES, face_by_id

OUR_CARDS = ["things/key", "things/padlock", "things/hammer", "things/screwdriver", "things/toothbrush",
             "things/soap", "things/candle", "things/light-bulb", "things/dice", "things/hat",
             "things/envelope", "things/frying-pan"]
EVERYDAY = ["Bread", "Butter", "Sun", "Moon", "Doctor", "Hospital", "Rain", "Umbrella", "Piano", "Carrot",
            "Shoe", "Window"]


def call(names: list[str], language: str) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one call; CPU time does not count others holding the cores."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "duoplay.cli.main", "duos", "pairs", *names, "--lang", language],
                   check=True, capture_output=True)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--calls", type=int, default=3, help="calls per board")
    args = parser.parse_args()
    runs: list[tuple[str, list[str], str]] = [
        (f"our cards ({language})", [face_by_id()[f].name(language) for f in OUR_CARDS], language)
        for language in LANGUAGES]
    runs.append(("reference: everyday words (en, loads the encoder)", EVERYDAY, "en"))
    found: dict[str, list[tuple[float, float]]] = {}
    with tqdm(total=len(runs) * args.calls, desc="calls", unit="call") as progress:
        for label, names, language in runs:
            found[label] = []
            for _ in range(args.calls):
                found[label].append(call(names, language))
                progress.update()
    print(f"machine load average before the summary: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    for label, values in found.items():
        walls, cpus = [w for w, _ in values], [c for _, c in values]
        print(f"{label:52} median {statistics.median(walls):5.2f} s (CPU {statistics.median(cpus):4.2f} s), "
              f"max {max(walls):5.2f} s")
    ours = [v for label, values in found.items() if label.startswith("our cards") for v in values]
    reference = found[runs[-1][0]]
    print(f"duoplay duos pairs on our cards: median {statistics.median(w for w, _ in ours):.2f} s per call "
          f"(CPU {statistics.median(c for _, c in ours):.2f} s), max {max(w for w, _ in ours):.2f} s; "
          f"reference, words that load the encoder: {statistics.median(w for w, _ in reference):.2f} s "
          f"(CPU {statistics.median(c for _, c in reference):.2f} s)")


if __name__ == "__main__":
    main()
