"""Write a deck's letter cards (`content/<lang>/letters.json`) from the language's letter frequencies.

    python -m duoplay.games.duple.deckmaker sv pl fr

Source: wordfreq 3.1.1's word list for the language, its 50,000 most common words that are
all letters, each letter counted as often as the words that hold it are used (a letter of
"och" counts far more than a letter of "ekorre"). Letters are first folded as the game folds
them (`folding.fold`): French é, è, ê count as E and ç as C, while Swedish Å, Ä, Ö and Polish
Ą, Ć, Ę, Ł, Ń, Ó, Ś, Ź, Ż are letters of their own and get cards of their own.

The 64 cards: every letter with a share of at least `RARE_SHARE` gets one card (a rarer
letter gets none: the deck must leave a word possible for most pairs), then the rest go by
the largest remainder of share x 64, no letter over `MOST` cards. Cards are dealt to the 8
symbols in turn, the most frequent letter first, so a letter's cards all show different
symbols. The Spanish and English decks were made by hand before this tool and are not
rewritten by it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from duoplay.games.duple.cards import LETTER_CARDS
from duoplay.games.duple.words.folding import fold

CONTENT = Path(__file__).resolve().parent / "content"
WORDS = 50_000
RARE_SHARE = 0.0015  # a letter rarer than this gets no card (Swedish X, Polish Ź, French K, W, Z)
MOST = 6  # cards of one letter at most (as in the Spanish deck)
SYMBOLS = ("star", "moon", "sun", "heart", "drop", "leaf", "bolt", "flower")
WILDS = (("star", "moon"), ("sun", "heart"), ("drop", "leaf"), ("bolt", "flower"),
         ("star", "sun"), ("moon", "drop"), ("heart", "bolt"), ("leaf", "flower"))
ALPHABETS = {  # the language's own order, for ties
    "sv": "abcdefghijklmnopqrstuvwxyzåäö",
    "pl": "aąbcćdeęfghijklłmnńoóprsśtuwyzźż",
    "fr": "abcdefghijklmnopqrstuvwxyz",
}


def shares(lang: str) -> dict[str, float]:
    """Each folded letter's share of the letters in running text."""
    from wordfreq import get_frequency_dict

    ranked = sorted(get_frequency_dict(lang).items(), key=lambda item: -item[1])[:WORDS]
    counts: dict[str, float] = {}
    for word, frequency in ranked:
        if not word.isalpha():
            continue
        for char in fold(lang, word):
            if char in ALPHABETS[lang]:
                counts[char] = counts.get(char, 0.0) + frequency
    total = sum(counts.values())
    return {char: count / total for char, count in counts.items()}


def card_counts(found: dict[str, float], alphabet: str) -> dict[str, int]:
    kept = {c: s for c, s in found.items() if s >= RARE_SHARE}
    scale = sum(kept.values())
    wanted = {c: s / scale * LETTER_CARDS for c, s in kept.items()}
    counts = {c: max(1, min(MOST, int(w))) for c, w in wanted.items()}
    while sum(counts.values()) < LETTER_CARDS:  # one card at a time, to the letter furthest below its share
        short = max((c for c in counts if counts[c] < MOST),
                    key=lambda c: (wanted[c] - counts[c], -alphabet.index(c)))
        counts[short] += 1
    while sum(counts.values()) > LETTER_CARDS:  # the floor of one card can overshoot
        richest = max((c for c in counts if counts[c] > 1),
                      key=lambda c: (counts[c] - wanted[c], -alphabet.index(c)))
        counts[richest] -= 1
    return counts


def letters_json(lang: str) -> dict[str, object]:
    alphabet = ALPHABETS[lang]
    counts = card_counts(shares(lang), alphabet)
    order = sorted(counts, key=lambda c: (-counts[c], alphabet.index(c)))
    cards = [char for char in order for _ in range(counts[char])]
    return {
        "source": f"wordfreq 3.1.1 '{lang}', {WORDS} most common words, letters weighted by word "
                  f"frequency; letters under {RARE_SHARE:.2%} left out (deckmaker.py)",
        "symbols": list(SYMBOLS),
        "wilds": [list(pair) for pair in WILDS],
        "letters": [{"letter": char.upper(), "symbol": SYMBOLS[i % len(SYMBOLS)]}
                    for i, char in enumerate(cards)],
    }


def main(langs: list[str]) -> None:
    for lang in langs:
        data = letters_json(lang)
        path = CONTENT / lang / "letters.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        lines = [f'  {json.dumps(card, ensure_ascii=False)}' for card in data["letters"]]  # type: ignore[attr-defined]
        head = {k: v for k, v in data.items() if k != "letters"}
        text = json.dumps(head, ensure_ascii=False, indent=1)[:-2]
        path.write_text(text + ',\n "letters": [\n' + ",\n".join(lines) + "\n ]\n}\n", "utf-8")
        print(path, " ".join(f"{c['letter']}" for c in data["letters"]))  # type: ignore[attr-defined]


if __name__ == "__main__":
    main(sys.argv[1:] or list(ALPHABETS))
