"""DUOS in a real browser, at 1366x657 and 390x844: locking in with fewer than 4 pairs asks first
(and is refused by the server when the room's option says so), the reveal shows the reader's pairs
beside the Narrator's (co-op: beside the partner's) with the same ones ticked, the scores by turn
during the game and at its end, and card names in every language fit their cards whole."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.duos_fixtures import (
    AT_ONCE,
    IDLE,
    SLOW,
    NewContext,
    add_bot,
    close_reveal,
    end_turn,
    enter,
    key_pairs,
    new_room,
    pairs_shown,
    player,
    start,
    still,
    tap_pairs,
    wait_for_turn,
    wait_locked,
)
from tests.web.tables import Person

pytestmark = pytest.mark.browser

SIZES = {"laptop": {"width": 1366, "height": 657}, "phone": {"width": 390, "height": 844}}
BUNDLE = Path(__file__).resolve().parents[2] / "src/duoplay/web/games/duos/assets/cards.json"


def _column(page: Page, seat: int) -> dict[str, str]:
    """A column of the reveal's comparison: pair -> "1" when the other column has it too."""
    rows = page.locator(f"#reveal-compare .compare-col[data-seat='{seat}'] li.compare-pair").evaluate_all(
        "rs => rs.map(r => [r.dataset.pair, r.dataset.same])")
    return {str(pair): str(same) for pair, same in rows}


def _close_in_view(page: Page, dialog: str, size: str) -> None:
    box = page.locator(f"{dialog}-close").bounding_box()
    assert box is not None and box["y"] + box["height"] <= SIZES[size]["height"], box


# Seed 28 deals sport cards on which the association bot, narrating, pairs 0-4 but not 2-3 or 8-9
# (its pairs follow from the cards alone: association.expected_pairs), so of Ada's pairs exactly one
# is the Narrator's.
NARRATED_BY_THE_BOT = 28
TOLD = {"0-4", "1-2", "3-8", "6-11"}


