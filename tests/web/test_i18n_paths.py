"""The message paths outside the log, formatted in every UI language by the client's own modules (in
Node, with a small stand-in for the DOM): the status lines of the four games, Duplik's seat strips and
gallery, the shared-win lines, and every refusal the server can send, with the reader and one to three
others in each slot.

Each fails on what a native reader saw: the catalog's "You" in a third-person slot ("juzga a Tú",
"Dessin de Toi"), a doubled conjunction ("para ti y Ana y Bo", "you and Ana and Bo"), an English value
inside a translated sentence ("Dijiste YES! a la carta…", "R5 es red") and a refusal no catalog holds.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from duoplay.i18n import webcatalog

WEB = Path(__file__).resolve().parents[2] / "src" / "duoplay" / "web"
NODE = shutil.which("node")
YOU = "⟪YOU⟫"  # what the catalog's "You" says while the lines are formatted: a label, never a slot
READER = "⟪READER⟫"  # the reader's own name, which no line may show
OTHERS = ["Ana", "Bo", "Cy", "Di"]
CONJUNCTIONS = {"en": "and", "es": "y", "sv": "och", "pl": "i", "fr": "et"}
# English values a refusal carries (rules.py HELP_NAMES, cards.py names and codes, colours): none may
# show in another language's sentence.
ENGLISH_VALUES = ["YES!", "NO!", "WORD", "Draw 2", "Wild Draw 4", "Reverse", "R5", "B+2", "red", "blue"]

HARNESS = Path(__file__).with_name("i18n_paths.js")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The client's modules as ES modules Node can import (without the card pictures)."""
    if NODE is None:
        pytest.fail("Node.js is needed to run the client's modules: apt-get install -y nodejs")
    folder = tmp_path_factory.mktemp("web") / "web"
    shutil.copytree(WEB, folder, ignore=shutil.ignore_patterns("assets"))
    (folder / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    shutil.copy(HARNESS, folder / "paths.js")
    return folder


def _sample(key: str, source: str) -> Any:
    """A representative value of a refusal's parameter, as the server sends it."""
    uno = "uno_duo" in source
    values: dict[str, Any] = {"help": "YES!", "card": "R5" if uno else 7, "top": "B+2", "colour": "red",
                              "red": "red", "yellow": "yellow", "green": "green", "blue": "blue"}
    return values.get(key, 4)


def refusals() -> list[dict[str, Any]]:
    """Every refusal the server can send (the Python messages), its parameters filled."""
    found = []
    for message in webcatalog.extract():
        sources = [str(place[0]) for place in message.locations if str(place[0]).endswith(".py")]
        if not sources or not isinstance(message.id, str):
            continue
        keys = re.findall(r"\{(\w+)(?:!r)?\}", message.id)
        found.append({"msg": message.id, "params": {key: _sample(key, sources[0]) for key in keys}})
    found.append({"msg": "{help} is exactly one word, without spaces", "params": {"help": "WORD"}})
    found.append({"msg": "Play a {card} or draw {n} cards", "params": {"card": "Draw 2", "n": 4}})
    found.append({"msg": "Challenge the {card} or accept it", "params": {"card": "Wild Draw 4"}})
    return found


REFUSALS = refusals()


def _render(client: Path, lang: str) -> list[dict[str, Any]]:
    catalog = webcatalog.json_path(lang)
    messages = {} if lang == "en" else json.loads(catalog.read_text(encoding="utf-8"))["messages"]
    data = {"lang": lang, "messages": {**messages, "You": YOU}, "reader": READER, "names": OTHERS,
            "refusals": REFUSALS}
    done = subprocess.run([str(NODE), str(client / "paths.js")], input=json.dumps(data), capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    lines: list[dict[str, Any]] = json.loads(done.stdout)
    return lines


@pytest.mark.parametrize("lang", webcatalog.LANGUAGES)
def test_no_path_puts_the_reader_in_a_third_person_slot(client: Path, lang: str) -> None:
    lines = _render(client, lang)
    paths = {line["path"] for line in lines}
    assert {"duplik seat strip", "duplik status", "duplik gallery", "duos status", "uno status",
            "duple status", "refusal"} <= paths
    wrong = [line for line in lines if line["slot"] and (YOU in line["text"] or READER in line["text"])]
    assert wrong == [], f"{lang}: {len(wrong)} lines, e.g. {wrong[:5]}"


@pytest.mark.parametrize("lang", webcatalog.LANGUAGES)
def test_a_list_has_one_conjunction(client: Path, lang: str) -> None:
    """"you" is inside the list: never "you and Ana and Bo", "ti y Ana y Bo", "toi et Cy et Di"."""
    word = CONJUNCTIONS[lang]
    person = r"(?:\w+|⟪\w+⟫)"
    doubled = re.compile(rf"\b{person},? {word} {person}(?:, {person})*,? {word} {person}\b")
    wrong = [line["text"] for line in _render(client, lang) if doubled.search(line["text"])]
    assert wrong == [], wrong[:5]


@pytest.mark.parametrize("lang", [lang for lang in webcatalog.LANGUAGES if lang != "en"])
def test_refusals_show_no_english_value(client: Path, lang: str) -> None:
    """A help, a card or a colour in a refusal is shown in the reader's language."""
    def english(value: str) -> re.Pattern[str]:
        return re.compile(rf"(?<![\w!]){re.escape(value)}(?![\w!])")

    wrong = [line["text"] for line in _render(client, lang) if line["path"] == "refusal"
             # a value the message itself writes (the notation "R5, G+2") is no parameter
             and any(english(value).search(line["text"]) and not english(value).search(line["msg"])
                     for value in ENGLISH_VALUES)]
    assert wrong == [], wrong[:8]


def test_every_refusal_is_in_every_catalog() -> None:
    """Every game error raised with a message (its subclasses' too: DUOS's FewerPairs) is in every catalog."""
    classes = set(webcatalog.game_error_classes())
    raised: set[str] = set()
    for path in webcatalog.PACKAGE.rglob("*.py"):
        where = path.relative_to(webcatalog.PACKAGE).as_posix()
        if where.startswith("cli/") or where == "server/testhooks.py":
            continue  # the command line and the test hooks speak English: no player reads them
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            called = node.func.id if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) else None
            if called not in classes or not isinstance(node, ast.Call):
                continue
            if node.args and isinstance(first := node.args[0], ast.Constant) and isinstance(first.value, str):
                raised.add(first.value)
    assert "Place all {most} pairs before you lock in (you have placed {n})" in raised
    for lang in webcatalog.LANGUAGES:
        if lang == "en":
            continue
        held = json.loads(webcatalog.json_path(lang).read_text(encoding="utf-8"))["messages"]
        assert sorted(raised - set(held)) == [], lang


def test_a_polish_card_in_a_sentence_agrees(client: Path) -> None:
    """The colour agrees with the card's noun in the accusative ("Zagrywasz czerwoną piątkę")."""
    lines = _render(client, "pl")
    cards = {line["msg"]: line["text"] for line in lines if line["path"] == "card in a sentence"}
    assert cards == {"R5": "czerwoną piątkę", "B+2": "niebieskie Weź 2", "Gskip": "zielony Stop",
                     "Y0": "żółte zero", "Brev": "niebieską Zmianę kierunku"}
