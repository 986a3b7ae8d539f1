"""Scene cards: every criterion is true of the picture as drawn (read back from the SVG alone),
for thousands of generated seeds and every starter scene; difficulty levels, pencil-only
criteria by default, colours as an option, five languages."""

from __future__ import annotations

import pytest

from duoplay.games.duplik.scenes.catalog import scene, starter_ids
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.generate import DIFFICULTIES, generate, parse_scene_id, scene_id
from duoplay.games.duplik.scenes.model import COLOUR, CRITERIA, EXISTS, PENCIL_KINDS, Criterion
from duoplay.games.duplik.scenes.render import read_boxes, render
from duoplay.games.duplik.scenes.words import LANGUAGES, criterion_text

SEEDS = 1000  # per difficulty


def _criteria_hold_in_the_picture(card_id: str) -> list[Criterion]:
    card = scene(card_id)
    drawn = read_boxes(render(card))
    assert sorted(b.kind for b in drawn) == sorted(b.kind for b in card.boxes)
    return [c for c in card.criteria if not holds(c, drawn)]


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_every_generated_criterion_is_true_of_the_rendered_picture(difficulty: str) -> None:
    wrong = {}
    for seed in range(SEEDS):
        card = generate(seed, difficulty, colour=seed % 4 == 0)
        drawn = read_boxes(render(card))
        failed = [c for c in card.criteria if not holds(c, drawn)]
        if failed or len(set(card.criteria)) != CRITERIA:
            wrong[seed] = failed
    assert not wrong, f"criteria untrue of the picture: {dict(list(wrong.items())[:3])}"


def test_a_changed_picture_makes_criteria_false() -> None:
    """The re-derivation has teeth: mirror a picture and its left-of criteria stop holding."""
    from dataclasses import replace

    from duoplay.games.duplik.scenes.model import WIDTH, Box

    card = next(
        generate(s, "hard")
        for s in range(100)
        if any(c.kind == "left_of" for c in generate(s, "hard").criteria)
    )
    mirrored = tuple(
        Box(b.kind, WIDTH - b.right, b.y, b.w, b.h, b.facing, b.pattern, b.colour) for b in card.boxes
    )
    drawn = read_boxes(render(replace(card, boxes=mirrored)))
    assert any(not holds(c, drawn) for c in card.criteria if c.kind == "left_of")


def test_the_starter_set_holds_thirty_true_scenes() -> None:
    assert len(starter_ids()) >= 30
    for card_id in starter_ids():
        assert _criteria_hold_in_the_picture(card_id) == [], card_id
        assert len(set(scene(card_id).criteria)) == CRITERIA, card_id


def test_the_same_seed_gives_the_same_scene_and_its_id_makes_it_again() -> None:
    card = generate(7, "normal")
    assert render(card) == render(generate(7, "normal"))
    assert parse_scene_id(scene_id(7, "hard", True)) == (7, "hard", True)
    assert render(scene("gn7")) == render(card)
    assert parse_scene_id("gx7") is None and parse_scene_id("s01") is None


def test_difficulty_levels_ask_for_more_relations() -> None:
    def relations(difficulty: str) -> float:
        cards = [generate(s, difficulty) for s in range(200)]
        return sum(sum(c.kind != EXISTS for c in card.criteria) for card in cards) / len(cards)

    assert relations("easy") < relations("normal") < relations("hard")


def test_criteria_speak_of_what_a_pencil_shows_unless_colours_are_allowed() -> None:
    kinds = {c.kind for s in range(300) for c in generate(s, "hard").criteria}
    kinds |= {c.kind for i in starter_ids() for c in scene(i).criteria}
    assert COLOUR not in kinds and kinds <= PENCIL_KINDS
    coloured = {c.kind for s in range(50) for c in generate(s, "normal", colour=True).criteria}
    assert COLOUR in coloured


def test_titles_criteria_and_names_in_every_language() -> None:
    for card in [scene(i) for i in starter_ids()] + [generate(s, "hard", colour=True) for s in range(100)]:
        assert set(card.titles) == set(LANGUAGES) and all(card.titles.values())
        for lang in LANGUAGES:
            texts = [criterion_text(c, lang) for c in card.criteria]
            assert all(t[0].isupper() and t.endswith(".") and "{" not in t for t in texts)
    english = [criterion_text(c, "en") for c in generate(3, "hard").criteria]
    assert len({criterion_text(c, lang) for c in generate(3, "hard").criteria for lang in LANGUAGES}) > len(
        english
    )


def test_french_scenes_use_the_typographic_apostrophe() -> None:
    """French print writes l’arbre, not l'arbre: in the titles and in every criterion."""
    cards = [scene(i) for i in starter_ids()] + [generate(s, "hard", colour=True) for s in range(100)]
    texts = [card.titles["fr"] for card in cards]
    texts += [criterion_text(c, "fr") for card in cards for c in card.criteria]
    assert not [text for text in texts if "'" in text]
    assert sum("’" in text for text in texts) > 10
