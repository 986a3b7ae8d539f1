"""`duoplay play duplik`: a person at a terminal draws what a bot describes, or describes for bots.

The command runs in this process with its input and output in our hands (see test_play_duple.py):
a script waits for what a person would see and types lines while the table's clock and the bots
(at 5% of a person's pace) run for real. Seed 3 has a bot portray first, seed 6 the person.
"""

from __future__ import annotations

import queue
import re
import threading

import pytest
from tests.cli.test_play_duple import Table as DupleTable
from tests.cli.test_play_duple import Transcript

from duoplay.cli.main import build_parser

pytestmark = pytest.mark.live

ARTIST_FIRST, PORTRAYER_FIRST = "3", "6"


class Table(DupleTable):
    """`duoplay play duplik ARGS` with a person typing lines into it."""

    def __init__(self, *args: str) -> None:  # the same table as Duple's, another game
        self.screen = Transcript()
        self._lines: queue.Queue[str | None] = queue.Queue()
        self.code: int | None = None
        parsed = build_parser().parse_args(["play", "duplik", "--no-color", "--bot-pace", "0.05", *args])
        self._thread = threading.Thread(target=self._run, args=(parsed,), daemon=True)
        self._thread.start()

    def quit(self) -> int:
        self.type("/quit")
        return self.finish()


def test_a_person_draws_typed_shapes_from_the_bots_description_and_judges() -> None:
    table = Table("--seed", ARTIST_FIRST)
    table.wait_for(r"• The hourglass turns: 90 seconds to describe and draw\.")
    table.wait_for(r"• Bot 3: «\w")  # the description as it is typed
    at = table.type("circle 50 35 10")
    table.wait_for(r"• Your drawing: 1 stroke\. /show to see it\.", at)
    at = table.type("box 10 10 20 20")
    table.wait_for(r"• Your drawing: 2 strokes\.", at)
    at = table.type("/undo")
    table.wait_for(r"• Your drawing: 1 stroke\.", at)
    at = table.type("a cat")  # no shape: the cue says what to type
    table.wait_for(r"→ Draw: circle X Y R · box X Y W H", at)
    at = table.type("/show")
    shown = table.wait_for(r"  Your drawing:\n((?:.*\n){24})", at).group(1)
    assert re.search("[\u2801-\u28ff]", shown), "the circle in Braille dots"
    assert "Bot 3 says:" in table.screen.text[at:]
    at = table.type("/done")
    table.wait_for(r"• You put your pencil down\.", at)
    table.wait_for(r"• The drawings pass to the left\. You judge bot 2's drawing\.", at)
    cue = table.wait_for(r"→ Criterion 1: (.+)\n  Does bot 2's drawing meet it \(/show to see it\)\? "
                         r"/yes, /no or /ask\.", at)
    assert cue.group(1)
    at = table.type("/yes")
    table.wait_for(r"• You tick bot 2's drawing\.", at)
    assert table.quit() == 0
    assert "Traceback" not in table.screen.text


def test_a_person_portrays_line_by_line_and_bots_draw_and_judge() -> None:
    table = Table("--seed", PORTRAYER_FIRST, "--describe-seconds", "60")
    table.wait_for(r"→ Choose a scene card: type its number, or /draw for the top card unseen\.")
    at = table.type("1")
    table.wait_for(r"• You take a scene card\.", at)
    table.wait_for(r"→ Press Enter to roll for the golden criterion\.", at)
    at = table.type("")
    golden = int(table.wait_for(r"• The golden die shows (\d+)", at).group(1))
    at = table.type("/show")
    card = table.wait_for(r"  Your scene card \((\w+); `duoplay duplik scene --id \w+ --out scene.svg`", at)
    assert card.group(1)
    table.wait_for(rf"   ★ ?{golden}\. ", at)  # the golden criterion is starred
    at = table.type("")
    table.wait_for(r"• The hourglass turns: 60 seconds", at)
    at = table.type("There is a big tree on the left.")
    table.wait_for(r"• The Artists read: «There is a big tree on the left\.»", at)
    at = table.type("A small cat sits under the tree.")
    table.wait_for(r"• The Artists read: «There is a big tree on the left\. "
                   r"A small cat sits under the tree\.»", at)
    at = table.type("/stop")
    table.wait_for(r"• You have finished describing\.", at)
    table.wait_for(r"• Pencils down!", at)
    at = table.type("/left")
    table.wait_for(r"• The drawings pass to the left\.", at)
    # The bots judge each other's drawings, criterion by criterion, up to the reveal.
    table.wait_for(r"• Round 1 scores: you \d+, bot 2 \d+, bot 3 \d+\.", at, timeout=120)
    table.wait_for(r"→ Press Enter for the next round\.", at)
    assert table.quit() == 0
