"""What the catalogs are built from: every message the client's code asks for reaches a catalog, each
message with a placeholder tells translators what fills it, one English word with several uses is
several messages (contexts), and the pseudo-locale wraps and lengthens every message."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from babel.messages.catalog import Message

from duoplay.i18n import webcatalog
from duoplay.i18n.pseudo import CLOSE, GROWTH, OPEN, PSEUDO, pseudo_text

WEB = webcatalog.WEB
# A call of t, tn, tc or tnc whose message arguments are string literals.
CALL = re.compile(r"""\b(t|tn|tc|tnc)\(\s*("(?:[^"\\]|\\.)*")(?:\s*,\s*("(?:[^"\\]|\\.)*"))?""")
PLACEHOLDER = re.compile(r"\{\w+(?:!r)?\}")
COMMENT_LINE = re.compile(r"^\s*//.*$", re.MULTILINE)  # examples in comments are not calls


@functools.cache
def _extracted() -> tuple[Message, ...]:
    """The client's messages as the extractor finds them, read once for this module: reading every
    source file takes a second or two."""
    return tuple(webcatalog.extract())


def _asked_for() -> set[tuple[str | None, str]]:
    """(context, message id) of every call in the client's JavaScript, read with a plain pattern
    rather than the extractor (so a call the extractor skips, as one inside a template literal
    once was, shows up here)."""
    found = set()
    for path in WEB.rglob("*.js"):
        code = COMMENT_LINE.sub("", path.read_text(encoding="utf-8"))
        for match in CALL.finditer(code):
            function, first, second = match.groups()
            if function in ("tc", "tnc"):
                if second is not None:
                    found.add((json.loads(first), json.loads(second)))
            else:
                found.add((None, json.loads(first)))
    return found


def test_every_message_the_client_asks_for_is_in_the_template() -> None:
    extracted = set()
    for message in _extracted():
        if message.id:
            extracted.add((message.context, message.id if isinstance(message.id, str) else message.id[0]))
    asked = _asked_for()
    assert len(asked) > 300
    assert sorted(asked - extracted, key=str) == []


def test_every_message_with_a_placeholder_has_a_translators_note() -> None:
    assert webcatalog.uncommented() == []
    notes = {message.id: message.auto_comments for message in _extracted()}
    assert any("another player" in note for note in notes["{name} played {card}"])
    # A refusal's note says what the server fills in, read from the code that raises it.
    assert any("{most} = MAX_PAIRS" in note for note in notes["Place at most {most} pairs (you sent {n})"])


def _compiled(lang: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(webcatalog.json_path(lang).read_text(encoding="utf-8"))["messages"]
    return messages


def test_one_colour_word_is_a_message_per_use() -> None:
    """Swedish agrees the colour with what it describes: "valde rött", "röd 5", "röda kort"."""
    sv = _compiled("sv")
    glue = webcatalog.CONTEXT_GLUE
    assert sv[f"colour chosen for a wild card{glue}red"] == "rött"
    assert sv[f"colour of one card{glue}red"] == "röd"
    assert sv[f"colour of several cards{glue}red"] == "röda"
    # A card's name inside a sentence takes the article or case the language needs there.
    assert _compiled("fr")[f"card in a sentence{glue}Wild"] == "un Joker"
    assert _compiled("pl")[f"card in a sentence{glue}Wild"] == "Zmianę koloru"


def test_the_pseudo_locale_wraps_and_lengthens_every_message() -> None:
    english = {}
    for message in webcatalog.read_template():
        if message.id:
            forms = [message.id] if isinstance(message.id, str) else list(message.id)
            english[webcatalog.lookup_key(message.id, message.context)] = forms
    shown = _compiled(PSEUDO)
    assert set(shown) == set(english)
    for key, text in shown.items():
        for form, source in zip([text] if isinstance(text, str) else text, english[key], strict=True):
            assert form.startswith(OPEN) and form.endswith(CLOSE), key
            assert sorted(PLACEHOLDER.findall(form)) == sorted(PLACEHOLDER.findall(source)), key
            letters = len(PLACEHOLDER.sub("", source))
            if letters >= 10:
                assert len(PLACEHOLDER.sub("", form)) >= (1 + GROWTH) * letters, key


def test_pseudo_text_keeps_placeholders_and_braces() -> None:
    text = pseudo_text("Seat {n} of {{total}}: {name!r}")
    assert text.startswith(OPEN) and text.endswith(CLOSE)
    assert "{n}" in text and "{name!r}" in text and "{{" in text and "}}" in text
    assert "Seat" not in text  # the letters themselves are changed


I18N_FUNCTIONS = ("t", "tn", "tc", "tnc", "people", "listOf", "errorText")
IMPORT = re.compile(r"import \{([^}]*)\} from \"[./]*/i18n\.js\"")


def test_every_module_imports_the_i18n_functions_it_calls() -> None:
    """A call of tn() in a module that imports only t() throws when it runs (a round summary once
    never showed for that): every module imports what it calls."""
    wrong = []
    for path in WEB.rglob("*.js"):
        if path.name == "i18n.js":
            continue
        code = COMMENT_LINE.sub("", path.read_text(encoding="utf-8"))
        imported = {name.strip() for match in IMPORT.finditer(code) for name in match.group(1).split(",")}
        for function in I18N_FUNCTIONS:
            if re.search(rf"(?<![\w.]){function}\(", code) and function not in imported:
                wrong.append(f"{path.relative_to(WEB)}: {function}")
    assert wrong == []
