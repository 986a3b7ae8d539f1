"""The room by keyboard: Sit, Add bot and Start keep the keyboard's place (on the seat, then on the
table) instead of sending it back to the page's start; a new bot is the game's able level, not the
weakest."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.tables import NewContext, Person, new_room, player

pytestmark = pytest.mark.browser


def _focused(page: Page) -> dict[str, str]:
    shown: dict[str, str] = page.evaluate("""() => { const el = document.activeElement;
      const seat = el.closest('li[data-seat]');
      return {tag: el.tagName, id: el.id, cls: el.className, seat: seat ? seat.dataset.seat : '',
              text: el.textContent.trim()}; }""")
    return shown


def test_sit_add_bot_and_start_keep_the_keyboards_place(new_context: NewContext, server_url: str) -> None:
    page, errors = player(new_context, Person("Ada"))
    page.goto(f"{server_url}/room/{new_room(server_url, 'uno-duo', 2)}")

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
    assert errors == []
