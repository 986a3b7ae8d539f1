"""How related two card names are, the way a person sees it at the table.

Signals added up into one relatedness matrix for the 12 cards on the grid:

- meaning: cosine similarity of the names in the multilingual sentence encoder,
  centred per card, because some names are close to everything and a person
  compares a card's partners with each other, not with a fixed scale;
- the description of each of our own cards (content/descriptions.json, see
  descriptions.py), which does not depend on the language: the description words two
  cards share, rarer words counting more, and the cards each one goes with;
- the curated associations of our own cards (content/associations.json): families
  of related cards and the pairs people place first;
- shared words: "Gold medal" and "Silver medal", "Skis" and "Skiing" are obvious;
- definitions: when WordNet is installed, one name's dictionary definition naming the
  other (a glove "covers the hand", a saddle is "a seat for the rider of a horse").

`choose_pairs` then picks pairs greedily by confidence (how much better a pair is
than what either card could do otherwise), which is how people pair: the obvious
pairs first, whatever is left last. A Narrator scores when others place its pairs, so
`expected_pairs` places the 4 pairs that most people would place: it reads each card's
relatedness as the chance that a person pairs it with each other card, and maximizes the
expected number of identical pairs. The plain maximum of total similarity, kept as
`best_total_pairs` for comparison, often sacrifices an obvious pair to lift the rest.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from functools import cache
from importlib import resources
from itertools import combinations

import numpy as np
import numpy.typing as npt

from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, Face, face_by_id, faces
from duoplay.games.duos.descriptions import linked, telling_words
from duoplay.games.duos.embedding import Embedder, shared
from duoplay.games.duos.everyday import english_words, everyday_link
from duoplay.games.duos.judgments import judged
from duoplay.games.duos.lexicon import exact, fold, readings
from duoplay.games.duos.pairing import MAX_PAIRS, all_placements, normal
from duoplay.games.duos.played import played as played_bonus
from duoplay.games.duos.rated import rated
from duoplay.games.duos.state import Pairs
from duoplay.games.duos.wordnet import wordnet

Matrix = npt.NDArray[np.float64]

# Weights in units of a card's spread of similarities (the matrix is standardized), tuned on the
# boards of benchmarks/data/duos_dealt_boards.json that are not held out.
GROUP_BONUS = 1.2
PAIR_BONUS = 3.0
DESCRIPTION_WEIGHT = 3.0  # the shared description words, standardized like the encoder's similarities
LINK_BONUS = 2.0  # per card that names the other as what it goes with
WORD_BONUS = 1.5
DEFINITION_BONUS = 1.0
# The annotators' judged link (0 to 1: every one of them gave the pair a 3): it leads, the rest breaks ties.
JUDGED_WEIGHT = 60.0
# Every pair of a category rated by annotators (0 to 1, `rated.py`); tuned on the boards of
# benchmarks/data/duos_tuning_boards.json only.
RATED_WEIGHT = 100.0
# The everyday annotators' link (0 to 1) of two words not both our cards; tuned on the tuning
# boards of benchmarks/data/duos_free_tuning.json only.
EVERYDAY_WEIGHT = 60.0
# How much a pair's confidence drops for each card's best other partner: 0.25 since the played
# boards (chosen by cross-validation over their players, and on the tuning boards; was 0.5).
RIVAL_WEIGHT = 0.25
CHOICE_SPREAD = 1.5  # relatedness per factor e of how much likelier a person picks one partner over another


@cache
def _names_index(key_of: Callable[[str], str]) -> dict[str, dict[str, tuple[Face, ...]]]:
    """language -> name as `key_of` reads it -> the faces with that name (a name can be in two
    categories)."""
    index: dict[str, dict[str, tuple[Face, ...]]] = {lang: {} for lang in LANGUAGES}
    for category in CATEGORIES:
        for face in faces(category):
            for lang, name in face.names:
                key = key_of(name)
                index[lang][key] = (*index[lang].get(key, ()), face)
    return index


def resolve(name: str, language: str = "en", category: str | None = None) -> Face | None:
    """Our card with this name in `language` (or in English), preferring `category`. The exact
    name first, then without accents: Swedish "sång" (song) is no "säng" (bed)."""
    found: tuple[Face, ...] = ()
    for key_of in (exact, fold):
        index = _names_index(key_of)
        key = key_of(name)
        found = index.get(language, {}).get(key) or index["en"].get(key) or ()
        if found:
            break
    for face in found:
        if face.category == category:
            return face
    return found[0] if found else None


def resolve_board(names: Sequence[str], language: str = "en") -> list[Face | None]:
    """Resolve a board's names, reading ambiguous names in the board's main category."""
    first = [resolve(n, language) for n in names]
    counts: dict[str, int] = {}
    for face in first:
        if face is not None:
            counts[face.category] = counts.get(face.category, 0) + 1
    main = max(counts, key=lambda c: counts[c]) if counts else None
    return [resolve(n, language, main) for n in names]


def senses_of(name: str, face: Face | None, language: str = "en") -> tuple[str, ...]:
    """The readings of a name, likeliest first. Our own cards are read through their English
    names: the encoder is strongest in English and has no Swedish, and a card means the same
    thing in every language. Other names are read through English where our word lists know
    them, Swedish ones through the dictionaries, maybe in more than one sense (lexicon.readings),
    else embedded as they are."""
    if face is not None:
        return (face.name("en"),)
    return (readings(name, language) if language != "en" else ()) or (name,)


@cache
def _curated() -> tuple[dict[frozenset[str], int], frozenset[frozenset[str]]]:
    """(pair of face ids -> number of shared groups, the pairs people place first)."""
    text = resources.files("duoplay.games.duos").joinpath("content", "associations.json").read_text("utf-8")
    data = json.loads(text)
    shared_groups: dict[frozenset[str], int] = {}
    for category, groups in data["groups"].items():
        for group in groups:
            for a, b in combinations(group, 2):
                key = frozenset((f"{category}/{a}", f"{category}/{b}"))
                shared_groups[key] = shared_groups.get(key, 0) + 1
    firsts = frozenset(
        frozenset((f"{category}/{a}", f"{category}/{b}"))
        for category, pairs in data["pairs"].items() for a, b in pairs
    )
    return shared_groups, firsts


def curated_ids_known() -> set[str]:
    """Every face id the curated list mentions (tests check that each one exists)."""
    groups, firsts = _curated()
    return {face_id for key in (*groups, *firsts) for face_id in key}


def _stems(name: str) -> set[str]:
    words = re.findall(r"\w+", fold(name))
    return {w[:4] for w in words if len(w) >= 3}


def relatedness(names: Sequence[str], language: str = "en", curated: bool = True,
                embedder: Embedder | None = None, known: Sequence[Face | None] | None = None,
                definitions: bool = True, played: bool = True) -> Matrix:
    """A symmetric matrix: higher means a person is more likely to pair the two cards.

    `known` gives the cards behind the names when the caller knows them (a bot reads
    face ids from its view); otherwise the names are looked up among our cards. `played`
    adds what was learned from the played boards (off only to learn it again).
    """
    found = list(known) if known is not None else resolve_board(names, language)
    senses = [senses_of(n, f, language) for n, f in zip(names, found, strict=True)]
    texts = [s[0] for s in senses]
    cosine = closest_senses(embedder or shared(), senses)
    related = standardize(cosine)
    if curated:
        ids = [f.id if f is not None else None for f in found]
        if sum(i is not None for i in ids) >= 3:  # a spread needs a few known cards
            related += DESCRIPTION_WEIGHT * telling_words(ids) + LINK_BONUS * linked(ids)
    size = len(names)
    stems = [_stems(t) for t in texts]
    groups, firsts = _curated()
    dictionary = wordnet() if definitions else None
    # The words the everyday lists are asked about: the readings, and the English words a name
    # outside our cards translates to.
    everyday = [(*s, *english_words(n, language)) if f is None else s
                for n, f, s in zip(names, found, senses, strict=True)]
    for i, j in combinations(range(size), 2):
        bonus = 0.0
        if stems[i] & stems[j]:
            bonus += WORD_BONUS
        if dictionary is not None and dictionary.mentions(texts[i], texts[j]):
            bonus += DEFINITION_BONUS
        a, b = found[i], found[j]
        if curated and (a is None or b is None):
            bonus += EVERYDAY_WEIGHT * max(everyday_link(x, y) for x in everyday[i] for y in everyday[j])
        if curated and a is not None and b is not None:
            key = frozenset((a.id, b.id))
            bonus += (GROUP_BONUS * min(groups.get(key, 0), 2) + JUDGED_WEIGHT * judged(a.id, b.id)
                      + RATED_WEIGHT * rated(a.id, b.id) + (played_bonus(a.id, b.id) if played else 0.0))
            if key in firsts:
                bonus += PAIR_BONUS
        related[i, j] += bonus
        related[j, i] += bonus
    return related


def closest_senses(embedder: Embedder, senses: Sequence[tuple[str, ...]]) -> Matrix:
    """Cosines between names read in one or more senses, each pair in its closest senses, as a
    person reads a word with two meanings: Swedish "fat" beside a cup is its saucer, beside wine
    a barrel."""
    flat = [text for texts in senses for text in texts]
    owner = np.repeat(np.arange(len(senses)), [len(texts) for texts in senses])
    closest = np.full((len(senses), len(senses)), -np.inf)
    np.maximum.at(closest, (owner[:, None], owner[None, :]), embedder.cosines(flat))
    return closest


def standardize(cosine: Matrix) -> Matrix:
    """Each card's similarities as z-scores among its own, averaged both ways."""
    size = cosine.shape[0]
    off = ~np.eye(size, dtype=bool)
    values = np.where(off, cosine, np.nan)
    mean = np.nanmean(values, axis=1)
    spread = np.nanstd(values, axis=1) + 1e-6
    z = (cosine - mean[:, None]) / spread[:, None]
    both: Matrix = (z + z.T) / 2
    np.fill_diagonal(both, 0.0)
    return both


