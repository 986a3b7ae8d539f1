"""Find players in the browser: two people who press it for the same game sit at one table within
seconds, and one person alone may take bots when the wait for others shows no one."""

from __future__ import annotations

import re
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from tests.polling import until
from tests.web.conftest import LAPTOP, PHONE, Server
from tests.web.tables import SLOW, TABLE, NewContext, get

SIZES = {"laptop": LAPTOP, "phone": PHONE}


@pytest.fixture(scope="module")
def queue_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server of this module's own: the queues are the server's, and another test's people must not
    join these. Bots are offered after 4 s, so a test sees the countdown end, and a table that could
    take more waits 6 s for them (a page polls every second: the wait is seen with a margin for a
    loaded machine)."""
    server = Server(tmp_path_factory.mktemp("queue-server"),
                    args=("--queue-bots-seconds", "4", "--queue-more-seconds", "6"))
    server.start()
    try:
        yield server.url
    finally:
        server.stop()


def newcomer(new_context: NewContext, viewport: dict[str, int]) -> tuple[Page, list[str]]:
    """A browser that has never been here (no name stored); a phone has touch."""
    options: dict[str, Any] = {"viewport": viewport}
    if viewport["width"] < 600:
        options["has_touch"] = True
    page = new_context(**options).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


WAITING = re.compile(r"^\d+ (person|people) waiting$")


def find_players(page: Page, base: str, game: str, name: str) -> None:
    page.goto(f"{base}/queue/{game}")
    page.fill("#queue-name", name)
    page.click("#queue-find")


@pytest.mark.parametrize("size", SIZES)
def test_two_people_who_press_find_players_for_uno_duo_sit_at_one_table(
    new_context: NewContext, queue_server: str, size: str, screenshots: Path
) -> None:
    (ada, ada_errors), (bo, bo_errors) = (newcomer(new_context, SIZES[size]) for _ in range(2))
    ada.goto(f"{queue_server}/queue/uno-duo")
    expect(ada.locator("#queue-find")).to_have_text("Find players")  # a newcomer names themselves first
    ada.screenshot(path=str(screenshots / f"queue-name-{size}.png"))
    find_players(ada, queue_server, "uno-duo", "Ada")
    expect(ada.locator(".queue-line")).to_have_text("Looking for players…")
    expect(ada.locator(".queue-count")).to_have_text("1 person waiting")
    expect(ada.locator(".queue-rated")).to_be_hidden()  # the casual queue
    expect(ada.locator("#queue-bots")).to_be_visible()
    expect(ada.locator("#queue-cancel")).to_be_visible()
    ada.screenshot(path=str(screenshots / f"queue-waiting-{size}.png"))
    find_players(bo, queue_server, "uno-duo", "Bo")
    # Within seconds: the queue seats the pair at Bo's join; Ada's page hears of it at its next poll.
    for page in (ada, bo):
        page.wait_for_url("**/room/*", timeout=SLOW)
        page.wait_for_selector(f"{TABLE['uno-duo']}[data-version]", timeout=SLOW)
        expect(page.locator("li.seat .badge.you")).to_have_count(1)
    assert ada.url.split("/room/")[1] == bo.url.split("/room/")[1]
    code = bo.url.split("/room/")[1]
    room = get(queue_server, f"/api/rooms/{code}")
    assert sorted(seat["name"] for seat in room["seats"]) == ["Ada", "Bo"]
    assert room["status"] == "playing"
    bo.screenshot(path=str(screenshots / f"queue-seated-{size}.png"))
    assert ada_errors == [] and bo_errors == []


@pytest.mark.parametrize("size", SIZES)
def test_one_person_for_duos_takes_the_bots_offer_and_plays_among_bots(
    new_context: NewContext, queue_server: str, size: str, screenshots: Path
) -> None:
    ada, errors = newcomer(new_context, SIZES[size])
    find_players(ada, queue_server, "duos", "Ada")
    expect(ada.locator(".queue-countdown")).to_contain_text("Bots offered in")
    expect(ada.locator(".queue-countdown")).to_have_text(
        "Nobody else has come yet: play with bots, or keep waiting.")
    ada.screenshot(path=str(screenshots / f"queue-bots-offered-{size}.png"))
    ada.click("#queue-bots")
    ada.wait_for_url("**/room/*", timeout=SLOW)
    ada.wait_for_selector(f"{TABLE['duos']}[data-version]", timeout=SLOW)
    code = ada.url.split("/room/")[1]
    room = get(queue_server, f"/api/rooms/{code}")
    assert sorted(seat["kind"] for seat in room["seats"]) == ["bot", "bot", "human"]
    assert [seat["name"] for seat in room["seats"] if seat["kind"] == "human"] == ["Ada"]
    ada.screenshot(path=str(screenshots / f"queue-bots-table-{size}.png"))
    assert errors == []


def test_cancel_leaves_the_queue(new_context: NewContext, queue_server: str) -> None:
    ada, errors = newcomer(new_context, LAPTOP)
    find_players(ada, queue_server, "duplik", "Ada")
    expect(ada.locator(".queue-count")).to_have_text(WAITING)
    ticket = ada.evaluate("sessionStorage.getItem('duoplay.queue.duplik')")
    ada.click("#queue-cancel")
    ada.wait_for_url(f"{queue_server}/")
    with pytest.raises(Exception, match="404"):
        get(queue_server, f"/api/queue/{ticket}")
    assert errors == []


def gone(base: str, ticket: str) -> bool:
    try:
        get(base, f"/api/queue/{ticket}")
    except urllib.error.HTTPError as refusal:
        return refusal.code == 404
    return False


def test_opened_from_another_page_back_leaves_the_queue(new_context: NewContext, queue_server: str) -> None:
    ada, errors = newcomer(new_context, PHONE)
    ada.goto(f"{queue_server}/")
    ada.evaluate("localStorage.setItem('duoplay.name', JSON.stringify('Ada'))")
    # What the home page's Find players does: the queue takes over the page, with a name known.
    ada.evaluate("import('/static/queue.js')"
                 ".then((m) => m.openQueue(document.getElementById('main'), 'duplik'))")
    expect(ada.locator(".queue-count")).to_have_text("1 person waiting")
    assert ada.url == f"{queue_server}/queue/duplik"
    ticket = ada.evaluate("sessionStorage.getItem('duoplay.queue.duplik')")
    ada.go_back()
    ada.wait_for_url(f"{queue_server}/")
    expect(ada.locator(".queue-page")).to_have_count(0)
    assert gone(queue_server, ticket)
    assert errors == []


def test_a_closed_tab_leaves_the_queue(new_context: NewContext, queue_server: str) -> None:
    ada, _ = newcomer(new_context, LAPTOP)
    find_players(ada, queue_server, "duplik", "Ada")
    # Ada waits (with whoever an earlier test's closing page left in this module's queue a moment longer).
    expect(ada.locator(".queue-count")).to_have_text(WAITING)
    ticket = ada.evaluate("sessionStorage.getItem('duoplay.queue.duplik')")
    ada.close(run_before_unload=True)
    # The page's last request (keepalive) may land just after the close returns: wait on the state.
    assert until(lambda: gone(queue_server, ticket), True, seconds=10)


def test_three_for_duplik_see_their_table_about_to_start_then_sit_together(
    new_context: NewContext, queue_server: str, screenshots: Path
) -> None:
    people = [newcomer(new_context, LAPTOP) for _ in range(3)]
    for (page, _), name in zip(people, ("Ada", "Bo", "Cy"), strict=True):
        find_players(page, queue_server, "duplik", name)
    ada = people[0][0]
    # Duplik's minimum is there; it takes up to eight, so the table waits a little for more.
    expect(ada.locator(".queue-countdown")).to_contain_text("Enough players: the table starts in")
    expect(ada.locator("#queue-bots")).to_have_text("Start now")  # no bots needed: the table is there
    ada.screenshot(path=str(screenshots / "queue-enough-laptop.png"))
    for page, _ in people:
        page.wait_for_url("**/room/*", timeout=SLOW)
        page.wait_for_selector(f"{TABLE['duplik']}[data-version]", timeout=SLOW)
    assert len({page.url for page, _ in people}) == 1
    assert all(errors == [] for _, errors in people)


def test_the_rated_queue_says_so_and_is_its_own(new_context: NewContext, queue_server: str) -> None:
    ada, errors = newcomer(new_context, PHONE)
    ada.goto(f"{queue_server}/queue/duplik?rated=1")
    ada.fill("#queue-name", "Ada")
    ada.click("#queue-find")
    expect(ada.locator(".queue-rated")).to_have_text(
        "Rated: you are paired with players of a rating like yours")
    expect(ada.locator(".queue-count")).to_have_text("1 person waiting")
    ticket = ada.evaluate("sessionStorage.getItem('duoplay.queue.duplik.rated')")
    assert get(queue_server, f"/api/queue/{ticket}")["rated"] is True
    ada.click("#queue-cancel")
    ada.wait_for_url(f"{queue_server}/")
    assert errors == []
