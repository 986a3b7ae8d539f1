"""The "how to play" pages in a real browser: opened from the lobby and from a table, in a new tab,
readable on a phone and a laptop (no sideways scrolling), in the reader's language."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.driver import add_bot, create_room, sit, start

SIZES = {"phone": {"width": 390, "height": 844}, "laptop": {"width": 1366, "height": 657}}
SECTIONS = 6  # goal, parts, a turn, specials, end and score, options (tests/server/test_rules_pages.py)


def _fits(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


def _read_rules(page: Page) -> None:
    expect(page.locator("#rules-text h2")).to_have_count(SECTIONS)
    expect(page.locator("#rules-reference")).to_be_visible()
    assert _fits(page), "the rules page scrolls sideways"


@pytest.mark.browser
@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_lobby_says_what_each_game_is_and_opens_its_rules_in_a_new_tab(
        browser: Browser, server_url: str, screenshots: Path, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(server_url + "/")
    games = page.locator(".game-tile")
    expect(games).to_have_count(4)
    expect(games.locator(".tile-summary")).to_have_count(4)
    expect(page.locator(".game-tile[data-game='duos'] .tile-summary")).to_contain_text("pairs")
    # With friends: what two players change in DUOS.
    page.click(".game-tile[data-game='duos'] .with-friends")
    page.select_option("#seats-select", "2")
    expect(page.locator("#seats-note")).to_contain_text("together")
    page.select_option("#seats-select", "4")
    expect(page.locator("#seats-note")).to_contain_text("compete")
    page.click("#new-room-cancel")
    page.click(".game-tile[data-game='duplik'] .with-friends")
    expect(page.locator("#seats-note")).to_be_hidden()
    page.click("#new-room-cancel")
    assert _fits(page)
    page.screenshot(path=str(screenshots / f"lobby-games-{size}.png"), full_page=True)

    with context.expect_page() as opened:
        page.locator(".game-tile[data-game='duos'] a.rules-link").click()
    rules = opened.value
    rules.wait_for_load_state()
    expect(rules.locator("#rules-text h1")).to_have_text("How to play DUOS")
    _read_rules(rules)
    rules.screenshot(path=str(screenshots / f"rules-duos-{size}.png"), full_page=True)
    rules.screenshot(path=str(screenshots / f"rules-duos-{size}-top.png"))
    assert page.url.rstrip("/") == server_url, "the lobby stays where it was"
    context.close()


@pytest.mark.browser
def test_the_rules_page_follows_the_readers_language(
        browser: Browser, server_url: str, screenshots: Path) -> None:
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    page.goto(server_url + "/?lang=sv")
    expect(page.locator(".game-tile[data-game='duple'] .tile-summary")).to_contain_text("ord")
    with context.expect_page() as opened:
        page.locator(".game-tile[data-game='duple'] a.rules-link").click()
    rules = opened.value
    expect(rules.locator("#rules-text h1")).to_have_text("Så spelar du Duple")
    expect(rules.locator("#rules-text")).to_have_attribute("lang", "sv")
    expect(rules.locator("#rules-fallback")).to_have_count(0)
    _read_rules(rules)
    rules.screenshot(path=str(screenshots / "rules-duple-sv-phone.png"), full_page=True)
    # The switch redraws the page in the new language.
    rules.select_option("#pref-lang", "fr")
    expect(rules.locator("#rules-text h1")).to_have_text("Comment jouer à Duple")
    context.close()


@pytest.mark.browser
def test_an_unknown_game_says_so_on_the_rules_page(browser: Browser, server_url: str) -> None:
    page = browser.new_page()
    page.goto(server_url + "/rules/chess")
    expect(page.locator("#rules-error")).to_contain_text("No game has that name")
    page.close()


@pytest.mark.browser
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_table_opens_the_rules_without_leaving_the_game(
        browser: Browser, server_url: str, screenshots: Path, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    create_room(page, server_url, "Ada")
    sit(page, 0)
    add_bot(page, 1)
    start(page)
    link = page.locator("#rules-link")
    if size == "phone":  # the room's header folds into the thin bar: the link is under its button
        page.locator("#kit-room-toggle").click()
    expect(link).to_be_visible()  # also while the table folds the room's header away
    page.screenshot(path=str(screenshots / f"table-rules-link-{size}.png"))
    room = page.url
    with context.expect_page() as opened:
        link.click()
    rules = opened.value
    expect(rules.locator("#rules-text h1")).to_have_text("How to play UNO Duo")
    _read_rules(rules)
    rules.screenshot(path=str(screenshots / f"rules-uno-duo-{size}-top.png"))
    assert page.url == room
    expect(page.locator("#uno-table[data-version]")).to_be_visible()
    context.close()