@pytest.mark.parametrize("size", SIZES)
def test_fewer_pairs_ask_first_and_the_reveal_shows_mine_beside_the_narrators(
        new_context: NewContext, server_url: str, screenshots: Path, size: str) -> None:
    # One round of three turns; a bot narrates the first turn. Without motion the reveal is whole
    # at once (its pairs one by one are test_duos_play's).
    code = new_room(server_url, 3, {"pairing_seconds": 300, "rounds": 1, "first_narrator": 1},
                    seed=NARRATED_BY_THE_BOT, bot_pace=AT_ONCE)
    page, errors = player(new_context, Person("Ada", SIZES[size], reduced_motion=True))
    enter(page, server_url, code, 0)
    add_bot(page, 1, "association")
    add_bot(page, 2, "random")
    start(page)
    # During play the scores by turn, grouped by round, are on the table; the cards and Lock in in view.
    board = page.locator("#duos-scoreboard")
    expect(board).to_contain_text("Round 1")
    expect(board.locator("tbody tr")).to_have_count(3)
    fold = page.evaluate("""() => { window.scrollTo(0, 0); const b = (s) =>
      Math.round(document.querySelector(s).getBoundingClientRect().bottom);
      return {grid: b('#duos-grid'), lock: b('#duos-lock'), height: window.innerHeight}; }""")
    assert fold["grid"] <= fold["height"] and fold["lock"] <= fold["height"], fold

    wait_locked(page, [1, 2])  # the bots are done: nothing redraws the grid under a tap
    mine = [(0, 4), (2, 3)]
    tap_pairs(page, mine)
    # Two pairs: Lock in asks first. Escape keeps pairing, nothing is sent.
    page.click("#duos-lock")
    question = page.locator("#duos-confirm-lock")
    expect(question).to_be_visible()
    still(page, "#duos-confirm-lock")
    expect(question.locator("h2")).to_have_text("Lock in with only 2 pairs?")
    expect(page.locator("#duos-confirm-lock-yes")).to_be_focused()
    page.screenshot(path=str(screenshots / f"duos-confirm-lock-{size}.png"))
    _close_in_view(page, "#duos-confirm-lock", size)
    page.keyboard.press("Escape")
    expect(question).to_have_count(0)
    # Still pairing: one more pair is saved (the server would refuse it from a locked seat, and
    # answers in order, so no lock went before it), and nobody reads this seat as locked in.
    mine.append((8, 9))
    tap_pairs(page, [(8, 9)])
    expect(page.locator("#duos-table")).to_have_attribute("data-locked", "0")
    expect(page.locator("#duos-players li[data-seat='0']")).to_have_attribute("data-locked", "0")
    # By keyboard: L asks, Enter says yes.
    page.keyboard.press("l")
    expect(question).to_be_visible()
    expect(question.locator("h2")).to_have_text("Lock in with only 3 pairs?")
    page.keyboard.press("Enter")  # locked in: the bots have too, so the reveal comes

    reveal = page.locator("#duos-reveal")
    expect(reveal).to_be_visible(timeout=SLOW)
    still(page, "#duos-reveal")
    page.screenshot(path=str(screenshots / f"duos-reveal-compare-{size}.png"))
    _close_in_view(page, "#duos-reveal", size)
    # Under the Narrator's pairs (who matched each), mine, ticked where the Narrator made it too.
    told = page.locator("#reveal-pairs li.reveal-pair").evaluate_all("rs => rs.map(r => r.dataset.pair)")
    assert set(told) == TOLD
    shown = _column(page, 0)
    assert shown == {"0-4": "1", "2-3": "0", "8-9": "0"}
    for pair, same in shown.items():
        assert same == ("1" if pair in told else "0"), (pair, shown, told)
    expect(reveal.locator(".compare-col")).to_have_count(1)
    expect(reveal.locator(".compare-col[data-seat='0'] h3")).to_have_text("Your pairs")
    for pair in told:  # the Narrator's pairs I made say so
        matched = reveal.locator(f"#reveal-pairs li.reveal-pair[data-pair='{pair}'] .matched")
        if shown.get(pair) == "1":
            expect(matched).to_contain_text("You")
    same = sum(1 for v in shown.values() if v == "1")
    expect(reveal.locator("#turn-points tr[data-seat='0'] td").nth(1)).to_have_text(str(same))
    close_reveal(page)

    # Four pairs: Lock in locks in at once, no question.
    wait_for_turn(page, 1)
    wait_locked(page, [1, 2])
    key_pairs(page, [(0, 1), (2, 3), (4, 5), (6, 7)])
    page.keyboard.press("l")
    expect(reveal).to_be_visible(timeout=SLOW)
    expect(question).to_have_count(0)
    expect(reveal.locator("#reveal-compare .compare-col[data-seat='0'] li.compare-pair")).to_have_count(4)
    close_reveal(page)

    # The last turn Ada narrates: her pairs are the list, with who matched each; no comparison.
    wait_for_turn(page, 2)
    wait_locked(page, [1, 2])
    key_pairs(page, [(0, 1), (2, 3), (4, 5), (6, 7)])
    page.keyboard.press("l")
    expect(reveal).to_be_visible(timeout=SLOW)
    expect(reveal.locator("#reveal-compare")).to_have_count(0)
    expect(reveal.locator("#reveal-pairs li.reveal-pair")).to_have_count(4)
    # The end: the result and the scores by turn, their totals as the scoreboard's.
    final = reveal.locator("#duos-final-scores")
    expect(final).to_be_visible()
    expect(final.locator("tbody tr")).to_have_count(3)
    still(page, "#duos-reveal")
    totals = final.locator("td.kit-total").all_inner_texts()
    assert totals == board.locator("td.kit-total").all_inner_texts()
    page.screenshot(path=str(screenshots / f"duos-final-scores-{size}.png"))
    assert errors == []


@pytest.mark.parametrize("size", SIZES)
def test_coop_reveal_and_the_rulebook_lock(new_context: NewContext, server_url: str, screenshots: Path,
                                           size: str) -> None:
    """With lock_with_fewer_pairs off nothing is asked: the server refuses, and the table says why."""
    # Any deal will do; a fixed one (and the bot's choices from it) replays a failure as it was.
    code = new_room(server_url, 2, {"coop_turns": 1, "pairing_seconds": 300, "lock_with_fewer_pairs": False},
                    seed=3, bot_pace=AT_ONCE)
    page, errors = player(new_context, Person("Ada", SIZES[size], reduced_motion=True))
    enter(page, server_url, code, 0)
    add_bot(page, 1, "random")
    start(page)
    wait_locked(page, [1])  # the partner's helps and pairs are in: nothing redraws the grid under a tap
    tap_pairs(page, [(0, 1), (2, 3)])
    page.keyboard.press("l")
    expect(page.locator("#duos-why")).to_contain_text("4 pairs", timeout=SLOW)
    expect(page.locator("#duos-confirm-lock")).to_have_count(0)
    expect(page.locator("#duos-players li[data-seat='0']")).to_have_attribute("data-locked", "0")
    key_pairs(page, [(4, 5), (6, 7)])
    assert len(pairs_shown(page)) == 4
    page.keyboard.press("l")
    reveal = page.locator("#duos-reveal")
    expect(reveal).to_be_visible(timeout=SLOW)
    still(page, "#duos-reveal")
    page.screenshot(path=str(screenshots / f"duos-coop-compare-{size}.png"))
    expect(reveal.locator(".compare-col[data-seat='0'] h3")).to_have_text("Your pairs")
    expect(reveal.locator(".compare-col[data-seat='1'] h3")).to_contain_text("pairs")
    mine, partner = _column(page, 0), _column(page, 1)
    assert set(mine) == {"0-1", "2-3", "4-5", "6-7"}
    for pair, same in mine.items():
        assert same == ("1" if pair in partner else "0")
    both = sum(1 for v in mine.values() if v == "1")
    expect(reveal.locator("#turn-verdict")).to_contain_text(f"{both} identical pair")
    expect(reveal.locator("#duos-final-track")).to_be_visible()
    assert errors == []


