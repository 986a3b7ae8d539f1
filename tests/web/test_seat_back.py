"""Letting a bot play for you is not a trap: it asks first, the seat says a bot plays for you, and the
seat comes back with one click, hand and all, without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Dialog, expect
from tests.web.driver import add_bot, create_room, start

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 657}


def test_a_bot_plays_for_you_only_if_you_say_so_and_you_take_the_seat_back(browser: Browser,
                                                                            server_url: str) -> None:
    page = browser.new_context(viewport=LAPTOP).new_page()
    create_room(page, server_url, "Ada", {"target_score": "500"})
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    add_bot(page, 1)
    start(page)
    mine = page.locator("li.seat[data-seat='0']")
    asked: list[str] = []

    def answer(dialog: Dialog, accept: bool) -> None:
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    # Said no: nothing changes.
    page.once("dialog", lambda dialog: answer(dialog, False))
    mine.locator("button.leave").click()
    expect(mine.locator(".badge.you")).to_have_text("You")
    expect(mine).to_have_attribute("data-kind", "human")
    # Said yes: a bot plays the seat, and the seat says so.
    page.once("dialog", lambda dialog: answer(dialog, True))
    mine.locator("button.leave").click()
    expect(mine).to_have_attribute("data-kind", "bot")
    expect(mine.locator(".badge.you")).to_have_text("A bot plays for you")
    assert len(asked) == 2 and all("bot" in message for message in asked)
    # One click brings the seat back to its player, with the hand.
    mine.locator("button.take-back").click()
    expect(mine).to_have_attribute("data-kind", "human")
    expect(mine.locator(".badge.you")).to_have_text("You")
    expect(page.locator("#uno-hand .card").first).to_be_visible()
    page.context.close()
