"""UNO Duo and DUOS played for a few turns on a phone (390x844, touch) and a laptop (1366x657):
at every decision its controls are on the screen, a toast covers no control, and nothing is wider
than the screen. On a phone the page's bar, the room's header, seats and reactions fold into one
thin bar while the match runs, and the WORD box with its buttons stays above an on-screen keyboard.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web import duos_fixtures as duos
from tests.web.driver import act_once, bot_table, round_over, version, wait_for_change
from tests.web.phone_checks import (
    chrome_above,
    controls_out_of_view,
    keyboard_open,
    overflowing,
    toasts_over_controls,
)
from tests.web.tables import SIZES, SLOW, NewContext, Person, open_table

pytestmark = pytest.mark.browser

# The controls of each game's current decision.
UNO_DECISION = "#uno-hand button.card, #uno-actions button, .colour-picker button"
WORD_BOX = "#duos-word-form input, #duos-word-form button, #duos-yes, #duos-no"
DUOS_DECISION = f"#duos-grid .duos-card, #duos-lock, #duos-undo, {WORD_BOX}"

# What folds away on a phone while a match runs, and the most the thin bar left for it may take.
CHROME = (".topbar", ".room-head", "#seats", "#emotes")
THIN = 48


def _layout(page: Page, decision: str, where: str) -> None:
    problems = controls_out_of_view(page, decision) + toasts_over_controls(page) + overflowing(page)
    assert problems == [], f"{where}: {problems}"


def _thin_bar(page: Page, code: str, shots: Path) -> None:
    """The room folds into one bar at the top that says the room's code; the table comes next,
    and the bar's button opens the rest (the language, the seats, the reactions) and closes it."""
    bar = page.locator("#kit-room-bar")
    expect(bar).to_contain_text(code)
    for part in CHROME:
        expect(page.locator(part)).to_be_hidden()
    page.evaluate("() => window.scrollTo(0, 0)")
    box = bar.bounding_box()
    assert box is not None
    assert box["y"] == 0 and box["height"] <= THIN, box
    assert chrome_above(page, "#table", THIN + 16) == []  # the table right below it
    page.screenshot(path=str(shots.with_name(shots.name + "-folded.png")))
    toggle = page.locator("#kit-room-toggle")
    toggle.tap()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    for part in CHROME:
        expect(page.locator(part)).to_be_visible()
    page.screenshot(path=str(shots.with_name(shots.name + "-open.png")))
    expect(page.locator("#pref-lang")).to_be_in_viewport()
    assert overflowing(page) == []
    toggle.tap()
    for part in CHROME:
        expect(page.locator(part)).to_be_hidden()


def _uno_toast(page: Page) -> bool:
    """Tap a card that cannot be played now: the table says why, in a toast too. False if every
    card can be played."""
    unplayable = page.locator("#uno-hand button.card[data-legal='0']")
    if not unplayable.count():
        return False
    unplayable.first.click()
    expect(page.locator("#toasts .toast.error").last).to_be_visible()
    return True