def choose_pairs(related: Matrix, banned: Sequence[int] = (), required: Sequence[int] = (),
                 forced: Sequence[tuple[int, int]] = (), count: int = MAX_PAIRS) -> Pairs:
    """Pick `count` disjoint pairs, most confident first.

    `banned` cards are left out (a NO! mark), `required` cards must be used (YES!),
    `forced` pairs are placed before anything else (a partner's WORD).
    """
    chosen: list[tuple[int, int]] = []
    free = set(range(related.shape[0])) - set(banned)
    for a, b in forced:
        if a in free and b in free and len(chosen) < count:
            chosen.append((a, b))
            free -= {a, b}
    needed = [c for c in required if c in free]
    while len(chosen) < count and len(free) >= 2:
        best: tuple[float, int, int] | None = None
        cards = sorted(free)
        for i, j in combinations(cards, 2):
            # Cards that must be used go first, each with its most confident partner.
            if needed and i not in needed and j not in needed:
                continue
            rivals = _rival(related, cards, i, j) + _rival(related, cards, j, i)
            confidence = related[i, j] - RIVAL_WEIGHT * rivals
            if best is None or confidence > best[0]:
                best = (confidence, i, j)
        assert best is not None
        _, i, j = best
        chosen.append((i, j))
        free -= {i, j}
        needed = [c for c in needed if c not in (i, j)]
    return normal(chosen)


