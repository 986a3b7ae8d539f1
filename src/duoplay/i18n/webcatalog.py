"""Extract the browser client's messages, keep the .po catalogs up to date, compile them to JSON.

The client calls `t("English text", {params})`, `tn(singular, plural, n)`, and `tc(context, text)` /
`tnc(context, singular, plural, n)` where one English text has several uses; the English text is
the message id. A `// i18n:` comment on the line before a call is the translators' note. The
client also shows text that comes from the server, translated the same way:
the reasons of refusals (a game error's template, a server error's message) and what the games
declare (option labels, choice labels, help, bot level labels). Extraction collects all three:
the JavaScript, the Python that sends refusals, and the registered games' declarations.

`extract` refreshes `locales/web.pot` and merges it into every `locales/<lang>/LC_MESSAGES/web.po`;
`compile` writes `web/i18n/<lang>.json`, which the client loads, and the pseudo-locale `qps.json`
(every message wrapped and about 40% longer, see pseudo.py). `check` fails when a catalog misses a
translation, a message with a placeholder has no translators' note, or a JSON file is out of date.

    python -m duoplay.i18n.webcatalog extract|compile|check
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from duoplay.core.declared import describe
from duoplay.core.registry import find_game, game_ids
from duoplay.i18n.pseudo import PSEUDO, pseudo_catalog

PACKAGE = Path(__file__).resolve().parent.parent
WEB = PACKAGE / "web"
LOCALES = Path(__file__).resolve().parent / "locales"
LANGUAGES = ("en", "sv", "es", "pl", "fr")
DOMAIN = "web"
KEYWORDS: dict[str, Any] = {"t": None, "tn": (1, 2), "tc": ((1, "c"), 2), "tnc": ((1, "c"), 2, 3)}
# gettext's separator between a message's context and its id, as the client looks them up.
CONTEXT_GLUE = "\u0004"
PLACEHOLDER = re.compile(r"\{(\w+)(?:!r)?\}")
METHODS = [("**.js", "javascript")]
# Refusals the server sends: a game error's reason is its first argument, a server error's message
# its second (after the code). A game's own subclass of these (a refusal only its rules make) is found in the
# source: see game_error_classes().
GAME_ERRORS = ("GameError", "MalformedAction", "IllegalAction", "NotYourTurn", "GameOver", "StaleState")
SERVER_ERRORS: dict[str, Any] = {"ProtocolError": (2,), "RoomError": (2,), "error_response": (2,),
                                 "PasskeyError": (2,)}
# The command line and the test suite's hooks speak English: no player reads them.
PYTHON_METHODS = [("cli/**.py", "ignore"), ("server/testhooks.py", "ignore"), ("**.py", "python")]


def po_path(lang: str) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def json_path(lang: str) -> Path:
    return WEB / "i18n" / f"{lang}.json"


def extract() -> Catalog:
    """Every message the client shows, with where it comes from."""
    catalog = Catalog(project="duoplay", domain=DOMAIN, fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
        str(WEB), METHODS, keywords=KEYWORDS, comment_tags=("i18n:",), strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    python_keywords = {**dict.fromkeys(game_error_classes()), **SERVER_ERRORS}
    for filename, lineno, message, comments, context in extract_from_dir(
        str(PACKAGE), PYTHON_METHODS, keywords=python_keywords, comment_tags=("i18n:",),
        strip_comment_tags=True,
    ):
        if not comments and PLACEHOLDER.search(message if isinstance(message, str) else message[-1]):
            comments = [refusal_note(PACKAGE / filename, message if isinstance(message, str) else message[0])]
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    for game_id, label, where in declared_labels():
        catalog.add(label, None, [(f"declared:{game_id}", 0)], auto_comments=[where])
    return catalog


@lru_cache(maxsize=1024)
def _tree(path: Path, modified_ns: int) -> ast.Module:
    """A source file's syntax tree, parsed again only once the file has changed: the catalog
    reads every module of the package for its classes, then some of them again for notes."""
    return ast.parse(path.read_text(encoding="utf-8"))


def game_error_classes() -> list[str]:
    """The names of the game errors and of every class in the package that derives from one of them,
    however deep: a refusal raised as a subclass is as much a message as one raised as its base."""
    bases: dict[str, set[str]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(_tree(path, path.stat().st_mtime_ns)):
            if isinstance(node, ast.ClassDef):
                names = {base.id if isinstance(base, ast.Name) else base.attr
                         for base in node.bases if isinstance(base, ast.Name | ast.Attribute)}
                bases.setdefault(node.name, set()).update(names)
    found = set(GAME_ERRORS)
    while grown := {name for name, parents in bases.items() if parents & found} - found:
        found |= grown
    return sorted(found)


def refusal_note(path: Path, template: str) -> str:
    """The translators' note of a refusal the server sends: what fills each placeholder, read from
    the keyword arguments of the call that raises it. A refusal goes to the player whose action it
    refuses, and none of its placeholders is a player's name."""
    filled: list[str] = []
    for node in ast.walk(_tree(path, path.stat().st_mtime_ns)):
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and node.args[0].value == template:
            filled = [f"{{{kw.arg}}} = {ast.unparse(kw.value)}" for kw in node.keywords if kw.arg]
            break
    source = f"filled by the server: {'; '.join(filled)}" if filled else "the server fills the placeholders"
    return (f"A refusal sent to the player whose action it refuses; {source}. "
            "No placeholder is a player's name.")