@pytest.mark.parametrize(("size", "locale"), [("laptop", None), ("phone", None), ("phone", "es")])
def test_uno_duo_decisions_stay_in_view_and_clear_of_toasts(new_context: NewContext, server_url: str,
                                                           screenshots: Path, size: str,
                                                           locale: str | None) -> None:
    """Spanish too: its longer words are the likelier to overflow a phone's screen."""
    # Still: what is measured is where things end up, not how they move there. The seed's first
    # decisions are the draft's and the first turns' (tests/web/test_tables_fold.py).
    person = Person("Ada", SIZES[size], locale, reduced_motion=True)
    table = bot_table(new_context, server_url, person, seed=800)
    page = table.pages[0]
    size = f"{size}-{locale}" if locale else size
    if size.startswith("phone"):
        _thin_bar(page, table.code, screenshots / f"uno-{size}-bar")
    toasted = 0
    shown = -1
    for move in range(8):
        page.wait_for_function("""([after]) => { const t = document.getElementById('uno-table');
          return document.getElementById('uno-round-end') || (Number(t.dataset.version) > after
            && t.dataset.toMove.split(',').includes(t.dataset.seat)); }""", arg=[shown])
        if round_over(page):
            break
        where = f"{size}, move {move}, {page.locator('#uno-table').get_attribute('data-phase')}"
        _layout(page, UNO_DECISION, where)
        if move % 3 == 0 and _uno_toast(page):
            toasted += 1
            _layout(page, UNO_DECISION, where + ", with a toast")
            page.screenshot(path=str(screenshots / f"uno-{size}-toast-{move}.png"))
        shown = version(page)
        assert act_once(page), where
        wait_for_change(page, shown)
    assert toasted >= 2
    assert table.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_duos_decisions_stay_in_view_and_clear_of_toasts(new_context: NewContext, server_url: str,
                                                        screenshots: Path, size: str) -> None:
    """Co-op with a bot: the WORD box, YES! and NO! are there, and a refused WORD makes a toast."""
    table = open_table(new_context, server_url, "duos", [Person("Ada", SIZES[size], reduced_motion=True)],
                       bots={1: "random"}, seed=5, bot_pace=duos.AT_ONCE)
    page = table.pages[0]
    phone = size == "phone"
    if phone:
        _thin_bar(page, table.code, screenshots / "duos-phone-bar")
    for number in range(2):
        duos.wait_for_turn(page, number)
        duos.wait_locked(page, [1])  # the bot sends nothing more this turn
        expect(page.locator("#duos-lock")).to_be_enabled()
        _layout(page, DUOS_DECISION, f"{size}, turn {number}")
        word = page.locator("#duos-word-input")
        if word.count():
            word.fill("Wing1")  # not a word: refused, with a toast
            word.press("Enter")
            expect(page.locator("#toasts .toast.error").last).to_be_visible()
            _layout(page, DUOS_DECISION, f"{size}, turn {number}, a WORD refused")
            page.screenshot(path=str(screenshots / f"duos-{size}-toast-{number}.png"))
            if phone:
                _word_box_above_the_keyboard(page, screenshots)
        duos.tap_pairs(page, [(0, 1)])
        _press(page, "#duos-lock", phone)  # one pair: the table asks first, in a dialog
        duos.still(page, "#duos-confirm-lock")
        _layout(page, "#duos-confirm-lock button", f"{size}, turn {number}, asked to lock in")
        _press(page, "#duos-confirm-lock-yes", phone)
        duos.still(page, "#duos-reveal")
        _layout(page, "#duos-reveal-close", f"{size}, reveal {number}")
        page.screenshot(path=str(screenshots / f"duos-{size}-reveal-{number}.png"))
        duos.close_reveal(page)
    assert table.errors == []


def _press(page: Page, selector: str, phone: bool) -> None:
    """A finger's tap on a phone, a click on a laptop."""
    if phone:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


def _word_box_above_the_keyboard(page: Page, screenshots: Path) -> None:
    """Typing a WORD on a phone: with the keyboard open the box, Say the WORD, YES! and NO! are
    all above it, also when the room's menu was opened first and the box sits lower down."""
    page.locator("#duos-word-input").tap()
    with keyboard_open(page):
        assert controls_out_of_view(page, WORD_BOX) == []
        page.screenshot(path=str(screenshots / "duos-phone-keyboard.png"))
    page.locator("#duos-word-input").blur()
    page.locator("#kit-room-toggle").tap()  # the room's header, seats and reactions push the box down
    page.locator("#duos-word-input").tap()
    with keyboard_open(page):
        page.wait_for_function("() => document.activeElement.id === 'duos-word-input'", timeout=SLOW)
        assert controls_out_of_view(page, WORD_BOX) == []
        page.screenshot(path=str(screenshots / "duos-phone-keyboard-menu-open.png"))
    page.locator("#kit-room-toggle").tap()


# A page whose answer box sits low, as Duple's does on a phone (y 580-700 of 844): a field and its
# button in a form, at `top` px from the page's start, with more page below.
_LOW_FIELD = """async ([top]) => {
  const form = document.createElement('form');
  form.id = 'low-form';
  form.style.cssText = `position: absolute; left: 10px; top: ${top}px; display: flex; gap: 6px;`;
  form.innerHTML = '<input id="low-field" type="text" aria-label="Answer"><button>Send</button>';
  document.body.append(form);
  document.body.style.minHeight = (top + 1200) + 'px';
  (await import('/static/kit/page.js')).focusTable(true);
  document.getElementById('low-field').focus({preventScroll: true});
}"""


def test_a_focused_field_stays_above_the_keyboard(new_context: NewContext, server_url: str) -> None:
    """The kit keeps a focused field and its form's buttons in what an on-screen keyboard leaves
    of the screen, and below the thin bar: the keyboard takes the lower 344 px, over the box."""
    page = new_context(viewport=SIZES["phone"], has_touch=True).new_page()
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.evaluate(_LOW_FIELD, [680])
    assert controls_out_of_view(page, "#low-form input, #low-form button") == []
    with keyboard_open(page):
        assert controls_out_of_view(page, "#low-form input, #low-form button") == []
        box = page.locator("#low-form").bounding_box()
        bar = page.locator("#kit-room-bar").bounding_box()
        assert box is not None and bar is not None and box["y"] >= bar["y"] + bar["height"], (box, bar)
