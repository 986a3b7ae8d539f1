"""English categories from WordNet 3.0, read from Debian's `wordnet-base` files.

For each category a few root senses ("animal" 1, "fish" 1, "aquatic mammal" 1, ...);
every noun whose sense lies under a root (hypernyms and instance hypernyms, so
"Paris" is under "city") belongs to the category when that sense is among the word's
first `SENSES` senses (the common ones). In the animal categories a sense counts only when it
names a kind of animal: a member of a taxon (genus, family...), something below one, or a group
of at least two such kinds ("vulture"); a role in a colony ("queen", "worker": its first sense is
the queen bee) or a way of life ("pet", "prey") is not an insect. For US states a name counts
whole: "Jersey", WordNet's short form of "New Jersey", is not a state. Verbs and
adjectives come from the index files with WordNet's own inflection rules. Everything is
computed once into sets of folded words (about two seconds), so a check is a set lookup.
Set DUOPLAY_WORDNET to use another folder.
"""

from __future__ import annotations

import os
import re
import threading
from collections import defaultdict
from pathlib import Path

from duoplay.games.duple.words.folding import fold

DEFAULT_FOLDER = Path("/usr/share/wordnet")
SENSES = 3

# category id -> root senses as (lemma, sense number in index.noun)
ROOTS: dict[str, tuple[tuple[str, int], ...]] = {
    "animal": (("animal", 1),),
    "bird": (("bird", 1),),
    "sea_creature": (("fish", 1), ("aquatic_mammal", 1), ("crustacean", 1), ("mollusk", 1),
                     ("echinoderm", 1), ("coelenterate", 1), ("sponge", 4), ("sea_turtle", 1)),
    "insect": (("insect", 1), ("arachnid", 1), ("myriapod", 1), ("worm", 1)),
    "body_part": (("body_part", 1), ("external_body_part", 1), ("hair", 1), ("organ", 1), ("bone", 1)),
    "food": (("food", 1), ("food", 2), ("dish", 2), ("foodstuff", 2)),
    "fruit": (("edible_fruit", 1), ("berry", 1), ("berry", 2)),
    "vegetable": (("vegetable", 1),),
    "dessert": (("dessert", 1), ("sweet", 3), ("cake", 3), ("cookie", 1), ("pastry", 2), ("candy", 1),
                ("frozen_dessert", 1), ("pudding", 1)),
    "drink": (("beverage", 1), ("alcohol", 1)),
    "city": (("city", 1), ("town", 1)),
    "us_state": (("american_state", 1),),
    "place": (("location", 1), ("structure", 1), ("area", 5), ("facility", 1), ("geological_formation", 1),
              ("establishment", 4), ("building", 1), ("room", 1), ("body_of_water", 1)),
    "profession": (("worker", 1), ("professional", 1), ("skilled_worker", 1), ("scientist", 1),
                   ("artist", 1), ("performer", 1), ("serviceman", 1), ("official", 1), ("employee", 1)),
    "sport": (("sport", 1),),
    "game_toy": (("game", 1), ("game", 2), ("plaything", 1), ("game_equipment", 1)),
    "instrument": (("musical_instrument", 1),),
    "clothing": (("clothing", 1), ("footwear", 1), ("footwear", 2), ("headdress", 1), ("garment", 1),
                 ("glove", 2), ("jewelry", 1)),
    "colour": (("color", 1), ("chromatic_color", 1), ("achromatic_color", 1)),
    "tool": (("tool", 1), ("hand_tool", 1), ("implement", 1)),
    "furniture": (("furniture", 1),),
    "vehicle": (("vehicle", 1), ("craft", 2)),
    "kitchen": (("kitchen_utensil", 1), ("kitchen_appliance", 1), ("cookware", 1), ("tableware", 1),
                ("cutlery", 2), ("food", 1), ("food", 2), ("beverage", 1)),
    "household": (("furniture", 1), ("furnishing", 2), ("home_appliance", 1), ("room", 1),
                  ("bedclothes", 1), ("tableware", 1), ("kitchen_utensil", 1)),
    "school": (("writing_implement", 1), ("educator", 1), ("discipline", 1), ("school_supply", 1)),
    "plant": (("plant", 2), ("flower", 1), ("flower", 2)),
    "tree": (("tree", 1),),
    "weather": (("weather", 1), ("atmospheric_phenomenon", 1), ("precipitation", 3), ("wind", 1),
                ("cloud", 2), ("storm", 1)),
    "feeling": (("feeling", 1),),
    "famous_person": (("person", 1),),  # instances only: see INSTANCES_ONLY
    "fictional_character": (("fictional_character", 1), ("imaginary_being", 1)),
    "material": (("material", 1), ("fabric", 1), ("metal", 1), ("building_material", 1), ("paper", 1),
                 ("plastic", 1), ("wood", 1)),
    "landscape": (("geological_formation", 1), ("body_of_water", 1), ("land", 4), ("landmass", 1)),
    "building": (("building", 1), ("house", 1), ("tower", 1), ("castle", 2)),
    "language": (("natural_language", 1),),
    "element": (("chemical_element", 1),),
}
INSTANCES_ONLY = frozenset({"famous_person"})
# Categories where named things count (instance hypernyms): "Paris" is a city, not a profession.
WITH_INSTANCES = frozenset({"city", "us_state", "fictional_character", "language", "landscape",
                            "famous_person"})
