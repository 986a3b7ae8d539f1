"""Each Artist bot draws in a hand of its own: two bots at one table never hand in the same
picture, a bot keeps its hand all match, and a hand never changes what the drawing means."""

from __future__ import annotations

import pickle
import random

from tests.games.duplik.tables import describing, state

from duoplay.games.duplik.actions import Describe, Draw
from duoplay.games.duplik.bots import DuplikBot
from duoplay.games.duplik.describe import description
from duoplay.games.duplik.hand import PLAIN, Hand
from duoplay.games.duplik.listen import listen
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.generate import DIFFICULTIES, generate
from duoplay.games.duplik.scenes.words import LANGUAGES
from duoplay.games.duplik.sketch import draw, place


def _drawings(seed: int, bots: dict[int, DuplikBot]) -> dict[int, Draw]:
    """The Portrayer has said the whole description; each bot Artist draws from it."""
    match = describing(3, seed=seed, lang=LANGUAGES[seed % len(LANGUAGES)])
    round_ = state(match).round
    assert round_.scene is not None
    lang = match.view(round_.portrayer)["lang"]
    match.act(round_.portrayer, Describe(description(round_.scene, lang, round_.golden)))
    drawn = {}
    for seat, bot in bots.items():
        action = bot.choose(match.view(seat), match.legal_actions(seat), seat)
        assert isinstance(action, Draw)
        drawn[seat] = action
    return drawn


def _points(action: Draw) -> set[tuple[tuple[int, int], ...]]:
    return {stroke.points for stroke in action.drawing.strokes}


def test_two_bots_in_one_round_never_draw_the_same_picture() -> None:
    for seed in range(40):
        match = describing(3, seed=seed)
        artists = [s for s in range(3) if s != state(match).round.portrayer]
        # Even bots made from one seed: the seat tells their hands apart.
        for bots in ({s: DuplikBot(seed) for s in artists}, {s: DuplikBot(seed * 7 + s) for s in artists}):
            first, second = _drawings(seed, bots).values()
            assert _points(first) != _points(second), seed
            assert not _points(first) & _points(second), seed  # not one stroke alike


def test_a_bot_keeps_its_hand_all_match_even_between_moves() -> None:
    bot = DuplikBot(4)
    hand = bot.hand(1)
    again: DuplikBot = pickle.loads(pickle.dumps(bot))  # a bot's memory between two moves
    assert again.hand(1) == hand and bot.hand(1) == hand
    heard = listen("a cat under the table, a lamp on the left", "en")
    assert draw(heard, 40, hand) == draw(heard, 40, again.hand(1))
    others = {DuplikBot(s).hand(1) for s in range(20)} | {DuplikBot(4).hand(s) for s in range(2, 6)}
    assert len(others) == 24  # every bot its own hand


def test_a_hand_never_changes_what_the_drawing_means() -> None:
    for seed in range(60):
        card = generate(seed, DIFFICULTIES[seed % 3])
        heard = listen(description(card, "en", 1), "en")
        planned = place(heard, random.Random(seed), PLAIN)
        for number in range(4):
            drawn = place(heard, random.Random(seed), Hand.of(seed * 10 + number))
            assert [holds(c, drawn) for c in card.criteria] == [holds(c, planned) for c in card.criteria]
            assert drawn != planned
