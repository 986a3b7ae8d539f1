"""Duplik in real browsers against a real server: two people draw what the bot Portrayer describes,
judge each other's drawing criterion by criterion, dispute a verdict and vote on it, and see the
reveal, with the drawings downloadable."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from tests.web.duplik_fixtures import (
    BOT,
    NewContext,
    act,
    draw,
    expect,
    house,
    judge,
    strokes_on,
    two_people_and_a_bot,
    wait_shown,
)

pytestmark = pytest.mark.browser


def test_two_people_draw_judge_dispute_vote_and_see_the_reveal(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    table = two_people_and_a_bot(new_context, server_url, BOT)
    pages = table.pages
    ana, ben = pages[0], pages[1]
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'describe'")
        expect(page.locator("#duplik-canvas.duplik-pad-on")).to_be_visible()
    # The bot's description reaches both Artists as it is typed.
    expect(ana.locator("#duplik-said")).to_contain_text(re.compile(r"\w+ \w+"))
    house(ana)
    draw(ben, [(0.1, 0.1), (0.9, 0.9)])
    draw(ben, [(0.1, 0.9), (0.9, 0.1)])
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "3")
    ana.locator("#duplik-undo").click()
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "2")
    draw(ana, [(0.75, 0.15), (0.86, 0.2), (0.75, 0.25)])
    expect(ana.locator("#duplik-canvas")).to_have_attribute("data-strokes", "3")
    ana.screenshot(path=str(screenshots / "duplik-drawing-laptop.png"))
    for page in (ana, ben):
        page.locator("#duplik-done").click()
    # Pens down once both pencils are down; the bot passes the drawings; each judges the other's.
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'judge'")
    expect(ana.locator("#duplik-judged")).to_have_attribute("data-artist", "1")
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    assert strokes_on(ben, "#duplik-judged svg") == 3  # Ana's drawing, as the server kept it
    assert strokes_on(ana, "#duplik-judged svg") == 2
    expect(ana.locator("#duplik-criterion")).to_have_attribute("data-number", "1")
    act(ana, ana.locator("#duplik-yes"))
    act(ben, ben.locator("#duplik-no"))
    # Ana sees Ben's verdict on her drawing at once, and disputes it.
    expect(ana.locator("#duplik-your-verdict")).to_have_attribute("data-holds", "false")
    ana.screenshot(path=str(screenshots / "duplik-judging-laptop.png"))
    act(ana, ana.locator("#duplik-dispute"))
    # The vote goes to the other Judge (never the Portrayer): Ben sees Ana's drawing and votes.
    wait_shown(ben, "d.vote === '0:open'")
    expect(ben.locator("#duplik-judged")).to_have_attribute("data-artist", "0")
    expect(ben.locator("#duplik-status")).to_contain_text("Vote: does Ana's drawing meet criterion 1?")
    expect(ana.locator("#duplik-status")).to_contain_text("The others are voting on your drawing")
    ben.screenshot(path=str(screenshots / "duplik-vote-laptop.png"))
    act(ben, ben.locator("#duplik-vote-yes"))
    expect(ana.locator("#duplik-log")).to_contain_text("The vote: 1 yes, 0 no")
    expect(ana.locator("#duplik-log")).to_contain_text("Settled: your drawing meets criterion 1")
    expect(ben.locator("#duplik-log")).to_contain_text("Settled: Ana's drawing meets criterion 1")
    judge(pages)  # every criterion met, every verdict accepted, until the reveal
    # The reveal: the scene beside both drawings, with points, for everyone; it stays open until
    # its reader closes it, though the bot Portrayer goes on to the next round.
    reveal = "#duplik-reveal-round"
    for page in (ana, ben):
        expect(page.locator(f"{reveal} .duplik-item")).to_have_count(3)
        expect(page.locator(f"{reveal} .duplik-original svg")).to_be_visible()
        expect(page.locator(f"{reveal} .duplik-points")).to_have_count(2)
    assert ana.locator(f"{reveal} .duplik-item[data-artist='0'] svg").get_attribute("data-strokes") == "3"
    ana.screenshot(path=str(screenshots / "duplik-reveal-laptop.png"))
    with ben.expect_download() as download:
        ben.locator(f"{reveal}-download-0").click()
    saved = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "duplik-round1-ana.svg"
    assert saved.startswith("<svg") and saved.count("<path") == 3
    # Ana scored the golden criterion or not, but criterion 1 counts for her after the vote.
    points = ana.locator(f"{reveal} .duplik-item[data-artist='0'] .duplik-points").inner_text()
    assert int(points.split()[0]) >= 1
    ana.locator("#duplik-reveal-close").click()
    expect(ana.locator(reveal)).to_have_count(0)
    wait_shown(ana, "d.round === '2'")
    assert table.errors == []
