"""The Duplik reveal, watched: one drawing at a time beside the scene, its strokes drawn again one
after another (at once for a reader who asks for less motion), with whose it is and what it scored;
stepping back and forth, and on by itself; a reaction sent while watching rising on the other page;
the round as one PNG album; and the last round's button saying that the final scores come next."""

from __future__ import annotations

import base64
import struct
from pathlib import Path

import pytest
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.web.duplik_fixtures import (
    BOT,
    LAPTOP,
    PHONE,
    NewContext,
    Person,
    Seen,
    act_if_still,
    draw,
    expect,
    glance,
    house,
    judge,
    kept,
    look,
    seeded_table,
    two_people_and_a_bot,
    wait_shown,
)
from tests.web.tables import in_viewport

pytestmark = pytest.mark.browser

REVEAL = "#duplik-reveal-round"  # the reveal's dialog
SLIDES = f"{REVEAL}-slides"
SHOWN = f"{SLIDES} .duplik-slide .duplik-item:visible"  # the drawing shown now

# Every value each drawing's data-drawn (strokes drawn so far) takes in the reveal's dialog, by its
# Artist, from the moment the drawing is put on the page: the first is how it starts.
RECORD_DRAWN = """() => {
  window.drawnSeen = {};
  const note = (svg) => {
    const item = svg.closest('.duplik-item');
    if (!item || !svg.closest('#duplik-reveal-round')) return;
    const seen = (window.drawnSeen[item.dataset.artist] ||= []);
    if (seen[seen.length - 1] !== svg.dataset.drawn) seen.push(svg.dataset.drawn);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') note(record.target);
      for (const node of record.addedNodes) {
        if (node.querySelectorAll) node.querySelectorAll('svg.duplik-replay').forEach(note);
      }
    }
  }).observe(document.body,
    { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'] });
}"""

# The share of dark pixels (ink, outlines) in each picture of an album of three side by side
# (album.js: 480 x 336 pictures, 24 px apart, under an 84 px title).
INKED = """async (png) => {
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const context = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
  context.drawImage(bitmap, 0, 0);
  return [24, 528, 1032].map((x) => {
    const data = context.getImageData(x, 84, 480, 336).data;
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i] < 160) dark += 1;
    return dark / (data.length / 4);
  });
}"""


def _png(page: Page, selector: str, shots: Path | None = None) -> bytes:
    """The album a button downloads, checked to be a PNG of three pictures side by side."""
    with page.expect_download() as download:
        page.locator(selector).click()
    data = Path(download.value.path()).read_bytes()
    assert download.value.suggested_filename.endswith("-album.png")
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    assert (width, height) == (3 * 480 + 4 * 24, 84 + 336 + 46 + 24)  # the scene and two drawings
    assert 20_000 < len(data) < 4_000_000, len(data)
    if shots is not None:
        (shots / "duplik-album.png").write_bytes(data)
    return data


