"""Boards people paired (content/played/) and what the bot learns from them (played_fit.py)."""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import numpy as np
import pytest

from duoplay.games.duos import association
from duoplay.games.duos.association import choose_pairs, relatedness
from duoplay.games.duos.cards import CATEGORIES, faces
from duoplay.games.duos.played import PlayedBoard, played_boards, played_bonuses
from duoplay.games.duos.played_fit import base_relatedness, fit, with_bonuses

FOLDER = resources.files("duoplay.games.duos").joinpath("content", "played")
BENCHMARK_BOARDS = Path(__file__).parents[3] / "benchmarks" / "data"
# The deals the players were given: (seed, number of the first deal), 240 deals per category each.
DEALS = tuple((20261207 + n, 240 * n) for n in range(8))


def _files() -> list[dict[str, object]]:
    return [json.loads(entry.read_text("utf-8")) for entry in sorted(FOLDER.iterdir(), key=lambda e: e.name)
            if entry.name.endswith(".json")]


def test_every_played_board_is_a_deal_of_the_game_paired_into_four_pairs() -> None:
    dealt: dict[tuple[str, int], list[str]] = {}
    for seed, first in DEALS:
        deal = random.Random(seed)
        for category in CATEGORIES:
            for number in range(240):
                cards = deal.sample(faces(category), 12)
                dealt[(category, first + number)] = [face.name("en") for face in cards]
    files = _files()
    assert len(files) >= 32
    for data in files:
        boards = data["boards"]
        assert isinstance(boards, list) and len(boards) == 60
        for board in boards:
            assert board["cards"] == dealt[(board["category"], board["deal"])]
            placed = [card for pair in board["pairs"] for card in pair]
            assert len(board["pairs"]) == 4 and len(set(placed)) == 8 and set(placed) <= set(board["cards"])
    assert len(list(played_boards())) == 60 * len(files)


def test_no_played_board_is_a_board_the_bot_is_measured_or_tuned_on() -> None:
    files = [BENCHMARK_BOARDS / f"duos_{name}_boards.json" for name in ("dealt", "fresh", "tuning")]
    measured = {frozenset(board["cards"]) for path in files
                for board in json.loads(path.read_text("utf-8"))["boards"]}
    played = {frozenset(board["cards"]) for data in _files() for board in data["boards"]}  # type: ignore[attr-defined]
    assert not measured & played


def test_the_fit_learns_a_pair_players_make_that_the_other_signals_miss() -> None:
    """Sixteen made-up cards: every player pairs cards 0 and 1 first, though the bot's other signals
    rate them far apart; the rest as those signals say."""
    cards = [f"made-up/{n}" for n in range(16)]
    noise = np.random.default_rng(7).normal(size=(16, 16))
    signals = (noise + noise.T) / 2
    signals[0, 1] = signals[1, 0] = -2.0
    deal = random.Random(3)
    boards, related = [], []
    for _ in range(60):
        chosen = [0, 1, *deal.sample(range(2, 16), 10)]
        deal.shuffle(chosen)
        matrix = signals[np.ix_(chosen, chosen)]
        at = {card: n for n, card in enumerate(chosen)}
        wanted = matrix.copy()
        wanted[at[0], at[1]] = wanted[at[1], at[0]] = 99.0
        pairs = [(cards[chosen[a]], cards[chosen[b]]) for a, b in choose_pairs(wanted)]
        first = next(pair for pair in pairs if cards[0] in pair)
        pairs = [first, *(pair for pair in pairs if pair != first)]  # placed first, as players do
        boards.append(PlayedBoard("made-up", tuple(cards[n] for n in chosen), tuple(pairs)))
        related.append(matrix)
    bonuses = fit(boards, related)
    assert bonuses[frozenset(cards[:2])] > 2.0
    board = boards[0]
    learned = with_bonuses(board.cards, related[0], bonuses)
    placed = {frozenset((board.cards[i], board.cards[j])) for i, j in choose_pairs(learned)}
    assert frozenset(cards[:2]) in placed
    assert frozenset(cards[:2]) not in {frozenset((board.cards[i], board.cards[j]))
                                        for i, j in choose_pairs(related[0])}


def test_the_bot_pairs_leftover_cards_as_players_do(monkeypatch: pytest.MonkeyPatch) -> None:
    names = ["Billiards", "Curling", "Badminton", "Kite", "Ice skate", "Roller skate", "Racing car",
             "Trophy", "Wrestling", "Mountain biking", "Archery", "Diving mask"]
    learned = {frozenset((names[a], names[b])) for a, b in choose_pairs(relatedness(names, "en"))}
    monkeypatch.setattr(association, "played_bonus", lambda a, b: 0.0)
    before = {frozenset((names[a], names[b])) for a, b in choose_pairs(relatedness(names, "en"))}
    assert frozenset(("Badminton", "Kite")) in learned - before


@pytest.mark.slow
def test_the_shipped_bonuses_are_what_the_played_boards_teach_the_bot_now() -> None:
    """Run `python -m duoplay.games.duos.played_fit` again when the bot's other signals change."""
    boards = list(played_boards())
    learned = fit(boards, base_relatedness(boards))
    shipped = played_bonuses()
    drift = max(abs(value - shipped.get(pair, 0.0)) for pair, value in learned.items())
    assert drift < 0.05
