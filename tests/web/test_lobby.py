"""Creating rooms from the lobby: the number of players and house rules with no default value."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, expect
from tests.web.conftest import LAPTOP

pytestmark = pytest.mark.browser


def test_a_duos_room_for_four_players_with_no_fixed_category(browser: Browser, server_url: str) -> None:
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.fill("#player-name", "Ada")
    page.select_option("#game-select", "duos")
    page.wait_for_selector("#opt-category")
    # The category is chosen by the deal unless a player picks one: the form offers that as a choice.
    expect(page.locator("#opt-category")).to_have_value("")
    expect(page.locator("#seats-select")).to_be_visible()
    page.select_option("#seats-select", "4")
    page.click("#create-room")
    page.wait_for_url(re.compile(r".*/room/[A-Z0-9]{6}$"))
    expect(page.locator("li.seat")).to_have_count(4)
    page.context.close()


def test_a_fixed_category_is_sent_and_a_two_player_game_asks_no_player_count(
        browser: Browser, server_url: str) -> None:
    page = browser.new_context(viewport=LAPTOP, locale="en-GB").new_page()
    page.goto(server_url + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.select_option("#game-select", "uno-duo")
    page.wait_for_selector("#opt-target_score")
    expect(page.locator("#seats-select")).to_be_hidden()
    page.select_option("#game-select", "duos")
    page.wait_for_selector("#opt-category")
    page.select_option("#opt-category", "animals")
    with page.expect_response(re.compile(r".*/api/rooms$")) as created:
        page.click("#create-room")
    assert created.value.ok
    assert created.value.request.post_data_json["options"] == {"category": "animals"}
    page.context.close()
