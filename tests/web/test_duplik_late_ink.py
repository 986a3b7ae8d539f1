"""Ink drawn offline before pencils down reaches the table when the connection comes back after.

An Artist's phone loses its network while drawing; the hourglass runs out meanwhile. The server
still takes what was drawn before for a short grace (see duoplay.server.streams), and the bot
Portrayer holds the pass while it waits: the Judge sees every stroke.
"""

from __future__ import annotations

import pytest
from tests.web.duplik_fixtures import (
    BOT,
    NewContext,
    draw,
    expect,
    kept,
    strokes_on,
    two_people_and_a_bot,
    wait_shown,
)
from tests.web.link import Link

pytestmark = pytest.mark.browser


def test_strokes_drawn_offline_reach_the_judge_when_the_connection_returns_after_pens_down(
        new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)
    ana, ben = table.pages[0], table.pages[1]
    link = Link(ana)  # Ana's socket from here on goes through the test's hands
    ana.reload()
    canvas = ana.locator("#duplik-canvas")
    wait_shown(ana, "d.phase === 'describe'")
    draw(ana, [(0.2, 0.2), (0.6, 0.6)])
    kept(ana, 1)  # the first stroke reached the server
    link.drop()
    draw(ana, [(0.2, 0.6), (0.6, 0.2)])  # two strokes drawn with no connection
    draw(ana, [(0.1, 0.9), (0.9, 0.9)])
    expect(canvas).to_have_attribute("data-strokes", "3")
    expect(canvas).not_to_have_attribute("data-unsent", "0")
    table.advance()  # the hourglass runs out while Ana is offline: pens down, by the table
    wait_shown(ben, "d.phase !== 'describe'")
    link.restore()
    expect(ana.locator("#connection")).to_be_hidden(timeout=20_000)  # the page retries every few s
    wait_shown(ben, "d.phase === 'judge'")
    # Ben judges Ana's drawing: all three strokes, the two drawn offline too.
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    assert strokes_on(ben, "#duplik-judged svg") == 3
    assert table.errors == []
