"""A seeded room is the same match every time: the shared fixtures' promise that a test reaches the
situation it wants without waiting on luck, seen through the pages."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect
from tests.web.tables import PHONE, NewContext, Person, open_table

pytestmark = pytest.mark.browser


def _first_screen(new_context: NewContext, server_url: str, seed: int) -> str:
    table = open_table(new_context, server_url, "duos", [Person("Ana", PHONE)], bots={1: "random"}, seed=seed)
    cards = table.pages[0].locator("#duos-grid .duos-card")
    expect(cards).to_have_count(12)
    names = " | ".join(cards.all_inner_texts())  # the deal, which the bot's moves do not change
    assert table.errors == []
    return names


def test_the_same_seed_deals_the_same_cards_on_the_page(new_context: NewContext, server_url: str) -> None:
    first = _first_screen(new_context, server_url, 11)
    assert _first_screen(new_context, server_url, 11) == first
    assert _first_screen(new_context, server_url, 12) != first


def test_the_clock_plays_for_a_player_who_waits(new_context: NewContext, server_url: str) -> None:
    """docs/testing.md's example: in seed 3's deal Ana drafts first, and her 30 s run out at once."""
    table = open_table(new_context, server_url, "uno-duo", [Person("Ana", PHONE)],
                       bots={1: "random"}, seed=3, options={"turn_timer": 30})
    before = int(table.shown(0)["version"])
    table.advance()  # Ana's 30 s run out now
    expect(table.pages[0].locator("#uno-table")).not_to_have_attribute("data-version", str(before))
    assert table.errors == []
