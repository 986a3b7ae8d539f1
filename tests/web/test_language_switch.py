"""Switching the language in the middle of a match: every label on the page, the table's buttons,
placeholders and key hints among them, is in the new language at once, with no reload, and what the
player had in hand (a word typed, a description, strokes not yet sent, a card picked) is still
there. Each game is played with a bot, from a seed."""

from __future__ import annotations

import json
from contextlib import suppress
from functools import cache
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.web import driver
from tests.web.duos_fixtures import IDLE, card, pairs_shown, tap_pair, wait_saved
from tests.web.duple_fixtures import duple_table, first_faceoff
from tests.web.duplik_fixtures import draw, kept, two_people_and_a_bot, wait_shown
from tests.web.link import Link
from tests.web.tables import PHONE, SLOW, NewContext, Person, open_table

pytestmark = pytest.mark.browser

CATALOGS = Path(__file__).resolve().parents[2] / "src" / "duoplay" / "web" / "i18n"


@cache
def catalog(lang: str) -> dict[str, object]:
    compiled = json.loads((CATALOGS / f"{lang}.json").read_text(encoding="utf-8"))
    messages: dict[str, object] = compiled["messages"]
    return messages


def said(lang: str, msgid: str) -> str:
    text = catalog(lang)[msgid]
    assert isinstance(text, str) and text
    return text


@cache
def left_in_english(lang: str) -> tuple[str, ...]:
    """The English messages that `lang` says otherwise: seen on a page in `lang`, each is a label
    that was not drawn again. Messages with a context or a plural are left out (their English text
    may serve a use the catalog words the same), and so are templates ({n}), never shown as they are."""
    return tuple(sorted(msgid for msgid, text in catalog(lang).items()
                        if isinstance(text, str) and text and text != msgid
                        and "\u0004" not in msgid and "{" not in msgid))


# Every text node, placeholder and aria-label on the page that the player can see, but the toasts
# (a line that popped up before the switch fades by itself).
SEEN = """() => {
  const seen = [];
  const visible = (el) => el.checkVisibility() && !el.closest('#toasts');
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent.trim();
    if (text && visible(node.parentElement)) seen.push(text);
  }
  for (const el of document.body.querySelectorAll('[placeholder], [aria-label]')) {
    if (!visible(el)) continue;
    for (const name of ['placeholder', 'aria-label']) {
      const value = (el.getAttribute(name) || '').trim();
      if (value) seen.push(value);
    }
  }
  return seen;
}"""


def english_left(page: Page, lang: str) -> list[str]:
    english = set(left_in_english(lang))
    return sorted({text for text in page.evaluate(SEEN) if text in english})


def switch(page: Page, lang: str) -> None:
    """Choose `lang` in the page's language switch, and wait until nothing English is left that
    `lang` says otherwise (the room draws the table anew at once: Playwright's usual 5 s)."""
    toggle = page.locator("#kit-room-toggle")
    if not page.locator("#pref-lang").is_visible() and toggle.is_visible():
        toggle.click()  # a phone folds the page's settings into a bar during a match: open it
    page.select_option("#pref-lang", lang)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    english = list(left_in_english(lang))
    with suppress(PlaywrightTimeoutError):  # the assertion below says which labels stayed English
        page.wait_for_function(f"([english]) => {{ const left = new Set(english);"
                               f" return ({SEEN})().every((text) => !left.has(text)); }}",
                               arg=[english], timeout=5000)
    left = english_left(page, lang)
    assert not left, f"still in English after switching to {lang}: {left}"


def test_uno_duo_relabels_the_table_and_keeps_the_log(new_context: NewContext, server_url: str) -> None:
    table = driver.bot_table(new_context, server_url, Person("Ana"), seed=3, level="heuristic")
    ana = table.pages[0]
    driver.play_past_the_draft(ana)
    english = ana.locator("#uno-log li").all_inner_texts()
    assert english
    switch(ana, "es")
    expect(ana.locator("#room-status")).to_contain_text(said("es", "Playing"))
    # The log is told again, in Spanish, from the match's events so far: as many lines, other words.
    expect(ana.locator("#uno-log li")).to_have_count(len(english))
    spanish = ana.locator("#uno-log li").all_inner_texts()
    assert spanish[0] != english[0] and spanish[-1] != english[-1], (english, spanish)
    assert table.errors == []


