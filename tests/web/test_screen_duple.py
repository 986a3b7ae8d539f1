"""Duple on the big screen: a TV shows the category and the racing letters large, every answer as it
comes and the words that won, while two phones race; a small laptop shows it all without scrolling
and without motion."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.duple_fixtures import (
    PHONE,
    SLOW,
    NewContext,
    answer,
    enter,
    in_viewport,
    new_room,
    play,
    player,
    shown,
    start,
    word_for,
)

pytestmark = pytest.mark.browser

TV = {"width": 1920, "height": 1080}
SMALL_LAPTOP = {"width": 1366, "height": 657}
# A face-off waits long enough to be looked at before it counts as stuck; no clock flips, so the
# word that won stays on the screen until a phone flips.
SLOWER = {"stuck_seconds": 20.0, "race_seconds": 30.0, "flip_seconds": 0}


def _room_with_a_screen(new_context: NewContext, base: str, viewport: dict[str, int],
                        reduced_motion: str | None = None) -> tuple[Page, dict[int, Page], list[str]]:
    """A 2-seat Duple room, its big screen open, Ana (seat 0) and Ben (seat 1) on phones; Ana starts."""
    code = new_room(base, 2, SLOWER)
    context = new_context(viewport=viewport, **({"reduced_motion": reduced_motion} if reduced_motion else {}))
    screen = context.new_page()
    errors: list[str] = []
    screen.on("pageerror", lambda error: errors.append(str(error)))
    screen.goto(f"{base}/room/{code}/screen")
    expect(screen.locator("#screen-code")).to_have_text(code)
    ana, errors_a = player(new_context, "Ana", PHONE)
    ben, errors_b = player(new_context, "Ben", PHONE)
    enter(ana, base, code, 0)
    enter(ben, base, code, 1)
    start(ana)
    ben.wait_for_selector("#duple-table[data-version]", timeout=SLOW)
    expect(screen.locator("#screen-table #duple-table[data-screen='1']")).to_be_attached(timeout=SLOW)
    return screen, {0: ana, 1: ben}, errors + errors_a + errors_b


def _face_off_on(screen: Page, pages: dict[int, Page]) -> dict[str, Any]:
    """Flip on the phones, answering nothing, until the screen shows a face-off."""
    seen: dict[str, Any] = {}

    def until(snaps: dict[int, dict[str, Any]]) -> bool:
        now = shown(screen)
        if now.get("phase") == "faceoff" and now.get("letters") and all(
                s.get("racing") == "1" for s in snaps.values()):
            seen.update(now)
            return True
        return False

    play(pages, until, policy=lambda seat, snap: None, timeout=120)
    return seen


def _claims(screen: Page) -> int:
    return int(screen.locator("#duple-table").get_attribute("data-claims") or "0")


def _race_to_a_claim(screen: Page, pages: dict[int, Page], snap: dict[str, Any],
                     answered: Callable[[], None] | None = None) -> set[str]:
    """Ben's wrong word first (then `answered()`), then Ana's word; if that wins nothing, play on
    (Ana answers, Ben passes) until a word wins. Returns the words Ana sent."""
    ana, ben = pages[0], pages[1]
    sent: set[str] = set()
    assert answer(ben, "xz")
    # Every answer shows on the screen with its verdict, as it comes.
    expect(screen.locator("#duple-answers li.no[data-seat='1'] .word")).to_have_text("xz", timeout=SLOW)
    if answered is not None:
        answered()
    word = word_for(snap)
    if word is not None:
        sent.add(word)
        assert answer(ana, word)
        try:
            expect(screen.locator("#duple-table")).to_have_attribute("data-claims", "1", timeout=SLOW)
            return sent
        except AssertionError:
            pass  # the judge refused the word: another race

    def ana_answers(seat: int, now: dict[str, Any]) -> str | None:
        choice = word_for(now)
        if seat != 0:
            return None if choice else "pass"
        if choice:
            sent.add(choice)
        return choice or "pass"

    play(pages, lambda snaps: _claims(screen) >= 1, policy=ana_answers, timeout=180)
    return sent


def _between_races(screen: Page) -> bool:
    """Wait out a held race; True when the screen is between races (no cascade went on at once)."""
    screen.wait_for_function("() => document.getElementById('duple-table').dataset.phase !== 'hold'",
                             timeout=SLOW)
    return screen.locator("#duple-table").get_attribute("data-phase") == "flip"


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

    sent = _race_to_a_claim(screen, pages, snap)
    claim = table.locator("#duple-claims .duple-claim").first
    expect(claim).to_have_attribute("data-seat", "0")
    assert claim.get_attribute("data-word") in sent
    expect(table.locator("#duple-flash")).to_contain_text(re.compile("Ana wins the (face-off|All Play)"))
    expect(table.locator(".duple-seat[data-seat='0'] .kit-seat-score")).not_to_have_text("0")
    if _between_races(screen):  # then the word that won takes the middle of the screen
        latest = table.locator("#duple-latest-word .duple-claim-word")
        expect(latest).to_have_text(claim.get_attribute("data-word") or "")
    screen.screenshot(path=str(screenshots / "big-screen-duple-claimed.png"))
    assert errors == []


def test_the_duple_screen_fits_a_small_laptop_without_motion(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    screen, pages, errors = _room_with_a_screen(new_context, server_url, SMALL_LAPTOP,
                                                reduced_motion="reduce")
    table = screen.locator("#duple-table[data-screen='1']")
    snap = _face_off_on(screen, pages)

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

    _race_to_a_claim(screen, pages, snap, answered)
    expect(table.locator("#duple-flash")).not_to_be_empty()
    # What would pop in (the new word, the announcement) stands still.
    for selector, moving in (("#duple-claims .duple-claim", "fresh"), ("#duple-flash", "new")):
        animation = table.locator(selector).first.evaluate(
            "(e, c) => { e.classList.add(c); return getComputedStyle(e).animationName; }", moving)
        assert animation == "none", (selector, animation)
    all_in_view(*(["#duple-latest-word"] if _between_races(screen) else []))
    screen.screenshot(path=str(screenshots / "big-screen-duple-laptop-claimed.png"))
    assert errors == []
