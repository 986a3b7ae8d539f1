"""During UNO Duo's draft the hands grow from nothing: a seat holding one card has only kept its
first one. The red "Last card" warning is for play, where one card left means UNO."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.web.driver import act_once, bot_table, wait_for_change, wait_for_my_turn
from tests.web.tables import LAPTOP, NewContext, Person

pytestmark = pytest.mark.browser

ONE_CARD = re.compile(r"(^|\D)1 card(?!s)")


def test_one_drafted_card_is_not_a_last_card_warning(new_context: NewContext, server_url: str) -> None:
    table = bot_table(new_context, server_url, Person("Ada", LAPTOP), seed=3)
    page = table.pages[0]
    areas = page.locator("#uno-me, #uno-opponent")
    for _ in range(10):
        shown = wait_for_my_turn(page)
        assert shown["phase"] == "draft", "the draft ended before a seat held one card"
        if any(ONE_CARD.search(text) for text in areas.all_inner_texts()):
            break
        before = int(shown["version"])
        assert act_once(page)
        wait_for_change(page, before)
    else:
        raise AssertionError("no seat held one card during the draft")
    expect(page.get_by_text("Last card")).to_have_count(0)
    assert table.errors == []
