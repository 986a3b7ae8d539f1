"""The client's message catalogs: every message in every catalog, every language complete with its
placeholders and plural forms, JSON current; the server's refusals and the games' declared labels
among them."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import pytest
from babel.messages.catalog import Message
from babel.messages.plurals import get_plural

from duoplay.core.declared import describe
from duoplay.core.errors import GameError
from duoplay.core.match import Match
from duoplay.core.registry import find_game
from duoplay.i18n import webcatalog
from duoplay.i18n.pseudo import PSEUDO
from duoplay.server import protocol as wire

# Messages of the platform pages and of the UNO Duo table must all have Swedish text.
CHECKED = ("app.js", "home.js", "tiles.js", "newroom.js", "lobby.js", "room.js", "replay.js",
           "games/uno-duo/")


@functools.cache
def _extracted() -> tuple[Message, ...]:
    """The client's messages as the extractor finds them, read once for this module: reading every
    source file takes a second or two."""
    return tuple(webcatalog.extract())


def _checked_messages() -> set[str]:
    found = set()
    for message in _extracted():
        places = [str(place[0]) for place in message.locations]
        if message.id and any(p.startswith(CHECKED) for p in places):
            found.add(webcatalog.lookup_key(message.id, message.context))
    return found


def test_the_extractor_finds_the_client_messages() -> None:
    found = _checked_messages()
    assert {"Create room", "Sit here", "Draw a card", "{name} played {card}", "{n} card"} <= found


def test_every_checked_message_has_swedish_text() -> None:
    sv = json.loads(webcatalog.json_path("sv").read_text(encoding="utf-8"))["messages"]
    missing = sorted(msgid for msgid in _checked_messages() if not sv.get(msgid))
    assert missing == []
    assert sv["{n} card"] == ["{n} kort", "{n} kort"]  # plural forms stay a list


def test_the_compiled_json_matches_the_catalogs() -> None:
    for lang in (*webcatalog.LANGUAGES, PSEUDO):
        assert webcatalog.json_path(lang).read_text(encoding="utf-8") == webcatalog.render_json(lang), (
            f"run: python -m duoplay.i18n.webcatalog compile ({lang})")


def test_every_extracted_message_is_in_each_catalog() -> None:
    wanted = {(m.id, m.context) for m in _extracted() if m.id}
    for lang in webcatalog.LANGUAGES:
        have = {(m.id, m.context) for m in webcatalog.read(lang) if m.id}
        missing = sorted(wanted - have, key=str)
        assert missing == [], f"run: python -m duoplay.i18n.webcatalog extract ({lang})"


# Every language the switch offers; English is the message ids themselves.
TRANSLATED = tuple(lang for lang in webcatalog.LANGUAGES if lang != "en")
PLACEHOLDER = re.compile(r"\{\w+(?:!r)?\}")


def _compiled(lang: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(webcatalog.json_path(lang).read_text(encoding="utf-8"))
    return data


def test_the_languages_include_spanish_polish_and_french() -> None:
    assert {"en", "sv", "es", "pl", "fr"} <= set(webcatalog.LANGUAGES)


def _forms(text: object) -> list[str]:
    """A message id or translation as its list of forms (one for a simple message)."""
    if isinstance(text, str):
        return [text]
    return [str(form) for form in text] if isinstance(text, (tuple, list)) else []


def test_every_language_translates_every_message() -> None:
    wanted = [(_forms(m.id), webcatalog.lookup_key(m.id, m.context)) for m in _extracted() if m.id]
    for lang in TRANSLATED:
        shown = _compiled(lang)["messages"]
        forms = get_plural(lang).num_plurals
        missing = []
        for ids, key in wanted:
            text = shown.get(key)
            if len(ids) > 1:
                complete = isinstance(text, list) and len(text) == forms and all(text)
            else:
                complete = isinstance(text, str) and bool(text)
            if not complete:
                missing.append(ids[0])
        assert missing == [], f"{lang}: untranslated {missing}"


def test_each_catalog_carries_babels_plural_rule() -> None:
    for lang in TRANSLATED:
        rule = get_plural(lang)
        assert _compiled(lang)["plural"] == rule.plural_expr, lang
        assert webcatalog.read(lang).num_plurals == rule.num_plurals, lang
    assert get_plural("pl").num_plurals == 3  # one, few, many
    pl = _compiled("pl")["messages"]
    assert pl["{n} card"] == ["{n} karta", "{n} karty", "{n} kart"]


def test_every_translation_keeps_the_placeholders() -> None:
    """A translation may reorder {placeholders} but never drop, rename or invent one."""
    wrong = []
    for lang in TRANSLATED:
        for message in webcatalog.read(lang):
            ids = _forms(message.id)
            if not ids or not ids[0]:
                continue
            allowed = {name for msgid in ids for name in PLACEHOLDER.findall(msgid)}
            needed = PLACEHOLDER.findall(ids[-1])  # the plural id names every placeholder
            for form in _forms(message.string):
                used = PLACEHOLDER.findall(form)
                if set(used) - allowed or (len(ids) == 1 and sorted(used) != sorted(needed)) \
                        or set(needed) - set(used):
                    wrong.append((lang, ids[0], form))
    assert wrong == []


def _refusal(match: Match, seat: int, action: object) -> GameError:
    with pytest.raises(GameError) as refused:
        match.act(seat, action)
    return refused.value


def test_the_catalogs_carry_what_the_server_sends_and_the_games_declare() -> None:
    """A refusal reaches the client as its template and parameters, a house rule as its label: the
    client translates both, so both are extracted from the Python and translated."""
    five_pairs = {"type": "pairs", "pairs": [[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]]}
    too_many = _refusal(Match.new("duos", 2, 1), 0, five_pairs)
    assert too_many.params, "the refusal should carry parameters"
    with pytest.raises(wire.ProtocolError) as malformed:
        wire.parse_client('{"v": 1, "type": "sit"}')
    uno = describe(find_game("uno-duo"))
    choice = next(spec for spec in uno["option_specs"] if spec["kind"] == "choice")
    wanted = {too_many.template, malformed.value.template, uno["option_specs"][0]["label"],
              choice["choices"][0]["label"], *uno["bot_level_labels"].values()}
    extracted = {m.id for m in _extracted()}
    assert wanted <= extracted
    for lang in TRANSLATED:
        shown = _compiled(lang)["messages"]
        assert all(shown.get(msgid) for msgid in wanted), lang
    sv = _compiled("sv")["messages"][too_many.template]
    assert sorted(PLACEHOLDER.findall(sv)) == sorted("{" + name + "}" for name in too_many.params)
