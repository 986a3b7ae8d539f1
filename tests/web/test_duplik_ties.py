"""Duplik's tied votes in real browsers: nobody decides on their own drawing. Three people, Ana
portraying: Ben disputes Cy's verdict on his drawing, Cy (the only other Judge) abstains, and the
tie goes to Ana, who sees Ben's drawing beside the card; Ben never gets the decision. With a bot
portraying, the bot leaves a tie on a person's drawing to the other players: the Judge, never
the author. Under the printed rule (`tie_breaker` "artist") the author decides, looking at their
own drawing."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from playwright.sync_api import Page
from tests.web.duplik_fixtures import (
    BOT,
    LAPTOP,
    PHONE,
    NewContext,
    Person,
    act,
    draw,
    expect,
    house,
    seeded_table,
    strokes_on,
    two_people_and_a_bot,
    wait_shown,
)

pytestmark = pytest.mark.browser

DECIDE = ("#duplik-decide-yes", "#duplik-decide-no", "#duplik-decide-others")


def _no_decision(page: Page) -> None:
    for button in DECIDE:
        expect(page.locator(button)).to_have_count(0)


def _look(page: Page, screenshots: Path, name: str) -> None:
    """Keep what the page shows, in the docs' folder when asked and in /tmp to look at."""
    path = screenshots / name
    page.screenshot(path=str(path))
    shutil.copy(path, Path("/tmp") / name)


