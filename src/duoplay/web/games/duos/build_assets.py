"""Bundle the DUOS card faces for the browser: names in every language and their pictures.

The rules package holds the content (`duoplay/games/duos/content`); the browser
cannot read it over HTTP, so this script writes one static JSON file the table
loads once, plus the pictures' licence beside it:

    python src/duoplay/web/games/duos/build_assets.py          # write assets/
    python src/duoplay/web/games/duos/build_assets.py --check  # fail if assets/ is stale
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from duoplay.games.duos.cards import CATEGORIES, LANGUAGES, SETS, faces, icons

ASSETS = Path(__file__).resolve().parent / "assets"
BUNDLE = ASSETS / "cards.json"
LICENCE = ASSETS / "LICENSE-icons.txt"


def bundle() -> dict[str, Any]:
    """Faces by id ("animals/ant") with names per language, and only the icons they use."""
    all_icons = icons()
    shown: dict[str, Any] = {}
    used: dict[str, Any] = {}
    for category in CATEGORIES:
        for face in faces(category):
            shown[face.id] = {"icon": face.icon, "names": dict(face.names)}
            picture = all_icons[face.icon]
            used[face.icon] = {"body": picture["body"], "width": picture.get("width", 32),
                               "height": picture.get("height", 32)}
    return {"languages": list(LANGUAGES), "sets": [[name, list(sides)] for name, sides in SETS],
            "faces": shown, "icons": dict(sorted(used.items()))}


def render() -> dict[Path, str]:
    content = resources.files("duoplay.games.duos").joinpath("content")
    licence = content.joinpath("LICENSE-icons.txt").read_text("utf-8")
    text = json.dumps(bundle(), ensure_ascii=False, separators=(",", ":"), sort_keys=True) + "\n"
    return {BUNDLE: text, LICENCE: licence}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the written files are out of date")
    args = parser.parse_args(argv)
    stale = []
    for path, text in render().items():
        if args.check:
            if not path.exists() or path.read_text("utf-8") != text:
                stale.append(path)
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path} ({len(text.encode()) // 1024} KiB)")
    for path in stale:
        print(f"{path} is out of date; run {Path(__file__).name}", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
