"""Duple and Duplik on a phone (390x844, touch; and with a keyboard-sized viewport while typing) and
on a laptop (1366x657), played through seeded: the controls of the decision at hand are in sight,
no toast lies over them, nothing is wider than the screen, typing never fires a shortcut, and the
canvas under an Artist's finger never moves while the description arrives."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page
from tests.web import duple_fixtures as duple
from tests.web import duplik_fixtures as duplik
from tests.web.phone_checks import controls_out_of_view, keyboard_open, overflowing, toasts_over_controls
from tests.web.tables import LAPTOP, PHONE, NewContext, Person, Table

pytestmark = pytest.mark.browser

# A phone with its on-screen keyboard up: the page keeps the top 500 px.
KEYBOARD = {"width": 390, "height": 500}

# What moved the canvas or anything above it since `window.__stillSince` (set when drawing starts):
# the browser's layout shifts (a PerformanceObserver, every entry, also those after an input) that
# involve such an element, and every top of the canvas a frame has seen.
WATCH_CANVAS = """() => {
  window.__shifts = [];
  window.__canvasTops = [];
  // The canvas, what holds it, or an element before it that moved up or down (and so pushes it).
  const pushes = (source) => {
    const canvas = document.getElementById("duplik-canvas");
    const node = source.node;
    if (!node || !canvas || node.nodeType !== 1) return false;
    if (node === canvas || node.contains(canvas)) return true;
    const before = Boolean(node.compareDocumentPosition(canvas) & Node.DOCUMENT_POSITION_FOLLOWING);
    return before && source.previousRect.y !== source.currentRect.y
      && source.currentRect.top <= canvas.getBoundingClientRect().top;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (window.__stillSince === undefined || entry.startTime < window.__stillSince) continue;
      const moved = (entry.sources || []).filter(pushes);
      if (moved.length) {
        const name = (node) => node.id || node.className || node.nodeName;
        const at = (rect) => Math.round(rect.y);
        const where = (s) => `${name(s.node)} ${at(s.previousRect)}->${at(s.currentRect)}`;
        window.__shifts.push({ value: entry.value, sources: moved.map(where) });
      }
    }
  }).observe({ type: "layout-shift", buffered: true });
  const frame = () => {
    const canvas = document.getElementById("duplik-canvas");
    if (window.__stillSince !== undefined && canvas && canvas.isConnected) {
      window.__canvasTops.push(Math.round(canvas.getBoundingClientRect().top * 10) / 10);
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}"""


def not_in_sight(page: Page, *selectors: str) -> list[str]:
    """Of what `selectors` find, what is not wholly on the screen (see phone_checks)."""
    return controls_out_of_view(page, ", ".join(selectors))


def judge_through(table: Table, artist: Page, size: str, screenshots: Path) -> None:
    """The hourglass runs out (the bot may still be drawing), Ben passes the drawings, and the
    Artist at seat 0 judges the bot's drawing: at each decision its buttons, the criterion and the
    drawing are in sight, and no toast covers them. Ben, the Portrayer, breaks the ties on the
    Artist's own drawing (the bot may not judge a person's drawing, so its doubts come to a vote
    with nobody to vote)."""
    ben = table.pages[1]
    table.advance()
    ben.locator("#duplik-pass-left").click()
    duplik.wait_shown(artist, "d.phase === 'judge'")
    artist.screenshot(path=str(screenshots / f"wordgames-duplik-judging-{size}.png"))
    decisions = ("#duplik-yes", *duplik.AGREE)
    checked = 0
    for _ in range(90):  # ten criteria, each a verdict, perhaps an answer to the bot's or a tie
        seen = duplik.glance({0: artist, 1: ben})
        if seen[0]["phase"] != "judge":
            break
        button = next((b for b in decisions if b in seen[0]["buttons"]), None)
        if button is not None:
            problems = not_in_sight(artist, "#duplik-stage button", "#duplik-criterion", "#duplik-judged")
            assert problems + toasts_over_controls(artist) + overflowing(artist) == [], seen[0]
            checked += 1
            duplik.act_if_still(artist, button, seen[0])  # None: the bot moved first, look again
        elif "#duplik-decide-yes" in seen[1]["buttons"]:
            duplik.act_if_still(ben, "#duplik-decide-yes", seen[1])  # Ben breaks a tie
        else:  # the bot's turn: wait for its move, at its own pace
            duplik.look(artist, "version", int(seen[0]["version"]) + 1)
    assert checked, "the Artist had no decision to make"
    duplik.wait_shown(artist, "d.phase === 'reveal'")
    assert table.errors == []


def test_duplik_on_a_phone_the_canvas_stays_still_while_the_description_arrives(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    # Ana draws on a phone, Ben portrays on a laptop and types as she draws, the bot draws too.
    table = duplik.two_people_and_a_bot(new_context, server_url, 1, viewports=(PHONE, LAPTOP))
    phone, ben = table.pages[0], table.pages[1]
    ben.locator("#duplik-offer button.duplik-scene-choice").first.click()
    ben.locator("#duplik-roll").click()
    ben.locator("#duplik-start").click()
    duplik.wait_shown(phone, "d.phase === 'describe'")
    phone.evaluate(WATCH_CANVAS)
    phone.locator("#duplik-canvas.duplik-pad-on").wait_for()
    phone.screenshot(path=str(screenshots / "wordgames-duplik-draw-start-phone.png"))
    phone.evaluate("() => { window.__stillSince = performance.now(); }")
    # Each sentence reaches the phone while the next stroke is drawn: several seconds of text arriving.
    sentences = ["A tall tree stands on the left, with a round crown. ",
                 "Under the tree sits a small cat, looking to the right. ",
                 "On the right there is a house with two windows and a red door. ",
                 "Above the house the sun shines, with eight short rays around it. ",
                 "In front of everything a long fence runs across the whole picture."]
    strokes = [[(0.1, 0.8), (0.2, 0.3), (0.3, 0.8)], [(0.2, 0.9), (0.3, 0.85), (0.35, 0.9)],
               [(0.6, 0.5), (0.9, 0.5), (0.9, 0.9), (0.6, 0.9), (0.6, 0.5)],
               [(0.8, 0.1), (0.85, 0.15), (0.8, 0.2), (0.75, 0.15), (0.8, 0.1)], [(0.05, 0.95), (0.95, 0.95)]]
    typed = ""
    for sentence, stroke in zip(sentences, strokes, strict=True):
        ben.locator("#duplik-typing").press_sequentially(sentence, delay=15)
        typed += sentence
        duplik.draw(phone, stroke)
        duplik.expect(phone.locator("#duplik-said")).to_have_text(typed)
    duplik.expect(phone.locator("#duplik-canvas")).to_have_attribute("data-strokes", str(len(strokes)))
    phone.screenshot(path=str(screenshots / "wordgames-duplik-drawing-phone.png"))
    shifts = phone.evaluate("() => window.__shifts")
    assert shifts == [], f"the canvas or something above it moved while drawing: {shifts}"
    tops = phone.evaluate("() => window.__canvasTops")
    assert tops and max(tops) - min(tops) < 0.5, f"the canvas moved under the finger: {sorted(set(tops))}"
    assert not_in_sight(phone, "#duplik-canvas", "#duplik-done", "#duplik-undo", "#duplik-said") == []
    assert overflowing(phone) == []
    # Pencil down: the page stays where the finger was, it does not jump back to the room's header.
    scrolled = phone.evaluate("() => window.scrollY")
    phone.locator("#duplik-done").tap()
    duplik.expect(phone.locator("#duplik-done")).to_be_disabled()
    duplik.expect(phone.locator(".duplik-brief .duplik-note")).to_be_visible()
    assert phone.evaluate("() => window.scrollY") == scrolled
    assert not_in_sight(phone, "#duplik-canvas", "#duplik-said") == []
    phone.screenshot(path=str(screenshots / "wordgames-duplik-pencil-down-phone.png"))
    judge_through(table, phone, "phone", screenshots)


def test_duplik_on_a_laptop_the_card_the_canvas_and_the_judging_fit_the_screen(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    # Ben portrays on a laptop; Ana draws on another.
    table = duplik.two_people_and_a_bot(new_context, server_url, 1, viewports=(LAPTOP, LAPTOP))
    ana, ben = table.pages[0], table.pages[1]
    ben.locator("#duplik-offer button.duplik-scene-choice").first.click()
    # Rolling: the whole card, its ten criteria and the die's button, without scrolling.
    duplik.expect(ben.locator("#duplik-roll")).to_be_visible()
    duplik.expect(ben.locator("#duplik-card .duplik-criteria li")).to_have_count(10)
    ben.screenshot(path=str(screenshots / "wordgames-duplik-roll-laptop.png"))
    criteria = tuple(f"#duplik-card .duplik-criteria li:nth-child({n})" for n in range(1, 11))
    assert not_in_sight(ben, "#duplik-roll", *criteria) == []
    ben.locator("#duplik-roll").click()
    duplik.expect(ben.locator("#duplik-start")).to_be_visible()
    assert not_in_sight(ben, "#duplik-start", *criteria) == []
    ben.locator("#duplik-start").click()
    duplik.wait_shown(ana, "d.phase === 'describe'")
    ana.evaluate(WATCH_CANVAS)
    ana.locator("#duplik-canvas.duplik-pad-on").wait_for()
    ana.evaluate("() => { window.__stillSince = performance.now(); }")
    typed = ""
    for n, sentence in enumerate(("A tall tree stands on the left. ", "A small cat sits under the tree. ",
                                  "A house with a red door stands on the right. ")):
        ben.locator("#duplik-typing").press_sequentially(sentence, delay=10)
        typed += sentence
        duplik.draw(ana, [(0.1 + 0.3 * n, 0.2), (0.3 + 0.3 * n, 0.8)])
        duplik.expect(ana.locator("#duplik-said")).to_have_text(typed)
    assert ana.evaluate("() => window.__shifts") == []
    tops = ana.evaluate("() => window.__canvasTops")
    assert tops and max(tops) - min(tops) < 0.5, sorted(set(tops))
    assert not_in_sight(ana, "#duplik-canvas", "#duplik-done", "#duplik-undo", "#duplik-said") == []
    assert not_in_sight(ben, "#duplik-typing", "#duplik-stop", "#duplik-work .duplik-picture") == []
    for page in (ana, ben):
        assert overflowing(page) == []
    ana.screenshot(path=str(screenshots / "wordgames-duplik-drawing-laptop.png"))
    ben.screenshot(path=str(screenshots / "wordgames-duplik-describing-laptop.png"))
    ana.locator("#duplik-done").click()
    judge_through(table, ana, "laptop", screenshots)


def test_duplik_a_phone_portrays_with_its_keyboard_up_and_typing_fires_no_shortcut(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = duplik.two_people_and_a_bot(new_context, server_url, 0, viewports=(PHONE, LAPTOP))
    phone, ben = table.pages[0], table.pages[1]
    duplik.expect(phone.locator("#duplik-offer button.duplik-scene-choice")).to_have_count(3)
    steps = {"choose": "#duplik-offer button.duplik-scene-choice >> nth=0", "roll": "#duplik-roll",
             "title": "#duplik-start"}
    for name, selector in steps.items():
        button = phone.locator(selector)
        button.wait_for()
        assert not_in_sight(phone, "#duplik-stage button") == []
        assert toasts_over_controls(phone) + overflowing(phone) == []
        phone.screenshot(path=str(screenshots / f"wordgames-duplik-{name}-phone.png"))
        button.tap()
    duplik.wait_shown(phone, "d.phase === 'describe'")
    box = phone.locator("#duplik-typing")
    box.tap()
    with keyboard_open(phone):
        assert not_in_sight(phone, "#duplik-typing", "#duplik-stop") == []
        assert toasts_over_controls(phone) + overflowing(phone) == []
        before = duplik.shown(phone).get("answered", "")
        # Letters that are the table's keys elsewhere (Y, N, A, D, L, R, U, a digit, Enter) are words here.
        box.press_sequentially("Yes: a dog, a lamp and 1 red umbrella.", delay=15)
        box.press("Enter")
        box.press_sequentially("Under it, nothing.", delay=15)
        phone.screenshot(path=str(screenshots / "wordgames-duplik-typing-keyboard-phone.png"))
        assert not_in_sight(phone, "#duplik-typing", "#duplik-stop") == []
    said = "Yes: a dog, a lamp and 1 red umbrella.\nUnder it, nothing."
    duplik.expect(ben.locator("#duplik-said")).to_have_text(said)
    now = duplik.shown(phone)
    assert now["phase"] == "describe" and now.get("answered", "") == before, "typing sent an action"
    assert table.errors == []


# The controls of the decision at hand in a Duple race, and of a vote.
DUPLE_RACE = "#duple-word, #duple-send, #duple-actions button"
# Each answer's word on one line: the lines its text takes.
WORD_LINES = """() => [...document.querySelectorAll('#duple-answers .word')].map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return [el.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
})"""


def duple_problems(page: Page, controls: str = DUPLE_RACE) -> list[str]:
    split = [f"{word} takes {lines} lines" for word, lines in page.evaluate(WORD_LINES) if lines > 1]
    return not_in_sight(page, controls) + toasts_over_controls(page) + overflowing(page) + split


@pytest.mark.parametrize("size", ["phone", "laptop"])
def test_duple_a_face_off_and_a_vote_with_the_keyboard_up(
        new_context: NewContext, server_url: str, screenshots: Path, size: str) -> None:
    viewport = PHONE if size == "phone" else LAPTOP
    table = duple.duple_table(new_context, server_url, [Person("Ana", viewport), Person("Ben", LAPTOP)])
    ana, ben = table.pages[0], table.pages[1]
    duple.first_faceoff(ana, ben)
    assert duple_problems(ana) == []
    box = ana.locator("#duple-word")
    duple.expect(box).to_be_focused()
    with keyboard_open(ana, 344 if size == "phone" else 0):
        assert duple_problems(ana) == []
        # N and P are the table's keys for a new category and a pass: in the box they are letters.
        box.press_sequentially("pulpo", delay=20)
        box.press("Enter")
        duple.expect(ana.locator("#duple-mine.no")).to_be_visible(timeout=duple.SLOW)
        box.press_sequentially("npn", delay=20)
        assert box.input_value() == "npn"
        assert ana.locator("#duple-answers li.passed").count() == 0
        assert duple.shown(ana)["racing"] == "1"
        ana.screenshot(path=str(screenshots / f"wordgames-duple-keyboard-{size}.png"))
        assert duple_problems(ana) == []
    # A long refusal beside a short word: the word stays whole on one line.
    box.fill("")
    duple.send(ana, "upqzxw")
    duple.expect(ana.locator("#duple-mine")).to_contain_text("not in the dictionary")
    duple.expect(ana.locator("#duple-answers li.no")).to_have_count(2)
    assert duple_problems(ana) == []
    ana.screenshot(path=str(screenshots / f"wordgames-duple-answers-{size}.png"))
    ana.locator("#duple-appeal").click()
    duple.expect(ben.locator("#duple-vote")).to_contain_text("upqzxw")
    duple.expect(ana.locator("#duple-vote")).to_be_visible()
    for page in (ana, ben):
        assert duple_problems(page, "#duple-actions button, #duple-answers") == []
    ana.screenshot(path=str(screenshots / f"wordgames-duple-vote-{size}.png"))
    ben.locator("#duple-vote-yes").click()
    # Ben's vote is in before the clock is moved: else the clock can win the race and close it 0-0.
    duple.expect(ben.locator("#duple-vote .duple-voted")).to_contain_text("1 of")
    table.advance()  # the bot never votes in time: the vote's clock runs out, one yes of one
    duple.expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off")
    assert duple_problems(ana, "#duple-flip, #duple-actions button") == []
    assert table.errors == []


def test_duple_an_all_play_on_a_phone_with_the_keyboard_up(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = duple.duple_table(new_context, server_url, [Person("Ana", PHONE), Person("Ben", LAPTOP)])
    ana = table.pages[0]
    # Nobody answers: the clock flips and ends the races until the category deck turns All Play.
    duple.move_clock(table, duple.clock_moves(until=lambda view: view["phase"] == "allplay"))
    duple.race_on(ana, "allplay", "I,E,Y")
    box = ana.locator("#duple-word")
    duple.expect(box).to_be_focused()
    with keyboard_open(ana):
        assert duple_problems(ana) == []
        box.press_sequentially("pan", delay=20)  # P passes and N turns a new category, elsewhere
        box.press("Enter")
        duple.expect(ana.locator("#duple-answers li.no")).to_have_count(1, timeout=duple.SLOW)
        assert ana.locator("#duple-answers li.passed").count() == 0
        assert duple_problems(ana) == []
        ana.screenshot(path=str(screenshots / "wordgames-duple-allplay-keyboard-phone.png"))
        duple.send(ana, "incluye")
        duple.expect(ana.locator("#duple-flash")).to_contain_text("You win the All Play", timeout=duple.SLOW)
    assert duple_problems(ana, "#duple-flip, #duple-actions button") == []
    assert table.errors == []
