"""What a player does while the connection is down is done once it is back, in DUOS and Duplik
(UNO Duo's move and Duple's word: tests/web/test_table_safety.py; Duplik's ink after pens down:
tests/web/test_duplik_late_ink.py). Never lost, never done twice."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web import duplik_fixtures as duplik
from tests.web.duos_fixtures import (
    AT_ONCE,
    SLOW,
    NewContext,
    add_bot,
    card,
    enter,
    new_room,
    pairs_shown,
    player,
    start,
    wait_locked,
    wait_saved,
)
from tests.web.link import Link
from tests.web.tables import PHONE, Person

pytestmark = pytest.mark.browser


def test_duos_pairs_tapped_while_offline_are_saved_once_the_connection_is_back(
    new_context: NewContext, server_url: str
) -> None:
    code = new_room(server_url, 3, {"pairing_seconds": 300, "rounds": 1}, seed=6, bot_pace=AT_ONCE)
    page, errors = player(new_context, Person("Bo", PHONE))
    link = Link(page)  # the page's sockets go through the test's hands
    enter(page, server_url, code, 0)
    add_bot(page, 1, "association")
    add_bot(page, 2, "association")
    start(page)
    wait_locked(page, [1, 2])  # the bots send nothing more this turn

    link.drop()
    for position in (1, 4):
        card(page, position).tap()
    expect(card(page, 4)).not_to_have_attribute("data-pair", "")  # shown at once, not saved yet
    expect(page.locator("#duos-save[data-saved='1']")).to_have_count(0)

    link.restore()
    expect(page.locator("#connection")).to_be_hidden(timeout=SLOW)
    wait_saved(page)
    page.reload()  # what the server holds, not what the page remembers
    page.wait_for_selector("#duos-table[data-version]", timeout=SLOW)
    assert pairs_shown(page) == {(1, 4)}
    assert errors == []


def test_a_duplik_verdict_given_while_offline_is_given_once_the_connection_is_back(
    new_context: NewContext, server_url: str
) -> None:
    table = duplik.two_people_and_a_bot(new_context, server_url, duplik.BOT)
    ana, ben = table.pages[0], table.pages[1]
    link = Link(ana)  # Ana's socket from here on goes through the test's hands
    ana.reload()
    for page in (ana, ben):
        duplik.wait_shown(page, "d.phase === 'describe'")
        duplik.draw(page, [(0.2, 0.2), (0.7, 0.6)])
        duplik.kept(page, 1)
        page.locator("#duplik-done").click()
    duplik.wait_shown(ana, "d.phase === 'judge'")
    verdict = ana.locator("#duplik-yes")
    expect(verdict).to_be_visible(timeout=SLOW)
    answered = int(duplik.shown(ana).get("answered") or 0)
    criterion = duplik.shown(ana)["criterion"]

    link.drop()
    verdict.click()  # the criterion holds, says Ana, with no connection
    link.restore()
    expect(ana.locator("#connection")).to_be_hidden(timeout=SLOW)
    # Answered once: the verdict was sent once, and the table moved on from it.
    duplik.wait_shown(ana, f"Number(d.answered) === {answered + 1}")
    duplik.wait_shown(ana, f"d.criterion !== '{criterion}' || d.phase !== 'judge' || d.waiting === 'artist'"
                      " || !document.getElementById('duplik-yes')")
    assert int(duplik.shown(ana).get("answered") or 0) == answered + 1
    expect(ana.locator("#duplik-why")).to_be_empty()
    assert table.errors == []
