"""DUOS bots: they associate like people do (see association.py) in every role.

As a guesser the bot places the 4 pairs it finds most obvious and locks in; as
Narrator it places the pairs most people would place (`association.expected_pairs`),
so that a table can score against it. As a co-op partner it first gives one help (WORD,
then NO!, then YES!, whichever its partner has not used), using the helps it has
received, then places its pairs.
Bots read views only.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from duoplay.core.protocol import JSON
from duoplay.games.duos import helps as hints
from duoplay.games.duos.actions import Action, GiveHelp, PlacePairs
from duoplay.games.duos.association import expected_pairs, relatedness_of_faces
from duoplay.games.duos.cards import CATEGORIES, face_by_id, faces
from duoplay.games.duos.embedding import shared
from duoplay.games.duos.judgments import judged_links
from duoplay.games.duos.lexicon import say
from duoplay.games.duos.played import played_bonuses
from duoplay.games.duos.rated import ratings
from duoplay.games.duos.swedish import swedish_reader
from duoplay.games.duos.translated import DICTIONARIES as TRANSLATED
from duoplay.games.duos.translated import translating_reader
from duoplay.games.duos.wordnet import wordnet


def warm_up() -> None:
    """Load, once per process, what a decision may need, so that no player's turn waits for it:
    the shipped vectors of our cards and hint words, WordNet and the FreeDict dictionaries, and
    the encoder itself (a partner's WORD outside our lists needs it), and what people said and
    played about our cards (judgments, ratings, the played boards' bonuses)."""
    global _WARM
    if not _WARM:
        names = [f.name("en") for category in CATEGORIES for f in faces(category)]
        shared().vectors(names + list(hints.hint_words()))
        judged_links()
        ratings()
        played_bonuses()
        wordnet()
        swedish_reader()
        for language in TRANSLATED:
            translating_reader(language)
        shared().load()
        _WARM = True


_WARM = False


class AssociationBot:
    """Pairs by meaning, curated associations and shared words; gives and reads co-op helps."""

    name = "association"

    def __init__(self, seed: int | None = None, helps: bool = True) -> None:
        self._helps = helps

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Action:
        cards: list[str] = view["cards"]
        names = [face_by_id()[c].name("en") for c in cards]
        related = relatedness_of_faces(cards)
        placed = [tuple(p) for p in view.get("pairs", [])]
        if view["mode"] != "coop":
            if view.get("narrator") == seat:
                return PlacePairs(expected_pairs(related), True)
            return PlacePairs(hints.plan(related, hints.Constraints()), True)
        language = str(view.get("options", {}).get("language") or "en")
        mine = [h for h in view["helps"] if h["seat"] == seat]
        theirs = [h for h in view["helps"] if h["seat"] != seat]
        own_no = [int(h["card"]) for h in mine if h["kind"] == "no"]
        own_yes = [int(h["card"]) for h in mine if h["kind"] == "yes"]
        constraints = hints.read_helps(theirs, names, own_no, language)
        constraints = hints.Constraints(
            constraints.banned, tuple(dict.fromkeys((*constraints.required, *own_yes))), constraints.forced)
        pairs = hints.plan(related, constraints)
        if self._helps and not mine:
            used_kinds = {h["kind"] for h in theirs}
            for kind in ("word", "no", "yes"):
                if kind in used_kinds:
                    continue
                action = self._help(kind, names, pairs, related, constraints, placed, language)
                if action is not None:
                    return action
        # The constraints include this seat's own marks, so the placement is always legal.
        return PlacePairs(pairs, True)

    def _help(self, kind: str, names: list[str], pairs: Any, related: Any,
              constraints: hints.Constraints, placed: list[tuple[Any, ...]], language: str) -> Action | None:
        if kind == "word":
            word = hints.choose_word(names, pairs, related, language)
            # Chosen in English, said in the table's language (the hint words have all five).
            return None if word is None else GiveHelp("word", word=say(word, language))
        if kind == "no":
            card = hints.choose_no(related, pairs, constraints.banned)
            if card is None:
                return None
            if any(card in pair for pair in placed):
                return PlacePairs(pairs, False)  # NO! marks a card outside one's pairs
            return GiveHelp("no", card=card)
        card = hints.choose_yes(related, pairs, constraints.required)
        if card is None:
            return None
        if tuple(placed) != tuple(pairs):
            return PlacePairs(pairs, False)  # YES! marks a card already in one's pairs
        return GiveHelp("yes", card=card)


BOTS: dict[str, Callable[[int | None], AssociationBot]] = {
    "association": lambda seed: AssociationBot(seed),
}
