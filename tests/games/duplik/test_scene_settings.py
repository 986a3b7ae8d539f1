"""What a player sees of a scene card beyond its criteria: the setting its title names is drawn,
the starter scenes hold what their titles promise, things read as what they are (a thing inside
a box is not striped by it, a trunk stops at the crown), things stand at different depths, and
the cards the Portrayer looks through never share a title."""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from duoplay.games.duplik.options import DuplikOptions
from duoplay.games.duplik.scenes.catalog import scene, starter_ids
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.generate import generate
from duoplay.games.duplik.scenes.library import KINDS, SKY, placed_lines
from duoplay.games.duplik.scenes.model import GROUND, HORIZON, INSIDE, Criterion, Scene
from duoplay.games.duplik.scenes.render import read_boxes, render
from duoplay.games.duplik.scenes.scenery import ELEMENTS, suits
from duoplay.games.duplik.scenes.words import LANGUAGES, table
from duoplay.games.duplik.state import OFFER
from duoplay.games.duplik.table import offer, setup, take_scene

SVG = "{http://www.w3.org/2000/svg}"
# A word of a starter's English title and the setting a reader then expects to see.
TITLE_WORDS = {"beach": "beach", "kitchen": "kitchen", "park": "park", "street": "street", "garden": "garden",
               "house": "room", "fishing": "lake"}


def drawn_scenery(card: Scene) -> dict[str, int]:
    """The setting's parts drawn behind the things, each with how many marks it is made of."""
    root = ElementTree.fromstring(render(card))
    backdrops = [g for g in root.iter(f"{SVG}g") if g.get("class") == "backdrop"]
    assert [g.get("data-setting") for g in backdrops] == [card.setting]
    return {g.get("data-element", ""): len(g) for g in backdrops[0] if g.get("class") == "scenery"}


def test_a_generated_title_names_the_setting_that_is_drawn() -> None:
    for seed in range(150):
        card = generate(seed, ("easy", "normal", "hard")[seed % 3])
        for lang in LANGUAGES:
            assert table(lang)["settings"][card.setting] in card.titles[lang], (seed, lang)
        parts = drawn_scenery(card)
        assert set(parts) == set(ELEMENTS[card.setting]), (seed, parts)
        assert all(marks >= 2 for marks in parts.values()), (seed, parts)


def test_each_setting_has_its_own_scenery() -> None:
    assert ELEMENTS["beach"] == ("sea", "sand") and ELEMENTS["meadow"] == ("grass", "wildflowers")
    assert ELEMENTS["yard"] == ("fence", "lawn") and ELEMENTS["street"] == ("road", "pavement")
    seen = {generate(seed, "normal").setting for seed in range(300)}
    assert seen == set(table("en")["settings"]) == set(ELEMENTS)


# Behind the things, beyond the horizon; and on the ground the things stand on.
FAR = {"sea", "fence", "road", "hedge", "bushes", "water", "tiles", "window"}
NEAR = {"sand", "lawn", "pavement", "stepping_stones", "floor", "wildflowers"}


def _heights(group: ElementTree.Element) -> list[float]:
    """How far down the picture each point of a scenery's marks is."""
    ys = []
    for mark in group:
        ys += [float(pair.split(",")[1]) for pair in mark.get("points", "").split()]
        if mark.get("cy"):
            ys.append(float(mark.get("cy", "0")))
    return ys


def test_far_scenery_lies_beyond_the_horizon_and_the_ground_before_it() -> None:
    seen = set()
    for seed in range(60):
        root = ElementTree.fromstring(render(generate(seed, "normal")))
        for group in root.iter(f"{SVG}g"):
            element = group.get("data-element", "")
            ys = _heights(group)
            if element in FAR:
                assert max(ys) <= HORIZON + 12, (seed, element)
            if element in NEAR:
                assert min(ys) >= HORIZON - 1, (seed, element)
            seen.add(element)
    assert seen >= FAR | NEAR


