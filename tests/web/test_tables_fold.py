"""The hand and the controls for the current decision are in view without scrolling, on a laptop
(1366x657: a 768 px screen minus the browser's bars) and a phone (390x844), in every phase met."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page
from tests.web import duos_fixtures as duos
from tests.web.driver import act_once, bot_table, round_over, version, wait_for_change
from tests.web.tables import SIZES, NewContext, Person

pytestmark = pytest.mark.browser

# Played as the pages play (the first playable card) against the seeded random bot, seat 0 meets
# every kind of decision in its first 16: the draft, a turn with a wild to play (the colour picker
# opens), a drawn card, a Draw 2 volley, a Wild Draw 4 to challenge or accept, a Reverse's dump.
EVERY_DECISION = 800
MET = {"draft", "turn", "picker", "drawn", "volley", "challenge", "dump-decide"}

# The bottom edges of what a player needs now, measured from the top of the page as it first shows.
_MEASURE = """() => {
  window.scrollTo(0, 0);
  const bottom = (selector) => { const el = document.querySelector(selector);
    if (!el || !el.getClientRects().length) return null;
    const r = el.getBoundingClientRect(); return r.height ? Math.round(r.bottom) : null; };
  const toasts = [...document.querySelectorAll('.toast')].map((t) => t.getBoundingClientRect().toJSON());
  const mine = document.getElementById('uno-me');
  return {phase: document.getElementById('uno-table').dataset.phase, height: window.innerHeight,
          hand: bottom('#uno-hand'), mine: bottom('#uno-me'), actions: bottom('#uno-actions'),
          prompt: bottom('#uno-prompt'),
          picker: bottom('.colour-picker'), mineBox: mine.getBoundingClientRect().toJSON(), toasts};
}"""


def _check_in_view(page: Page, where: str) -> str:
    shown = page.evaluate(_MEASURE)
    for part in ("mine", "hand", "actions", "prompt", "picker"):
        if shown[part] is not None:
            assert shown[part] <= shown["height"], f"{where}: {part} ends at {shown[part]} px ({shown})"
    mine = shown["mineBox"]
    for toast in shown["toasts"]:  # a toast never covers the hand
        assert toast["bottom"] <= mine["top"] or toast["top"] >= mine["bottom"], f"{where}: toast on the hand"
    phase: str = shown["phase"]
    return phase


def _my_decision_or_the_end(page: Page, after: int) -> None:
    """Wait for a state newer than `after` in which this seat decides, or for the round's end."""
    page.wait_for_function("""([after]) => { const t = document.getElementById('uno-table');
      return document.getElementById('uno-round-end') || (Number(t.dataset.version) > after
        && t.dataset.toMove.split(',').includes(t.dataset.seat)); }""", arg=[after])


@pytest.mark.parametrize("size", SIZES)
def test_uno_duo_hand_and_controls_stay_in_view(new_context: NewContext, server_url: str, size: str) -> None:
    # Still: what is measured is where things end up, not how they move there.
    table = bot_table(new_context, server_url, Person("Ada", SIZES[size], reduced_motion=True),
                      seed=EVERY_DECISION, options={"target_score": 500})
    page = table.pages[0]
    seen: set[str] = set()
    shown = -1
    for _ in range(40):
        _my_decision_or_the_end(page, shown)
        if round_over(page):
            break
        phase = _check_in_view(page, f"{size}, {page.locator('#uno-table').get_attribute('data-phase')}")
        seen.add(phase)
        wild = page.locator("#uno-hand button.card[data-legal='1'][data-card^='wild']")
        if phase == "turn" and wild.count() and "picker" not in seen:
            wild.first.click()  # the colour picker opens: the hand must stay in sight
            page.wait_for_selector(".colour-picker")
            _check_in_view(page, f"{size}, choosing a colour")
            seen.add("picker")
        if seen >= MET:
            break
        shown = version(page)
        assert act_once(page)
        wait_for_change(page, shown)
    assert seen >= MET, seen
    assert table.errors == []


@pytest.mark.parametrize("seats", [2, 3])
@pytest.mark.parametrize("size", SIZES)
def test_duos_cards_and_lock_in_stay_in_view(new_context: NewContext, server_url: str, size: str,
                                             seats: int) -> None:
    """Two seats play co-op (with the helps), three play against each other."""
    context = new_context(viewport=SIZES[size])
    context.add_init_script("localStorage.setItem('duoplay.name', JSON.stringify('Ada'))")
    page = context.new_page()
    code = duos.new_room(server_url, seats)
    duos.enter(page, server_url, code, 0)
    for seat in range(1, seats):
        duos.add_bot(page, seat, "random")
    duos.start(page)
    page.wait_for_selector("#duos-lock:not([disabled])")
    page.click("#duos-grid .duos-card[data-pos='0']")  # a card picked: the controls still in sight
    shown = page.evaluate("""() => { window.scrollTo(0, 0);
      const bottom = (s) => { const e = document.querySelector(s); return e && !e.hidden
        ? Math.round(e.getBoundingClientRect().bottom) : 0; };
      return {grid: bottom('#duos-grid'), lock: bottom('#duos-lock'), undo: bottom('#duos-undo'),
              helps: bottom('#duos-helps'), height: window.innerHeight}; }""")
    for part in ("grid", "lock", "undo", "helps"):
        assert shown[part] <= shown["height"], f"{size}, {seats} seats: {part} below the fold ({shown})"
    assert (shown["helps"] > 0) == (seats == 2)
