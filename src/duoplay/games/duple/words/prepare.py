"""What the judge derives once per machine from installed data: each language's common words,
wordfreq's ranking checked against the hunspell dictionary (a few seconds a language; it took
minutes in Polish while every language was read in pure Python). Made ahead by `duoplay prepare`
(the install step runs it), the languages side by side, so no test, bot or first match pays it."""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed

from duoplay.games.duple.words.categories import LANGUAGES


def _common_words(lang: str) -> tuple[str, int]:
    from duoplay.games.duple.words.common import load_common
    from duoplay.games.duple.words.dictionary import hunspell

    return lang, len(load_common(lang, hunspell(lang)).words)


def prepare(say: Callable[[str], None] = print) -> None:
    """Check every language's common words into the cache (a cached language takes a moment)."""
    with ProcessPoolExecutor(max_workers=min(len(LANGUAGES), os.cpu_count() or 1)) as pool:
        for done in as_completed([pool.submit(_common_words, lang) for lang in LANGUAGES]):
            lang, count = done.result()
            say(f"duple: {lang} common words checked ({count:,})")
