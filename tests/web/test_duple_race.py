"""Duple in real browsers against a real server: two people and a slow bot race face-offs to a
win and a tie, and the opponent's answers and results show on both pages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect
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


def test_two_people_win_a_face_off_and_tie_another(
    new_context: NewContext, base: str, screenshots: Path
) -> None:
    pages, errors = two_people_and_a_bot(new_context, base, {"window_ms": 1000})
    ana, ben = pages[0], pages[1]
    seen: dict[str, Any] = {"tie": False, "won": False}

    def both_race(snaps: dict[int, dict[str, Any]]) -> bool:
        """A face-off between Ana and Ben: both answer at once, inside the 1 s tie window."""
        a, b = snaps[0], snaps[1]
        if seen["tie"] or not (
            a.get("racing") == "1" and b.get("racing") == "1" and a.get("kind") == "faceoff"
        ):
            return False
        word = word_for(a)
        if word is None:
            return False
        category = a["category"]
        # Both words typed first, then sent one right after the other: the two arrive well inside
        # the window unless the machine is loaded, and then the next face-off tries again.
        for page in (ana, ben):
            page.fill("#duple-word", word)
        for page in (ana, ben):
            page.press("#duple-word", "Enter")
        ana.wait_for_function(
            "([c, s]) => document.getElementById('duple-stage').dataset.category !== c"
            " || document.getElementById('duple-table').dataset.step !== s",
            arg=[category, a["step"]], timeout=SLOW,
        )
        if "Tie!" not in ana.locator("#duple-flash").inner_text():
            return True  # the second answer came after the window: one of them won this one
        expect(ben.locator("#duple-flash")).to_contain_text("Tie! New category:")
        seen["tie"] = True
        return True

    def until(snaps: dict[int, dict[str, Any]]) -> bool:
        for page in pages.values():
            won = page.locator("#duple-piles .duple-won").evaluate_all(
                "ws => ws.map(w => Number(w.dataset.won))"
            )
            if any(won[:2]):  # Ana's or Ben's win pile (this page's order: itself first)
                seen["won"] = True
        return bool(seen["tie"] and seen["won"])

    play(pages, until, on_race=both_race, timeout=240)
    assert errors == []


def _first_race_for_ana(snaps: dict[int, dict[str, Any]]) -> bool:
    a = snaps[0]
    return a.get("racing") == "1" and a.get("kind") == "faceoff" and a.get("holding") == "0"


def test_a_rejected_word_goes_to_a_vote_and_is_accepted(
    new_context: NewContext, base: str, screenshots: Path
) -> None:
    pages, errors = two_people_and_a_bot(
        new_context, base, {"vote_seconds": 5.0, "race_seconds": 30.0, "stuck_seconds": 20.0}
    )
    ana, ben = pages[0], pages[1]
    done: dict[str, bool] = {}

    def appeal(snaps: dict[int, dict[str, Any]]) -> bool:
        if done or not _first_race_for_ana(snaps):
            return False
        letters = snaps[0]["letters"].replace(",", "").lower()
        made_up = (
            letters + "qzxw"
        )  # has both letters, is no word: "not in the dictionary", which may be disputed
        assert answer(ana, made_up)
        expect(ana.locator("#duple-mine")).to_contain_text(
            "not in the dictionary", timeout=SLOW
        )  # the first word loads the judge
        expect(ben.locator("#duple-answers li.no .word")).to_have_text(
            made_up
        )  # the opponent's result, on Ben's page
        ana.locator("#duple-appeal").click()
        expect(ben.locator("#duple-vote")).to_contain_text(made_up)
        expect(ana.locator("#duple-status")).to_contain_text("The others are voting on your word")
        ben.screenshot(path=str(screenshots / "duple-vote-laptop.png"))
        ben.locator("#duple-vote-yes").click()
        # The bot is slower than the vote's 5 s: one vote cast, one yes, the word counts.
        expect(ana.locator("#duple-flash")).to_contain_text(f"The vote accepts {made_up} (1–0)", timeout=SLOW)
        expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off")
        expect(ben.locator("#duple-flash")).to_contain_text("Ana wins the face-off")
        done["vote"] = True
        return True

    play(pages, lambda snaps: bool(done), on_race=appeal, timeout=180)
    assert ana.locator("#duple-piles .duple-seat[data-seat='0'] .duple-won").get_attribute("data-won") != "0"
    assert errors == []


def test_everyone_races_in_an_all_play(new_context: NewContext, base: str, screenshots: Path) -> None:
    pages, errors = two_people_and_a_bot(new_context, base)
    ana, ben = pages[0], pages[1]
    snaps = play(
        pages,
        lambda s: s[0].get("kind") == "allplay" and s[0].get("racing") == "1" and s[1].get("racing") == "1",
        timeout=240,
    )
    letters = snaps[0]["letters"].split(",")
    for page in (ana, ben):
        expect(page.locator("#duple-letters .duple-card.size-big")).to_have_count(len(letters))
        expect(page.locator("#duple-category")).to_contain_text(
            "Todos juegan"
        )  # the deck's own name, in Spanish
        assert int(page.locator("#duple-timer").get_attribute("data-seconds") or "99") <= 8
    assert ana.evaluate("() => document.activeElement && document.activeElement.id") == "duple-word"
    word = word_for(snaps[0])
    if word is None:  # no word holds these letters: both pass, and the card goes back
        ana.locator("#duple-pass").click()
        ben.locator("#duple-pass").click()
        expect(ana.locator("#duple-flash")).to_contain_text("Nobody won", timeout=SLOW)
    else:
        assert answer(ana, word)
        expect(ana.locator("#duple-flash")).to_contain_text("You win the All Play", timeout=SLOW)
        expect(ben.locator("#duple-flash")).to_contain_text("Ana wins the All Play")
        expect(ben.locator("#duple-piles .duple-seat[data-seat='0'] .duple-won")).to_have_attribute(
            "data-all-play", "1"
        )
    assert errors == []


def test_a_whole_game_ends_with_the_summary(new_context: NewContext, base: str, screenshots: Path) -> None:
    pages, errors = two_people_and_a_bot(new_context, base)
    play(pages, lambda snaps: bool(snaps[0].get("over")), timeout=400, allow_over=True)
    summary = pages[0].locator("#duple-summary")
    expect(summary).to_contain_text("Game over")
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(3)
    scores = [int(rows.nth(i).get_attribute("data-score") or "-1") for i in range(3)]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0
    pages[0].screenshot(path=str(screenshots / "duple-over-laptop.png"))
    assert errors == []
