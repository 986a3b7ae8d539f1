"""Duple on the big screen: a TV shows the category and the racing letters large, every answer as it
comes and the words that won, while two phones race; a small laptop shows it all without scrolling
and without motion."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.duple_fixtures import (
    PHONE,
    SCREEN_SEED,
    SLOW,
    NewContext,
    Person,
    duple_table,
    flip,
    race_on,
    send,
    shown,
    wait_shown,
)
from tests.web.tables import in_viewport, start

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
SMALL_LAPTOP = {"width": 1366, "height": 657}
# No clock flips: the word that won stays on the screen until a phone flips.
NO_FLIP_CLOCK = {"flip_seconds": 0.0}


def _room_with_a_screen(new_context: NewContext, base: str, viewport: dict[str, int],
                        reduced_motion: str | None = None) -> tuple[Page, dict[int, Page], list[str]]:
    """A 2-seat Duple room, its big screen open, Ana (seat 0) and Ben (seat 1) on phones; Ana starts."""
    table = duple_table(new_context, base, [Person("Ana", PHONE), Person("Ben", PHONE)], NO_FLIP_CLOCK,
                        seed=SCREEN_SEED, bot=False, started=False)
    context = new_context(viewport=viewport, **({"reduced_motion": reduced_motion} if reduced_motion else {}))
    screen = context.new_page()
    screen.on("pageerror", lambda error: table.errors.append(str(error)))
    screen.goto(f"{base}/room/{table.code}/screen")
    expect(screen.locator("#screen-code")).to_have_text(table.code)
    ana, ben = table.pages[0], table.pages[1]
    start(ana, "duple")
    ben.wait_for_selector("#duple-table[data-version]", timeout=SLOW)
    expect(screen.locator("#screen-table #duple-table[data-screen='1']")).to_be_attached(timeout=SLOW)
    return screen, {0: ana, 1: ben}, table.errors


def _face_off_on(screen: Page, pages: dict[int, Page]) -> dict[str, Any]:
    """The phones flip: Ana's U and Ben's M match, and the screen shows the face-off."""
    flip(pages[0], 0)
    flip(pages[1], 1)
    for page in pages.values():
        race_on(page, "faceoff", "U,M", "edificio")
    wait_shown(screen, "d.phase === 'faceoff'")
    seen = shown(screen)
    assert seen["letters"] == "U,M", seen
    return seen


def _race_to_a_claim(screen: Page, pages: dict[int, Page],
                     answered: Callable[[], None] | None = None) -> str:
    """Ben's wrong word first (then `answered()`), then Ana's word wins. Returns Ana's word."""
    ana, ben = pages[0], pages[1]
    send(ben, "xz")
    # Every answer shows on the screen with its verdict, as it comes.
    expect(screen.locator("#duple-answers li.no[data-seat='1'] .word")).to_have_text("xz", timeout=SLOW)
    if answered is not None:
        answered()
    send(ana, "museo")
    # The first good word may wait for the judge's word lists.
    expect(screen.locator("#duple-table")).to_have_attribute("data-claims", "1", timeout=SLOW)
    return "museo"


def _between_races(screen: Page) -> None:
    """After the win no match is left: the screen waits for the next flip."""
    wait_shown(screen, "d.phase === 'flip'")


def test_a_screen_shows_the_race_large_and_the_word_that_wins(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    screen, pages, errors = _room_with_a_screen(new_context, server_url, TV)
    table = screen.locator("#duple-table[data-screen='1']")
    expect(table.locator("#duple-piles .duple-seat")).to_have_count(2)
    expect(table.locator("#duple-category-name")).to_be_visible()
    snap = _face_off_on(screen, pages)

    # The letters and the category, large enough to read across a room.
    letters = table.locator("#duple-letters .duple-card.size-big")
    expect(letters).to_have_count(len(snap["letters"].split(",")))
    card = letters.first.bounding_box()
    assert card is not None and card["width"] >= 150 and card["height"] >= 190, card
    glyph = letters.first.locator(".letter").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert glyph >= 90, glyph
    category = table.locator("#duple-category-name")
    size = category.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert size >= 48, size
    assert sorted(table.locator("#duple-racers .duple-racer").all_inner_texts()) == ["Ana", "Ben"]
    expect(table.locator(".duple-seat.racer")).to_have_count(2)
    expect(table.locator("#duple-timer")).to_be_visible()
    # Nothing to press and nothing to type: the screen has no seat.
    expect(table.locator("button:visible, input:visible")).to_have_count(0)
    for selector in ("#duple-letters", "#duple-category", "#duple-piles", "#duple-claims", "#duple-timer"):
        assert in_viewport(screen, selector), selector
    assert screen.evaluate("() => document.documentElement.scrollHeight <= window.innerHeight")
    screen.screenshot(path=str(screenshots / "big-screen-duple.png"))

    word = _race_to_a_claim(screen, pages)
    claim = table.locator("#duple-claims .duple-claim").first
    expect(claim).to_have_attribute("data-seat", "0")
    expect(claim).to_have_attribute("data-word", word)
    expect(table.locator("#duple-flash")).to_contain_text("Ana wins the face-off")
    expect(table.locator(".duple-seat[data-seat='0'] .kit-seat-score")).not_to_have_text("0")
    _between_races(screen)  # then the word that won takes the middle of the screen
    expect(table.locator("#duple-latest-word .duple-claim-word")).to_have_text(word)
    screen.screenshot(path=str(screenshots / "big-screen-duple-claimed.png"))
    assert errors == []


def test_the_duple_screen_fits_a_small_laptop_without_motion(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    screen, pages, errors = _room_with_a_screen(new_context, server_url, SMALL_LAPTOP,
                                                reduced_motion="reduce")
    table = screen.locator("#duple-table[data-screen='1']")
    _face_off_on(screen, pages)

    def all_in_view(*more: str) -> None:
        for selector in ("#duple-letters", "#duple-category", "#duple-piles", "#duple-claims",
                         "#duple-status", "#duple-flash", *more):
            assert in_viewport(screen, selector), f"{selector} is out of sight"
        assert screen.evaluate("() => document.documentElement.scrollHeight <= window.innerHeight"
                               " && document.documentElement.scrollWidth <= window.innerWidth")

    all_in_view("#duple-racers", "#duple-timer")

    def answered() -> None:
        all_in_view("#duple-racers", "#duple-answers")
        screen.screenshot(path=str(screenshots / "big-screen-duple-laptop.png"))

    _race_to_a_claim(screen, pages, answered)
    expect(table.locator("#duple-flash")).not_to_be_empty()
    # What would pop in (the new word, the announcement) stands still.
    for selector, moving in (("#duple-claims .duple-claim", "fresh"), ("#duple-flash", "new")):
        animation = table.locator(selector).first.evaluate(
            "(e, c) => { e.classList.add(c); return getComputedStyle(e).animationName; }", moving)
        assert animation == "none", (selector, animation)
    _between_races(screen)
    all_in_view("#duple-latest-word")
    screen.screenshot(path=str(screenshots / "big-screen-duple-laptop-claimed.png"))
    assert errors == []
