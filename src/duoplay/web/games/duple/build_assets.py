"""Bundle Duple's category names for the browser: each card's name in every language.

A table's deck (its letters, categories and judge) has one language, and a reader may
use another; the table names the category in the reader's language from this bundle.
The rules package holds the content (`duoplay/games/duple/content`), which the browser
cannot read over HTTP, so this script writes one static JSON file the table loads once:

    python src/duoplay/web/games/duple/build_assets.py          # write assets/
    python src/duoplay/web/games/duple/build_assets.py --check  # fail if assets/ is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from duoplay.games.duple.cards import ALL_PLAY, deck
from duoplay.games.duple.words.categories import CONTENT, LANGUAGES, categories

ASSETS = Path(__file__).resolve().parent / "assets"
BUNDLE = ASSETS / "categories.json"


def bundle() -> dict[str, Any]:
    """`decks`: each deck's ids as the English deck's ids ("pais" -> "country");
    `names`: each English id's name in every language, All Play's card among them."""
    names: dict[str, dict[str, str]] = {ALL_PLAY: {}}
    decks: dict[str, dict[str, str]] = {}
    for lang in LANGUAGES:
        decks[lang] = {}
        for category in categories(lang).values():
            decks[lang][category.id] = category.english
            names.setdefault(category.english, {})[lang] = category.name
        names[ALL_PLAY][lang] = deck(lang).all_play_name
        # Cards only other decks have (the US states of the English deck), named for this language's readers.
        other = json.loads((CONTENT / lang / "categories.json").read_text("utf-8")).get("other_decks", {})
        for english, name in other.items():
            names.setdefault(english, {})[lang] = name
    return {"languages": list(LANGUAGES), "decks": decks, "names": names}


def render() -> str:
    return json.dumps(bundle(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the written file is out of date")
    args = parser.parse_args(argv)
    text = render()
    if args.check:
        if not BUNDLE.exists() or BUNDLE.read_text("utf-8") != text:
            print(f"stale: {BUNDLE}; run python {Path(__file__).name}", file=sys.stderr)
            return 1
        return 0
    BUNDLE.parent.mkdir(parents=True, exist_ok=True)
    BUNDLE.write_text(text, "utf-8")
    print(f"wrote {BUNDLE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
