"""Duplik's judging by keyboard: each decision has keys of its own, shown on its buttons, and a key
only clicks a button on the screen, so a key meant for one decision never settles another."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from tests.web.duplik_fixtures import (
    BOT,
    NewContext,
    act,
    draw,
    expect,
    house,
    look,
    shown,
    two_people_and_a_bot,
    wait_shown,
)

pytestmark = pytest.mark.browser


def _press(page: Page, key: str) -> int:
    """Press a table key as a person does (after a pause from any typing); returns how many of
    the page's actions the server had answered before it."""
    page.wait_for_function("() => !('typing' in document.body.dataset)")
    before = int(shown(page).get("answered") or 0)
    page.keyboard.press(key)
    return before


def test_each_judging_decision_answers_only_to_its_own_keys(new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)
    ana, ben = table.pages[0], table.pages[1]
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'describe'")
    house(ana)
    draw(ben, [(0.1, 0.1), (0.9, 0.9)])
    for page in (ana, ben):
        page.locator("#duplik-done").click()
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'judge'")

    # Ana holds Ben's drawing: the vote's and the tie's keys do nothing; Y gives her verdict.
    expect(ana.locator("#duplik-yes kbd")).to_have_text("Y")
    before = _press(ana, "v")
    for key in ("x", "t", "f", "Enter"):
        _press(ana, key)
    _press(ana, "y")
    expect(ana.locator("#duplik-board tr.now td[data-artist='1']")).to_have_attribute("data-holds", "true")
    # Her actions go out in order: one sent by a wrong key would have been answered before Y's.
    assert look(ana, "answered", before + 1)["answered"] == str(before + 1)

    # Ben's verdict on Ana's drawing, which she disputes: the vote goes to Ben.
    act(ben, ben.locator("#duplik-no"))
    expect(ana.locator("#duplik-your-verdict")).to_have_attribute("data-holds", "false")
    expect(ana.locator("#duplik-accept kbd")).to_have_text("Enter")
    look(ana, "answered", _press(ana, "d") + 1)
    wait_shown(ben, "d.vote === '0:open'")
    # Ben votes: his verdict keys (Y, N) are not the vote's; V is.
    expect(ben.locator("#duplik-vote-yes kbd")).to_have_text("V")
    before = _press(ben, "y")
    for key in ("n", "a"):
        _press(ben, key)
    _press(ben, "v")
    expect(ana.locator("#duplik-log")).to_contain_text("The vote: 1 yes, 0 no")
    assert look(ben, "answered", before + 1)["answered"] == str(before + 1)
    assert table.errors == []
