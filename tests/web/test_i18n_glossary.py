"""The UNO Duo terms of each language, as docs/i18n.md fixes them: the catalog says them that way,
and every UNO Duo message that uses a term uses that language's word for it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from duoplay.i18n import webcatalog

GLOSSARY = Path(__file__).resolve().parents[2] / "docs" / "i18n.md"
# How each glossary term shows in an English message (case does not matter).
ENGLISH = {
    "Wild": r"\bwild\b",
    "Wild Draw 4": r"\bwild draw 4\b",
    "Draw 2": r"\bdraw 2\b",
    "Reverse": r"\breverse\b",
    "Skip": r"\bskip\b",
    "draw pile": r"\bdraw pile\b",
    "volley": r"\bvolley\b",
    "Challenge": r"\bchalleng",
    "catch": r"\b(catch|caught)\b",
}
# Card codes, option names and quoted words in refusals ('wild blue', wild+4, challenge_rule) are
# notation, not words to translate.
NOTATION = re.compile(r"'[^']*'|\S*[+_]\S*|\{\w+\}")


def _glossary() -> dict[str, list[tuple[str, str, str]]]:
    """{language: [(term, catalog text or "—", what every message must contain)]} from docs/i18n.md."""
    tables: dict[str, list[tuple[str, str, str]]] = {}
    lang = None
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        heading = re.match(r"^### (\w+)$", line)
        if heading:
            lang = heading.group(1)
            tables[lang] = []
        elif lang and line.startswith("| ") and not line.startswith(("| term", "| ---")):
            term, text, stem = (cell.strip() for cell in line.strip("|").split("|"))
            tables[lang].append((term, text, stem))
    return tables


def _uno_messages(lang: str) -> list[tuple[str, list[str]]]:
    """(English, [translations]) of every message the UNO Duo table or engine shows."""
    found = []
    for message in webcatalog.read(lang):
        places = " ".join(str(place[0]) for place in message.locations)
        if not message.id or not re.search(r"uno-duo|uno_duo", places):
            continue
        english = message.id if isinstance(message.id, str) else message.id[-1]
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        found.append((english, strings))
    return found


def test_the_glossary_covers_every_translated_language() -> None:
    assert set(_glossary()) == set(webcatalog.LANGUAGES) - {"en"}
    assert all(set(ENGLISH) == {term for term, _, _ in rows} for rows in _glossary().values())


@pytest.mark.parametrize("lang", [lang for lang in webcatalog.LANGUAGES if lang != "en"])
def test_the_catalog_says_each_term_as_the_glossary_does(lang: str) -> None:
    catalog = webcatalog.read(lang)
    for term, text, _ in _glossary()[lang]:
        if text != "—":
            message = catalog.get(term)
            assert message is not None and message.string == text, (lang, term)


@pytest.mark.parametrize("lang", [lang for lang in webcatalog.LANGUAGES if lang != "en"])
def test_every_uno_duo_message_uses_the_terms(lang: str) -> None:
    wrong = []
    for term, _, stem in _glossary()[lang]:
        pattern = re.compile(ENGLISH[term], re.IGNORECASE)
        for english, strings in _uno_messages(lang):
            if not pattern.search(NOTATION.sub(" ", english)):
                continue
            wrong += [(term, english, text) for text in strings if stem.lower() not in text.lower()]
    assert wrong == []
