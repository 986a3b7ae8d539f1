"""The C library (libhunspell through ctypes) and spylls read the Swedish, Polish and French
dictionaries alike: on every answer of the benchmark's seen and second-hand prompt sets, each
reader says the same about whether it is a word, a name, and how it is built."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from duoplay.games.duple.words.dictionary import FILES, Hunspell, dictionary_folder
from duoplay.games.duple.words.native import NativeHunspell, parse_reading

PROMPTS = Path(__file__).resolve().parents[4] / "benchmarks" / "duple_prompts"
# Where the C library is right and spylls is not: the Swedish dictionary lists "trägård" as a
# forbidden misspelling of "trädgård"; French hunspell reads "pays-bas" as the name "Pays-Bas"
# (hunspell's own rule for a capital after a dash).
KNOWN = {"sv": {"trägård"}, "fr": {"pays-bas"}}


def answers(lang: str) -> list[str]:
    words: set[str] = set()
    for name in (f"{lang}.json", f"{lang}_second.json"):
        for prompt in json.loads((PROMPTS / name).read_text("utf-8"))["prompts"]:
            words.update(prompt["valid"])
            words.update(i["word"] for i in prompt["invalid"])
    return sorted(w for w in words if " " not in w)


@pytest.mark.parametrize("lang", ["sv", "pl", "fr"])
def test_both_readers_agree_on_the_benchmarks_answers(lang: str) -> None:
    folder = dictionary_folder(lang)
    native, reference = NativeHunspell(lang, folder, FILES[lang]), Hunspell(lang, folder)
    disagree = []
    for word in answers(lang):
        if word.lower() in KNOWN.get(lang, ()):
            continue
        for asked in (word, word.lower()):
            for question in ("analyse", "lookup", "is_common", "is_name", "has_name"):
                text = asked.lower() if question == "analyse" else asked
                mine, theirs = getattr(native, question)(text), getattr(reference, question)(text)
                if mine != theirs:
                    disagree.append((question, text, mine, theirs))
    assert not disagree
    assert len(answers(lang)) > 300  # both sets were read


def test_the_exceptions_are_the_c_librarys_better_answers() -> None:
    folder = dictionary_folder("sv")
    assert Hunspell("sv", folder).is_common("trägård")
    assert not NativeHunspell("sv", folder, FILES["sv"]).is_common("trägård")


def test_a_reading_tells_prefixes_suffixes_and_compounds() -> None:
    assert parse_reading(" st:kot fl:s") == parse_reading(" st:kot  fl:s")
    reading = parse_reading(" st:kot fl:s")
    assert reading is not None
    assert (reading.stem, reading.prefixed, reading.fields) == ("kot", False, ("fl:s",))
    prefixed = parse_reading("nie st:ładny fl:b")
    assert prefixed is not None and prefixed.prefixed and prefixed.stem == "ładny"
    assert parse_reading(" pa:sommar st:sommar pa:bil") is None  # compounds are left out


def test_a_polish_plural_listed_as_a_stem_is_still_its_singulars_plural() -> None:
    polish = NativeHunspell("pl", dictionary_folder("pl"), FILES["pl"])
    words = polish.analyse("słowa")  # listed as słowa/W, to hang the plural's case endings on
    assert not words.stands_alone and words.singulars == ("słowo",)
    assert not polish.analyse("koty").stands_alone and "kot" in polish.analyse("koty").singulars
    assert polish.analyse("drzwi").stands_alone  # no singular: a word of its own


def test_the_c_library_reads_polish_and_french_as_the_rules_need() -> None:
    polish = NativeHunspell("pl", dictionary_folder("pl"), FILES["pl"])
    assert polish.analyse("jeść").infinitive and polish.analyse("ładny").adjective
    assert "kot" in polish.analyse("kota").singulars
    assert not polish.analyse("nieładny").singulars  # a prefix makes a word, not an inflection
    french = NativeHunspell("fr", dictionary_folder("fr"), FILES["fr"])
    assert french.analyse("mange").verb and french.analyse("chevaux").singulars == ("cheval",)
    assert not french.analyse("envoyé").adjective  # the participle's po:adj is the suffix's
    assert french.has_name("paris") and french.is_common("paris")  # the city, and "paris" (bets)
