"""Proper nouns count in every category they fit, of several words too (rulebook, allowed
answers); All Play still refuses them (rulebook, All Play)."""

from __future__ import annotations

import pytest

from duoplay.games.duple.words.judge import Verdict, judge_answer

OK = Verdict(True, "ok")


@pytest.mark.parametrize(("lang", "word", "letters", "category"), [
    # places: countries, cities, regions (CLDR and the lists), landscapes and buildings
    ("es", "Barcelona", ["B", "L"], "lugar"),
    ("es", "Nueva York", ["N", "Y"], "lugar"),
    ("es", "Europa", ["E", "R"], "lugar"),
    ("es", "Andalucía", ["N", "D"], "lugar"),
    ("es", "Antártida", ["N", "T"], "lugar"),
    ("es", "Machu Picchu", ["M", "P"], "lugar"),
    ("es", "Alhambra", ["L", "H"], "lugar"),
    ("en", "Brazil", ["B", "Z"], "place"),
    ("en", "South America", ["S", "M"], "place"),
    ("en", "New Jersey", ["J", "R"], "place"),
    ("en", "Times Square", ["T", "Q"], "place"),
    ("en", "Grand Canyon", ["G", "Y"], "place"),
    # landscapes
    ("es", "Monte Everest", ["M", "V"], "paisaje"),
    ("es", "Everest", ["V", "R"], "paisaje"),
    ("es", "Amazonas", ["M", "Z"], "paisaje"),
    ("es", "Mar Mediterráneo", ["M", "D"], "paisaje"),
    ("es", "Sahara", ["S", "H"], "paisaje"),
    ("en", "Mount Everest", ["M", "V"], "landscape"),
    ("en", "Lake Titicaca", ["L", "K"], "landscape"),
    ("en", "Sahara Desert", ["S", "D"], "landscape"),
    ("en", "Kilimanjaro", ["K", "J"], "landscape"),
    # animals that are characters
    ("es", "Dumbo", ["D", "B"], "animal"),
    ("es", "Nemo", ["N", "M"], "animal"),
    ("es", "Nemo", ["N", "M"], "animal_marino"),
    ("es", "Piolín", ["P", "L"], "ave"),
    ("es", "Piolín", ["P", "L"], "animal"),
    ("es", "Pepito Grillo", ["P", "G"], "insecto"),
    ("en", "Dumbo", ["D", "B"], "animal"),
    ("en", "Nemo", ["N", "M"], "sea_creature"),
    ("en", "Donald Duck", ["D", "K"], "bird"),
    ("en", "Jiminy Cricket", ["J", "C"], "insect"),
    ("en", "Winnie the Pooh", ["W", "P"], "animal"),
    # things with a brand or a name of their own
    ("es", "Monopoly", ["M", "P"], "juego_juguete"),
    ("es", "Coca-Cola", ["C", "L"], "bebida"),
    ("es", "Torre Eiffel", ["T", "F"], "edificio"),
    ("es", "Halcón Milenario", ["H", "M"], "vehiculo"),
    ("es", "Macarena", ["M", "C"], "baile"),
    ("es", "Granny Smith", ["G", "S"], "fruta"),
    ("en", "Monopoly", ["M", "P"], "game_toy"),
    ("en", "Coca-Cola", ["C", "L"], "drink"),
    ("en", "Eiffel Tower", ["E", "F"], "building"),
    ("en", "Millennium Falcon", ["M", "F"], "vehicle"),
    ("en", "Granny Smith", ["G", "S"], "fruit"),
    ("en", "Kevlar", ["K", "V"], "material"),
    # names typed in lower case and without accents are the same names
    ("es", "nueva york", ["N", "Y"], "lugar"),
    ("es", "piolin", ["P", "L"], "ave"),
    # CLDR serves every language
    ("sv", "Brasilien", ["B", "S"], "place"),
    ("pl", "Brazylia", ["B", "Z"], "place"),
    ("fr", "Brésil", ["B", "S"], "place"),
    ("fr", "Amérique du Sud", ["M", "S"], "place"),
    # and each language's own lists of landscapes, buildings and characters
    ("sv", "Kebnekaise", ["K", "B"], "landscape"),
    ("sv", "Kebnekaise", ["K", "B"], "place"),
    ("sv", "Kalle Anka", ["K", "L"], "bird"),
    ("sv", "Bamse", ["B", "M"], "animal"),
    ("sv", "vattern", ["V", "T"], "landscape"),  # Vättern typed without its marks
    ("pl", "Rysy", ["R", "Y"], "landscape"),
    ("pl", "Kubuś Puchatek", ["K", "P"], "animal"),
    ("pl", "Pałac Kultury", ["P", "K"], "building"),
    ("pl", "Wisla", ["W", "S"], "landscape"),
    ("fr", "Mont Blanc", ["M", "B"], "landscape"),
    ("fr", "tour eiffel", ["T", "F"], "place"),
    ("fr", "Milou", ["M", "L"], "animal"),
    ("fr", "Idefix", ["D", "F"], "animal"),
])
def test_a_name_fits_the_category_it_belongs_to(lang: str, word: str, letters: list[str],
                                                category: str) -> None:
    assert judge_answer(lang, word, letters, category) == OK