def _longest_names() -> dict[str, list[str]]:
    """Per language, the 12 names with the longest single word and the 12 longest names."""
    faces = json.loads(BUNDLE.read_text())["faces"].values()
    chosen: dict[str, list[str]] = {}
    for lang in ("en", "es", "sv", "pl", "fr"):
        names = sorted({face["names"].get(lang) or face["names"]["en"] for face in faces})
        by_word = sorted(names, key=lambda n: max(len(w) for w in n.split()), reverse=True)[:12]
        by_length = sorted(names, key=len, reverse=True)[:12]
        chosen[lang] = by_word + by_length
    return chosen


# Each name put in a card's name box and fitted as the table fits them (names.js): no word split
# across lines or cut, nothing clipped below.
_FITS = """async (names) => {
  const { fitNames } = await import('/static/games/duos/names.js');
  const grid = document.getElementById('duos-grid');
  const boxes = [...grid.querySelectorAll('.duos-card .name')];
  const bad = [];
  for (let start = 0; start < names.length; start += boxes.length) {
    names.slice(start, start + boxes.length).forEach((name, i) => { boxes[i].textContent = name; });
    fitNames(grid);
    names.slice(start, start + boxes.length).forEach((name, i) => check(boxes[i], name));
  }
  function check(box, name) {
    const text = box.firstChild;
    // A word ends at a space or after a hyphen: "Chauve-souris" may break after its hyphen.
    for (const found of name.matchAll(/[^\\s-]+-?/g)) {
      const word = found[0], at = found.index;
      const range = document.createRange();
      range.setStart(text, at); range.setEnd(text, at + word.length);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      const rect = range.getBoundingClientRect(), outer = box.getBoundingClientRect();
      if (lines.size > 1) bad.push(`${name}: "${word}" split over lines`);
      if (rect.left < outer.left - 1 || rect.right > outer.right + 1) bad.push(`${name}: "${word}" cut`);
    }
    if (box.scrollHeight > box.clientHeight + 1) bad.push(`${name}: a line cut off below`);
    if (parseFloat(box.style.fontSize) < 7) bad.push(`${name}: letters too small`);
  }
  return bad;
}"""


def test_card_names_fit_whole_on_a_phone_in_every_language(new_context: NewContext, server_url: str,
                                                            screenshots: Path) -> None:
    # Any deal will do: the names measured are the longest of the whole card set, not the deal's.
    # The partner stays idle: the room's clock ends the turn once Ada has locked in.
    code = new_room(server_url, 2, {"coop_turns": 1, "pairing_seconds": 300}, seed=4, bot_pace=IDLE)
    page, errors = player(new_context, "Ada", SIZES["phone"])
    enter(page, server_url, code, 0)
    add_bot(page, 1, "random")
    start(page)
    expect(page.locator("#duos-grid .duos-card .name")).to_have_count(12)
    problems: list[str] = []
    for lang, names in _longest_names().items():
        problems += page.evaluate(_FITS, names)
        page.evaluate(_FITS, names[:12])  # the longest words on the cards, for the picture
        page.screenshot(path=str(screenshots / f"duos-long-names-{lang}-phone.png"))
    assert problems == []
    page.keyboard.press("l")  # end the one-turn game
    page.keyboard.press("Enter")
    end_turn(page, server_url, code)
    expect(page.locator("#duos-reveal")).to_be_visible(timeout=SLOW)
    assert errors == []