def test_a_setting_suits_its_things() -> None:
    """No car in the living room, no meadow's daisies mixed up with flowers to count."""
    for seed in range(300):
        card = generate(seed, "hard")
        kinds = {t.kind for t in card.spec.things}
        assert suits(card.setting, kinds), (seed, card.setting, kinds)
        if card.setting in ("room", "kitchen"):
            assert not kinds & {"car", "tree", "house", "sun", "cloud"}
    assert not suits("room", {"car"}) and not suits("meadow", {"flower"}) and suits("beach", {"car"})


def test_a_starter_title_that_names_a_place_draws_it() -> None:
    named = 0
    for card_id in starter_ids():
        card = scene(card_id)
        words = card.titles["en"].lower().split()
        for word, setting in TITLE_WORDS.items():
            if word in words:
                named += 1
                assert card.setting == setting, (card_id, card.titles["en"])
        if card.setting:
            assert suits(card.setting, {t.kind for t in card.spec.things}), card_id
            assert set(drawn_scenery(card)) == set(ELEMENTS[card.setting]) | set(card.extras), card_id
    assert named >= 8


# What a starter's title promises a player will see: things, and scenery behind them.
PROMISES: dict[str, tuple[set[str], set[str]]] = {
    "Fishing": ({"angler", "fish", "basket"}, {"water", "reeds"}),
    "The fish bowl": ({"fishbowl", "fish", "table"}, set()),
    "Rainy day": ({"umbrella", "cloud"}, {"rain"}),
    "Camping": ({"car", "tree"}, {"tent", "grass"}),
    "A starry night": ({"star", "house"}, set()),
    "At the beach": ({"umbrella", "ball"}, {"sea", "sand"}),
    "Tea time": ({"cup", "table"}, set()),
    "Kites in the wind": ({"kite"}, set()),
    "Flowers for mum": ({"flower", "house"}, set()),
    "The toy box": ({"box", "ball"}, set()),
    "Reading corner": ({"book", "lamp", "chair"}, {"window", "floor"}),
    "Lunch in the kitchen": ({"table", "apple", "cup"}, {"tiles", "floor"}),
    "Street corner": ({"house", "car"}, {"road", "pavement"}),
    "Moving day": ({"car", "box"}, set()),
    "The bird feeder": ({"bird", "table"}, set()),
}


def test_each_starter_holds_what_its_title_promises() -> None:
    titles = {scene(i).titles["en"]: scene(i) for i in starter_ids()}
    for title, (things, scenery) in PROMISES.items():
        card = titles[title]
        drawn = {b.kind for b in read_boxes(render(card))}
        assert things <= drawn, (title, things - drawn)
        assert scenery <= set(drawn_scenery(card)), (title, scenery)


def _starter(title: str) -> Scene:
    return next(scene(i) for i in starter_ids() if scene(i).titles["en"] == title)


def test_fishing_has_an_angler_with_a_rod_by_the_water_and_a_fish() -> None:
    card = _starter("Fishing")
    drawn = {b.kind: b for b in read_boxes(render(card))}
    assert {"angler", "fish", "basket"} <= set(drawn)
    assert {"water", "reeds"} <= set(drawn_scenery(card))
    # The rod's line hangs down into the water, drawn behind the angler's feet.
    angler = drawn["angler"]
    line = placed_lines("angler", angler.x, angler.y, angler.w, angler.h, angler.facing)[6]
    assert line[0][0] == line[1][0] and line[1][1] < 470 < angler.bottom
    assert holds(Criterion(INSIDE, "fish", ("basket",)), list(drawn.values()))


def test_the_fish_bowl_holds_a_fish_in_a_bowl_on_the_table() -> None:
    card = _starter("The fish bowl")
    drawn = read_boxes(render(card))
    assert holds(Criterion(INSIDE, "fish", ("fishbowl",)), drawn)
    assert holds(Criterion("on", "fishbowl", ("table",)), drawn)
    order = [b.kind for b in card.boxes]
    assert order.index("fishbowl") < order.index("fish")  # seen through the glass, not hidden by it


