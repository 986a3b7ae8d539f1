"""Duple in real browsers against a real server: two people and a bot race face-offs to a tie and
its tie-break, and to a vote, everyone races an All Play, and a whole game ends with the summary; the
opponent's answers and results show on both pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from tests.web.duple_fixtures import (
    SLOW,
    NewContext,
    clock_moves,
    duple_table,
    first_faceoff,
    flip,
    move_clock,
    race_on,
    send,
    shown,
)

pytestmark = pytest.mark.browser

# Ana flips R and Ben E, both moons: a face-off for "adjetivo" (mejor) at once. Played on by the
# clock, the rest of this game has a single cascade, where a page pauses on the race that ended.
WHOLE_GAME_SEED = 1025


def _won(seat: str) -> str:
    """The win pile of `seat` on a page."""
    return f"#duple-piles .duple-seat[data-seat='{seat}'] .duple-won"


def test_two_people_tie_a_face_off_and_one_wins_its_tie_break(
    new_context: NewContext, server_url: str
) -> None:
    # The widest tie window: two answers sent one right after the other must both be in it.
    table = duple_table(new_context, server_url, options={"window_ms": 1000})
    ana, ben = table.pages[0], table.pages[1]
    flip(ana, 0)
    flip(ben, 1)
    for page in (ana, ben):
        race_on(page, "faceoff", "U,P", "vehiculo")
    # Ben's made-up word first: its verdict means the judge's word lists are loaded, so no answer
    # below waits for them (the server reads nothing while it loads them).
    send(ben, "upqzxw")
    expect(ana.locator("#duple-answers li.no[data-seat='1'] .word")).to_have_text("upqzxw", timeout=SLOW)
    # Both type the same good word, then send it: the second Enter follows the first by one
    # browser round trip, far inside the 1 s window, even on a loaded machine.
    for page in (ana, ben):
        page.locator("#duple-word").fill("patrulla")
    ana.keyboard.press("Enter")
    ben.keyboard.press("Enter")
    for page in (ana, ben):
        expect(page.locator("#duple-flash")).to_contain_text("Tie! New category:", timeout=SLOW)
    # The tie-break: the same racers and letters, a new category; Ana's word wins it.
    for page in (ana, ben):
        race_on(page, "faceoff", "U,P", "ropa")
    send(ana, "pañuelo")
    expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off and take P")
    expect(ben.locator("#duple-flash")).to_contain_text("Ana wins the face-off and takes P")
    for page in (ana, ben):
        expect(page.locator(_won("0"))).to_have_attribute("data-won", "1")
        expect(page.locator(_won("1"))).to_have_attribute("data-won", "0")
    assert table.errors == []


def test_a_rejected_word_goes_to_a_vote_and_is_accepted(
    new_context: NewContext, server_url: str, screenshots: Path
) -> None:
    table = duple_table(new_context, server_url)
    ana, ben = table.pages[0], table.pages[1]
    first_faceoff(ana, ben)
    made_up = "upqzxw"  # has both letters, is no word: "not in the dictionary", which may be disputed
    send(ana, made_up)
    expect(ana.locator("#duple-mine")).to_contain_text(
        "not in the dictionary", timeout=SLOW
    )  # the first word may wait for the judge's word lists
    # The opponent's result, on Ben's page.
    expect(ben.locator("#duple-answers li.no .word")).to_have_text(made_up)
    ana.locator("#duple-appeal").click()
    expect(ben.locator("#duple-vote")).to_contain_text(made_up)
    expect(ana.locator("#duple-status")).to_contain_text("The others are voting on your word")
    ben.screenshot(path=str(screenshots / "duple-vote-laptop.png"))
    ben.locator("#duple-vote-yes").click()
    expect(ana.locator("#duple-vote .duple-voted")).to_have_text("1 of 2 voted")
    # The bot has not voted (it would take minutes): the vote's clock runs out now, one yes of one.
    table.advance()
    expect(ana.locator("#duple-flash")).to_contain_text(f"The vote accepts {made_up} (1–0)")
    expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off")
    expect(ben.locator("#duple-flash")).to_contain_text("Ana wins the face-off")
    expect(ana.locator(_won("0"))).to_have_attribute("data-won", "1")
    assert table.errors == []


def test_everyone_races_in_an_all_play(new_context: NewContext, server_url: str) -> None:
    table = duple_table(new_context, server_url)
    ana, ben = table.pages[0], table.pages[1]
    # Nobody answers: the clock flips and ends the races until the category deck turns All Play.
    move_clock(table, clock_moves(until=lambda view: view["phase"] == "allplay"))
    for page in (ana, ben):
        race_on(page, "allplay", "I,E,Y")
        expect(page.locator("#duple-letters .duple-card.size-big")).to_have_count(3)
        # The card's name in the reader's language (the deck is Spanish: "Todos juegan").
        expect(page.locator("#duple-category")).to_contain_text("All Play")
        # The All Play's own clock (240 s; no other clock of the room is between 120 and 240 s).
        seconds = int(page.locator("#duple-timer").get_attribute("data-seconds") or "0")
        assert 120 < seconds <= 240, seconds
    assert ana.evaluate("() => document.activeElement && document.activeElement.id") == "duple-word"
    send(ana, "incluye")
    expect(ana.locator("#duple-flash")).to_contain_text("You win the All Play", timeout=SLOW)
    expect(ben.locator("#duple-flash")).to_contain_text("Ana wins the All Play")
    expect(ben.locator(_won("0"))).to_have_attribute("data-all-play", "1")
    assert table.errors == []


def test_a_whole_game_ends_with_the_summary(
    new_context: NewContext, server_url: str, screenshots: Path
) -> None:
    table = duple_table(new_context, server_url, seed=WHOLE_GAME_SEED)
    ana = table.pages[0]
    flip(ana, 0)
    flip(table.pages[1], 1)
    race_on(ana, "faceoff", "R,E", "adjetivo")
    send(ana, "mejor")
    # The first good word may wait for the judge's word lists.
    expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off", timeout=SLOW)
    # Then the clock plays on: it flips every card left and ends every race, until the letter
    # deck is empty and no clock is left to run.
    for _ in range(200):  # 70 flips and the races they start, at most two moves each
        if table.advance()["seconds_left"] is None:
            break
    summary = ana.locator("#duple-summary")
    expect(summary).to_contain_text("Game over", timeout=SLOW)
    rows = summary.locator("tbody tr")
    expect(rows).to_have_count(3)
    scores = [int(rows.nth(i).get_attribute("data-score") or "-1") for i in range(3)]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0
    assert rows.first.get_attribute("data-seat") == "0"  # Ana's face-off is the game's only win
    assert shown(ana)["phase"] == "over"
    ana.screenshot(path=str(screenshots / "duple-over-laptop.png"))
    assert table.errors == []