def declared_labels() -> list[tuple[str, str, str]]:
    """(game id, message id, what it labels) for every label the registered games declare."""
    found = []
    for game_id in game_ids():
        game = describe(find_game(game_id))
        for spec in game["option_specs"]:
            found.append((game_id, spec["label"], f"option {spec['name']}"))
            found += [(game_id, choice["label"], f"a choice of option {spec['name']}")
                      for choice in spec.get("choices", ())]
            if spec.get("help"):
                found.append((game_id, spec["help"], f"help on option {spec['name']}"))
        found += [(game_id, label, f"bot level {level}") for level, label in game["bot_level_labels"].items()]
    return found


def read(lang: str) -> Catalog:
    path = po_path(lang)
    if not path.exists():
        return Catalog(locale=lang, domain=DOMAIN, project="duoplay")
    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def update() -> None:
    template = extract()
    LOCALES.mkdir(parents=True, exist_ok=True)
    with (LOCALES / f"{DOMAIN}.pot").open("wb") as handle:
        write_po(handle, template, omit_header=False, sort_output=True, width=100)
    for lang in LANGUAGES:
        catalog = read(lang)
        catalog.update(template, no_fuzzy_matching=True)
        po_path(lang).parent.mkdir(parents=True, exist_ok=True)
        with po_path(lang).open("wb") as handle:
            write_po(handle, catalog, sort_output=True, width=100, ignore_obsolete=True)


def to_json(catalog: Catalog, lang: str) -> dict[str, Any]:
    """{msgid: text} and {singular: [forms]}; untranslated messages are left out (the id is shown)."""
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy:
            continue
        key = lookup_key(message.id, message.context)
        if isinstance(message.id, tuple):
            forms = [str(form) for form in (message.string or ())]
            if any(forms):
                messages[key] = forms
        elif message.string:
            messages[key] = str(message.string)
    return {"lang": lang, "plural": catalog.plural_expr, "messages": dict(sorted(messages.items()))}


def lookup_key(msgid: str | tuple[str, ...] | list[str], context: str | None) -> str:
    """The key the client finds a message under: its (singular) id, after its context if it has one."""
    singular = msgid if isinstance(msgid, str) else msgid[0]
    return f"{context}{CONTEXT_GLUE}{singular}" if context else singular


def read_template() -> Catalog:
    with (LOCALES / f"{DOMAIN}.pot").open("rb") as handle:
        return read_po(handle, domain=DOMAIN)


def render_json(lang: str) -> str:
    catalog = pseudo_catalog(read_template()) if lang == PSEUDO else read(lang)
    return json.dumps(to_json(catalog, lang), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def compile_all() -> list[Path]:
    written = []
    for lang in (*LANGUAGES, PSEUDO):
        path = json_path(lang)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_json(lang), encoding="utf-8")
        written.append(path)
    return written


def uncommented() -> list[str]:
    """Messages with a placeholder but no translators' note saying what fills it."""
    found = []
    for message in extract():
        ids = [message.id] if isinstance(message.id, str) else list(message.id or ())
        if ids and any(PLACEHOLDER.search(msgid) for msgid in ids) and not message.auto_comments:
            places = ", ".join(f"{name}:{line}" for name, line in message.locations)
            found.append(f"no translators' note on {ids[0]!r} ({places})")
    return found


def problems() -> list[str]:
    """What is missing or stale: untranslated messages (any language but English),
    ids not in a catalog, old JSON."""
    found: list[str] = uncommented()
    wanted = {(m.id, m.context) for m in extract() if m.id}
    for lang in LANGUAGES:
        catalog = read(lang)
        have = {(m.id, m.context) for m in catalog if m.id}
        found += [f"{lang}: not in the catalog: {msgid!r}" for msgid in sorted(wanted - have, key=str)]
        if lang != "en":
            for message in catalog:
                if not message.id or (message.id, message.context) not in wanted:
                    continue
                strings = message.string if isinstance(message.string, tuple) else (message.string,)
                if message.fuzzy or not all(strings):
                    found.append(f"{lang}: not translated: {message.id!r}")
    for lang in (*LANGUAGES, PSEUDO):
        path = json_path(lang)
        if not path.exists() or path.read_text(encoding="utf-8") != render_json(lang):
            found.append(f"{lang}: {path.name} is out of date; run compile")
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m duoplay.i18n.webcatalog", description=__doc__)
    parser.add_argument("command", choices=("extract", "compile", "check"))
    args = parser.parse_args(argv)
    if args.command == "extract":
        update()
        print(f"updated {', '.join(str(po_path(lang)) for lang in LANGUAGES)}")
        return 0
    if args.command == "compile":
        for path in compile_all():
            print(f"wrote {path}")
        return 0
    issues = problems()
    for issue in issues:
        print(issue, file=sys.stderr)
    return 1 if issues else 0


if __name__ == "__main__":
    sys.exit(main())
