"""A bot Portrayer describes as a person does, on the Artists' pages: the title and setting first,
typed at a person's pace, then the picture from left to right; in French print."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.duplik_fixtures import BOT, LAPTOP, PHONE, NewContext, Person, expect, seeded_table, wait_shown

SAID = "#duplik-said"
LINE_UP = re.compile("De gauche à droite|En partant de la gauche")  # the picture, left to right


def test_a_bot_portrayer_gives_the_title_first_then_the_picture_from_left_to_right(
        new_context: NewContext, server_url: str, screenshots: Path) -> None:
    people = [Person("Ana", LAPTOP, locale="fr-FR"), Person("Ben", PHONE, locale="fr-FR")]
    # A quick bot (its typing bursts at a third of a person's pauses): the test reads its text.
    table = seeded_table(new_context, server_url, people, BOT, bots={BOT: "normal"},
                         options={"lang": "fr"}, bot_pace=0.3)
    ana, ben = table.pages[0], table.pages[1]
    for page in (ana, ben):
        wait_shown(page, "d.phase === 'describe'")
    title = ana.locator("#duplik-title").evaluate("h => h.firstChild.textContent").strip()
    assert title
    for page in (ana, ben):
        # The title is the first thing said, while the bot is still typing.
        expect(page.locator(SAID)).to_contain_text(f"« {title} »")
        expect(page.locator(SAID)).to_contain_text(LINE_UP)
    for page in (ana, ben):
        said = page.locator(SAID).text_content() or ""
        found = LINE_UP.search(said)
        assert found and said.index("«") < found.start(), said
        assert "'" not in said, said  # French print: l’arbre, c’est
    ana.screenshot(path=str(screenshots / "duplik-bot-portrayer.png"))
    ben.screenshot(path=str(screenshots / "duplik-bot-portrayer-phone.png"))
    assert not table.errors