# Categories of living kinds: a sense counts when it names a kind (see the module's docstring).
KINDS_ONLY = frozenset({"animal", "bird", "sea_creature", "insect"})
# Categories where a shorter form of a name in the same synset is not the name ("Jersey").
WHOLE_NAMES = frozenset({"us_state"})
_TAXON = re.compile(r"^(sub|super|infra)?(genus|family|order|class|phylum|tribe|division)_")
_VERB_RULES = (("ies", "y"), ("es", "e"), ("es", ""), ("s", ""), ("ied", "y"), ("ed", "e"), ("ed", ""),
               ("ing", "e"), ("ing", ""))
_ADJ_RULES = (("er", ""), ("est", ""), ("er", "e"), ("est", "e"), ("ier", "y"), ("iest", "y"))


def _index(path: Path) -> dict[str, tuple[int, ...]]:
    offsets: dict[str, tuple[int, ...]] = {}
    for line in path.read_text("utf-8").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        count = int(fields[2])
        offsets[fields[0]] = tuple(int(o) for o in fields[len(fields) - count:])
    return offsets


def _verbs(path: Path, nouns: dict[str, tuple[int, ...]]) -> frozenset[str]:
    """Verbs, less the nouns whose verb senses no text in WordNet's corpus used ("cheese", "table")."""
    found: set[str] = set()
    for line in path.read_text("utf-8").splitlines():
        if line.startswith(" "):
            continue
        fields = line.split()
        tagged = int(fields[5 + int(fields[3])])  # tagsense_cnt, after the pointer symbols
        if tagged > 0 or fields[0] not in nouns:
            found.add(fields[0])
    return frozenset(found)


def _exceptions(path: Path) -> dict[str, str]:
    found: dict[str, str] = {}
    if path.exists():
        for line in path.read_text("utf-8").splitlines():
            fields = line.split()
            if len(fields) >= 2:
                found.setdefault(fields[0], fields[1])
    return found


def _short_forms(names: list[str]) -> list[str]:
    """A synset's names that are the end of a longer one ("Jersey" of "New_Jersey")."""
    return [n for n in names if any(o != n and o.lower().endswith("_" + n.lower()) for o in names)]


def _folded(words: set[str]) -> frozenset[str]:
    return frozenset(fold("en", w.replace("_", " ")) for w in words
                     if len(w) > 2 and not any(c.isdigit() for c in w))


