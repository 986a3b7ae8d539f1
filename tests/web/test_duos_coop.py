"""The two-player DUOS game between two browsers: helps, the turn track, the final result, and
mistakes the server refuses with its own words while the table stays as it was.

Each step waits for the state that shows the step before it landed (the partner's page shows the
help or the lock, the card shows it is picked) before the next; Ada's mouse clicks a card only once
her last pairs are saved, Bo's finger taps (see duos_fixtures): no click meets a grid being redrawn."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.conftest import LAPTOP, PHONE
from tests.web.duos_fixtures import (
    SLOW,
    NewContext,
    close_reveal,
    enter,
    lock_in,
    new_room,
    pairs_shown,
    player,
    start,
    tap_pair,
    tap_pairs,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

SAME = [(0, 1), (2, 3), (4, 5)]


def _help_state(page: Page, kind: str) -> str | None:
    return page.locator(f"#duos-help-chips li[data-help='{kind}']").get_attribute("data-state")


def _mark_yes(page: Page, position: int) -> None:
    """YES! armed (the table shows it pressed), then the card it marks."""
    page.click("#duos-yes")
    expect(page.locator("#duos-yes")).to_have_attribute("aria-pressed", "true")
    page.click(f"#duos-grid .duos-card[data-pos='{position}']")


def test_two_browsers_play_the_cooperative_game_with_helps(new_context: NewContext, server_url: str,
                                                           screenshots: Path) -> None:
    # Any deal will do (nothing here depends on the cards); a fixed one replays a failure as it was.
    code = new_room(server_url, 2, {"coop_turns": 2, "pairing_seconds": 300}, seed=2)
    ada, ada_errors = player(new_context, "Ada", LAPTOP)
    bo, bo_errors = player(new_context, "Bo", PHONE)
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    start(ada)
    bo.wait_for_selector("#duos-table[data-version]", timeout=SLOW)
    for page in (ada, bo):
        expect(page.locator("#duos-track li.slot")).to_have_count(2)
        assert [_help_state(page, k) for k in ("word", "yes", "no")] == ["free", "free", "free"]

    # A WORD of two words: the server refuses it with its reason; the help stays free.
    ada.fill("#duos-word-input", "big cat")
    ada.click("#duos-word-form button[type=submit]")
    expect(ada.locator("#duos-why")).to_have_text("WORD is exactly one word, without spaces", timeout=SLOW)
    assert _help_state(ada, "word") == "free"
    expect(ada.locator("#duos-word-input")).to_have_value("big cat")  # kept to correct, not emptied
    ada.fill("#duos-word-input", "metal")
    ada.click("#duos-word-form button[type=submit]")
    expect(bo.locator("#duos-word-said")).to_contain_text("metal", timeout=SLOW)
    expect(bo.locator("#duos-word-said")).to_contain_text("Ada")
    assert _help_state(bo, "word") == "partner"
    expect(ada.locator("#duos-help-chips li[data-help='word']")).to_have_attribute("data-state", "yours")
    expect(ada.locator("#duos-word-form")).to_have_count(0)  # one help per player per turn

    # YES! on a card Bo has not paired yet: refused, and nothing is marked.
    _mark_yes(bo, 0)
    expect(bo.locator("#duos-why")).to_have_text("YES! marks a card you use: place a pair with it first",
                                                 timeout=SLOW)
    expect(ada.locator("#duos-grid .duos-card[data-mark='yes']")).to_have_count(0)
    tap_pairs(bo, SAME)
    _mark_yes(bo, 0)
    expect(ada.locator("#duos-grid .duos-card[data-pos='0'][data-mark='yes']")).to_be_visible(timeout=SLOW)
    expect(ada.locator("#duos-grid .duos-card[data-pos='0'] .help-mark")).to_have_text("YES!")
    assert _help_state(ada, "yes") == "partner"
    assert _help_state(ada, "no") == "free"

    # A fifth pair is refused by the server; Ada's four saved pairs stay as they were.
    tap_pairs(ada, [*SAME, (6, 7)])
    tap_pair(ada, 8, 9)
    expect(ada.locator("#duos-why")).to_have_text("Place at most 4 pairs (you sent 5)", timeout=SLOW)
    expect(ada.locator("#duos-pair-count")).to_contain_text("4 of 4")
    assert pairs_shown(ada) == {*SAME, (6, 7)}
    # Secret until the reveal: Bo's table shows his own pairs only, and that Ada has not locked in.
    assert pairs_shown(bo) == set(SAME)
    expect(bo.locator("#duos-players li[data-seat='0']")).to_have_attribute("data-locked", "0")
    ada.screenshot(path=str(screenshots / "duos-coop-laptop.png"))
    bo.screenshot(path=str(screenshots / "duos-coop-phone.png"))

    ada.keyboard.press("l")
    expect(bo.locator("#duos-players li[data-seat='0'][data-locked='1']")).to_be_visible(timeout=SLOW)
    lock_in(bo)  # three pairs: the table asks first
    for page in (ada, bo):
        reveal = page.locator("#duos-reveal")
        expect(reveal).to_be_visible(timeout=SLOW)
        expect(reveal.locator("#turn-verdict")).to_have_text("3 identical pairs: turn won!")
        # Each player's pairs beside the partner's, the three both made ticked in both lists.
        expect(reveal.locator("#reveal-compare li.compare-pair[data-same='1']")).to_have_count(6)
        expect(reveal.locator("#reveal-compare .compare-col[data-seat='0'] li.compare-pair")).to_have_count(4)
        expect(reveal).to_contain_text("metal")  # the turn's helps are listed
        close_reveal(page)
        expect(page.locator("#duos-track li.slot[data-turn='0']")).to_have_attribute("data-state", "won")
        expect(page.locator("#duos-track li.slot[data-turn='1']")).to_have_attribute("data-state", "now")
        # The helps are free again in the new turn.
        assert [_help_state(page, k) for k in ("word", "yes", "no")] == ["free", "free", "free"]

    # The last turn: nobody pairs, so it is lost; the final line reads the team's result.
    wait_for_turn(ada, 1)
    lock_in(ada)
    lock_in(bo)
    for page in (ada, bo):
        final = page.locator("#duos-reveal")
        expect(final).to_be_visible(timeout=SLOW)
        expect(final.locator("#duos-result")).to_have_text("1 of 2 turns won: A start, and room to grow.")
        expect(final.locator("#duos-final-track li.slot[data-state='lost']")).to_have_count(1)
    bo.screenshot(path=str(screenshots / "duos-final-phone.png"))
    assert ada_errors == [] and bo_errors == []
