"""DUOS: how well the bot predicts players it did not learn from (the played boards, by player).

The players of `content/played/` are split into folds; the bot learns from the other folds'
boards (`played_fit.fit`, as shipped) and places pairs on the held-out players' boards. Prints the
mean identical pairs with those players, beside the same bot without the played boards (the
reference of the same run). `--players N` learns from the first N players only (a learning curve):

    .venv/bin/python benchmarks/duos_played.py
    .venv/bin/python benchmarks/duos_played.py --players 16 --players 32
"""

from __future__ import annotations

import argparse
import statistics

import numpy as np
from tqdm import tqdm

from duoplay.games.duos.association import Matrix, choose_pairs
from duoplay.games.duos.played import PlayedBoard, played_boards
from duoplay.games.duos.played_fit import PENALTY, base_relatedness, fit, with_bonuses


def _identical(board: PlayedBoard, related: Matrix) -> int:
    placed = {frozenset((board.cards[i], board.cards[j])) for i, j in choose_pairs(related)}
    return len(placed & {frozenset(pair) for pair in board.pairs})


def held_out_agreement(boards: list[PlayedBoard], related: list[Matrix], folds: int,
                       penalty: float) -> tuple[float, float]:
    """(identical pairs with held-out players, the same without the played boards)."""
    players = sorted({board.player for board in boards})
    learned: list[int] = []
    without: list[int] = []
    for fold in tqdm(range(folds), desc=f"{len(players)} players, folds", unit="fold"):
        held_out = set(players[fold::folds])
        train = [(b, r) for b, r in zip(boards, related, strict=True) if b.player not in held_out]
        bonuses = fit([b for b, _ in train], [r for _, r in train], penalty)
        for board, matrix in zip(boards, related, strict=True):
            if board.player in held_out:
                learned.append(_identical(board, with_bonuses(board.cards, matrix, bonuses)))
                without.append(_identical(board, matrix))
    return statistics.fmean(learned), statistics.fmean(without)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--folds", type=int, default=4)
    parser.add_argument("--penalty", type=float, default=PENALTY)
    parser.add_argument("--players", type=int, action="append", help="only the first N players (repeatable)")
    args = parser.parse_args()
    boards = list(played_boards())
    related = base_relatedness(boards)
    everyone = sorted({board.player for board in boards})
    for count in args.players or [len(everyone)]:
        kept = set(everyone[:count])
        chosen = [(b, r) for b, r in zip(boards, related, strict=True) if b.player in kept]
        with_played, without = held_out_agreement([b for b, _ in chosen], [r for _, r in chosen],
                                                  args.folds, args.penalty)
        learners = count - int(np.ceil(count / args.folds))
        print(f"{count} players ({len(chosen)} boards), {args.folds} folds, learning from about {learners} "
              f"players' boards: {with_played:.2f} / 4 identical pairs with the held-out players "
              f"(without the played boards: {without:.2f})", flush=True)


if __name__ == "__main__":
    main()
