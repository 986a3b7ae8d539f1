"""Colour-blind mode: every coloured card shows its suit large on its face (a third of the card's
width or more), in the hand and on the discard pile, on a small laptop and on a phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page
from tests.web.driver import add_bot, play_past_the_draft, settle, start
from tests.web.tables import SIZES, NewContext, Person, enter, new_room, player

pytestmark = pytest.mark.browser

# After the draft seat 0 holds seven cards of all four colours, a blue 7 on the discard pile.
FOUR_COLOURS = 0
SUITS = {"R": "♥", "Y": "★", "G": "♣", "B": "♦"}


def _marks(page: Page) -> list[dict[str, Any]]:
    """Each shown coloured card: its code, its width, the suit glyph's drawn width and opacity."""
    found: list[dict[str, Any]] = page.evaluate("""() => [...document.querySelectorAll(
        '#uno-hand .card.face, #uno-discard-pile .card.face')].filter((c) => !c.classList.contains('wild'))
      .map((card) => { const suit = card.querySelector('.big-suit'); const range = document.createRange();
        range.selectNodeContents(suit); const glyph = range.getBoundingClientRect();
        return {card: card.dataset.card, width: card.getBoundingClientRect().width, glyph: glyph.width,
                text: suit.textContent, opacity: Number(getComputedStyle(suit).opacity),
                shown: getComputedStyle(suit).display !== 'none'}; })""")
    return found


@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_suit_marks_are_large_in_colour_blind_mode(new_context: NewContext, server_url: str,
                                                   size: str) -> None:
    page, errors = player(new_context, Person("Ada", SIZES[size], reduced_motion=True))
    page.context.add_init_script("localStorage.setItem('duoplay.pref.colourblind', 'true')")
    enter(page, server_url, new_room(server_url, "uno-duo", 2, seed=FOUR_COLOURS), 0)
    add_bot(page, 1, "random")
    start(page)
    play_past_the_draft(page)  # a whole hand to look at
    settle(page)  # the cards have landed
    assert page.evaluate("() => document.body.classList.contains('colourblind')")

    marks = _marks(page)
    assert len(marks) >= 4, marks
    for mark in marks:
        assert mark["shown"] and mark["text"] == SUITS[mark["card"][0]], mark
        assert mark["glyph"] >= mark["width"] / 3, mark
        assert mark["opacity"] >= 0.25, mark
    page.evaluate("document.getElementById('toasts').replaceChildren()")
    page.screenshot(path=f"/tmp/uno-suits-{size}.png")
    assert errors == []
