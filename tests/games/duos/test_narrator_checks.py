"""Rulebook "The Narrator Checks the Pairs" and "Scoring Example"."""

from __future__ import annotations

import pytest
from tests.games.duos.helpers import lay_out, new_match, pairs, place

from duoplay.games.duos.scoring import compete_turn, narrator_points


def test_the_rulebook_scoring_example() -> None:
    # Elwira narrates (seat 0); Paulina, Maciek and Sasza are seats 1-3.
    match = new_match(4, category="fairy-tales")
    lay_out(match, "king princess witch vampire key crystal-ball glass-slipper seven-league-boots "
                   "dragon ghost rose pea")
    royal, evil, fortune, footwear = "0-1", "2-3", "4-5", "6-7"
    place(match, 0, f"{royal} {evil} {fortune} {footwear}")  # Elwira
    place(match, 3, f"{footwear} {royal} {fortune} {evil}")  # Sasza: all four, another order
    place(match, 2, f"{footwear} 0-2 1-3 4-8")  # Maciek: only the footwear
    events = match.act(1, {"type": "pairs", "pairs": [[1, 0], [3, 2], [7, 6], [4, 9]], "lock": True})
    result = match.view(None)["history"][0]
    assert result["matches"] == [0, 3, 1, 4]
    assert result["points"] == [3, 3, 1, 4]  # Elwira: 1 (Paulina) + 0 (Maciek) + 2 (Sasza)
    assert match.view(None)["scores"] == [3, 3, 1, 4]
    checked = [e.public for e in events if e.kind == "pair-checked"]
    assert checked == [{"pair": [0, 1], "matched_by": [1, 3]}, {"pair": [2, 3], "matched_by": [1, 3]},
                       {"pair": [4, 5], "matched_by": [3]}, {"pair": [6, 7], "matched_by": [1, 2, 3]}]
    assert result["faces"][:2] == ["fairy-tales/king", "fairy-tales/princess"]


@pytest.mark.parametrize("matches, points", [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2)])
def test_the_narrator_table(matches: int, points: int) -> None:
    assert narrator_points(matches) == points


def test_marker_colours_and_order_do_not_matter() -> None:
    told = pairs("0-1 2-3 4-5 6-7")
    _, points = compete_turn([told, pairs("7-6 5-4 3-2 1-0"), pairs("8-9")], narrator=0)
    assert points == (2, 4, 0)


def test_the_narrator_scores_nothing_for_their_own_pairs_and_everyone_scores_at_once() -> None:
    match = new_match(3)
    for seat in range(3):
        place(match, seat, "0-1 2-3 4-5 6-7")
    assert match.view(None)["scores"] == [4, 4, 4]  # 2 + 2 for the Narrator, 4 each for the others