def test_three_people_a_dispute_tied_is_decided_by_the_portrayer_never_the_author(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    people = [Person("Ana", LAPTOP), Person("Ben", PHONE), Person("Cy", LAPTOP)]
    table = seeded_table(new_context, server_url, people, 0)
    ana, ben, cy = (table.pages[seat] for seat in range(3))
    for button in ("#duplik-draw-scene", "#duplik-roll", "#duplik-start"):
        act(ana, ana.locator(button))
    for page in (ben, cy):
        wait_shown(page, "d.phase === 'describe'")
    act(ana, ana.locator("#duplik-stop"))
    house(ben)
    draw(cy, [(0.1, 0.1), (0.9, 0.9)])
    for page in (ben, cy):
        page.locator("#duplik-done").click()
    wait_shown(ana, "d.phase === 'pass'")
    act(ana, ana.locator("#duplik-pass-left"))  # Ben's drawing goes to Cy, Cy's to Ben
    for page in (ben, cy):
        wait_shown(page, "d.phase === 'judge'")
    expect(cy.locator("#duplik-judged")).to_have_attribute("data-artist", "1")
    act(ben, ben.locator("#duplik-yes"))
    act(cy, cy.locator("#duplik-no"))
    expect(ben.locator("#duplik-your-verdict")).to_have_attribute("data-holds", "false")
    act(ben, ben.locator("#duplik-dispute"))
    # Cy, the only other Judge, abstains: a tie, and it goes to the Portrayer.
    wait_shown(cy, "d.vote === '1:open'")
    act(cy, cy.locator("#duplik-abstain"))
    for page in (ana, ben, cy):
        wait_shown(page, "d.vote === '1:tie'")
    expect(ana.locator("#duplik-status")).to_contain_text("The vote on Ben's drawing is tied: you decide")
    # Ana sees the drawing being decided, Ben's, named as his, beside the card she holds.
    judged = ana.locator("#duplik-judged")
    expect(judged).to_have_attribute("data-artist", "1")
    expect(judged.locator("figcaption")).to_have_text("Drawing by Ben")
    assert strokes_on(ana, "#duplik-judged svg") == 3
    expect(ana.locator("#duplik-compare svg.duplik-picture")).to_be_visible()
    expect(ana.locator("#duplik-decide-yes kbd")).to_have_text("T")
    expect(ana.locator("#duplik-decide-others")).to_be_visible()
    # The author is told who decides and has nothing to press; nor has Cy.
    expect(ben.locator("#duplik-status")).to_contain_text("The vote on your drawing is tied: Ana decides")
    expect(cy.locator("#duplik-status")).to_contain_text("The vote on Ben's drawing is tied: Ana decides")
    for page in (ben, cy):
        _no_decision(page)
    expect(ben.locator("#duplik-log")).to_contain_text("A tie on your drawing: Ana decides")
    _look(ana, screenshots, "duplik-tie-laptop.png")
    _look(ben, screenshots, "duplik-tie-author-phone.png")
    ana.set_viewport_size(PHONE)
    _look(ana, screenshots, "duplik-tie-phone.png")
    ana.set_viewport_size(LAPTOP)
    # Ben's key for a tie does nothing on his screen; Ana's does.
    ben.keyboard.press("t")
    ana.keyboard.press("t")
    expect(ben.locator("#duplik-log")).to_contain_text("Ana decides: ✓ met")
    expect(ben.locator("#duplik-log")).to_contain_text("Settled: your drawing meets criterion 1")
    expect(cy.locator("#duplik-log")).to_contain_text("Settled: Ben's drawing meets criterion 1")
    for page in (ana, ben, cy):
        wait_shown(page, "d.vote === ''")
    assert table.errors == []


def test_a_bot_portrayer_leaves_a_tie_on_a_persons_drawing_to_the_judge_not_the_author(
        new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)
    ana, ben = table.pages[0], table.pages[1]
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'describe'")
    house(ana)
    draw(ben, [(0.1, 0.1), (0.9, 0.9)])
    for page in (ana, ben):
        page.locator("#duplik-done").click()
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'judge'")
    act(ana, ana.locator("#duplik-yes"))
    act(ben, ben.locator("#duplik-no"))
    expect(ana.locator("#duplik-your-verdict")).to_have_attribute("data-holds", "false")
    act(ana, ana.locator("#duplik-dispute"))
    wait_shown(ben, "d.vote === '0:open'")
    act(ben, ben.locator("#duplik-abstain"))
    # The bot Portrayer cannot judge a person's drawing: it leaves the tie to the other players,
    # and the only other player is Ben, who votes again on Ana's drawing; Ana never decides.
    expect(ana.locator("#duplik-log")).to_contain_text("leaves the tie to the other players")
    wait_shown(ben, "d.vote === '0:open'")
    expect(ben.locator("#duplik-status")).to_contain_text(
        "Break the tie: does Ana's drawing meet criterion 1?")
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    expect(ben.locator("#duplik-judged figcaption")).to_have_text("Drawing by Ana")
    _no_decision(ana)
    expect(ana.locator("#duplik-vote-yes")).to_have_count(0)
    act(ben, ben.locator("#duplik-vote-yes"))
    expect(ana.locator("#duplik-log")).to_contain_text("Settled: your drawing meets criterion 1")
    assert table.errors == []


def test_under_the_printed_rule_the_author_decides_looking_at_their_own_drawing(
        new_context: NewContext, server_url: str) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT, options={"tie_breaker": "artist"})
    ana, ben = table.pages[0], table.pages[1]
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'describe'")
    house(ana)
    draw(ben, [(0.1, 0.1), (0.9, 0.9)])
    for page in (ana, ben):
        page.locator("#duplik-done").click()
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'judge'")
    act(ana, ana.locator("#duplik-yes"))
    act(ben, ben.locator("#duplik-no"))
    expect(ana.locator("#duplik-your-verdict")).to_have_attribute("data-holds", "false")
    act(ana, ana.locator("#duplik-dispute"))
    wait_shown(ben, "d.vote === '0:open'")
    act(ben, ben.locator("#duplik-abstain"))
    # The tie is Ana's, on her drawing: she sees her own drawing, not the one she holds (Ben's).
    wait_shown(ana, "d.vote === '0:tie'")
    expect(ana.locator("#duplik-status")).to_contain_text("The vote on your drawing is tied: you decide")
    expect(ana.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    expect(ana.locator("#duplik-judged figcaption")).to_have_text("Your drawing")
    expect(ana.locator("#duplik-decide-others")).to_have_count(0)
    expect(ben.locator("#duplik-status")).to_contain_text("The vote on Ana's drawing is tied: Ana decides")
    _no_decision(ben)
    act(ana, ana.locator("#duplik-decide-yes"))
    expect(ben.locator("#duplik-log")).to_contain_text("Ana decides: ✓ met")
    assert table.errors == []