@pytest.mark.parametrize(("lang", "word", "letters", "category", "reason"), [
    ("es", "Barcelona", ["B", "L"], "fruta", "category"),
    ("es", "Dumbo", ["D", "B"], "verbo", "category"),
    ("es", "Nemo", ["N", "M"], "parte_del_cuerpo", "category"),
    ("es", "Nueva York", ["N", "Y"], "animal", "several_words"),
    ("es", "Monte Everest", ["M", "V"], "color", "several_words"),
    ("en", "Brazil", ["B", "Z"], "feeling", "category"),
    ("en", "Mount Everest", ["M", "V"], "animal", "several_words"),
    ("en", "Dumbo", ["D", "B"], "tool", "category"),
    # a common phrase is still several words, even where names of several words fit
    ("es", "perro salchicha", ["P", "S"], "animal", "several_words"),
    ("en", "polar bear", ["P", "B"], "animal", "several_words"),
    # a bird is an animal, not the other way round
    ("es", "Dumbo", ["D", "B"], "ave", "category"),
    ("en", "Nemo", ["N", "M"], "bird", "category"),
    ("sv", "Bamse", ["B", "M"], "colour", "category"),
    ("pl", "Kubuś Puchatek", ["K", "P"], "tool", "several_words"),
    ("fr", "Mont Blanc", ["M", "B"], "animal", "several_words"),
])
def test_a_name_is_refused_where_it_does_not_fit(lang: str, word: str, letters: list[str],
                                                 category: str, reason: str) -> None:
    assert judge_answer(lang, word, letters, category) == Verdict(False, reason)


@pytest.mark.parametrize(("lang", "word", "letters", "reason"), [
    ("es", "Barcelona", ["B", "L"], "proper_noun"),
    ("es", "Dumbo", ["D", "B"], "proper_noun"),
    ("es", "Everest", ["V", "R"], "proper_noun"),
    ("en", "Brazil", ["B", "Z"], "proper_noun"),
    ("en", "Nemo", ["N", "M"], "proper_noun"),
    ("es", "Nueva York", ["N", "Y"], "several_words"),
    ("en", "Mount Everest", ["M", "V"], "several_words"),
    ("sv", "Kebnekaise", ["K", "B"], "proper_noun"),
    ("pl", "Rysy", ["R", "Y"], "proper_noun"),
    ("fr", "Milou", ["M", "L"], "proper_noun"),
])
def test_all_play_still_refuses_names(lang: str, word: str, letters: list[str], reason: str) -> None:
    assert judge_answer(lang, word, letters, None) == Verdict(False, reason)
