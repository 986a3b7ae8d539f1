"""What people do at a table that once went astray: typing on while the screen changes under their
fingers, leaving text in the answer box, and losing the connection mid-move, on a phone and a
laptop. The kit handles keys and the connection for every table; Duple is where they were seen."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect
from tests.web.driver import act_once, linked_bot_table, my_moves, version, wait_for_change
from tests.web.duple_fixtures import (
    LAPTOP,
    PHONE,
    SLOW,
    NewContext,
    Person,
    calm,
    duple_table,
    first_faceoff,
    race_on,
    send,
)
from tests.web.link import Link
from tests.web.tables import in_viewport

pytestmark = pytest.mark.browser




# A person typing on when the screen changes: letters go into the answer box every 30 ms until
# `shown` (a selector) appears, and the next keys, typed as it appears, land on the page (the box
# is gone from under them). In the page, so that no round trip of the test's own (which a loaded
# machine can stretch past the typing grace) comes between the last letter and the next keys.
# It starts typing before it returns; `TYPED` waits for the end.
TYPE_ON = """([shown, after]) => {
  const box = document.getElementById("duple-word");
  box.focus();
  const press = (key, target) => target.dispatchEvent(new KeyboardEvent("keydown", {key, bubbles: true}));
  const letter = () => { press("s", box); box.value += "s"; };
  letter();
  window.typedOn = (async () => {
    while (!document.querySelector(shown)) {
      await new Promise((done) => setTimeout(done, 30));
      if (!document.querySelector(shown)) letter();
    }
    for (const key of after) press(key, document.body);
  })();
}"""
TYPED = "() => window.typedOn"


@pytest.mark.parametrize("person", [Person("Ana", LAPTOP), Person("Ana", PHONE)], ids=["laptop", "phone"])
def test_letters_typed_as_a_vote_opens_cast_no_vote(
    new_context: NewContext, server_url: str, person: Person
) -> None:
    """Ana is typing when Ben's appeal opens a vote and hides her box: the "n" and "y" she goes
    on typing are not ballots. Once she pauses, Y votes."""
    table = duple_table(new_context, server_url, people=(person, "Ben"))
    ana, ben = table.pages[0], table.pages[1]
    first_faceoff(ana, ben)
    send(ben, "upqzxw")  # no word: "not in the dictionary", which may be disputed
    expect(ben.locator("#duple-mine")).to_contain_text("not in the dictionary", timeout=SLOW)
    ana.evaluate(TYPE_ON, ["#duple-vote-yes", list("no yes n y")])  # Ana is typing a word
    ben.locator("#duple-appeal").click()
    ana.evaluate(TYPED)
    calm(ana)
    ana.keyboard.press("y")  # her one ballot: had a typed "n" been one, this would be refused
    expect(ben.locator("#duple-vote .duple-voted")).to_have_text("1 of 2 voted")
    table.advance()  # the bot has not voted (it would take minutes): the vote's clock runs out
    expect(ben.locator("#duple-flash")).to_contain_text("The vote accepts upqzxw (1–0)")
    assert table.errors == []


def test_the_answer_box_types_at_the_caret_and_marks_a_word_typed_for_the_last_category(
    new_context: NewContext, server_url: str
) -> None:
    table = duple_table(new_context, server_url)
    ana, ben = table.pages[0], table.pages[1]
    first_faceoff(ana, ben)
    # The face-off's first seconds are a wait, not a deadline: a hint, and no red clock.
    expect(ana.locator("#duple-unlock")).to_have_text(re.compile(r"^New category in \d+ s$"))
    expect(ana.locator("#duple-timer")).to_be_hidden()
    box = ana.locator("#duple-word")
    box.type("serv")
    ana.locator("#duple-category").click()  # the box loses the focus; "/" gives it back
    calm(ana)
    ana.keyboard.press("/")
    ana.keyboard.type("ic")
    expect(box).to_have_value("servic")  # typed on at the end, not before "serv"
    # Nobody finds a word: once the wait is over the racers may turn a new category, and the
    # countdown that shows now is the face-off's deadline.
    table.advance()
    expect(ana.locator("#duple-unlock")).to_be_hidden()
    expect(ana.locator("#duple-timer")).to_be_visible()
    ben.locator("#duple-new-category").click()
    race_on(ana, "faceoff", "U,P")
    # "servic" was typed for the category that went: it stays, marked, and Enter alone does not send it.
    expect(box).to_have_value("servic")
    expect(ana.locator("#duple-recheck")).to_contain_text("New category")
    box.press("Enter")
    expect(ana.locator("#duple-mine")).to_be_empty()
    assert table.errors == []


@pytest.mark.parametrize("person", [Person("Ana", LAPTOP), Person("Ana", PHONE)], ids=["laptop", "phone"])
def test_a_word_sent_while_the_connection_is_down_is_judged_once_it_is_back(
    new_context: NewContext, server_url: str, person: Person
) -> None:
    table = duple_table(new_context, server_url, people=(person, "Ben"), started=False)
    ana = table.pages[0]
    link = Link(ana)  # Ana's socket from here on goes through the test's hands
    ana.reload()
    ana.locator("#start:not([disabled])").click()
    ben = table.pages[1]
    first_faceoff(ana, ben)
    ana.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")  # far from the page's top

    link.drop()
    bar = ana.locator("#connection")
    expect(bar).to_have_text("Connection lost, reconnecting…")
    assert in_viewport(ana, "#connection"), "the connection bar is out of view"
    expect(ana.locator("#duple-unlock")).to_have_class(re.compile("kit-timer-paused"))
    send(ana, "patrulla")  # sent into the void: it waits for the connection
    expect(ana.locator("#duple-mine")).to_contain_text("patrulla")

    link.restore()
    expect(bar).to_be_hidden(timeout=SLOW)
    expect(ana.locator("#duple-flash")).to_contain_text("You win the face-off", timeout=SLOW)
    expect(ben.locator("#duple-log")).to_contain_text("patrulla")
    assert ben.locator("#duple-log li", has_text="patrulla").count() == 1  # judged once
    assert table.errors == []


@pytest.mark.parametrize("person", [Person("Ada", LAPTOP), Person("Ada", PHONE)], ids=["laptop", "phone"])
def test_an_uno_duo_move_made_while_the_connection_is_down_is_made_once_it_is_back(
    new_context: NewContext, server_url: str, person: Person
) -> None:
    table, link = linked_bot_table(new_context, server_url, person)
    page = table.pages[0]
    mine = my_moves(page)
    made = mine.count()
    before = version(page)

    link.drop()
    assert act_once(page)  # a card, or Draw: the move waits for the connection
    assert in_viewport(page, "#connection"), "the connection bar is out of view"
    assert version(page) == before

    link.restore()
    wait_for_change(page, before)
    expect(page.locator("#connection")).to_be_hidden()
    expect(mine).to_have_count(made + 1)  # made once, not lost and not twice
    assert table.errors == []
