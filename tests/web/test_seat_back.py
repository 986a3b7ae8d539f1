"""Letting a bot play for you is not a trap: it asks first, the seat says a bot plays for you, and the
seat comes back with one click, hand and all, without a reload."""

from __future__ import annotations

import pytest
from playwright.sync_api import Dialog, expect
from tests.web.driver import bot_table
from tests.web.tables import NewContext, Person

pytestmark = pytest.mark.browser


def test_a_bot_plays_for_you_only_if_you_say_so_and_you_take_the_seat_back(new_context: NewContext,
                                                                            server_url: str) -> None:
    table = bot_table(new_context, server_url, Person("Ada"), options={"target_score": 500})
    page = table.pages[0]
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
    # Her hand is shown again (the bots may have played on to a new round's draft, where it is
    # still empty).
    expect(page.locator("#uno-table")).to_have_attribute("data-seat", "0")
    expect(page.locator("#uno-hand")).to_have_count(1)
    assert table.errors == []
