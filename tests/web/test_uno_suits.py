"""Colour-blind mode: every coloured card shows its suit large on its face (a third of the card's
width or more), in the hand and on the discard pile, on a small laptop and on a phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Browser, Page
from tests.web.driver import act_once, my_turn, table_state

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1366, "height": 657}, "phone": {"width": 390, "height": 844}}
SUITS = {"R": "♥", "Y": "★", "G": "♣", "B": "♦"}


def _marks(page: Page) -> list[dict[str, Any]]:
    """Each shown coloured card: its code, its width, the suit glyph's drawn width and opacity."""
    found: list[dict[str, Any]] = page.evaluate("""() => [...document.querySelectorAll(
        '#uno-hand .card.face, #uno-discard-pile .card.face')].filter((c) => !c.classList.contains('wild'))
      .map((card) => { const suit = card.querySelector('.big-suit'); const range = document.createRange();
        range.selectNodeContents(suit); const glyph = range.getBoundingClientRect();
        return {card: card.dataset.card, width: card.getBoundingClientRect().width, glyph: glyph.width,
                text: suit.textContent, opacity: Number(getComputedStyle(suit).opacity),
                shown: getComputedStyle(suit).display !== 'none'}; })""")
    return found


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_suit_marks_are_large_in_colour_blind_mode(browser: Browser, server_url: str, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script("localStorage.setItem('duoplay.name', JSON.stringify('Ada'));"
                            "localStorage.setItem('duoplay.pref.colourblind', 'true')")
    page = context.new_page()
    page.goto(server_url + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.select_option("#game-select", "uno-duo")
    page.wait_for_selector("#opt-target_score")
    page.click("#create-room")
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    page.click("li.seat[data-seat='1'] button.add-bot")
    page.click("#start:not([disabled])")
    page.wait_for_selector("#uno-table[data-version]")
    for _ in range(120):  # past the draft: a whole hand to look at
        if table_state(page)["phase"] not in ("draft", "start-colour") and my_turn(page):
            break
        if not (my_turn(page) and act_once(page)):
            page.wait_for_timeout(100)
    page.wait_for_timeout(600)  # let the cards land
    assert page.evaluate("() => document.body.classList.contains('colourblind')")

    marks = _marks(page)
    assert len(marks) >= 4, marks
    for mark in marks:
        assert mark["shown"] and mark["text"] == SUITS[mark["card"][0]], mark
        assert mark["glyph"] >= mark["width"] / 3, mark
        assert mark["opacity"] >= 0.25, mark
    page.evaluate("document.getElementById('toasts').replaceChildren()")
    page.screenshot(path=f"/tmp/uno-suits-{size}.png")
    context.close()
