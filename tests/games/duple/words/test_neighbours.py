"""Placing a word by its nearest list members: scores, margins and related categories, on vectors
made for the test (no model)."""

from __future__ import annotations

import numpy as np

from duoplay.games.duple.words.neighbours import NEAREST, category_scores, margins, related, unit_rows


def test_categories_that_share_members_are_related_and_others_not() -> None:
    assert related("animal", "bird") and related("bird", "animal") and related("food", "dessert")
    assert related("tool", "tool")
    assert not related("animal", "furniture") and related("bird", "insect")  # both animals
    assert not related("clothing", "vehicle")


def test_a_word_scores_highest_for_the_category_whose_members_are_nearest() -> None:
    members = {"fruit": unit_rows([[1, 0.1, 0], [1, 0.2, 0], [1, 0, 0.1], [0.9, 0.1, 0.1]]),
               "tool": unit_rows([[0, 1, 0], [0, 1, 0.2], [0.1, 1, 0]])}
    word = unit_rows([[1, 0.05, 0.05]])
    scores = category_scores(word, members)
    assert scores.shape == (1, 2) and scores[0, 0] > 0.95 > scores[0, 1]
    placed = margins(scores, ["fruit", "tool"])
    assert placed[0, 0] > 0.5 and placed[0, 1] == -placed[0, 0]


def test_a_related_category_is_no_rival() -> None:
    # a cake is near the desserts and the foods: neither counts against the other
    scores = np.array([[0.8, 0.79, 0.3]], dtype=np.float32)
    placed = margins(scores, ["dessert", "food", "vehicle"])
    assert np.allclose(placed[0, :2], [0.5, 0.49])
    assert np.isclose(placed[0, 2], 0.3 - 0.8)


def test_a_list_member_can_be_scored_as_if_the_list_lacked_it() -> None:
    table = unit_rows([[1, 0, 0], [0.6, 0.8, 0], [0.6, 0, 0.8], [0, 1, 0]])
    with_self = category_scores(table[:1], {"c": table})
    without = category_scores(table[:1], {"c": table}, skip_self=True)
    assert NEAREST == 3
    assert np.isclose(with_self[0, 0], (1 + 0.6 + 0.6) / 3)
    assert np.isclose(without[0, 0], (0.6 + 0.6 + 0) / 3)
