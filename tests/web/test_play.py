"""Playing UNO Duo in real browsers against a real server: people, bots, reloads and intruders."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import LAPTOP, PHONE
from tests.web.driver import (
    act_once,
    add_bot,
    create_room,
    play_until_round_ends,
    sit,
    start,
    version,
    wait_for_change,
)

pytestmark = pytest.mark.browser


def _hand(page: Page) -> list[str]:
    return [c or "" for c in page.locator("#hand button.card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")]


def _page(browser: Browser, viewport: dict[str, int] = LAPTOP, **kwargs: Any) -> Page:
    context = browser.new_context(viewport=viewport, **kwargs)
    return context.new_page()


def _errors(page: Page) -> list[str]:
    found: list[str] = []
    page.on("pageerror", lambda error: found.append(str(error)))
    return found


def test_two_people_play_a_full_round(browser: Browser, server_url: str, screenshots: Path) -> None:
    ada = _page(browser)
    ada_errors = _errors(ada)
    code = create_room(ada, server_url, "Ada", {"target_score": "1"})
    sit(ada, 0)
    link = ada.locator("#share-link").input_value()
    assert link.endswith(f"/room/{code}")

    bo = _page(browser, PHONE)
    bo_errors = _errors(bo)
    bo.goto(server_url + "/")
    bo.fill("#player-name", "Bo")
    bo.fill("#join-code", link)  # joining by link; the code alone works too
    bo.click("#join-form button[type=submit]")
    bo.wait_for_url(f"**/room/{code}")
    sit(bo, 1)
    expect(ada.locator("li.seat[data-seat='1'] .seat-name")).to_have_text("Bo")
    start(ada)
    bo.wait_for_selector("#uno-table[data-version]")

    moves = play_until_round_ends([ada, bo])
    assert moves > 14  # at least the draft of 7 cards each happened through the pages
    for page in (ada, bo):
        summary = page.locator("#round-end")
        expect(summary).to_be_visible(timeout=10_000)
        # target_score 1: the first round that scores ends the game; a tied blocked round cannot.
        expect(summary.locator(".revealed")).to_have_count(2)
    outcome = ada.locator("#game-result")
    if outcome.count():
        expect(bo.locator("#game-result")).to_be_visible()
    ada.screenshot(path=str(screenshots / "round-end-laptop.png"))
    assert ada_errors == [] and bo_errors == []


def test_one_player_against_a_bot_to_the_end_of_a_round(browser: Browser, server_url: str,
                                                          screenshots: Path) -> None:
    page = _page(browser)
    errors = _errors(page)
    create_room(page, server_url, "Ada", {"target_score": "500"})
    sit(page, 0)
    add_bot(page, 1, "heuristic")
    start(page)
    play_until_round_ends([page])
    summary = page.locator("#round-end")
    expect(summary).to_contain_text("Round 1 is over")
    page.click("#modal-close")
    # target 500: the game goes on with round 2, the totals carried over.
    expect(page.locator("#uno-table .round")).to_have_text("Round 2")
    assert errors == []
