"""Profiles and ratings as players see them: two people play a short rated match to its end, see
their ratings change at the table and on their profiles, with the match in their history and its
replay one click away; deleting a profile removes it."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Page, expect
from tests.web.axe import assert_accessible
from tests.web.conftest import Server
from tests.web.driver import play_until_round_ends, start
from tests.web.tables import PHONE, SIZES, SLOW, NewContext, Person, enter, new_room, player

pytestmark = pytest.mark.browser

# Two people playing the first playable card: Bo goes out after 25 moves (target 1: the match ends).
TWO_PEOPLE = 52


def _shot(page: Page, screenshots: Path, name: str) -> None:
    path = screenshots / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    shutil.copy(path, Path("/tmp") / f"profiles-{name}.png")


def _my_profile(page: Page) -> str:
    """Open this browser's profile from the top bar; its player id."""
    page.click("#my-profile")
    page.wait_for_url("**/player/*")
    expect(page.locator("#profile-own")).to_be_visible()
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("sizes", ["laptop-phone", "phone-laptop"])
def test_a_rated_match_shows_on_both_profiles_and_a_deleted_profile_is_gone(
        new_context: NewContext, own_server: Server, screenshots: Path, sizes: str) -> None:
    """Ada and Bo on a laptop and a phone, then the other way round. A server of its own, so its
    leaderboard holds only them."""
    ada_size, bo_size = sizes.split("-")
    server_url = own_server.url
    code = new_room(server_url, "uno-duo", 2, {"target_score": 1}, TWO_PEOPLE)
    ada, ada_errors = player(new_context, Person("Ada", SIZES[ada_size]))
    bo, bo_errors = player(new_context, Person("Bo", SIZES[bo_size]))
    enter(ada, server_url, code, 0)
    enter(bo, server_url, code, 1)
    start(ada)
    bo.wait_for_selector("#uno-table[data-version]")
    play_until_round_ends([ada, bo])
    for page in (ada, bo):
        expect(page.locator("#uno-game-result")).to_be_visible()
    # Both are rated now: the seats show the new ratings, provisional after one match.
    for page in (ada, bo):
        for seat in (0, 1):
            expect(page.locator(f"li.seat[data-seat='{seat}'] .seat-rating")).to_have_attribute(
                "data-provisional", "1")
    bo_rating = int(re.sub(r"\D", "", ada.locator("li.seat[data-seat='1'] .seat-rating").inner_text()))
    winner = int(bo_rating > 1500)
    for page, size in ((ada, ada_size), (bo, bo_size)):
        page.click("#uno-round-end-close")
        _shot(page, screenshots, f"room-{size}")

    ids = {}
    for name, page in (("Ada", ada), ("Bo", bo)):
        ids[name] = _my_profile(page)
        expect(page.locator("#profile-title")).to_have_text(name)
        card = page.locator("#ratings .rating-card[data-game='uno-duo']")
        expect(card.locator(".rating-value")).to_contain_text("±")
        expect(card.locator(".badge.provisional")).to_be_visible()
        expect(card.locator("svg.rating-chart circle")).to_have_count(2)  # before and after the match
        match = page.locator("#history .history-match")
        expect(match).to_have_count(1)
        won = (name == "Bo") == bool(winner)
        expect(match.locator(".history-change")).to_contain_text("+" if won else "−")
    _shot(ada, screenshots, f"profile-{ada_size}")
    _shot(bo, screenshots, f"profile-{bo_size}")
    assert_accessible(ada, f"own profile, {ada_size}")
    assert_accessible(bo, f"own profile, {bo_size}")
    # Bo is the seed's winner: up for Bo, down for Ada, on the profiles as at the table.
    assert winner == 1
    expect(bo.locator("#history .history-result")).to_have_text("Won")
    expect(ada.locator("#history .history-result")).to_have_text("Lost")

    # The history's replay link opens the match's replay.
    ada.click("#history .history-replay")
    expect(ada.locator("#frame-counter")).to_contain_text("Move 0 of", timeout=SLOW)  # built off the loop

    # Others see Ada's name, ratings and matches, and none of the owner's controls.
    bo.goto(f"{server_url}/player/{ids['Ada']}")
    expect(bo.locator("#profile-title")).to_have_text("Ada")
    expect(bo.locator("#history .history-match")).to_have_count(1)
    expect(bo.locator("#profile-own")).to_have_count(0)

    # Both are on the game's leaderboard, the winner first, each row linking to the profile.
    ada.goto(f"{server_url}/leaderboard/uno-duo")
    expect(ada.locator("#leaderboard-table td.who a")).to_have_text(["Bo", "Ada"])
    assert_accessible(ada, f"leaderboard, {ada_size}")
    ada.click("#leaderboard-table td.who a:has-text('Bo')")
    expect(ada.locator("#profile-title")).to_have_text("Bo")
    ada.go_back()

    # Bo deletes his profile: asked first, then gone for everyone.
    bo.goto(f"{server_url}/player/{ids['Bo']}")
    bo.click("#delete-profile")
    expect(bo.locator("#delete-confirm")).to_be_visible()
    _shot(bo, screenshots, f"delete-{bo_size}")
    assert_accessible(bo, f"delete confirmation, {bo_size}")
    bo.click("#delete-for-good")
    expect(bo.locator("#profile-gone")).to_contain_text("deleted")
    expect(bo.locator("#my-profile")).to_have_count(0)
    _shot(bo, screenshots, f"gone-{bo_size}")
    assert httpx.get(f"{server_url}/api/players/{ids['Bo']}").status_code == 404
    ada.reload()
    expect(ada.locator("#leaderboard-table td.who a")).to_have_text(["Ada"])
    ada.goto(f"{server_url}/player/{ids['Ada']}")
    expect(ada.locator("#history .history-others")).to_have_text("with Seat 2")  # Bo's name is gone
    expect(ada.locator("#history .history-match")).to_have_count(1)
    _shot(ada, screenshots, f"after-delete-{ada_size}")
    assert ada_errors == [] and bo_errors == []


def test_a_leaderboard_lists_rated_players_by_game(new_context: NewContext, server_url: str,
                                                   screenshots: Path) -> None:
    page, errors = player(new_context, Person("Cy", PHONE))
    page.goto(f"{server_url}/leaderboard/duos")
    expect(page.locator("h1")).to_contain_text("DUOS")
    expect(page.locator(".leaderboard-games a[aria-current='page']")).to_have_text("DUOS")
    page.click(".leaderboard-games a:has-text('UNO Duo')")
    expect(page.locator("h1")).to_contain_text("UNO Duo")
    _shot(page, screenshots, "leaderboard-phone")
    assert errors == []
