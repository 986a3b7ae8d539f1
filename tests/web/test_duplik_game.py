"""A whole game of Duplik in real browsers: everyone portrays once, two people and a bot, and the end
shows the totals and every round's drawings to download."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.web.duplik_fixtures import (
    SLOW,
    NewContext,
    Seen,
    draw,
    expect,
    glance,
    look,
    two_people_and_a_bot,
    wait_shown,
)

pytestmark = pytest.mark.browser

# The decisions of the table, in the order a quick, agreeable person takes them.
BUTTONS = ("#duplik-roll", "#duplik-start", "#duplik-pass-left", "#duplik-yes", "#duplik-accept",
           "#duplik-vote-yes", "#duplik-decide-yes", "#duplik-next")

SCORES = "rows => rows.map(row => Number(row.dataset.score))"
FIRST = 0  # the seed makes Ana the first Portrayer, then Ben, then the bot


def _click(page: Page, selector: str) -> bool:
    """Click the button; False if it went before the click: a new state came meanwhile (the bot
    moved), and the person looks at the table again."""
    button = page.query_selector(selector)
    if button is None:
        return False
    try:
        button.click()
    except PlaywrightError as error:
        if "not attached" not in error.message and "not connected" not in error.message:
            raise
        return False
    return True


def _press(page: Page, selector: str, answered: int) -> Seen | None:
    """Click the button of an action and wait for the server's answer to it; the page then."""
    return look(page, "answered", answered + 1) if _click(page, selector) else None


def _step(page: Page, seen: Seen) -> Seen | None:
    """What a quick, agreeable person does with the table as `look` saw it. Returns the page as the
    server's answer left it, {} after a move of this page alone (a stroke, a dialog closed), or None
    if there was nothing to do."""
    buttons, answered = seen["buttons"], int(seen.get("answered") or 0)
    if "#duplik-reveal-close" in buttons:
        # The last round's reveal is open over the table: the person closes it first (unless the
        # end of the game takes its place meanwhile).
        return {} if _click(page, "#duplik-reveal-close") else None
    if ".duplik-scene-choice" in buttons:
        return _press(page, "#duplik-offer .duplik-scene-choice", answered)
    if seen["typing"]:
        page.locator("#duplik-typing").fill("A tree on the left and a cat under it.")
        return _press(page, "#duplik-stop", answered)
    if seen["pad"] == "0":
        draw(page, [(0.2, 0.3), (0.4, 0.6), (0.6, 0.3)])
        expect(page.locator("#duplik-canvas")).to_have_attribute("data-strokes", "1")
        return {}
    if seen["pad"] is not None and "#duplik-done" in buttons:
        return _press(page, "#duplik-done", answered)
    chosen = next((selector for selector in BUTTONS if selector in buttons), None)
    return None if chosen is None else _press(page, chosen, answered)


def _play_to_the_end(pages: dict[int, Page]) -> None:
    """Each person takes the next decision the table offers them; when nobody has one, the bot is
    to move, and they wait for the state its move makes."""
    known: dict[int, Seen] = {}
    for _ in range(1000):
        seen = glance(pages, known)
        playing = {seat: data for seat, data in seen.items() if not data["over"]}
        if not playing:
            return
        known = {}
        for seat, data in playing.items():
            after = _step(pages[seat], data)
            if after is not None:
                known = {seat: after} if after else {}
                break
        else:
            _wait_for_a_change(pages, max(int(data["version"]) for data in seen.values()))
    raise AssertionError(f"the game did not end: {glance(pages)}")


# A newer state, or a button of a decision enabled (a page keeps its buttons off until the answer to
# its last action is in, which may come after the state that action made).
CHANGED = """([newest, buttons]) => Number(document.getElementById("duplik-table").dataset.version) > newest
  || buttons.some((b) => {
    const e = document.querySelector(b);
    return e && !e.disabled && e.getClientRects().length;
  })"""


def _wait_for_a_change(pages: dict[int, Page], newest: int) -> None:
    """Until one of the pages shows a newer state (the bot moved) or a decision its person can take."""
    end = time.monotonic() + SLOW / 1000
    while time.monotonic() < end:
        for page in pages.values():
            try:
                page.wait_for_function(CHANGED, arg=[newest, list(BUTTONS)], timeout=250)
                return
            except PlaywrightTimeoutError:
                continue
    raise AssertionError(f"nothing changed after version {newest}: {glance(pages)}")


def test_a_whole_game_ends_with_the_totals_and_every_rounds_drawings(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    # The bot moves at once; the game is not about motion.
    table = two_people_and_a_bot(new_context, server_url, FIRST, bot_pace=0.0, still=True)
    pages = table.pages
    ana, ben = pages[0], pages[1]
    _play_to_the_end(pages)
    for page in (ana, ben):
        summary = page.locator("#duplik-summary")
        expect(summary.locator(".duplik-round")).to_have_count(3)  # every round, each with its drawings
        expect(summary.locator(".duplik-round .duplik-item")).to_have_count(9)
        totals = summary.locator(".duplik-final tbody tr").evaluate_all(SCORES)
        assert totals == sorted(totals, reverse=True) and sum(totals) > 0
    board = ana.locator("#duplik-scoreboard .kit-total").evaluate_all("cs => cs.map(c => +c.textContent)")
    final = ana.locator("#duplik-summary .duplik-final tbody tr").evaluate_all(SCORES)
    assert sorted(board, reverse=True) == final  # the score sheet's totals
    ana.screenshot(path=str(screenshots / "duplik-over-laptop.png"))
    with ana.expect_download() as download:
        ana.locator("#duplik-r3-download-scene").click()
    assert Path(download.value.path()).read_text(encoding="utf-8").startswith("<svg")
    # The replay shows the last reveal: the scene and every drawing, kept with the match.
    ana.locator("#duplik-end-close").click()
    ana.locator("#replay-link").click()
    ana.wait_for_selector("#duplik-table[data-version]")
    ana.keyboard.press("End")
    wait_shown(ana, "d.phase === 'over'")
    expect(ana.locator("#duplik-reveal-stage .duplik-item")).to_have_count(3)
    assert table.errors == []
