"""The room's seat list is drawn anew whenever the room changes; what a player was choosing there
stays chosen."""

from __future__ import annotations

from playwright.sync_api import expect
from tests.web.tables import PHONE, NewContext, enter, new_room, player


def test_a_chosen_bot_level_outlives_a_friend_sitting_down(new_context: NewContext, server_url: str) -> None:
    code = new_room(server_url, "duple", 3)
    ana, errors = player(new_context, "Ana")
    enter(ana, server_url, code, 0)
    level = ana.locator("li.seat[data-seat='2'] select.bot-level")
    level.select_option("easy")
    ben, _ = player(new_context, "Ben", PHONE)
    enter(ben, server_url, code, 1)  # Ana's seat list is drawn again with Ben in it
    expect(ana.locator("li.seat[data-seat='1'] .seat-name")).to_have_text("Ben")
    expect(level).to_have_value("easy")
    ana.click("li.seat[data-seat='2'] button.add-bot")
    expect(ana.locator("li.seat[data-seat='2'] .badge.bot")).to_contain_text("Easy")
    assert errors == []
