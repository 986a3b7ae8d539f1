"""Duple on a phone held in one hand (390x844) and on a laptop (1366x657): the racing letters and
the answer box are in sight without scrolling, on both, during a face-off and an All Play."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.duple_fixtures import (
    LAPTOP,
    PHONE,
    NewContext,
    Person,
    clock_moves,
    duple_table,
    flip,
    move_clock,
    race_on,
    send,
    wait_to_flip,
)
from tests.web.tables import in_viewport

pytestmark = pytest.mark.browser


def _race_in_sight(page: Page) -> None:
    scrolled = page.evaluate("() => window.scrollY")
    for selector in ("#duple-letters", "#duple-word", "#duple-category", "#duple-send"):
        assert in_viewport(page, selector), f"{selector} is out of sight ({page.viewport_size})"
    assert page.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth"
    )  # no sideways scroll
    assert page.evaluate("() => window.scrollY") == scrolled


def test_the_race_is_in_sight_on_a_phone_and_a_laptop(
    new_context: NewContext, server_url: str, screenshots: Path
) -> None:
    table = duple_table(new_context, server_url, [Person("Ana", PHONE), Person("Ben", LAPTOP)])
    phone, laptop = table.pages[0], table.pages[1]
    flip(phone, 0)
    wait_to_flip(laptop, 1)
    laptop.screenshot(path=str(screenshots / "duple-flip-laptop.png"))
    flip(laptop, 1)

    # A face-off where both people race: in sight on both screens.
    for page in (phone, laptop):
        race_on(page, "faceoff", "U,P", "vehiculo")
        _race_in_sight(page)
    assert phone.evaluate("() => document.activeElement && document.activeElement.id") == "duple-word"
    send(phone, "xz")
    expect(phone.locator("#duple-mine.no")).to_be_visible()
    phone.screenshot(path=str(screenshots / "duple-faceoff-phone.png"))
    expect(laptop.locator("#duple-answers li.no")).to_be_visible()
    laptop.screenshot(path=str(screenshots / "duple-faceoff-laptop.png"))

    # Nobody finds a word: the clock ends the race and plays on until an All Play.
    move_clock(table, clock_moves(since=lambda view: view["phase"] == "faceoff",
                                  until=lambda view: view["phase"] == "allplay"))
    for page in (phone, laptop):
        race_on(page, "allplay", "I,E,Y")
        _race_in_sight(page)
    phone.screenshot(path=str(screenshots / "duple-allplay-phone.png"))
    laptop.screenshot(path=str(screenshots / "duple-allplay-laptop.png"))
    # Both people pass; the bot does not answer in time: the All Play's clock runs out, and its
    # card goes back into the category deck.
    for page in (phone, laptop):
        page.locator("#duple-pass").click()
    for page in (phone, laptop):
        expect(page.locator("#duple-answers li.passed")).to_have_count(2)
    table.advance()
    for page in (phone, laptop):
        expect(page.locator("#duple-flash")).to_have_text("Time is up")
        wait_to_flip(page, 0)
    assert table.errors == []
