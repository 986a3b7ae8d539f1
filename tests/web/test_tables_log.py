"""The UNO Duo log tells what happened: a kept draft pick is not called a discard, a reload brings
the log back, and on a phone the last move is spelled out beside the highlighted top card."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.driver import act_once, add_bot, create_room, start, table_state, version, wait_for_change

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}


def _my_turn(page: Page) -> dict[str, str]:
    page.wait_for_function("() => { const t = document.getElementById('uno-table');"
                           " return t && t.dataset.toMove === t.dataset.seat; }")
    return table_state(page)


def _keep_every_pick(page: Page) -> None:
    for _ in range(20):
        if _my_turn(page)["phase"] != "draft":
            return
        before = version(page)
        page.click("#uno-actions button[data-action='draft-keep']")
        wait_for_change(page, before)
    raise AssertionError("the draft did not end")


def test_kept_picks_are_logged_as_kept_and_the_log_survives_a_reload(browser: Browser,
                                                                      server_url: str) -> None:
    page = browser.new_context(viewport=PHONE).new_page()
    create_room(page, server_url, "Ada", {"target_score": "500"})
    page.wait_for_selector("li.seat[data-seat='0'] .badge.you")
    add_bot(page, 1)
    start(page)
    _keep_every_pick(page)

    log = page.locator("#uno-log")
    expect(log).to_contain_text("You kept")
    assert "You discarded" not in log.inner_text()
    kept_lines = log.locator("li", has_text="You kept").count()
    assert kept_lines >= 6

    # Play on until the other player has played a card: the phone says so without opening the log.
    for _ in range(40):
        if page.locator("#uno-played-by", has_text="Played by").count():
            break
        before = version(page)
        if act_once(page):
            wait_for_change(page, before)
        else:
            page.wait_for_timeout(100)
    expect(page.locator("#uno-discard-pile .card.last-played")).to_be_visible()
    last = page.locator("#uno-last-move")
    expect(last).to_be_visible()
    assert last.inner_text() == log.locator("li").last.text_content()

    page.reload()
    page.wait_for_selector("#uno-table[data-version]")
    expect(page.locator("#uno-log li", has_text="You kept")).to_have_count(kept_lines)
    expect(page.locator("#uno-log")).to_contain_text("The start card is")
    expect(page.locator("#uno-last-move")).not_to_be_empty()