def test_what_is_inside_a_box_is_not_striped_by_it() -> None:
    """The box's front is drawn over what peeks out of it: its stripes stay on the box."""
    checked = 0
    for seed in range(400):
        card = generate(seed, "hard")
        for relation in card.spec.relations:
            if relation.kind == INSIDE and relation.others[0] in ("box", "basket"):
                order = [b.kind for b in card.boxes]
                assert order.index(relation.subject) < order.index(relation.others[0]), seed
                inside = next(b for b in card.boxes if b.kind == relation.subject)
                host = next(b for b in card.boxes if b.kind == relation.others[0])
                assert inside.y < host.y + 0.4 * host.h  # its head is above the front, in sight
                assert not any(r.kind == "on" and r.others == relation.others for r in card.spec.relations)
                checked += 1
    assert checked >= 20


def test_an_animals_head_is_filled_and_covers_its_pattern() -> None:
    checked = 0
    for seed in range(100):
        root = ElementTree.fromstring(render(generate(seed, "hard")))
        for group in root.iter(f"{SVG}g"):
            if not KINDS.get(group.get("data-kind", ""), KINDS["box"]).animal:
                continue
            marks = [e.get("class") for e in group]
            outlines = [e for e in group if e.get("class") == "outline"]
            assert outlines[1].get("fill") != "none", seed
            if "stripe" in marks or "dot" in marks:
                first = marks.index("stripe") if "stripe" in marks else marks.index("dot")
                head = [i for i, m in enumerate(marks) if m == "outline"][1]
                assert first < head, seed  # the head is drawn over the pattern
                checked += 1
    assert checked >= 10


def test_a_trunk_stops_where_the_crown_begins() -> None:
    crown, *rest = placed_lines("tree", 0, 0, 1, 1, "right")
    cx, cy = 0.5, (min(y for _, y in crown) + max(y for _, y in crown)) / 2
    rx, ry = 0.5, (max(y for _, y in crown) - min(y for _, y in crown)) / 2
    for trunk in rest[:2]:
        x, y = trunk[0]
        assert ((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 >= 0.9  # on the crown's edge, not inside it


def test_a_dog_and_a_bird_have_their_own_features() -> None:
    """A dog's muzzle reaches past its head; a bird's tail is open feathers, not a fish's fin."""
    dog = placed_lines("dog", 0, 0, 1, 1, "right")
    head_right = max(x for x, _ in dog[1])
    assert max(x for x, _ in dog[2]) > head_right + 0.05
    bird = placed_lines("bird", 0, 0, 1, 1, "right")
    tail = [line for line in bird if min(x for x, _ in line) < 0.05]
    assert len(tail) >= 3 and all(line[0] != line[-1] for line in tail)


def test_things_stand_nearer_and_further_back_across_scenes() -> None:
    baselines: set[int] = set()
    behind = 0
    for seed in range(200):
        card = generate(seed, "normal")
        hosted = {r.subject for r in card.spec.relations if r.kind in ("on", "under", "inside")}
        ground = [b for b in card.boxes if b.kind not in hosted and KINDS[b.kind].place != SKY
                  and b.kind not in ("bird", "kite")]
        bottoms = {round(b.bottom) for b in ground}
        baselines |= bottoms
        behind += any(bottom < GROUND - 30 for bottom in bottoms)
    assert behind >= 100 and len(baselines) >= 5


def test_the_cards_looked_through_never_share_a_title() -> None:
    for seed in range(30):  # without the rule, about one offer in twenty repeats a title here
        for lang in ("en", "pl"):
            options = DuplikOptions(lang=lang, scenes="generated", difficulty="easy", portrayals=3)
            state = setup(4, options, seed)
            while len(state.deck) > OFFER:
                titles = [scene(card).titles[lang] for card in offer(state)]
                assert len(set(titles)) == OFFER, (seed, titles)
                take_scene(state, None)