class WordNetCategories:
    def __init__(self, folder: Path) -> None:
        nouns = _index(folder / "index.noun")
        children: dict[int, list[int]] = defaultdict(list)
        instances: dict[int, list[int]] = defaultdict(list)
        lemmas: dict[int, list[str]] = {}
        groups: dict[int, list[int]] = defaultdict(list)  # member holonyms: synset -> its groups
        with (folder / "data.noun").open(encoding="utf-8") as data:
            for line in data:
                if line.startswith(" "):
                    continue
                fields = line.split(" | ", 1)[0].split()
                offset = int(fields[0])
                count = int(fields[3], 16)
                lemmas[offset] = [fields[4 + 2 * i] for i in range(count)]
                at = 4 + 2 * count
                pointers = int(fields[at])
                for p in range(pointers):
                    symbol, target = fields[at + 1 + 4 * p], int(fields[at + 2 + 4 * p])
                    if symbol == "@":
                        children[target].append(offset)
                    elif symbol == "@i":
                        instances[target].append(offset)
                    elif symbol == "#m":
                        groups[offset].append(target)
        taxa = {offset for offset, targets in groups.items()
                if any(_TAXON.match(lemma.lower()) for t in targets for lemma in lemmas.get(t, ()))}
        self.sets: dict[str, frozenset[str]] = {}
        self.primary: dict[str, frozenset[str]] = {}  # words whose first sense is in the category
        for category, roots in ROOTS.items():
            start = [nouns[lemma][sense - 1] for lemma, sense in roots
                     if lemma in nouns and len(nouns[lemma]) >= sense]
            under = self._closure(start, children, instances if category in WITH_INSTANCES else {})
            if category in KINDS_ONLY:
                under = self._kinds(start, under, children, taxa)
            if category in INSTANCES_ONLY:  # a name's senses are all instances: count each one
                under -= self._closure(start, children, {})
                words = {w for o in under for w in lemmas.get(o, ())}
            else:
                words = {word for word, offsets in nouns.items() if any(o in under for o in offsets[:SENSES])}
            if category in WHOLE_NAMES:
                words -= {n.lower() for o in under for n in _short_forms(lemmas.get(o, []))}
            self.sets[category] = _folded(words)
            self.primary[category] = _folded({w for w in words if nouns.get(w, (-1,))[0] in under})
        self.verbs = _verbs(folder / "index.verb", nouns)
        self.verb_exceptions = _exceptions(folder / "verb.exc")
        self.adjectives = frozenset(_index(folder / "index.adj"))
        self.adjective_exceptions = _exceptions(folder / "adj.exc")

    @staticmethod
    def _kinds(start: list[int], under: set[int], children: dict[int, list[int]], taxa: set[int]) -> set[int]:
        """The senses under the roots that name a kind: the roots, taxon members and everything
        below one, and groups of at least two kinds ("vulture", "seabird"); not "queen" or "pet"."""
        kinds = set(start)
        todo = [(node, False) for node in start]
        seen = set(todo)
        while todo:
            node, below_taxon = todo.pop()
            for child in children.get(node, ()):
                flag = below_taxon or child in taxa
                if flag:
                    kinds.add(child)
                if (child, flag) not in seen:
                    seen.add((child, flag))
                    todo.append((child, flag))
        groups: dict[int, bool] = {}

        def is_group(node: int) -> bool:
            if node in kinds:
                return True
            if node not in groups:
                groups[node] = False  # a cycle never counts
                groups[node] = sum(1 for child in children.get(node, ()) if is_group(child)) >= 2
            return groups[node]

        return {node for node in under if is_group(node)}

    @staticmethod
    def _closure(start: list[int], children: dict[int, list[int]],
                 instances: dict[int, list[int]]) -> set[int]:
        seen = set(start)
        todo = list(start)
        while todo:
            node = todo.pop()
            for child in (*children.get(node, ()), *instances.get(node, ())):
                if child not in seen:
                    seen.add(child)
                    todo.append(child)
        return seen

    def is_verb(self, word: str) -> bool:
        word = word.replace(" ", "_")
        if word in self.verbs or self.verb_exceptions.get(word) in self.verbs:
            return True
        return any(word.endswith(end) and word[: -len(end)] + add in self.verbs for end, add in _VERB_RULES)

    def is_adjective(self, word: str) -> bool:
        word = word.replace(" ", "_")
        if word in self.adjectives or self.adjective_exceptions.get(word) in self.adjectives:
            return True
        return any(word.endswith(end) and word[: -len(end)] + add in self.adjectives
                   for end, add in _ADJ_RULES)


_LOADED: WordNetCategories | None = None
_TRIED = False
_LOCK = threading.Lock()


def wordnet_categories() -> WordNetCategories | None:
    """The English WordNet categories, or None when Debian's wordnet-base is not installed."""
    global _LOADED, _TRIED
    with _LOCK:
        if not _TRIED:
            _TRIED = True
            folder = Path(os.environ.get("DUOPLAY_WORDNET", DEFAULT_FOLDER))
            if (folder / "index.noun").exists() and (folder / "data.noun").exists():
                _LOADED = WordNetCategories(folder)
        return _LOADED