def _rival(related: Matrix, cards: list[int], card: int, partner: int) -> float:
    """The best partner `card` would have apart from `partner`."""
    others = [related[card, k] for k in cards if k not in (card, partner)]
    return max(others) if others else 0.0


@cache
def _four_pair_index() -> npt.NDArray[np.int64]:
    return np.array([p for p in all_placements() if len(p) == MAX_PAIRS], dtype=np.int64)


def best_total_pairs(cosine: Matrix) -> Pairs:
    """The baseline: the 4 disjoint pairs with the largest total similarity."""
    index = _four_pair_index()
    totals = cosine[index[:, :, 0], index[:, :, 1]].sum(axis=1)
    best = index[int(totals.argmax())]
    return normal((int(a), int(b)) for a, b in best)


def partner_chances(related: Matrix, spread: float = CHOICE_SPREAD) -> Matrix:
    """The chance that a person pairs card i with card j, read from relatedness: each card picks
    a partner with odds growing with relatedness (a softmax), and a pair needs both to agree."""
    scaled = related / spread
    np.fill_diagonal(scaled, -np.inf)
    odds = np.exp(scaled - scaled.max(axis=1, keepdims=True))
    choice = odds / odds.sum(axis=1, keepdims=True)
    chances: Matrix = np.sqrt(choice * choice.T)
    return chances


def expected_pairs(related: Matrix) -> Pairs:
    """The 4 disjoint pairs with the most expected identical pairs with a person: the pairs
    most people would place, as a Narrator wants them."""
    chances = partner_chances(related)
    index = _four_pair_index()
    totals = chances[index[:, :, 0], index[:, :, 1]].sum(axis=1)
    best = index[int(totals.argmax())]
    return normal((int(a), int(b)) for a, b in best)


def pairs_for_names(names: Sequence[str], language: str = "en", curated: bool = True) -> Pairs:
    """The 4 pairs the bot would place for these 12 names."""
    return choose_pairs(relatedness(names, language, curated))


def relatedness_of_faces(face_ids: Sequence[str], curated: bool = True, played: bool = True) -> Matrix:
    """Relatedness of cards on the grid, by face id (the model reads their English names)."""
    known = [face_by_id()[face_id] for face_id in face_ids]
    return relatedness([f.name("en") for f in known], "en", curated, known=known, played=played)
