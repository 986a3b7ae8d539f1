"""One Duplik round for learning agents: the scene dealt as the game deals it, the package's bots
in the roles an agent does not take, and the game's own scoring.

The scene is the top card of the deck the game shuffles for `seed` (starter cards and generated
scenes, as the room's options choose), and the golden criterion is rolled with the die of the
options (`golden_faces`). Each criterion is judged as the game's bot Judge judges a labelled
drawing (`facts.holds` on `sketch.boxes_of`); an Artist wins 1 point per criterion its drawing
meets, the golden one 3 (`judging.GOLDEN_POINTS`), and the Portrayer 1 per criterion that at
least one drawing meets (`judging.round_scores`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from duoplay.games.duplik.describe import description, typed
from duoplay.games.duplik.game import GAME
from duoplay.games.duplik.hand import Hand
from duoplay.games.duplik.judging import GOLDEN_POINTS
from duoplay.games.duplik.listen import listen
from duoplay.games.duplik.scenes.catalog import scene
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.model import Scene
from duoplay.games.duplik.scenes.words import criterion_text
from duoplay.games.duplik.sketch import boxes_of, draw
from duoplay.games.duplik.state import Drawing

HOURGLASS = 90.0  # the Portrayer's seconds, as the game's default option


@dataclass(frozen=True, slots=True)
class Dealt:
    scene: Scene
    golden: int  # 1-10
    lang: str

    def title(self) -> str:
        return self.scene.titles[self.lang]

    def criteria_text(self) -> str:
        """The ten criteria, numbered, the golden one marked."""
        marks = {self.golden - 1: " (golden)"}
        return "\n".join(f"{i + 1}. {criterion_text(c, self.lang)}{marks.get(i, '')}"
                         for i, c in enumerate(self.scene.criteria))


def deal(seed: int, lang: str = "en", scenes: str = "mixed", difficulty: str = "normal") -> Dealt:
    options = GAME.parse_options({"lang": lang, "scenes": scenes, "difficulty": difficulty})
    state = GAME.setup(3, options, seed)
    golden = random.Random(f"golden-{seed}").randrange(options.golden_faces) + 1
    return Dealt(scene(state.deck[0]), golden, lang)


def bot_description(dealt: Dealt, seconds: float = HOURGLASS) -> str:
    """What the Portrayer bot types in the hourglass."""
    return typed(description(dealt.scene, dealt.lang, dealt.golden), seconds)


def bot_drawing(text: str, lang: str, hand: int) -> Drawing:
    """The Artist bot's drawing of a description, in a hand of its own (as at the table)."""
    return draw(listen(text, lang), seed=len(text), hand=Hand.of(hand))


def met(dealt: Dealt, drawing: Drawing) -> list[bool]:
    """Each criterion, judged as the game's bot Judge judges a labelled drawing."""
    boxes = boxes_of(drawing)
    return [holds(c, boxes) for c in dealt.scene.criteria]


def artist_points(meets: Sequence[bool], golden: int) -> int:
    return sum((GOLDEN_POINTS if i + 1 == golden else 1) for i, m in enumerate(meets) if m)


def portrayer_points(drawings_met: Sequence[Sequence[bool]]) -> int:
    return sum(1 for criterion in zip(*drawings_met, strict=True) if any(criterion))
