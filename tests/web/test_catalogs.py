"""The client's message catalogs: every message in every catalog, Swedish complete, JSON current."""

from __future__ import annotations

import json

from duoplay.i18n import webcatalog

# Messages of the platform pages and of the UNO Duo table must all have Swedish text.
CHECKED = ("app.js", "lobby.js", "room.js", "replay.js", "games/uno-duo/")


def _checked_messages() -> set[str]:
    found = set()
    for message in webcatalog.extract():
        places = [str(place[0]) for place in message.locations]
        if message.id and any(p.startswith(CHECKED) for p in places):
            found.add(message.id if isinstance(message.id, str) else message.id[0])
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
    for lang in webcatalog.LANGUAGES:
        assert webcatalog.json_path(lang).read_text(encoding="utf-8") == webcatalog.render_json(lang), (
            f"run: python -m duoplay.i18n.webcatalog compile ({lang})")


def test_every_extracted_message_is_in_each_catalog() -> None:
    wanted = {m.id for m in webcatalog.extract() if m.id}
    for lang in webcatalog.LANGUAGES:
        have = {m.id for m in webcatalog.read(lang) if m.id}
        missing = sorted(wanted - have, key=str)
        assert missing == [], f"run: python -m duoplay.i18n.webcatalog extract ({lang})"
