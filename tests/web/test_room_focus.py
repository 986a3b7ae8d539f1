"""The room by keyboard: Sit, Add bot and Start keep the keyboard's place (on the seat, then on the
table) instead of sending it back to the page's start; a new bot is the game's able level, not the
weakest."""

from __future__ import annotations

import json
import urllib.request

import pytest
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1366, "height": 657}


def _new_room(base: str) -> str:
    body = json.dumps({"game": "uno-duo", "seats": 2}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=30) as answer:
        code: str = json.load(answer)["code"]
        return code


def _focused(page: Page) -> dict[str, str]:
    shown: dict[str, str] = page.evaluate("""() => { const el = document.activeElement;
      const seat = el.closest('li[data-seat]');
      return {tag: el.tagName, id: el.id, cls: el.className, seat: seat ? seat.dataset.seat : '',
              text: el.textContent.trim()}; }""")
    return shown


def test_sit_add_bot_and_start_keep_the_keyboards_place(browser: Browser, server_url: str) -> None:
    context = browser.new_context(viewport=LAPTOP)
    context.add_init_script("localStorage.setItem('duoplay.name', JSON.stringify('Ada'))")
    page = context.new_page()
    page.goto(f"{server_url}/room/{_new_room(server_url)}")

    page.focus("li.seat[data-seat='0'] button.sit")
    page.keyboard.press("Enter")
    expect(page.locator("li.seat[data-seat='0'] .badge.you")).to_be_visible()
    assert _focused(page)["seat"] == "0", _focused(page)  # on the seat just taken (its Leave button)

    level = page.locator("li.seat[data-seat='1'] select.bot-level")
    expect(level).to_have_value("heuristic")  # the level that stands in for a person, not random
    page.focus("li.seat[data-seat='1'] button.add-bot")
    page.keyboard.press("Enter")
    expect(page.locator("li.seat[data-seat='1'][data-kind='bot']")).to_be_visible()
    expect(page.locator("li.seat[data-seat='1'] .badge.bot")).to_contain_text("Heuristic")
    assert _focused(page)["seat"] == "1", _focused(page)  # on the bot's seat (Remove bot)

    page.focus("#start:not([disabled])")
    page.keyboard.press("Enter")
    page.wait_for_selector("#uno-table[data-version]")
    expect(page.locator("#uno-status")).to_be_focused()  # the table says what it waits for...
    page.keyboard.press("Tab")
    inside = page.evaluate("() => document.getElementById('uno-table').contains(document.activeElement)")
    assert inside, _focused(page)  # ...and Tab goes on to its controls, not to the page's start
    context.close()
