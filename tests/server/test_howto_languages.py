"""Every game's "how to play" page exists in every UI language, and says the same things as the
English one: the same sections and the same notes on the number of players, in its own words."""

from __future__ import annotations

import pytest

from duoplay.core.registry import find_game, game_ids
from duoplay.i18n.webcatalog import LANGUAGES
from duoplay.server import howto

pytestmark = pytest.mark.live

TRANSLATED = [lang for lang in LANGUAGES if lang != howto.FALLBACK]
CASES = [(game, lang) for game in game_ids() for lang in TRANSLATED]


def english(game: str) -> howto.HowTo:
    found = howto.page(game, howto.FALLBACK)
    assert found is not None, f"{game} has no English page"
    return found


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_every_games_rules_read_in_every_ui_language(game: str, lang: str) -> None:
    path = howto.folder(find_game(game)) / f"{lang}.md"
    assert path.is_file(), f"{game} has no how-to-play page in {lang}"
    parsed = howto.parse(game, lang, path.read_text(encoding="utf-8"))
    found = howto.page(game, lang)
    assert found is not None and found.lang == lang and found.title == parsed.title


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_a_translated_page_has_the_english_sections_and_player_counts(game: str, lang: str) -> None:
    found, source = howto.page(game, lang), english(game)
    assert found is not None and found.lang == lang
    assert len(found.sections) == len(source.sections)
    assert sorted(found.seats) == sorted(source.seats)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_the_lobby_line_about_a_game_is_in_the_players_language(game: str, lang: str) -> None:
    found = howto.page(game, lang)
    assert found is not None and found.lang == lang
    assert found.summary != english(game).summary
