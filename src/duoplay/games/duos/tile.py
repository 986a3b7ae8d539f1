"""The home page tile's picture: three DUOS faces from the card bundle the table shows
(web/games/duos/assets/cards.json, built by build_assets.py), two of them paired."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

BUNDLE = Path(__file__).resolve().parents[2] / "web" / "games" / "duos" / "assets" / "cards.json"
FACES = ("animals/bear", "fairy-tales/glass-slipper", "fairy-tales/crown")
PAIR = "#d7263d"  # the first pair marker's colour (web/games/duos/cards.js)


@lru_cache(maxsize=1)
def tile_svg() -> str:
    bundle = json.loads(BUNDLE.read_text(encoding="utf-8"))
    cards = []
    for index, face_id in enumerate(FACES):
        face = bundle["faces"].get(face_id) or next(iter(bundle["faces"].values()))
        icon = bundle["icons"][face["icon"]]
        x = 14 + 76 * index
        edge = PAIR if index < 2 else "#c9c2b5"
        cards.append(
            f'<rect x="{x}" y="14" width="64" height="96" rx="8" fill="#fffdf7" stroke="{edge}" '
            'stroke-width="3"/>'
            f'<svg x="{x + 6}" y="28" width="52" height="52" viewBox="0 0 {icon["width"]} {icon["height"]}">'
            f'{icon["body"]}</svg>'
        )
        if index < 2:
            cards.append(f'<circle cx="{x + 32}" cy="96" r="6" fill="{PAIR}"/>')
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 130">'
        '<rect width="240" height="130" fill="#27405e"/>' + "".join(cards) + "</svg>"
    )
