"""DUOS in real browsers against a real server: one person and two bots through a whole game,
by taps and by keyboard, and a reload in the middle of pairing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.conftest import LAPTOP, PHONE
from tests.web.duos_fixtures import (
    AT_ONCE,
    SLOW,
    NewContext,
    add_bot,
    close_reveal,
    enter,
    lock_in,
    new_room,
    pairs_shown,
    player,
    quick_motion,
    replay,
    start,
    still,
    table_data,
    tap_pairs,
    wait_for_turn,
    wait_locked,
    wait_saved,
)
from tests.web.tables import Person

from duoplay.games.duos.cards import face_by_id
from duoplay.server.replays import replay_views

pytestmark = pytest.mark.browser

# Pairs a person might make; any disjoint pairs will do, the bots decide how many match.
TAPPED = [(0, 5), (2, 3), (7, 11)]


def _pair_by_keyboard(page: Page) -> None:
    """1 and 6 picked by number, Enter pairs them; arrows to 3 and 4, Enter; Backspace undoes one.
    A key reaches the table whatever it redraws meanwhile: no wait between the presses."""
    page.locator("#duos-grid .duos-card[data-pos='0']").focus()
    for key in ("1", "6", "Enter", "3", "ArrowRight", "Enter", "9", "=", "Enter"):
        page.keyboard.press(key)
    expect(page.locator("#duos-pair-count")).to_contain_text("3 of 4")
    page.keyboard.press("Backspace")
    expect(page.locator("#duos-pair-count")).to_contain_text("2 of 4")
    assert pairs_shown(page) == {(0, 5), (2, 3)}


def _reveal_rows(page: Page) -> list[tuple[str, str]]:
    rows = page.locator("#reveal-pairs li.reveal-pair").evaluate_all(
        "rs => rs.map(r => [r.dataset.pair, r.dataset.matchedBy])")
    return [(str(pair), str(by)) for pair, by in rows]


def test_one_person_and_two_bots_play_a_whole_game(new_context: NewContext, server_url: str,
                                                   screenshots: Path) -> None:
    # Any deal will do: what the reveals show is compared with the server's record of the match.
    # A fixed one (and the bots' choices from it) replays a failure as it was.
    code = new_room(server_url, 3, {"pairing_seconds": 300}, seed=5, bot_pace=AT_ONCE)
    page, errors = player(new_context, "Ada", PHONE)
    quick_motion(page)  # the reveal's pairs still come one by one, in a tenth of the time
    enter(page, server_url, code, 0)
    add_bot(page, 1, "association")
    add_bot(page, 2, "random")
    start(page)
    expect(page.locator("#duos-grid .duos-card")).to_have_count(12)
    expect(page.locator("#duos-grid .duos-card .pic svg")).to_have_count(12)  # every card has its picture
    expect(page.locator("#duos-status")).to_contain_text("You are the Narrator")
    timer = page.locator("#duos-timer")
    expect(timer).to_have_text(re.compile(r"^[45]:\d\d$"))

    reveals: dict[int, list[tuple[str, str]]] = {}
    points_rows: dict[int, list[str]] = {}
    for number in range(6):
        wait_for_turn(page, number)
        expect(page.locator("#duos-table")).to_have_attribute("data-turn", str(number), timeout=SLOW)
        expect(page.locator("#duos-head")).to_contain_text(f"Turn {number + 1} of 6")
        expect(page.locator("#duos-head")).to_contain_text(f"Round {number // 3 + 1}")
        # The bots lock in on their own; once they have, no state redraws the grid under a tap.
        wait_locked(page, [1, 2])
        if number % 2:
            _pair_by_keyboard(page)
        else:
            tap_pairs(page, TAPPED)
            assert pairs_shown(page) == set(TAPPED)
            # Four marker colours: each pair has its own.
            markers = page.locator("#duos-grid .duos-card[data-pair]:not([data-pair=''])").evaluate_all(
                "cs => [...new Set(cs.map(c => c.dataset.pair))]")
            assert len(markers) == 3
        if number == 0:
            # The table says who has locked in, never what they paired.
            bot = page.locator("#duos-players li[data-seat='1'][data-locked='1']")
            expect(bot).to_be_visible()
            expect(page.locator("#duos-players li[data-seat='1']")).to_contain_text("Locked in")
            assert page.locator("#duos-players li[data-seat='0']").get_attribute("data-locked") == "0"
            page.screenshot(path=str(screenshots / "duos-pairing-phone.png"))
        # Lock in once the table says the pairs are saved (a lock pressed within the save's
        # calm has once reached the server without them; that case is not covered here).
        wait_saved(page)
        lock_in(page)
        reveal = page.locator("#duos-reveal")
        expect(reveal).to_be_visible(timeout=SLOW)
        expect(reveal).to_contain_text(f"Turn {number + 1}: the reveal")
        reveals[number] = _reveal_rows(page)
        points_rows[number] = page.locator("#turn-points tr[data-seat]").all_inner_texts()
        if number == 0:
            expect(reveal).to_contain_text("You were the Narrator")
            still(page, "#duos-reveal")  # the pairs appear one by one: until the last has
            page.screenshot(path=str(screenshots / "duos-reveal-phone.png"))
        if number < 5:
            close_reveal(page)

    # The last reveal also shows the final result and the scoreboard of both rounds.
    final = page.locator("#duos-reveal")
    expect(final.locator("#duos-result")).to_be_visible()
    expect(final.locator("#duos-final-scores th.kit-group")).to_have_count(2)
    # The finished room links its replay; the server's record of the match is the truth to compare.
    link = page.locator("#replay-link").get_attribute("href") or ""
    truth = replay(server_url, link.rsplit("/", 1)[-1])
    scores = truth["header"]["outcome"]["scores"]
    history = replay_views(truth)[-1]["history"]
    assert len(history) == 6
    # What the reveals showed is what the server scored, pair by pair, and who matched it.
    for result in history:
        narrator = result["narrator"]
        expected = []
        for a, b in result["pairs"][narrator]:
            by = [s for s in range(3) if s != narrator and [a, b] in result["pairs"][s]]
            expected.append((f"{a}-{b}", ",".join(map(str, by))))
        assert reveals[result["turn"]] == expected
        rows = points_rows[result["turn"]]
        assert f"+{result['points'][narrator]} (Narrator bonus)" in rows[narrator]
    # My own placements reached the server: taps on even turns, the keyboard's on odd ones.
    for result in history:
        mine = {tuple(p) for p in result["pairs"][0]}
        assert mine == (set(TAPPED) if result["turn"] % 2 == 0 else {(0, 5), (2, 3)})
    totals = [int(t) for t in final.locator("#duos-final-scores td.kit-total").all_inner_texts()]
    assert totals == scores
    best = max(scores)
    winners = [s for s in range(3) if scores[s] == best]
    line = final.locator("#duos-result").inner_text()
    assert str(best) in line
    if winners == [0]:
        assert "You win" in line
    page.set_viewport_size(LAPTOP)
    still(page, "#duos-reveal")  # the last pairs appear one by one: until the last has
    page.screenshot(path=str(screenshots / "duos-final-laptop.png"))
    assert errors == []


def test_a_reload_while_pairing_keeps_the_placed_pairs(new_context: NewContext, server_url: str,
                                                        screenshots: Path) -> None:
    # Any deal will do; a fixed one replays a failure as it was. The reveal is whole at once
    # without motion (the pairs one by one are the test above's).
    code = new_room(server_url, 3, {"pairing_seconds": 300, "rounds": 1}, seed=6, bot_pace=AT_ONCE)
    page, errors = player(new_context, Person("Bo", LAPTOP, reduced_motion=True))
    enter(page, server_url, code, 0)
    add_bot(page, 1, "association")
    add_bot(page, 2, "association")
    start(page)
    expect(page.locator("#duos-status")).to_contain_text("You are the Narrator")
    # Once both bots have locked in nothing else happens: the pairing countdown runs down.
    wait_locked(page, [1, 2])
    # The countdown is checked for running down, not for a value. It ticks each second of the
    # page's time: 5 s is the margin a loaded machine gets for one tick.
    timer = page.locator("#duos-timer")
    expect(timer).to_have_text(re.compile(r"^[0-5]:[0-5]\d$"))
    first = int(timer.get_attribute("data-seconds") or 0)
    assert 0 < first <= 300
    expect(timer).not_to_have_attribute("data-seconds", str(first), timeout=5000)
    assert int(timer.get_attribute("data-seconds") or 0) < first
    # The language switch names the cards in Swedish too (the content has en, es, sv, pl, fr).
    page.select_option("#pref-lang", "sv")
    faces = page.locator("#duos-grid .duos-card").evaluate_all("cs => cs.map(c => c.dataset.face)")
    swedish = [face_by_id()[face].name("sv") for face in faces]
    expect(page.locator("#duos-grid .duos-card .name")).to_have_text(swedish)
    expect(page.locator("#duos-controls #duos-lock")).to_contain_text("Bekräfta")
    page.select_option("#pref-lang", "en")
    english = [face_by_id()[face].name("en") for face in faces]
    expect(page.locator("#duos-grid .duos-card .name")).to_have_text(english)
    tap_pairs(page, [(1, 4), (6, 10)])
    wait_saved(page)
    page.screenshot(path=str(screenshots / "duos-pairing-laptop.png"))
    page.reload()
    page.wait_for_selector("#duos-table[data-version]", timeout=SLOW)
    expect(page.locator("#duos-pair-count")).to_contain_text("2 of 4")
    assert pairs_shown(page) == {(1, 4), (6, 10)}
    # Still editable after the reload: one more pair, then lock in.
    tap_pairs(page, [(0, 11)])
    page.click("#duos-lock")
    page.click("#duos-confirm-lock-yes")  # three pairs: the table asks first
    expect(page.locator("#duos-reveal")).to_be_visible(timeout=SLOW)
    still(page, "#duos-reveal")
    page.screenshot(path=str(screenshots / "duos-reveal-laptop.png"))
    # As the Narrator, the reveal lists my pairs as the server scored them: all three.
    shown = page.locator("#reveal-pairs li.reveal-pair").evaluate_all("rs => rs.map(r => r.dataset.pair)")
    assert sorted(shown) == ["0-11", "1-4", "6-10"]
    assert table_data(page)["turn"] == "1"
    # Finish the match (three turns) so that no game keeps running on the shared server.
    for number in (1, 2):
        close_reveal(page)
        expect(page.locator("#duos-table")).to_have_attribute("data-turn", str(number))
        lock_in(page)
        expect(page.locator("#duos-reveal")).to_be_visible(timeout=SLOW)
    expect(page.locator("#duos-reveal #duos-result")).to_be_visible()
    assert errors == []
