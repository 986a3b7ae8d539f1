"""A phone's network rarely goes with a clean close: the socket stays "open" while nothing gets
through, and the browser may not notice for minutes. The page pings after 5 s of quiet and gives a
connection up when 10 s pass without an answer; it also listens to the browser's offline event.
Either way the connection bar shows, a move made meanwhile waits, and the page is back in its seat
once the network is."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web.driver import act_once, bot_table, linked_bot_table, my_moves, version, wait_for_change
from tests.web.duplik_fixtures import with_clock
from tests.web.tables import PHONE, SLOW, NewContext, Person, in_viewport

pytestmark = pytest.mark.browser




def test_a_network_that_goes_silent_shows_the_bar_and_the_move_waits_for_it(
    new_context: NewContext, server_url: str
) -> None:
    table, link = linked_bot_table(with_clock(new_context), server_url, Person("Ada", PHONE))
    page = table.pages[0]
    mine = my_moves(page)
    made = mine.count()
    before = version(page)

    link.fall_silent()  # nothing gets through, and nobody closes anything
    bar = page.locator("#connection")
    page.clock.fast_forward(6_000)  # 5 s of quiet: the page pings
    expect(bar).to_be_hidden()  # not given up yet: the answer may be on its way
    page.clock.fast_forward(5_000)  # 4 s: a busy server may still answer
    expect(bar).to_be_hidden()
    page.clock.fast_forward(6_000)  # no answer within 10 s: the connection is given up
    expect(bar).to_be_visible()
    assert in_viewport(page, "#connection"), "the connection bar is out of view"
    assert act_once(page)  # a card, or Draw: the move waits for the connection
    assert version(page) == before

    link.restore()
    page.clock.fast_forward(8_000)  # the page's next try
    wait_for_change(page, before)
    expect(bar).to_be_hidden()
    expect(mine).to_have_count(made + 1)  # made once, not lost and not twice
    assert table.errors == []


def test_the_browser_going_offline_shows_the_bar_at_once(new_context: NewContext, server_url: str) -> None:
    table = bot_table(new_context, server_url, Person("Ada", PHONE), seed=3)
    page = table.pages[0]
    page.wait_for_selector("#uno-table[data-version]", timeout=SLOW)
    bar = page.locator("#connection")
    expect(bar).to_be_hidden()
    page.context.set_offline(True)  # the phone tells the page it has no network
    expect(bar).to_be_visible()
    # The bar sits in the room's thin bar and leaves its menu button free to tap.
    toggle = page.locator("#kit-room-toggle")
    expect(toggle).to_be_visible()
    shown, menu = bar.bounding_box(), toggle.bounding_box()
    assert shown is not None and menu is not None
    assert shown["x"] + shown["width"] <= menu["x"], "the connection bar covers the room menu"
    toggle.click()
    expect(page.locator("body.kit-room-open")).to_have_count(1)
    page.context.set_offline(False)  # and that it is back: the page tries at once
    expect(bar).to_be_hidden(timeout=SLOW)
    page.wait_for_selector("#uno-table[data-version]", timeout=SLOW)
    assert table.errors == []
