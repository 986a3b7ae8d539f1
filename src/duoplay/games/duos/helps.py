"""Co-op helps for the bot: choosing a WORD, YES! or NO! to give, and reading the partner's.

The bot gives the help that most protects agreement: WORD names its least obvious
pair with a word close to both cards and far from the rest; NO! rules out the card
its partner is most likely to use wrongly; YES! keeps in a card that might be left
out. A partner's help becomes a constraint: WORD forces the pair the word fits
best, YES! makes a card required, NO! bans it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from duoplay.games.duos.association import Matrix, choose_pairs, standardize
from duoplay.games.duos.embedding import Embedder, shared
from duoplay.games.duos.lexicon import english_forms, hint_in_english, hint_words, read_as, say
from duoplay.games.duos.state import Pairs


@dataclass(frozen=True, slots=True)
class Constraints:
    """What the helps on the table ask of a seat's pairs."""

    banned: tuple[int, ...] = ()
    required: tuple[int, ...] = ()
    forced: tuple[tuple[int, int], ...] = ()


def word_fit(word: str, names: Sequence[str], embedder: Embedder | None = None) -> np.ndarray:
    """How well `word` fits each card, as z-scores among the cards on the grid."""
    vectors = (embedder or shared()).vectors([word, *names]).astype(np.float64)
    fit = vectors[1:] @ vectors[0]
    result: np.ndarray = (fit - fit.mean()) / (fit.std() + 1e-6)
    return result


def reading(word: str, language: str = "en") -> str:
    """A WORD as the encoder reads it: through English when we know its English form, so that
    "skor", "buty", "zapatos", "chaussures" and "shoes" all read as "shoes". The hint words come
    first, so that a hint word reads alike in the five languages even where one of them is also a
    card's name ("ljus", "teléfono")."""
    hint = hint_in_english(word, language)
    if hint is not None:
        return hint
    return read_as(word, language) or word


def pair_for_word(word: str, names: Sequence[str], allowed: Sequence[int], language: str = "en"
                  ) -> tuple[int, int] | None:
    """The pair a WORD most likely points at: both cards fit it, the weaker one still well.
    `names` are the cards' English names; the word may be in any of our languages."""
    fit = word_fit(reading(word, language), names)
    best: tuple[float, int, int] | None = None
    for i, j in combinations(sorted(allowed), 2):
        score = min(fit[i], fit[j])
        if best is None or score > best[0]:
            best = (score, i, j)
    return None if best is None else (best[1], best[2])


def read_helps(helps: Sequence[dict[str, object]], names: Sequence[str], banned_extra: Sequence[int] = (),
               language: str = "en") -> Constraints:
    banned = [int(h["card"]) for h in helps if h["kind"] == "no"]  # type: ignore[call-overload]
    banned += [c for c in banned_extra if c not in banned]
    required = [int(h["card"]) for h in helps if h["kind"] == "yes"]  # type: ignore[call-overload]
    required = [c for c in required if c not in banned]
    forced: list[tuple[int, int]] = []
    for h in helps:
        if h["kind"] == "word":
            allowed = [c for c in range(len(names)) if c not in banned]
            pair = pair_for_word(str(h["word"]), names, allowed, language)
            if pair is not None:
                forced.append(pair)
    return Constraints(tuple(banned), tuple(required), tuple(forced))


def plan(related: Matrix, constraints: Constraints) -> Pairs:
    return choose_pairs(related, constraints.banned, constraints.required, constraints.forced)


def confidence(related: Matrix, pairs: Pairs) -> list[float]:
    """For each planned pair, how far it beats each card's best partner outside it."""
    size = related.shape[0]
    result = []
    for a, b in pairs:
        rival_a = max(related[a, k] for k in range(size) if k not in (a, b))
        rival_b = max(related[b, k] for k in range(size) if k not in (a, b))
        result.append(float(related[a, b] - max(rival_a, rival_b)))
    return result


def choose_word(names: Sequence[str], pairs: Pairs, related: Matrix, language: str = "en") -> str | None:
    """A hint word (in English: say it with `lexicon.say`) for the least obvious planned pair
    that the word singles out. `names` are the cards' English names. Words whose translation
    in `language` means something else first ("mål" is both Goal and target, "ljus" both Candle
    and light) are left out."""
    if not pairs:
        return None
    words = [w for w in hint_words() if w.casefold() not in {n.casefold() for n in names}
             and english_forms(say(w, language), language)[:1] == (w,)]
    vectors = shared().vectors([*words, *names]).astype(np.float64)
    fit = vectors[len(words):] @ vectors[:len(words)].T  # cards x words
    fit = standardize_columns(fit)
    order = sorted(range(len(pairs)), key=lambda k: confidence(related, pairs)[k])
    for k in order:
        a, b = pairs[k]
        others = [c for c in range(len(names)) if c not in (a, b)]
        # The word must fit both cards of the pair better than any other card.
        margin = np.minimum(fit[a], fit[b]) - fit[others].max(axis=0)
        best = int(margin.argmax())
        if margin[best] > 0:
            return words[best]
    return None


def standardize_columns(fit: np.ndarray) -> np.ndarray:
    result: np.ndarray = (fit - fit.mean(axis=0)) / (fit.std(axis=0) + 1e-6)
    return result


def choose_no(related: Matrix, pairs: Pairs, banned: Sequence[int]) -> int | None:
    """The unused card that looks most like it belongs in a pair."""
    used = {c for pair in pairs for c in pair}
    spare = [c for c in range(related.shape[0]) if c not in used and c not in banned]
    if not spare:
        return None
    return max(spare, key=lambda c: max(related[c, k] for k in range(related.shape[0]) if k != c))


def choose_yes(related: Matrix, pairs: Pairs, required: Sequence[int]) -> int | None:
    """The used card that is weakest in its pair: the one a partner might leave out."""
    if not pairs:
        return None
    confidences = confidence(related, pairs)
    weakest = min(range(len(pairs)), key=lambda k: confidences[k])
    a, b = pairs[weakest]
    candidates = [c for c in (a, b) if c not in required]
    if not candidates:
        return None
    # Of the two, the card that is more tempted elsewhere.
    return max(candidates, key=lambda c: max(related[c, k] for k in range(related.shape[0])
                                             if k not in (a, b)))


__all__ = ["Constraints", "choose_no", "choose_word", "choose_yes", "hint_words", "pair_for_word", "plan",
           "read_helps", "reading", "standardize"]
