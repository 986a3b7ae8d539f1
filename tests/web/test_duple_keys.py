"""Duple by keyboard only, and a reload in the middle of a face-off: the page comes back to the
same race with the answer box usable."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect
from tests.web.duple_fixtures import (
    SLOW,
    NewContext,
    calm,
    duple_table,
    first_faceoff,
    flip,
    race_on,
    send,
    shown,
    wait_shown,
    wait_to_flip,
)

pytestmark = pytest.mark.browser


def _focused(page: Page) -> str:
    focused: str = page.evaluate("() => document.activeElement ? document.activeElement.id : ''")
    return focused


def _flip_by_key(page: Page, key: str) -> None:
    wait_to_flip(page, 0)
    step = shown(page)["step"]
    calm(page)  # a key right after typing a word would be the word's, not the table's
    page.keyboard.press(key)
    wait_shown(page, f"d.step !== '{step}'")


def _answer_by_keys(page: Page, word: str, taken: str) -> None:
    """The answer box has the keyboard as the race starts: type the word, Enter sends it, and it
    wins the card with the letter `taken`."""
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'duple-word'")
    page.keyboard.type(word)
    page.keyboard.press("Enter")
    # The first good word may wait for the judge's word lists.
    won = f"You win the face-off and take {taken}"
    expect(page.locator("#duple-flash")).to_contain_text(won, timeout=SLOW)
    expect(page.locator("#duple-log")).to_contain_text(f"Your word {word} ✓")


def test_keyboard_only_flips_and_races(new_context: NewContext, server_url: str) -> None:
    """Ana never clicks: Space or Enter flips, the answer box has the focus when she races, Tab
    reaches the race's buttons and / brings her back to the box, Enter sends."""
    table = duple_table(new_context, server_url)
    ana, ben = table.pages[0], table.pages[1]
    _flip_by_key(ana, " ")
    flip(ben, 1)
    race_on(ana, "faceoff", "U,P", "vehiculo")
    ana.wait_for_function("() => document.activeElement && document.activeElement.id === 'duple-word'")
    ana.keyboard.press("Tab")  # from the box to the send button, then to the race's buttons
    ana.keyboard.press("Tab")
    assert ana.evaluate("() => document.activeElement.dataset.action") == "pass"
    ana.keyboard.press("/")
    _answer_by_keys(ana, "patrulla", "P")
    table.advance()  # the bot's flip: the clock flips for it
    _flip_by_key(ana, "Enter")
    flip(ben, 1)
    table.advance()  # the bot flips I: a face-off of Ana and the bot, for "ropa"
    race_on(ana, "faceoff", "L,I", "ropa")
    _answer_by_keys(ana, "bolsillo", "I")
    _flip_by_key(ana, " ")  # I again: a face-off with Ben's O
    race_on(ana, "faceoff", "I,O", "verdura")
    assert _focused(ana) == "duple-word"
    assert table.errors == []


def test_a_reload_in_a_face_off_comes_back_to_the_same_race(new_context: NewContext, server_url: str) -> None:
    table = duple_table(new_context, server_url)
    ana, ben = table.pages[0], table.pages[1]
    before = first_faceoff(ana, ben)
    send(ana, "zzqx")
    expect(ana.locator("#duple-answers li[data-seat='0']")).to_have_count(1)
    ana.reload()
    ana.wait_for_selector("#duple-table[data-version]", timeout=SLOW)
    again = race_on(ana, "faceoff", "U,P", "vehiculo")
    assert again["step"] == before["step"]
    # The race's answers are back.
    expect(ana.locator("#duple-answers li[data-seat='0'] .word")).to_have_text("zzqx")
    expect(ana.locator("#duple-word")).to_be_enabled()
    assert _focused(ana) == "duple-word"
    ana.keyboard.type("patrulla")
    ana.keyboard.press("Enter")
    # The first good word may wait for the judge's word lists; then it wins at once.
    expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off", timeout=SLOW)
    expect(ana.locator("#duple-log")).to_contain_text("Your word patrulla ✓")
    assert table.errors == []
