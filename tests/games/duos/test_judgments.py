"""The annotators' judgments of which cards people pair: every card of the deck has its links, every
link names a card of the same category, and the judged link reaches the bot's pairs."""

from __future__ import annotations

import json
from importlib import resources

from duoplay.games.duos.association import choose_pairs, relatedness
from duoplay.games.duos.cards import CATEGORIES, face_by_id, faces
from duoplay.games.duos.judgments import judged, judged_links


def _annotators() -> list[dict]:  # type: ignore[type-arg]
    folder = resources.files("duoplay.games.duos").joinpath("content", "judgments")
    files = [entry for entry in folder.iterdir() if entry.name.endswith(".json")]
    return [json.loads(entry.read_text("utf-8")) for entry in files]


def test_several_annotators_link_every_card_to_cards_of_its_category() -> None:
    annotators = _annotators()
    assert len(annotators) >= 3
    known = set(face_by_id())
    for annotator in annotators:
        assert annotator["method"] and annotator["how"]
        for category in CATEGORIES:
            cards = annotator["links"][category]
            assert {f"{category}/{card}" for card in cards} == {face.id for face in faces(category)}
            for card, partners in cards.items():
                assert 1 <= len(partners) <= 5
                for partner, strength in partners:
                    assert f"{category}/{partner}" in known and partner != card and strength in (1, 2, 3)


def test_judged_links_are_symmetric_and_between_zero_and_one() -> None:
    links = judged_links()
    assert links and all(0 < value <= 1 for value in links.values())
    assert judged("things/key", "things/padlock") == judged("things/padlock", "things/key") > 0.5
    assert judged("things/key", "animals/ant") == 0.0


def test_a_pair_every_annotator_gives_a_three_is_placed() -> None:
    # Key and Padlock on a board of things where nothing else goes with either.
    strongest = max((value, sorted(key)) for key, value in judged_links().items() if all(
        face_id.startswith("things/") for face_id in key))
    first, second = (face_by_id()[face_id] for face_id in strongest[1])
    others = [face for face in faces("things") if face.id not in strongest[1]][:10]
    board = [first, second, *others]
    names = [face.name("en") for face in board]
    pairs = choose_pairs(relatedness(names, "en", known=board))
    assert (0, 1) in pairs
