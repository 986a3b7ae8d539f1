"""The UNO Duo log tells what happened: a kept draft pick is not called a discard, a reload brings
the log back, and on a phone the last move is spelled out beside the highlighted top card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.driver import act_once, bot_table, wait_for_change, wait_for_my_turn
from tests.web.tables import PHONE, SLOW, NewContext, Person

pytestmark = pytest.mark.browser

# The bot plays a card as soon as the draft is over.
BOT_PLAYS_FIRST = 1


def _keep_every_pick(page: Page) -> None:
    for _ in range(20):
        if wait_for_my_turn(page)["phase"] != "draft":
            return
        before = int(page.locator("#uno-table").get_attribute("data-version") or "-1")
        page.click("#uno-actions button[data-action='draft-keep']")
        wait_for_change(page, before)
    raise AssertionError("the draft did not end")


def test_kept_picks_are_logged_as_kept_and_the_log_survives_a_reload(new_context: NewContext,
                                                                      server_url: str) -> None:
    table = bot_table(new_context, server_url, Person("Ada", PHONE), seed=BOT_PLAYS_FIRST,
                      options={"target_score": 500})
    page = table.pages[0]
    _keep_every_pick(page)

    log = page.locator("#uno-log")
    expect(log).to_contain_text("You kept")
    assert "You discarded" not in log.inner_text()
    kept_lines = log.locator("li", has_text="You kept").count()
    assert kept_lines >= 6

    # Play on until the other player has played a card: the phone says so without opening the log.
    for _ in range(40):
        shown = wait_for_my_turn(page)
        if page.locator("#uno-played-by", has_text="Played by").count():
            break
        assert act_once(page)
        wait_for_change(page, int(shown["version"]))
    expect(page.locator("#uno-discard-pile .card.last-played")).to_be_visible()
    last = page.locator("#uno-last-move")
    expect(last).to_be_visible()
    assert last.inner_text() == log.locator("li").last.text_content()

    page.reload()
    page.wait_for_selector("#uno-table[data-version]")
    # The log before the reload comes back from the match's replay, which the server builds off its
    # loop: on a loaded machine that takes seconds.
    expect(page.locator("#uno-log li", has_text="You kept")).to_have_count(kept_lines, timeout=SLOW)
    expect(page.locator("#uno-log")).to_contain_text("The start card is")
    expect(page.locator("#uno-last-move")).not_to_be_empty()
    assert table.errors == []