def test_duos_keeps_the_pairs_and_the_card_picked(new_context: NewContext, server_url: str) -> None:
    table = open_table(new_context, server_url, "duos", ["Ana"], bots={1: "association", 2: "association"},
                       seed=11, bot_pace=IDLE)
    ana = table.pages[0]
    tap_pair(ana, 0, 1)
    card(ana, 5).click()  # picked, not yet paired
    expect(card(ana, 5)).to_have_attribute("data-picked", "1")
    switch(ana, "es")
    assert pairs_shown(ana) == {(0, 1)}
    expect(card(ana, 5)).to_have_attribute("data-picked", "1")
    card(ana, 7).click()  # and the pair is made with the card picked before the switch
    wait_saved(ana)
    assert pairs_shown(ana) == {(0, 1), (5, 7)}
    assert table.errors == []


def test_duple_keeps_the_word_being_typed_on_a_phone(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = duple_table(new_context, server_url, people=(Person("Ana", PHONE), "Ben"))
    ana, ben = table.pages[0], table.pages[1]
    first_faceoff(ana, ben)
    box = ana.locator("#duple-word")
    box.press_sequentially("patru")
    switch(ana, "es")
    expect(box).to_have_value("patru")
    expect(box).to_be_focused()  # and the keyboard is still in it: typing goes on
    box.press_sequentially("lla")
    expect(box).to_have_value("patrulla")
    expect(ana.locator("#duple-send")).to_contain_text(said("es", "Send"))
    ana.screenshot(path=str(screenshots / "language-switch-duple-phone-es.png"))
    assert table.errors == []


def test_duplik_buttons_the_description_and_unsent_strokes(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = two_people_and_a_bot(new_context, server_url, 0)
    teller, artist = table.pages[0], table.pages[1]  # Ana portrays first, Ben draws
    teller.locator("#duplik-offer button.duplik-scene-choice").first.click()
    teller.locator("#duplik-roll").click()
    teller.locator("#duplik-start").click()
    link = Link(artist)
    artist.reload()  # the link goes through the test's hands from now on
    for page in (teller, artist):
        wait_shown(page, "d.phase === 'describe'")
    teller.locator("#duplik-typing").fill("A big tree on the left")
    draw(artist, [(0.2, 0.2), (0.6, 0.6)])
    kept(artist, 1)
    link.drop()  # the next strokes cannot leave
    draw(artist, [(0.2, 0.6), (0.6, 0.2)])
    draw(artist, [(0.7, 0.3), (0.9, 0.5)])
    canvas = artist.locator("#duplik-canvas")
    expect(canvas).to_have_attribute("data-strokes", "3")
    expect(canvas).not_to_have_attribute("data-unsent", "0")

    switch(teller, "es")
    expect(teller.locator("#duplik-stop")).to_have_text(said("es", "I have said enough"))
    expect(teller.locator("#duplik-typing")).to_have_value("A big tree on the left")
    expect(teller.locator("#duplik-typing")).to_have_attribute(
        "placeholder", said("es", "Describe the scene: what is where, how many, how big…"))

    switch(artist, "sv")
    expect(artist.locator("#duplik-undo")).to_contain_text(said("sv", "Undo"))
    expect(artist.locator("#duplik-clear")).to_have_text(said("sv", "Clear"))
    expect(artist.locator("#duplik-done")).to_have_text(said("sv", "Pencil down"))
    expect(artist.locator("#connection")).to_have_text(said("sv", "Connection lost, reconnecting…"))
    expect(canvas).to_have_attribute("data-strokes", "3")
    artist.screenshot(path=str(screenshots / "language-switch-duplik-sv.png"))
    teller.screenshot(path=str(screenshots / "language-switch-duplik-es.png"))
    link.restore()
    kept(artist, 3)  # the strokes drawn offline leave from the new table
    # Ben reads Ana's description still streamed from her rebuilt table, once his link is back
    # (she sends it again every 5 s; SLOW leaves a loaded machine its margin).
    expect(artist.locator("#duplik-said")).to_have_text("A big tree on the left", timeout=SLOW)
    assert table.errors == []
