"""The lobby and table in Swedish, on a phone, by keyboard; screenshots for the docs."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.driver import (
    act_once,
    add_bot,
    create_room,
    seed_room,
    settle,
    sit,
    start,
    version,
    wait_for_change,
    wait_for_my_turn,
)
from tests.web.tables import LAPTOP, PHONE, NewContext, Person, enter, new_room, player

pytestmark = pytest.mark.browser

# Seat 0 drafts first.
DRAFTS_FIRST = 111
# Drawing whenever it may (and keeping what it draws), accepting the bot's two Wild Draw 4s, seat 0
# holds 17 cards after four decisions, and its first card, a red 7, can then be played on a red 0.
GROWS_TO_SEVENTEEN = 85


def _press(page: Page, key: str) -> None:
    before = version(page)
    page.keyboard.press(key)
    wait_for_change(page, before)


def _draft_by_keyboard(page: Page) -> None:
    """Drafting with the K key until it is this seat's turn in the main game."""
    for _ in range(40):
        shown = wait_for_my_turn(page)
        if shown["phase"] != "draft":
            return
        _press(page, "k")
    raise AssertionError("the draft did not end")


def test_the_swedish_ui_shows_swedish_labels(new_context: NewContext, server_url: str) -> None:
    page = new_context(viewport=LAPTOP, locale="sv-SE").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    expect(page.locator("#create-room")).to_have_text("Skapa rum")
    expect(page.locator("label[for='opt-target_score']")).to_have_text("Målpoäng")
    expect(page.locator("#join-form h2")).to_have_text("Gå med i ett spel")
    assert page.evaluate("document.documentElement.lang") == "sv"
    page.click("#new-room-cancel")

    page.select_option("#pref-lang", "en")  # the switch overrides the browser's language
    expect(page.locator("#join-form h2")).to_have_text("Join a game")
    page.reload()
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    expect(page.locator("#create-room")).to_have_text("Create room")
    page.click("#new-room-cancel")
    page.select_option("#pref-lang", "sv")

    code = create_room(page, server_url, "Ada")
    seed_room(server_url, code, DRAFTS_FIRST)
    expect(page.locator("li.seat[data-seat='1'] button.add-bot")).to_have_text("Lägg till bot")
    sit(page, 0)
    add_bot(page, 1)
    start(page)
    wait_for_my_turn(page)
    status = page.locator("#uno-status").inner_text()
    assert status.startswith(("Draft:", "Din tur", "Välj", "Spela", "Du drog", "Ett Wild", "Vänd"))
    expect(page.locator("#uno-scores h3")).to_contain_text("Poäng")


def test_lobby_screenshots(new_context: NewContext, server_url: str, screenshots: Path) -> None:
    for size, viewport in (("laptop", LAPTOP), ("phone", PHONE)):
        page = new_context(viewport=viewport).new_page()
        page.goto(server_url + "/")
        page.fill("#player-name", "Ada")
        page.wait_for_selector(".game-tile .with-friends")
        page.click(".game-tile[data-game='uno-duo'] .with-friends")
        page.click("#house-rules summary")
        page.wait_for_selector("#opt-target_score")
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(screenshots / f"lobby-{size}.png"), full_page=True)


def test_a_phone_shows_the_whole_hand_and_plays_by_keyboard(new_context: NewContext, server_url: str,
                                                             screenshots: Path) -> None:
    page, errors = player(new_context, Person("Ada", PHONE, reduced_motion=True))
    code = new_room(server_url, "uno-duo", 2, {"target_score": 500}, seed=GROWS_TO_SEVENTEEN)
    enter(page, server_url, code, 0)
    add_bot(page, 1)
    start(page)
    _draft_by_keyboard(page)

    # Draw with D (keeping a playable card with K) until the hand is big.
    for _ in range(60):
        shown = wait_for_my_turn(page)
        if page.locator("#uno-hand .card").count() >= 16:
            break
        if shown["phase"] == "drawn":
            _press(page, "k")
        elif shown["phase"] == "turn" and page.locator("#uno-actions button[data-action='draw']").count():
            _press(page, "d")
        else:  # a volley, a challenge, a dump: any legal move
            before = version(page)
            if act_once(page):
                wait_for_change(page, before)
    hand = page.locator("#uno-hand .card")
    assert hand.count() >= 16
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    for box in hand.evaluate_all("cards => cards.map(c => c.getBoundingClientRect().toJSON())"):
        assert box["left"] >= 0 and box["right"] <= PHONE["width"], box

    # Number keys play the n-th card of the hand when it is playable (this deal: the first).
    shown = wait_for_my_turn(page)
    legal = page.locator("#uno-hand .card").evaluate_all("cards => cards.map(c => c.dataset.legal === '1')")
    assert shown["phase"] == "turn" and True in legal[:9], (shown, legal)
    index = legal.index(True)
    card = page.locator("#uno-hand .card").nth(index).get_attribute("data-card") or ""
    before = version(page)
    page.keyboard.press(str(index + 1))
    if card.startswith("wild"):
        page.keyboard.press("r")
    wait_for_change(page, before)
    expect(page.locator("#uno-log")).to_contain_text("You played")
    settle(page)
    page.evaluate("document.getElementById('toasts').replaceChildren()")
    page.screenshot(path=str(screenshots / "game-phone.png"), full_page=True)
    assert errors == []


def test_game_screenshot_on_a_laptop_in_colour_blind_mode(new_context: NewContext, server_url: str,
                                                          screenshots: Path) -> None:
    page, errors = player(new_context, Person("Ada", LAPTOP, reduced_motion=True))
    enter(page, server_url, new_room(server_url, "uno-duo", 2, {"target_score": 500}, seed=DRAFTS_FIRST), 0)
    page.check("#pref-colourblind")
    add_bot(page, 1, "heuristic")
    start(page)
    _draft_by_keyboard(page)
    shown = wait_for_my_turn(page)
    assert shown["phase"] != "draft"
    suit = page.locator("#uno-hand .card .corner.tl .suit").first
    expect(suit).to_be_visible()
    assert suit.inner_text() in "♥★♣♦"
    settle(page)
    page.screenshot(path=str(screenshots / "game-laptop.png"))
    assert errors == []
