"""Duplik's bot: one seat that plays every role, from its view only.

As Portrayer it draws a scene card, rolls, reads the title and types a description at a quick
typist's pace as a person gives it (`describe`): the title and setting, the picture as a whole,
then the details, the golden criterion first; it passes the drawings to the left and moves on
after the reveal. As Artist it redraws from the description each time more of it has arrived
(`listen`, `sketch`) in a hand of its own (`hand`: two bots never draw the same picture), and
puts its pencil down once the Portrayer is done. As Judge it judges only a bot's drawing (from
the strokes' labels); a person's drawing it hands to the other Judges ("ask"), in a vote on a
person's drawing it abstains, and as a Portrayer breaking a tie on a person's drawing it leaves
it to the other players, so a person's drawing is always judged by people. It disputes a
verdict on its own drawing only when its own reading of the drawing disagrees.

At the table (option `at_the_table`) a bot cannot hear the Portrayer. As Portrayer it cannot
speak either, so it types as online and its words show on the Artists' phones. As Artist it
draws from typed words only (a bot Portrayer's); with drawings on paper it has no paper, so it puts
its pencil down at once and its drawing is blank: it never disputes, and breaks a tie on it
(under the printed rule, `tie_breaker` "artist") as "not met". As Judge it sees no paper
drawing, so it asks the other Judges, as it does for any person's drawing.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.games.duplik.actions import (
    ACCEPT,
    DISPUTE,
    DONE,
    DRAW_SCENE,
    LEFT,
    NEXT,
    ROLL,
    START,
    STOP,
    Action,
    Ballot,
    Decide,
    Describe,
    Draw,
    Pass,
    Verdict,
    parse_strokes,
)
from duoplay.games.duplik.describe import TYPING_CHARS_PER_SECOND, description
from duoplay.games.duplik.hand import Hand
from duoplay.games.duplik.listen import listen
from duoplay.games.duplik.scenes.catalog import scene
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.model import Criterion
from duoplay.games.duplik.sketch import boxes_of, draw
from duoplay.games.duplik.state import Drawing

TYPING_BURST = 4.0  # seconds of typing sent at once
CHOICE_SECONDS = (1.0, 2.5)
JUDGING_SECONDS = (1.5, 4.0)
DRAWING_SECONDS = 3.0
REVEAL_SECONDS = 15.0  # people look at the drawings beside the scene before the next round


def bot_delay(view: JSON, seat: int, rng: random.Random) -> float:
    """How long a person would take before this move."""
    phase = view.get("phase")
    if phase == "describe":
        return TYPING_BURST if seat == view.get("portrayer") else DRAWING_SECONDS
    if phase == "judge":
        return rng.uniform(*JUDGING_SECONDS)
    if phase == "reveal":
        return REVEAL_SECONDS
    return rng.uniform(*CHOICE_SECONDS)


def judge_drawing(strokes: list[JSON], bot: bool, criterion: JSON) -> bool | None:
    """Whether a drawing meets a criterion, read from a bot's labelled strokes; None for a person's."""
    if not bot:
        return None
    try:
        drawing = Drawing(parse_strokes(strokes), True)
    except ValueError:
        return False
    return holds(Criterion.from_json(criterion), boxes_of(drawing))


class DuplikBot:
    def __init__(self, seed: int | None = None) -> None:
        self.name = "normal"
        self._random = random.Random(seed)
        self._drawn_from: str | None = None
        self._hand_seed = self._random.getrandbits(32)
        self._hand: Hand | None = None

    def hand(self, seat: int) -> Hand:
        """This bot's hand, the same all match: from its seed and its seat, so that two bots at one
        table never draw alike, even made from the same seed."""
        if self._hand is None:
            self._hand = Hand.of(self._hand_seed * 16 + seat)
        return self._hand

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Action | None:
        phase = view.get("phase")
        portrayer = seat == view.get("portrayer")
        if phase == "choose":
            return DRAW_SCENE
        if phase == "roll":
            return ROLL
        if phase == "title":
            return START
        if phase == "describe":
            if portrayer:
                return self._describe(view)
            if (view.get("options") or {}).get("at_the_table") == "paper":
                return DONE if DONE in legal else None  # no paper in a bot's hands
            return self._draw(view, legal, seat)
        if phase == "pass":
            return Pass(LEFT)
        if phase == "reveal":
            return NEXT
        if phase == "judge":
            return self._judge(view, legal, seat)
        return legal[0] if legal else None

    def _describe(self, view: JSON) -> Action:
        card = view.get("card") or {}
        full = description(scene(card["id"]), view["lang"], int(view.get("golden") or 1))
        said = view.get("description", "")
        if len(said) >= len(full) or not full.startswith(said):
            return STOP
        burst = int(TYPING_BURST * TYPING_CHARS_PER_SECOND)
        return Describe(full[: len(said) + burst])

    def _draw(self, view: JSON, legal: Sequence[Any], seat: int) -> Action | None:
        text = view.get("description", "")
        if text != self._drawn_from:
            self._drawn_from = text
            return Draw(draw(listen(text, view.get("lang")), seed=len(text), hand=self.hand(seat)))
        if view.get("stopped") and DONE in legal:
            return DONE
        return None

    def _judge(self, view: JSON, legal: Sequence[Any], seat: int) -> Action:
        criteria = view.get("criteria") or []
        current = criteria[-1] if criteria else None
        drawings = {d["artist"]: d for d in view.get("drawings", [])}
        vote = view.get("vote")

        def verdict_on(artist: int) -> bool | None:
            shown = drawings.get(artist)
            if shown is None or current is None:
                return None
            return judge_drawing(shown["strokes"], shown["bot"], current)

        if vote is not None:
            if not vote.get("deciding"):
                return Ballot(verdict_on(vote["artist"]))
            reading = verdict_on(vote["artist"])
            if Decide(None) in legal:
                return Decide(reading)  # as a Judge: a person's drawing is left to the other players
            # The printed rule: the Artist decides on their own drawing, blank when it is on paper.
            blank = (view.get("options") or {}).get("at_the_table") == "paper"
            return Decide(not blank if reading is None else reading)
        if Verdict(None) in legal:
            holder = {int(a): j for a, j in view.get("judge_of", {}).items()}
            artist = next((a for a, j in holder.items() if j == seat), None)
            return Verdict(None if artist is None else verdict_on(artist))
        mine = verdict_on(seat)
        given = view.get("verdicts", {}).get(str(seat))
        if mine is not None and given is not None and mine != given and DISPUTE in legal:
            return DISPUTE
        return ACCEPT


BOTS = {"normal": lambda seed: DuplikBot(seed)}
