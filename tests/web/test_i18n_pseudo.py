"""The client in the pseudo-locale `qps`: every catalog message shows wrapped in ⟦ ⟧ and about 40%
longer. A UNO Duo round and a DUOS turn are played in it, and at each step the page is read: any
visible text that did not come from a catalog (no brackets) fails, and so does a layout that breaks
with the longer text (the page scrolls sideways, a button's text spills out, a label is cut)."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.web.conftest import LAPTOP, PHONE
from tests.web.driver import act_once, add_bot, round_over, sit, start, version, wait_for_change
from tests.web.duos_fixtures import (
    AT_ONCE,
    SLOW,
    NewContext,
    close_reveal,
    enter,
    lock_in,
    new_room,
    player,
    still,
    tap_pairs,
    wait_locked,
)
from tests.web.duos_fixtures import add_bot as add_duos_bot
from tests.web.duos_fixtures import start as start_duos
from tests.web.tables import Person, post

pytestmark = pytest.mark.browser

UNO_SEED = 13  # a short round: Lucía plays it out in a dozen moves

# Text every page may show that no catalog holds: the brand, the games' own names, player names,
# room codes (added per test), the card backs' "DUO".
ALWAYS = ["duoplay", "DUO"]

# Visible text and the attributes people read (tooltips, placeholders, screen-reader labels) that
# hold a letter outside ⟦ ⟧ once the allowed names are taken out. Skipped: the language switch
# (each language by its own name), DUOS card names (the card set's own text, in the player's
# language), key caps, what is hidden from assistive technology (card corners, key labels), text
# marked with a lang of its own, and other tests' open rooms.
UNWRAPPED = """(names) => {
  // The DUOS cards' names come from the card set, in the player's language: allowed wherever shown.
  const faces = [...document.querySelectorAll(".duos-card .name, .face-name")]
    .map((el) => el.textContent.trim());
  const allowed = [...names, ...faces.filter(Boolean)];
  const visible = (el) => el && el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  // Also skipped: text marked as written in another language (a game's rules page falls back to
  // English) and the open rooms other tests list meanwhile (their codes and players' names).
  const skipped = (el) => el.closest("#pref-lang, .duos-card .name, .face-name, kbd, [aria-hidden='true'], "
    + "[lang]:not(html):not([lang='qps']), #open-rooms li:not(.empty)");
  const strip = (text) => {
    let rest = text;
    for (let before = null; before !== rest;) {
      before = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, " ");
    }
    for (const word of [...allowed].sort((a, b) => b.length - a.length)) rest = rest.split(word).join(" ");
    return rest;
  };
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!node.textContent.trim() || !visible(el) || skipped(el)) continue;
    if (/\\p{L}/u.test(strip(node.textContent))) found.push(node.textContent.trim());
  }
  for (const el of document.querySelectorAll("[title], [placeholder], [aria-label]")) {
    if (!visible(el) || skipped(el)) continue;
    for (const attribute of ["title", "placeholder", "aria-label"]) {
      const value = el.getAttribute(attribute);
      if (value && /\\p{L}/u.test(strip(value))) found.push(`${attribute}: ${value}`);
    }
  }
  return found;
}"""

# Layouts that break: the page scrolls sideways, a button's text runs out of it, a box that clips
# its text cuts some off. UNO Duo's cards are drawings (their marks are no text to read).
BROKEN = """() => {
  const visible = (el) => el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const found = [];
  const page = document.documentElement;
  if (page.scrollWidth > window.innerWidth + 1) found.push(`the page is ${page.scrollWidth}px wide`);
  for (const el of document.querySelectorAll("body *")) {
    // .sr-only is clipped to a pixel on purpose: it is read out, never shown
    if (!visible(el) || !el.textContent.trim()) continue;
    if (el.closest("[aria-hidden='true'], .card, .sr-only")) continue;
    const style = getComputedStyle(el);
    const clips = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
    const spills = el.tagName === "BUTTON" && el.scrollWidth > el.clientWidth + 2;
    if ((clips && el.scrollWidth > el.clientWidth + 2 && style.overflowX !== "auto") || spills) {
      const what = `${el.tagName.toLowerCase()}#${el.id}.${el.className}`;
      found.push(`${what}: ${el.textContent.trim().slice(0, 60)}`);
    }
  }
  return found;
}"""


def _game_names(base: str) -> list[str]:
    with urllib.request.urlopen(base + "/api/games", timeout=10) as answer:
        games: list[dict[str, Any]] = json.loads(answer.read())
    return [game["name"] for game in games]


def _read(page: Page, allowed: list[str], where: str, shots: Path) -> None:
    """Fail with a picture if the page shows text from no catalog or a broken layout."""
    unwrapped = page.evaluate(UNWRAPPED, allowed)
    broken = page.evaluate(BROKEN)
    if unwrapped or broken:
        page.screenshot(path=str(shots / f"qps-{where}.png"), full_page=True)
    assert unwrapped == [], f"{where}: text from no catalog: {unwrapped}"
    assert broken == [], f"{where}: broken layout: {broken}"


def test_a_uno_duo_round_in_the_pseudo_locale(new_context: NewContext, server_url: str,
                                               screenshots: Path) -> None:
    page, errors = player(new_context, "Ada", PHONE)
    page.goto(server_url + "/?lang=qps")
    page.wait_for_selector(".game-tile .with-friends")
    assert page.evaluate("document.documentElement.lang") == "qps"
    allowed = [*ALWAYS, *_game_names(server_url), "Ada"]
    expect(page.locator(".game-tile .play-now").first).to_contain_text("⟦")
    page.click(".game-tile[data-game='uno-duo'] .with-friends")
    expect(page.locator("#create-room")).to_contain_text("⟦")
    page.click("#house-rules summary")
    page.wait_for_selector("#opt-target_score")
    _read(page, allowed, "lobby", screenshots)
    page.click("#create-room")
    page.wait_for_selector("li.seat")
    code = page.locator("#room-code").inner_text()
    allowed.append(code)
    # A fixed deal (and the bot's choices from it): the same round, of the same length, every run.
    post(server_url, f"/api/test/rooms/{code}/seed", {"seed": UNO_SEED})
    sit(page, 0)
    add_bot(page, 1, "heuristic")
    _read(page, allowed, "room", screenshots)
    start(page)
    _read(page, allowed, "uno-start", screenshots)
    # The whole round by hand, the page read every few moves.
    moves = 0
    while not round_over(page):
        before = version(page)
        if act_once(page, say_uno=True):
            wait_for_change(page, before)
            moves += 1
            if moves % 4 == 0 and not round_over(page):
                _read(page, allowed, f"uno-move-{moves}", screenshots)
        else:
            wait_for_change(page, before, timeout=SLOW / 1000)  # the bot is to move: until it has
        assert moves < 400, "the round should have ended"
    expect(page.locator("#uno-round-end")).to_be_visible()
    _read(page, allowed, "uno-round-end", screenshots)
    page.click("#uno-round-end-close")
    _read(page, allowed, "uno-next-round", screenshots)
    assert errors == []


def test_a_duos_turn_in_the_pseudo_locale(new_context: NewContext, server_url: str,
                                          screenshots: Path) -> None:
    # Any deal will do; a fixed one replays a failure as it was. Without motion the reveal is
    # whole at once: every pair is there to be read.
    code = new_room(server_url, 3, {"pairing_seconds": 300, "rounds": 1}, seed=8, bot_pace=AT_ONCE)
    page, errors = player(new_context, Person("Lucía", LAPTOP, reduced_motion=True))
    page.goto(server_url + "/?lang=qps")
    page.wait_for_selector(".game-tile .with-friends")
    allowed = [*ALWAYS, *_game_names(server_url), "Lucía", code]
    enter(page, server_url, code, 0)
    add_duos_bot(page, 1, "association")
    add_duos_bot(page, 2, "association")
    _read(page, allowed, "duos-room", screenshots)
    start_duos(page)
    expect(page.locator("#duos-controls #duos-lock")).to_contain_text("⟦", timeout=SLOW)
    wait_locked(page, [1, 2])  # the bots are done: nothing redraws the grid under a tap
    tap_pairs(page, [(0, 5), (1, 6)])
    _read(page, allowed, "duos-pairing", screenshots)
    lock_in(page)
    reveal = page.locator("#duos-reveal")
    expect(reveal).to_be_visible(timeout=SLOW)
    still(page, "#duos-reveal")
    _read(page, allowed, "duos-reveal", screenshots)
    close_reveal(page)
    _read(page, allowed, "duos-next-turn", screenshots)
    assert errors == []


def test_a_duos_coop_turn_in_the_pseudo_locale(new_context: NewContext, server_url: str,
                                               screenshots: Path) -> None:
    """The co-op table: the helps panel, the track of turns, the verdict."""
    # Any deal will do; a fixed one (and the bot's help from it) replays a failure as it was.
    code = new_room(server_url, 2, {"coop_turns": 1, "pairing_seconds": 300}, seed=9, bot_pace=AT_ONCE)
    page, errors = player(new_context, Person("Lucía", PHONE, reduced_motion=True))
    page.goto(server_url + "/?lang=qps")
    page.wait_for_selector(".game-tile .with-friends")
    allowed = [*ALWAYS, *_game_names(server_url), "Lucía", code]
    enter(page, server_url, code, 0)
    add_duos_bot(page, 1, "association")
    start_duos(page)
    expect(page.locator("#duos-help-chips")).to_be_visible(timeout=SLOW)
    wait_locked(page, [1])  # the partner's help and pairs are in: nothing redraws the grid under a tap
    tap_pairs(page, [(0, 5), (1, 6), (2, 7)])
    # The partner's WORD, if the bot has said one, is player text.
    said = page.locator("#duos-word-said strong")
    allowed += [said.inner_text()] if said.count() else []
    _read(page, allowed, "duos-coop-pairing", screenshots)
    lock_in(page)
    expect(page.locator("#duos-reveal")).to_be_visible(timeout=SLOW)
    still(page, "#duos-reveal")
    said = page.locator("#duos-word-said strong")
    allowed += [said.inner_text()] if said.count() else []
    _read(page, allowed, "duos-coop-reveal", screenshots)
    assert errors == []