def test_the_reveal_shows_one_drawing_at_a_time_drawn_again_with_reactions_and_an_album(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    # Ana watches on a laptop; Ben on a phone that asks for less motion.
    people = [Person("Ana", LAPTOP), Person("Ben", PHONE, reduced_motion=True)]
    table = seeded_table(new_context, server_url, people, BOT, bots={BOT: "normal"})
    ana, ben = table.pages[0], table.pages[1]
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'describe'")
        page.evaluate(RECORD_DRAWN)
    house(ana)
    draw(ben, [(0.1, 0.1), (0.9, 0.9)])
    draw(ben, [(0.1, 0.9), (0.9, 0.1)])
    kept(ana, 3)
    kept(ben, 2)
    for page in (ana, ben):
        page.locator("#duplik-done").click()
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'judge'")
    judge(table.pages)  # every criterion met, every verdict accepted, until the reveal

    # One drawing at a time beside the scene: the first Artist's, with whose it is and its points.
    # (It stays at least 4 s after it is drawn, 5.5 s with less motion: these checks take far less.)
    for page, author in ((ana, "You"), (ben, "Ana")):
        expect(page.locator(f"{REVEAL} .duplik-original svg")).to_be_visible()
        expect(page.locator(SHOWN)).to_have_count(1)
        expect(page.locator(SLIDES)).to_have_attribute("data-artist", "0")
        expect(page.locator(f"{SHOWN} .duplik-artist")).to_have_text(author)
        expect(page.locator(f"{SHOWN} .duplik-points")).to_contain_text("point")
        expect(page.locator(f"{SHOWN} .duplik-ticks li")).to_have_count(10)
    # Ana's drawing is drawn again from a blank sheet, stroke after stroke, to its last stroke.
    drawing = ana.locator(f"{SLIDES} .duplik-item[data-artist='0'] svg")
    expect(drawing).to_have_attribute("data-replay", "done")
    expect(drawing).to_have_attribute("data-drawn", "3")
    seen: list[str] = ana.evaluate("window.drawnSeen['0']")
    assert seen[0] == "0" and seen[-1] == "3" and seen == sorted(seen), seen
    # Ben asks for less motion: every stroke is there from the start.
    assert ben.evaluate("window.drawnSeen['0']")[0] == "3"

    # Key parts in sight without scrolling, on the laptop and on the phone.
    for page in (ana, ben):
        for part in (f"{REVEAL} .duplik-original svg", f"{SHOWN} svg", f"{SHOWN} figcaption",
                     f"{REVEAL}-next", f"{REVEAL}-reactions"):
            assert in_viewport(page, part), part

    # A reaction while watching reaches the other page, over the drawing, with who sent it.
    ana.locator(f"{REVEAL}-reactions [data-emote='laugh']").click()
    expect(ben.locator(SLIDES)).to_have_attribute("data-reaction", "0:laugh")
    ben.screenshot(path=str(screenshots / "duplik-reveal-replay-phone.png"))

    # Both reveals step on by themselves to Ben's drawing, draw it, and stop at the last one.
    for page, author in ((ana, "Ben"), (ben, "You")):
        expect(page.locator(SLIDES)).to_have_attribute("data-artist", "1")
        expect(page.locator(SHOWN)).to_have_count(1)
        expect(page.locator(f"{SHOWN} .duplik-artist")).to_have_text(author)
        expect(page.locator(f"{SHOWN} svg")).to_have_attribute("data-drawn", "2")
        expect(page.locator(SLIDES)).to_have_attribute("data-playing", "0")
        expect(page.locator(f"{REVEAL}-next")).to_be_disabled()
    ana.screenshot(path=str(screenshots / "duplik-reveal-replay-laptop.png"))

    # Ben steps back and forth by hand (it stays where he leaves it: it stopped at the last drawing).
    ben.locator(f"{REVEAL}-prev").click()
    expect(ben.locator(SLIDES)).to_have_attribute("data-artist", "0")
    expect(ben.locator(f"{SHOWN} .duplik-artist")).to_have_text("Ana")
    expect(ben.locator(f"{REVEAL}-prev")).to_be_disabled()
    ben.locator(f"{REVEAL}-next").click()
    expect(ben.locator(f"{SHOWN} .duplik-artist")).to_have_text("You")
    ben.locator(f"{REVEAL}-prev").click()
    expect(ben.locator(f"{SHOWN} .duplik-artist")).to_have_text("Ana")
    # Play steps on by itself again, Pause stops it (well within the 5.5 s a drawing stays).
    ben.locator(f"{REVEAL}-play").click()
    expect(ben.locator(SLIDES)).to_have_attribute("data-playing", "1")
    ben.locator(f"{REVEAL}-play").click()
    expect(ben.locator(SLIDES)).to_have_attribute("data-playing", "0")

    # The round as one picture: the scene and both drawings, each with ink on it.
    album = _png(ben, f"{REVEAL}-album", screenshots)
    inked = ben.evaluate(INKED, base64.b64encode(album).decode())
    assert all(share > 0.002 for share in inked), inked
    assert table.errors == []


# The decisions of a quick, agreeable person, in order (the reveal's "Next round" apart).
BUTTONS = ("#duplik-roll", "#duplik-start", "#duplik-pass-left", "#duplik-yes", "#duplik-accept",
           "#duplik-vote-yes", "#duplik-decide-yes")

NEWER = "(newest) => Number(document.getElementById('duplik-table').dataset.version) > newest"


def _step(page: Page, seen: Seen) -> bool:
    """The next thing a quick, agreeable person does at the table as `look` saw it; False if none."""
    buttons = seen["buttons"]
    if "#duplik-reveal-close" in buttons:
        page.locator("#duplik-reveal-close").click()
        return True
    if ".duplik-scene-choice" in buttons:
        return act_if_still(page, "#duplik-offer .duplik-scene-choice", seen) is not None
    if seen["typing"]:
        page.locator("#duplik-typing").fill("A tree on the left and a cat under it.")
        return act_if_still(page, "#duplik-stop", seen) is not None
    if seen["pad"] is not None and "#duplik-done" in buttons:  # an empty drawing will do
        return act_if_still(page, "#duplik-done", seen) is not None
    chosen = next((selector for selector in BUTTONS if selector in buttons), None)
    return chosen is not None and act_if_still(page, chosen, seen) is not None


def _newer_state(pages: dict[int, Page], newest: int, rounds: int = 60) -> bool:
    """Whether a page comes to show a state newer than `newest` (the bot moved, or an answer came)
    within `rounds` looks at each page, a quarter of a second each."""
    for _ in range(rounds):
        for page in pages.values():
            try:
                page.wait_for_function(NEWER, arg=newest, timeout=250)
                return True
            except PlaywrightTimeoutError:
                continue
    return False


def test_the_last_rounds_button_says_the_final_scores_come_next(
        new_context: NewContext, server_url: str) -> None:
    # The bot portrays first, so Ana portrays round 2 and Ben the last; the bot moves at once.
    table = two_people_and_a_bot(new_context, server_url, BOT, bot_pace=0.0, still=True)
    pages = table.pages
    labels: dict[str, str] = {}
    stuck_since: int | None = None
    for _ in range(1000):
        seen = glance(pages)
        portrayer = next((seat for seat, data in seen.items() if "#duplik-next" in data["buttons"]
                          and "#duplik-reveal-close" not in data["buttons"]), None)
        if portrayer is not None:
            page, data = pages[portrayer], seen[portrayer]
            labels[data["round"]] = page.locator("#duplik-next").inner_text()
            if data["round"] == "3":
                break
            act_if_still(page, "#duplik-next", data)
            continue
        if not any(_step(pages[seat], data) for seat, data in seen.items()):
            # Nobody could act on what they saw (a button was redrawn under the click, say): wait a
            # little for the bot or an answer, then look again and act as a person would, again.
            newest = max(int(data["version"]) for data in seen.values())
            if _newer_state(pages, newest):
                stuck_since = None
            elif stuck_since == newest:
                raise AssertionError(f"nothing changed after version {newest}: {glance(pages)}")
            else:
                stuck_since = newest
    assert "Next round" in labels["2"] and "See the final scores" not in labels["2"], labels
    assert "See the final scores" in labels["3"], labels
    ben = pages[1]
    look(ben)
    ben.locator("#duplik-next").click()
    expect(ben.locator("#duplik-summary")).to_be_visible()
    # The end of the game offers each round's album too.
    expect(ben.locator("#duplik-summary .duplik-album[id$='-album']")).to_have_count(3)
    assert table.errors == []
