"""The table kit on its own, in a real page: each piece's ids, keys and focus, and the example
table of docs/web.md run as it is written.

The page's clock stands still once the page is ready: countdowns read exactly what they were set
to, and move on only as far as a test moves the clock (`page.clock.run_for`)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect
from tests.web.conftest import LAPTOP

pytestmark = pytest.mark.browser

DOCS = Path(__file__).resolve().parents[2] / "docs" / "web.md"


@pytest.fixture
def page(browser: Browser, server_url: str) -> Iterator[Page]:
    """A page of the app (its toast area, catalogs and styles) with an empty box `#kit-test` to build
    in, its clock held."""
    context = browser.new_context(viewport=LAPTOP, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install()  # time runs as usual while the page loads
    page.goto(server_url + "/")
    page.wait_for_selector(".game-tile .with-friends")
    page.add_style_tag(url="/static/kit/kit.css")
    page.evaluate("""() => { window.kit = null; const box = document.createElement('div');
      box.id = 'kit-test'; document.body.append(box); }""")
    page.evaluate("async () => { window.kit = await import('/static/kit/index.js'); }")
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)
    yield page
    context.close()
    assert errors == []


def test_status_timer_and_error_line(page: Page) -> None:
    page.evaluate("""() => {
      const box = document.getElementById('kit-test');
      document.title = 'Room'; // the page's title when the table is made
      window.turn = new kit.TurnStatus({ prefix: 'k' });
      window.timer = new kit.Countdown({ prefix: 'k', low: 15 });
      window.why = new kit.ErrorLine({ prefix: 'k' });
      box.append(turn.element, timer.element, why.element);
      turn.set('Your move', { mine: true });
      timer.set({ seconds_left: 75.2 });
      why.show({ code: 'illegal_action', msg: 'Seat {n}', params: { n: 2 }, message: 'Seat 2' });
    }""")
    expect(page.locator("#k-status")).to_have_text("Your move")
    expect(page.locator("#k-status")).to_have_class(re.compile("kit-status-mine"))
    assert page.title() == "● Room"
    # 75.2 s shows as 1:16 (whole seconds rounded up); 0.3 s on, 1:15.
    expect(page.locator("#k-timer")).to_have_text("1:16")
    page.clock.run_for(300)
    expect(page.locator("#k-timer")).to_have_text("1:15")
    expect(page.locator("#k-timer")).to_have_attribute("role", "timer")
    expect(page.locator("#k-why")).to_have_text("Seat 2")
    expect(page.locator("#toasts .toast.error")).to_have_text("Seat 2")

    # The message id goes through the catalog: in Swedish the same error reads in Swedish.
    page.select_option("#pref-lang", "sv")
    page.wait_for_function("document.documentElement.lang === 'sv'")
    page.evaluate("() => why.show({ code: 'illegal_action', msg: 'Seat {n}', params: { n: 2 } })")
    expect(page.locator("#k-why")).to_have_text(re.compile(r"^\S+ 2$"))
    assert page.locator("#k-why").inner_text() != "Seat 2"

    page.evaluate("() => { timer.set({ seconds_left: 9 }); turn.set('Waiting'); why.clear(); }")
    expect(page.locator("#k-timer")).to_have_class(re.compile("kit-timer-low"))
    expect(page.locator("#k-timer")).to_have_text(re.compile(r"^0:0\d$"))
    assert page.title() == "Room"
    expect(page.locator("#k-why")).to_be_hidden()
    page.evaluate("() => { timer.set(null); turn.destroy(); }")
    expect(page.locator("#k-timer")).to_be_hidden()


def test_turn_ring_on_a_seat_and_the_countdown_to_a_stand_in(page: Page) -> None:
    page.evaluate("""() => {
      window.ring = new kit.TurnRing({ prefix: 'k' });
      window.strip = new kit.SeatStrip({ prefix: 'k' });
      document.getElementById('kit-test').append(strip.element);
      ring.set({ seconds_left: 9 }, { total: 30 });
      strip.update([{ seat: 0, name: 'Ada', toMove: true, clock: ring.element },
        { seat: 1, name: 'Bo', connected: false, replaceAt: performance.now() + 3500 }]);
    }""")
    ring = page.locator("li[data-seat='0'] #k-ring")
    expect(ring).to_have_attribute("role", "timer")
    expect(ring).to_have_attribute("aria-label", "9 seconds left")
    expect(ring).to_have_class(re.compile("kit-ring-low"))  # the last 10 seconds
    assert 0.25 < float(ring.get_attribute("data-fraction") or "0") <= 0.3
    takeover = page.locator("li[data-seat='1'] .kit-badge-takeover")
    expect(takeover).to_have_text("A bot takes over in 4 seconds")
    page.clock.run_for(2000)  # 1.5 s left
    expect(takeover).to_have_text("A bot takes over in 2 seconds")
    page.evaluate("() => ring.set(null)")
    expect(ring).to_be_hidden()


def test_the_log_keeps_the_last_lines_and_marks_the_newest(page: Page) -> None:
    page.evaluate("""() => {
      window.log = new kit.EventLog({ prefix: 'k', limit: 3, open: true });
      document.getElementById('kit-test').append(log.element);
      log.add([{ text: 'one', kind: 'a' }, { text: 'two', kind: 'a' }, { text: null, kind: 'skipped' }]);
      log.add([{ text: 'three', kind: 'b' }, { text: 'four', kind: 'b', loud: true }]);
    }""")
    lines = page.locator("#k-log li")
    expect(lines).to_have_text(["two", "three", "four"])
    expect(page.locator("#k-log li.kit-log-new")).to_have_text(["three", "four"])
    expect(page.locator("#k-log li[data-kind='b']")).to_have_count(2)
    expect(page.locator("#toasts .toast")).to_have_text(["four"])
    page.evaluate("() => log.replace([{ text: 'old' }], [{ text: 'new' }])")
    expect(lines).to_have_text(["old", "new"])
    expect(page.locator("#k-log li.kit-log-new")).to_have_text(["new"])
    # A quiet log (the replay page) never pops up a toast.
    page.evaluate("""() => { const quiet = new kit.EventLog({ prefix: 'q', quiet: true });
      document.getElementById('kit-test').append(quiet.element);
      quiet.add([{ text: 'hush', loud: true }]); }""")
    expect(page.locator("#toasts .toast")).to_have_count(1)


def test_a_dialog_keeps_the_focus_and_the_table_keys_wait(page: Page) -> None:
    page.evaluate("""() => {
      const box = document.getElementById('kit-test');
      window.pressed = [];
      window.before = document.createElement('button');
      before.id = 'before';
      box.append(before);
      before.focus();
      window.stop = kit.listenKeys((key) => { pressed.push(key); return key === 'x'; });
      window.modal = new kit.Modal({ prefix: 'k', host: box });
      const link = document.createElement('a');
      link.href = '#'; link.id = 'inside'; link.textContent = 'a link';
      const heading = document.createElement('h2');
      heading.textContent = 'Round over';
      modal.show({ name: 'end', content: [heading, link], closeLabel: 'Next round' });
    }""")
    dialog = page.locator("#k-end")
    expect(dialog).to_have_attribute("role", "dialog")
    expect(dialog).to_have_attribute("aria-modal", "true")
    assert dialog.get_attribute("aria-labelledby") == page.locator("#k-end h2").get_attribute("id")
    close = page.locator("#k-end-close")
    expect(close).to_be_focused()
    page.keyboard.press("Tab")  # from the last stop back to the first
    expect(page.locator("#inside")).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(close).to_be_focused()
    page.keyboard.press("x")
    assert page.evaluate("pressed") == []  # the table's keys wait while the dialog is open
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(page.locator("#before")).to_be_focused()
    page.keyboard.press("X")
    page.keyboard.press("Enter")
    assert page.evaluate("pressed") == ["x", "Enter"]

    # A dialog that may not be dismissed stays open on Escape; its button closes it.
    page.evaluate("() => modal.show({ name: 'end', content: 'stay', dismissible: false, "
                  "onClose: () => pressed.push('closed') })")
    page.keyboard.press("Escape")
    expect(dialog).to_be_visible()
    assert page.evaluate("kit.modalOpen()")
    close.click()
    expect(dialog).to_have_count(0)
    assert page.evaluate("pressed").pop() == "closed"
    assert not page.evaluate("kit.modalOpen()")

    # Typing in a text box is not a key for the table.
    page.evaluate("""() => { const input = document.createElement('input'); input.id = 'typing';
      document.getElementById('kit-test').append(input); }""")
    page.fill("#typing", "")
    page.locator("#typing").press("x")
    assert page.evaluate("pressed").count("x") == 1
    page.evaluate("() => stop()")


def test_seats_and_scores(page: Page) -> None:
    page.evaluate("""() => {
      const box = document.getElementById('kit-test');
      const seats = new kit.SeatStrip({ prefix: 'k' });
      const scores = new kit.Scoreboard({ prefix: 'k' });
      box.append(seats.element, scores.element);
      seats.update([
        { seat: 0, name: 'Ada', mine: true, toMove: true, score: 3, data: { locked: '0' } },
        { seat: 1, name: 'Bo', connected: false, badges: [{ text: 'Dealer', kind: 'dealer' }],
          state: { text: 'Done', done: true }, aside: '7 cards' },
      ]);
      scores.update({ rows: [{ seat: 0, name: 'Ada', total: 3, mine: true },
                             { seat: 1, name: 'Bo', total: 12 }],
        columns: [{ label: '1', group: 'Round 1' }, { label: '2', group: 'Round 1' },
          { label: '3', group: 'Round 2', state: 'now' }],
        cell: (row, column, index) => (index < 2
          ? { text: String(row.total), mark: index ? '★' : null } : null),
        columnsLabel: 'Turn', note: 'a note' });
    }""")
    ada = page.locator("#k-players li[data-seat='0']")
    expect(ada).to_have_class(re.compile(r"\bmine\b.*\bto-move\b"))
    expect(ada).to_have_attribute("data-locked", "0")
    expect(ada.locator(".kit-badge-you")).to_be_visible()
    expect(ada.locator(".kit-badge-turn")).to_be_visible()
    bo = page.locator("#k-players li[data-seat='1']")
    expect(bo.locator(".kit-badge-offline")).to_have_text("Offline")
    expect(bo.locator(".kit-badge-dealer")).to_have_text("Dealer")
    expect(bo.locator(".kit-seat-state.done")).to_have_text("Done")
    expect(bo.locator(".kit-seat-aside")).to_have_text("7 cards")
    groups = page.locator("#k-scoreboard th.kit-group")
    expect(groups).to_have_text(["Round 1", "Round 2"])
    assert groups.evaluate_all("gs => gs.map(g => g.colSpan)") == [2, 1]
    expect(page.locator("#k-scoreboard tr[data-seat='1'] td")).to_have_text(["12", "12★", "·", "12"])
    expect(page.locator("#k-scoreboard td.kit-col-now")).to_have_count(2)
    expect(page.locator("#k-scoreboard td.kit-total")).to_have_text(["3", "12"])
    expect(page.locator("#k-scores .kit-note")).to_have_text("a note")
    # Without columns: totals with bars toward the target.
    page.evaluate("""() => { const s = new kit.Scoreboard({ prefix: 'k2' });
      document.getElementById('kit-test').append(s.element);
      s.update({ target: 20, rows: [{ seat: 0, name: 'Ada', total: 5 }] }); }""")
    expect(page.locator("#k2-scores .kit-target")).to_have_text("Target 20")
    assert page.locator("#k2-scores .kit-score-fill").evaluate("f => f.style.width") == "25%"


def test_the_example_table_of_the_docs_runs(page: Page) -> None:
    """docs/web.md's example, its imports pointed at the server, with a stand-in `describe`."""
    code = re.search(r"### A table built on the kit\n\n```js\n(.*?)```", DOCS.read_text(), re.S)
    assert code, "docs/web.md has no example table"
    source = code.group(1).replace('"../../', '"/static/') + "\nfunction describe(e) { return e.kind; }\n"
    page.evaluate("""async (source) => {
      const served = source.replaceAll('"/static/', `"${location.origin}/static/`);
      const url = URL.createObjectURL(new Blob([served],
        { type: 'text/javascript' }));
      const { createTable } = await import(url);
      window.acted = [];
      const ctx = { mode: 'play', seatName: (s) => ['Ada', 'Bo'][s],
                    act: (a) => { acted.push(a); return Promise.resolve(); } };
      window.race = createTable(document.getElementById('kit-test'), ctx);
      race.update({ version: 1, view: { seat: 0, to_move: [0], scores: [3, 5], target: 10 }, legal: [],
        events: [{ kind: 'start' }], outcome: null, deadline: { seconds_left: 30 } });
    }""", source)
    expect(page.locator("#race-status")).to_have_class(re.compile("kit-status-mine"))
    expect(page.locator("#race-timer")).to_have_text("0:30")
    expect(page.locator("#race-players li")).to_have_count(2)
    expect(page.locator("#race-log li")).to_have_text(["start"])
    page.keyboard.press("s")
    assert page.evaluate("acted") == [{"type": "skip"}]
    page.evaluate("() => race.error({ code: 'illegal_action', msg: 'Seat {n}', params: { n: 1 } })")
    expect(page.locator("#race-why")).to_have_text("Seat 1")
    page.evaluate("""() => race.update({ version: 2,
      view: { seat: 0, to_move: [], scores: [3, 9], target: 10 },
      legal: [], events: [{ kind: 'game-over' }], outcome: { winners: [1] }, deadline: null })""")
    expect(page.locator("#race-end")).to_be_visible()
    expect(page.locator("#race-timer")).to_be_hidden()
    page.keyboard.press("Escape")
    expect(page.locator("#race-end")).to_have_count(0)
    page.evaluate("() => race.destroy()")
    expect(page.locator("#race-table")).to_have_count(0)
