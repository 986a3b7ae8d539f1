"""Learn from the played boards how people pair, beyond the bot's other signals; writes `content/played.tsv`.

A person is read as the bot pairs: pair by pair, each time choosing among every pair of the cards
still free, the more likely the more confident the pair (`association.choose_pairs`: its
relatedness less half of each card's best other partner). The chance of each choice is a softmax
of `scale * confidence`, where relatedness is the bot's own plus one learned bonus per two cards.
The scale and the bonuses are fitted to the players' choices (maximum likelihood, the bonuses held
near 0 by a penalty `PENALTY * bonus**2`, chosen on the tuning boards of
benchmarks/data/duos_tuning_boards.json). A pair people make more often than the bot's signals
say gets a positive bonus, one they pass over a negative one. Run again whenever the bot's
signals or the played boards change:

    .venv/bin/python -m duoplay.games.duos.played_fit
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np
import numpy.typing as npt
from tqdm import tqdm

from duoplay.games.duos.association import RIVAL_WEIGHT, Matrix, relatedness_of_faces
from duoplay.games.duos.played import PlayedBoard, played_boards

PENALTY = 0.3
ROUNDS = 3  # the best rival partners move with the bonuses: find them again, fit again
OUTPUT = Path(__file__).parent / "content" / "played.tsv"


@dataclass
class Choices:
    """Every choice a player made, as rows: one row per pair that could have been chosen."""

    base: npt.NDArray[np.float64]  # the pair's confidence from the bot's own relatedness
    rows: npt.NDArray[np.int64]  # (row, pair index, coefficient) entries of the bonuses' part
    pair_of_entry: npt.NDArray[np.int64]
    coefficient: npt.NDArray[np.float64]
    starts: npt.NDArray[np.int64]  # first row of each choice
    chosen: npt.NDArray[np.int64]  # the row each player chose


def _choices(boards: list[PlayedBoard], related: list[Matrix], bonus: npt.NDArray[np.float64],
             index: dict[frozenset[str], int]) -> Choices:
    base: list[float] = []
    entries: list[tuple[int, int, float]] = []
    starts: list[int] = []
    chosen: list[int] = []
    for board, matrix in zip(boards, related, strict=True):
        pair_index = {(i, j): index[frozenset((board.cards[i], board.cards[j]))]
                      for i, j in combinations(range(len(board.cards)), 2)}
        combined = matrix.copy()
        for (i, j), k in pair_index.items():
            combined[i, j] += bonus[k]
            combined[j, i] += bonus[k]
        position = {card: n for n, card in enumerate(board.cards)}
        free = list(range(len(board.cards)))
        for a, b in board.pairs:
            starts.append(len(base))
            wanted = {position[a], position[b]}
            for i, j in combinations(free, 2):
                row = len(base)
                confidence = matrix[i, j]
                entries.append((row, pair_index[(i, j)], 1.0))
                others = [k for k in free if k not in (i, j)]
                for card in (i, j):
                    rival = others[int(np.argmax(combined[card, others]))]
                    confidence -= RIVAL_WEIGHT * matrix[card, rival]
                    entries.append((row, pair_index[(min(card, rival), max(card, rival))], -RIVAL_WEIGHT))
                base.append(confidence)
                if {i, j} == wanted:
                    chosen.append(row)
            free = [card for card in free if card not in wanted]
    table = np.array(entries)
    return Choices(np.array(base), table[:, 0].astype(np.int64), table[:, 1].astype(np.int64),
                   table[:, 2], np.array(starts), np.array(chosen))


def _fit_once(choices: Choices, scale: float, bonus: npt.NDArray[np.float64],
              penalty: float) -> tuple[float, npt.NDArray[np.float64]]:
    """The scale and the bonuses (in units of the scaled confidence) of the most likely choices."""
    from scipy.optimize import minimize
    from scipy.sparse import csr_matrix

    size = len(choices.base)
    part = csr_matrix((choices.coefficient, (choices.rows, choices.pair_of_entry)), shape=(size, len(bonus)))
    choice_of_row = np.repeat(np.arange(len(choices.starts)), np.diff(np.append(choices.starts, size)))

    def loss(theta: npt.NDArray[np.float64]) -> tuple[float, npt.NDArray[np.float64]]:
        weights = theta[1:]
        utility = theta[0] * choices.base + part @ weights
        top = np.maximum.reduceat(utility, choices.starts)
        odds = np.exp(utility - top[choice_of_row])
        total = np.add.reduceat(odds, choices.starts)
        chance = odds / total[choice_of_row]
        surprise = (top + np.log(total)).sum() - utility[choices.chosen].sum()
        slope = chance.copy()
        slope[choices.chosen] -= 1.0
        gradient = np.concatenate([[choices.base @ slope], part.T @ slope + 2 * penalty * weights])
        return float(surprise + penalty * weights @ weights), gradient

    start = np.concatenate([[scale], bonus * scale])
    # Converged fully, not merely close: a loose stop lands somewhere else along flat directions
    # (pairs seldom on a board together) from one run to the next.
    converged = {"maxiter": 20000, "ftol": 1e-15, "gtol": 1e-9}
    theta = minimize(loss, start, jac=True, method="L-BFGS-B", options=converged).x
    return float(theta[0]), theta[1:] / theta[0]


def fit(boards: list[PlayedBoard], related: list[Matrix],
        penalty: float = PENALTY) -> dict[frozenset[str], float]:
    """(face id, face id) -> the learned bonus, in units of the bot's relatedness."""
    index: dict[frozenset[str], int] = {}
    for board in boards:
        for pair in combinations(board.cards, 2):
            index.setdefault(frozenset(pair), len(index))
    scale, bonus = 0.1, np.zeros(len(index))
    for _ in range(ROUNDS):
        scale, bonus = _fit_once(_choices(boards, related, bonus, index), scale, bonus, penalty)
    return {pair: float(bonus[k]) for pair, k in index.items()}


def with_bonuses(cards: Sequence[str], related: Matrix, bonuses: Mapping[frozenset[str], float]) -> Matrix:
    """A board's relatedness with the learned bonuses of its cards (face ids) added."""
    learned = related.copy()
    for i, j in combinations(range(len(cards)), 2):
        bonus = bonuses.get(frozenset((cards[i], cards[j])), 0.0)
        learned[i, j] += bonus
        learned[j, i] += bonus
    return learned


def base_relatedness(boards: list[PlayedBoard]) -> list[Matrix]:
    """Each board's relatedness from the bot's other signals (without what was learned here),
    rounded: sums over sets differ in their last bits from run to run, and two nearly equal rivals
    must rank the same way every time for the fit to come out the same."""
    return [np.round(relatedness_of_faces(board.cards, played=False), 6)
            for board in tqdm(boards, desc="relatedness of the played boards", unit="board")]


def write(bonuses: dict[frozenset[str], float], path: Path = OUTPUT) -> int:
    lines = [f"# {len(bonuses)} pairs of cards; written by python -m duoplay.games.duos.played_fit"]
    kept = 0
    for pair, value in sorted(bonuses.items(), key=lambda item: sorted(item[0])):
        if abs(value) >= 0.005:
            first, second = sorted(pair)
            lines.append(f"{first}\t{second}\t{value:.3f}")
            kept += 1
    path.write_text("\n".join(lines) + "\n", "utf-8")
    return kept


def main() -> None:
    boards = list(played_boards())
    bonuses = fit(boards, base_relatedness(boards))
    kept = write(bonuses)
    print(f"{len(boards)} played boards; {kept} pairs of cards with a bonus written to {OUTPUT}")


if __name__ == "__main__":
    main()
