"""Duple in real browsers against a real server: two people and a slow bot race face-offs to a
win and a tie, and the opponent's answers and results show on both pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.duple_fixtures import (
    SLOW,
    NewContext,
    answer,
    play,
    slow_bot_server,
    two_people_and_a_bot,
    word_for,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with slow_bot_server(tmp_path_factory.mktemp("duple-server")) as url:
        yield url


def test_two_people_win_a_face_off_and_tie_another(new_context: NewContext, base: str, screenshots: Path) -> None:
    pages, errors = two_people_and_a_bot(new_context, base, {"window_ms": 1000})
    ana, ben = pages[0], pages[1]
    seen: dict[str, Any] = {"tie": False, "won": False}

    def both_race(snaps: dict[int, dict[str, Any]]) -> bool:
        """A face-off between Ana and Ben: both answer at once, inside the 1 s tie window."""
        a, b = snaps[0], snaps[1]
        if seen["tie"] or not (a.get("racing") == "1" and b.get("racing") == "1" and a.get("kind") == "faceoff"):
            return False
        word = word_for(a)
        if word is None:
            return False
        category = a["category"]
        answer(ana, word)
        answer(ben, word)
        expect(ana.locator("#duple-flash")).to_contain_text("Tie!", timeout=SLOW)
        expect(ben.locator("#duple-flash")).to_contain_text("Tie! New category:")
        # Both saw the other's accepted answer before the tie.
        ana.wait_for_function("c => document.getElementById('duple-stage').dataset.category !== c", arg=category)
        seen["tie"] = True
        return True

    def until(snaps: dict[int, dict[str, Any]]) -> bool:
        for page in pages.values():
            won = page.locator("#duple-piles .duple-won").evaluate_all("ws => ws.map(w => Number(w.dataset.won))")
            if any(won[:2]):  # Ana's or Ben's win pile (this page's order: itself first)
                seen["won"] = True
        return bool(seen["tie"] and seen["won"])

    play(pages, until, on_race=both_race, timeout=240)
    assert errors == []
