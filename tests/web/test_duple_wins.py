"""Duple's reveals and fairness in real browsers, on a 390x844 phone and a 1366x657 laptop: the word
won shows large on every player's page through the pause after the win and until the next race,
when it and the announcement go; a face-off nobody wins is played again under a new category, its
limit counted from its start; a word typed for other letters is kept but not sent unseen; a voter
sees how they voted, and a tied vote says that a tie refuses.

Seeded as the other Duple tests (duple_fixtures.SEED), but with the defaults this file is about on:
three categories for a face-off nobody wins, and a pause after a win, long so that only the test
ends it (`table.advance()`)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from tests.web.duple_fixtures import (
    LAPTOP,
    PHONE,
    SLOW,
    NewContext,
    Person,
    duple_table,
    first_faceoff,
    flip,
    race_on,
    send,
    wait_shown,
)
from tests.web.tables import in_viewport

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "laptop": LAPTOP}
WINS = {"faceoff_categories": 3, "win_pause_seconds": 10.0}


def people(size: str, *names: str) -> tuple[Person, ...]:
    return tuple(Person(name, SIZES[size]) for name in names or ("Ana", "Ben"))


def fits_sideways(page: Page) -> bool:
    return bool(page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"))


@pytest.mark.parametrize("size", SIZES)
def test_the_won_word_shows_large_on_every_page_until_the_next_race(
        new_context: NewContext, server_url: str, screenshots: Path, size: str) -> None:
    table = duple_table(new_context, server_url, people(size), options=WINS)
    ana, ben = table.pages[0], table.pages[1]
    first_faceoff(ana, ben)
    ben.locator("#duple-word").fill("pulpo")  # Ben is still typing when Ana's word wins
    send(ana, "patrulla")
    for page, label, who in ((ana, "Your winning word", "You"), (ben, "Winning word", "Ana")):
        # The first good word may wait for the judge's word lists.
        expect(page.locator("#duple-win-word")).to_have_text("patrulla", timeout=SLOW)
        expect(page.locator("#duple-win")).to_contain_text(label)
        expect(page.locator("#duple-win")).to_contain_text(f"{who} · U + P · ")
        wait_shown(page, "d.phase === 'pause'")
        assert in_viewport(page, "#duple-win") and fits_sideways(page)
        word = page.locator("#duple-win-word")
        size_px = float(word.evaluate("e => parseFloat(getComputedStyle(e).fontSize)"))
        assert size_px >= 36, size_px  # large: at least twice the page's text
        # The pause: nobody flips, no countdown, the line says what comes.
        expect(page.locator("#duple-flip")).to_have_count(0)
        expect(page.locator("#duple-timer")).to_be_hidden()
        expect(page.locator("#duple-status")).to_contain_text("Next race in a moment")
    expect(ana.locator("#duple-flash")).to_have_text("You win the face-off and take P")
    ana.screenshot(path=str(screenshots / f"duple-win-{size}.png"))
    ben.screenshot(path=str(screenshots / f"duple-win-{size}-other.png"))

    table.advance()  # the pause ends: the bot flips next, and the word stays up meanwhile
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'flip' && d.toMove === '2'")
        expect(page.locator("#duple-win-word")).to_have_text("patrulla")
    table.advance()  # the clock flips for the bot: C
    flip(ana, 0)  # L
    flip(ben, 1)  # O
    expect(ana.locator("#duple-win-word")).to_have_text("patrulla")
    table.advance()  # the bot flips I: Ana and the bot face off, L + I for "ropa"
    race_on(ana, "faceoff", "L,I", "ropa")
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'faceoff'")
        expect(page.locator("#duple-win")).to_be_hidden()
        expect(page.locator("#duple-flash")).to_have_text("")
    ana.screenshot(path=str(screenshots / f"duple-win-next-race-{size}.png"))

    # Ben's half-typed word waits, out of sight, for his next race: Ana's I against his O.
    expect(ben.locator("#duple-form")).to_be_hidden()
    send(ana, "bolsillo")
    expect(ben.locator("#duple-win-word")).to_have_text("bolsillo", timeout=SLOW)
    table.advance()  # the pause ends: Ana flips next
    flip(ana, 0)
    race_on(ben, "faceoff", "I,O", "verdura")
    box = ben.locator("#duple-word")
    expect(box).to_have_value("pulpo")
    expect(ben.locator("#duple-recheck")).to_have_text("New letters: check your word, then press Enter again")
    assert in_viewport(ben, "#duple-recheck")
    box.press("Enter")  # not sent against I + O unseen: the first Enter shows him the letters
    expect(ben.locator("#duple-recheck")).to_be_hidden()
    expect(box).to_have_value("pulpo")  # a word sent leaves the box at once: this one was not
    expect(ben.locator("#duple-answers li")).to_have_count(0)
    assert table.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_a_face_off_nobody_wins_is_played_again_and_a_word_typed_before_waits_for_a_look(
        new_context: NewContext, server_url: str, screenshots: Path, size: str) -> None:
    table = duple_table(new_context, server_url, people(size), options=WINS)
    ana, ben = table.pages[0], table.pages[1]
    first_faceoff(ana, ben)
    box = ana.locator("#duple-word")
    box.fill("pañuelo")  # typed under "vehiculo", not sent
    # The stuck signal comes 120 s into the face-off; its wait is over, and the limit left runs on
    # from the face-off's start: 600 s in all, so at most 480 s are left (not 600 again). The
    # lower bound is a margin for a loaded machine between the two moments.
    left = table.advance()["seconds_left"]
    assert 470 < left <= 480, left
    expect(ana.locator("#duple-new-category")).to_be_visible()
    seconds = int(ana.locator("#duple-timer").get_attribute("data-seconds") or "0")
    assert 400 < seconds <= 480, seconds

    table.advance()  # the limit: nobody won under "vehiculo"
    for page in (ana, ben):
        expect(page.locator("#duple-flash")).to_contain_text(
            "Nobody found a word: a new category for the same letters (2 of 3)")
        race_on(page, "faceoff", "U,P", "ropa")
        expect(page.locator("#duple-flip")).to_have_count(0)
    # Ana's word is still in her box, marked as typed for the question before.
    expect(box).to_have_value("pañuelo")
    recheck = ana.locator("#duple-recheck")
    expect(recheck).to_have_text("New category: check your word, then press Enter again")
    assert in_viewport(ana, "#duple-recheck") and fits_sideways(ana)
    ana.screenshot(path=str(screenshots / f"duple-recheck-{size}.png"))
    box.press("Enter")  # the first Enter only shows her the new question
    expect(ana.locator("#duple-recheck")).to_be_hidden()
    expect(box).to_have_value("pañuelo")  # a word sent leaves the box at once: this one was not
    expect(ana.locator("#duple-answers li")).to_have_count(0)
    box.press("Enter")
    expect(ana.locator("#duple-win-word")).to_have_text("pañuelo", timeout=SLOW)
    expect(ben.locator("#duple-win")).to_contain_text("Ana · U + P · ")
    assert table.errors == []


@pytest.mark.parametrize("size", SIZES)
def test_a_voter_sees_how_they_voted_and_a_tie_refuses_plainly(
        new_context: NewContext, server_url: str, screenshots: Path, size: str) -> None:
    table = duple_table(new_context, server_url, people(size, "Ana", "Ben", "Cy"), options=WINS, bot=False)
    ana, ben, cy = table.pages[0], table.pages[1], table.pages[2]
    first_faceoff(ana, ben)
    made_up = "upqzxw"  # both letters, no word: "not in the dictionary", which may be disputed
    send(ana, made_up)
    expect(ana.locator("#duple-mine")).to_contain_text("not in the dictionary", timeout=SLOW)
    ana.locator("#duple-appeal").click()
    for page in (ben, cy):
        expect(page.locator("#duple-vote-yes")).to_be_visible()
        expect(page.locator("#duple-actions")).to_contain_text("A majority accepts; a tie refuses")
    cy.locator("#duple-vote-no").click()
    expect(cy.locator("#duple-my-vote")).to_have_text("You voted no (a tie refuses the word)")
    expect(ben.locator("#duple-vote .duple-voted")).to_have_text("1 of 2 voted")
    # How Cy voted is Cy's alone.
    for page in (ana, ben):
        expect(page.locator("#duple-my-vote")).to_have_count(0)
    assert in_viewport(cy, "#duple-my-vote") and fits_sideways(cy)
    cy.screenshot(path=str(screenshots / f"duple-my-vote-{size}.png"))
    ben.locator("#duple-vote-yes").click()
    for page in (ana, ben, cy):
        expect(page.locator("#duple-flash")).to_have_text(f"A tied vote (1–1) refuses {made_up}")
        expect(page.locator("#duple-my-vote")).to_have_count(0)
    # The word is refused and the face-off goes on.
    race_on(ana, "faceoff", "U,P", "vehiculo")
    assert table.errors == []
