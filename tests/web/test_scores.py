"""The scores round by round: UNO Duo's Scores button during play and its end-of-match summary, on
a laptop (1366x657) and a phone (390x844), with the hand and the controls still in view."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.driver import bot_table, play_past_the_draft, play_until_round_ends, round_over, settle
from tests.web.tables import SIZES, NewContext, Person

pytestmark = pytest.mark.browser

# Played as the pages play (the first playable card) against the seeded random bot, this deal's
# first round ends after 25 moves with seat 0 going out: target 1 makes it the last round.
SHORT_ROUND = 111

_IN_VIEW = """() => { window.scrollTo(0, 0);
  const bottom = (s) => { const e = document.querySelector(s);
    return e && e.getClientRects().length ? Math.round(e.getBoundingClientRect().bottom) : 0; };
  return {hand: bottom('#uno-hand'), actions: bottom('#uno-actions'), height: window.innerHeight}; }"""


def _rows(page: Page, table: str) -> dict[str, list[str]]:
    """Each row's name -> its cells (rounds, then the total), as shown."""
    rows = page.locator(f"{table} tbody tr").evaluate_all(
        "rs => rs.map(r => [r.querySelector('th').textContent,"
        " [...r.querySelectorAll('td')].map(c => c.textContent)])")
    return {str(name): list(cells) for name, cells in rows}


def _totals(page: Page) -> dict[str, int]:
    rows = page.locator("#uno-scores .kit-score-row").evaluate_all(
        "rs => rs.map(r => [r.querySelector('.kit-score-name').textContent,"
        " Number(r.querySelector('.kit-score-total').textContent)])")
    return {str(name): int(total) for name, total in rows}


@pytest.mark.parametrize("size", SIZES)
def test_uno_duo_scores_by_round_in_play_and_at_the_end(new_context: NewContext, server_url: str, size: str,
                                                        screenshots: Path) -> None:
    table = bot_table(new_context, server_url, Person("Ada", SIZES[size]), seed=SHORT_ROUND,
                      options={"target_score": 1})
    page = table.pages[0]
    # through the draft to the first turn with cards in hand
    assert play_past_the_draft(page)["phase"] == "turn"
    settle(page)

    # During play: the button is there, the hand and the controls are still in view.
    shown = page.evaluate(_IN_VIEW)
    assert 0 < shown["hand"] <= shown["height"] and shown["actions"] <= shown["height"], shown
    page.screenshot(path=str(screenshots / f"uno-scores-play-{size}.png"), full_page=True)
    opener = page.locator("#uno-scores-open")
    opener.click()
    dialog = page.locator("#uno-by-round")
    expect(dialog).to_contain_text("Scores by round")
    expect(dialog.locator("#uno-round-scores-none")).to_contain_text("No round has ended yet")
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    expect(opener).to_be_focused()

    # target 1: the first round anyone scores in ends the match (a tied blocked round scores nothing).
    rounds = 0
    while not page.locator("#uno-game-result").count():
        play_until_round_ends([page])
        rounds += 1
        if not page.locator("#uno-game-result").count():
            page.click("#uno-round-end-close")
            expect(page.locator("#uno-round-end")).to_have_count(0)
        assert rounds < 5
    summary = page.locator("#uno-round-end")
    expect(summary.locator("#uno-summary-scores")).to_be_visible()
    settle(page)
    page.screenshot(path=str(screenshots / f"uno-scores-end-{size}.png"))
    rows = _rows(page, "#uno-summary-scores")
    assert next(iter(rows)) == "You" and len(rows) == 2
    for cells in rows.values():
        assert len(cells) == rounds + 1  # one column per round, then the total
    last = {name: cells[rounds - 1] for name, cells in rows.items()}
    assert sorted(last.values())[0] == "0✓"  # the player who went out scores nothing that round
    page.click("#uno-round-end-close")
    expect(summary).to_have_count(0)

    # After the end the Scores button shows the same table, totals as the scoreboard's.
    opener.click()
    expect(dialog.locator("#uno-round-scores")).to_be_visible()
    page.screenshot(path=str(screenshots / f"uno-scores-dialog-{size}.png"))
    again = _rows(page, "#uno-round-scores")
    assert again == rows
    totals = _totals(page)
    assert {name: int(cells[-1]) for name, cells in again.items()} == totals
    assert {name: sum(int(c.rstrip("✓")) for c in cells[:-1]) for name, cells in again.items()} == totals
    box = dialog.locator("#uno-by-round-close").bounding_box()
    assert box is not None and box["y"] + box["height"] <= SIZES[size]["height"]
    page.click("#uno-by-round-close")
    assert not round_over(page)
    assert table.errors == []
