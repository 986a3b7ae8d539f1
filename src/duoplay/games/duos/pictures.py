"""Card pictures that no single icon shows well: composed or recoloured from Fluent Emoji Flat
icons, or drawn here in their style.

Fluent Emoji Flat (Microsoft, MIT) has no goldfish, golden goose or glass slipper, and its
ogre and goblin are Japanese masks (an oni and a tengu). These pictures are made from its
icons by recolouring (a goose with gold feathers, an orange fish, a glass-blue shoe, green
skin for an ogre and a goblin) and by placing icons together (three bears of three sizes; for
the Snow Queen a princess in an ice-blue gown with frost-pale hair, beside a snowflake). The
MIT licence allows such derived works; the licence text stays with the pictures
(content/LICENSE-icons.txt, which names them). The spindle is drawn here: the set has no
spindle, and its needle and ball of yarn are other things.

The recipes are data below. To rebuild, give the icon set's JSON from the npm package
`@iconify-json/fluent-emoji-flat` (version 1.2.6; `npm pack` it and unpack); the pictures are written into
`content/icons.json` under "duoplay:<name>", and the cards point at them by that key:

    python -m duoplay.games.duos.pictures path/to/package/icons.json
"""

from __future__ import annotations

import colorsys
import json
import re
import sys
from dataclasses import dataclass
from pathlib import Path

CONTENT = Path(__file__).parent / "content"
PREFIX = "fluent-emoji-flat"
_COLOUR = re.compile(r"#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b")


@dataclass(frozen=True)
class Layer:
    """One icon placed on the 32 x 32 card: scaled about its top-left corner, then moved."""

    icon: str
    scale: float = 1.0
    x: float = 0.0
    y: float = 0.0
    hue: float | None = None  # a new hue (degrees) for the recoloured colours
    saturation: float | None = None
    lighten: float = 0.0  # added to lightness (0-1), for glass
    hues: tuple[float, float] = (0.0, 360.0)  # only colours of these hues are recoloured (skin: 30-55)
    min_saturation: float = 0.0
    lightness: tuple[float, float] = (0.0, 1.0)  # ... and of this lightness (white feathers: 0.9-1)
    more: tuple[Layer, ...] = ()  # further recolourings of the same icon (their colour fields only)


RECIPES: dict[str, tuple[Layer, ...]] = {
    "golden-goose": (Layer("goose", hue=44, saturation=0.9, lighten=0.2, hues=(0, 60), min_saturation=0.2,
                           more=(Layer("", hue=45, saturation=0.95, lighten=-0.35, lightness=(0.9, 1.0)),)),
                     Layer("sparkles", 0.45, 18, 0)),
    "golden-egg": (Layer("egg", hue=43, saturation=0.95), Layer("sparkles", 0.45, 18, 0)),
    "goldfish": (Layer("fish", hue=28, saturation=1.0, hues=(180, 220)),),
    "glass-slipper": (Layer("high-heeled-shoe", hue=195, saturation=0.7, lighten=0.35, min_saturation=0.2),
                      Layer("sparkles", 0.4, 19, 1)),
    "ogre": (Layer("man-bald", hue=95, saturation=0.55, hues=(30, 55), min_saturation=0.6),),
    "goblin": (Layer("man-elf", hue=100, saturation=0.6, hues=(30, 55), min_saturation=0.6),),
    "three-bears": (Layer("bear", 0.62, 0, 12), Layer("bear", 0.5, 16, 16), Layer("bear", 0.38, 11, 2)),
    # An ice-blue gown, and hair and crown as pale as frost.
    "snow-queen": (Layer("princess", hue=205, saturation=0.6, lighten=0.12, hues=(250, 285),
                         more=(Layer("", hue=200, saturation=0.4, lighten=0.3, hues=(34, 39)),)),
                   Layer("snowflake", 0.42, 19, 0)),
}

# Pictures drawn for this project in the icon set's flat style, where no icon comes close: Sleeping
# Beauty's spindle (a pointed wooden shaft wound with thread, and its whorl), which the set's
# sewing needle and ball of yarn are not. Released under the project's licence (MIT).
DRAWN: dict[str, str] = {
    "spindle": (
        '<g transform="translate(16 16) rotate(32) scale(1.12) translate(-16 -16)">'
        '<path fill="#8c5a33" d="M16 .6l1.35 7.9v19.3q0 2.6-1.35 3.6q-1.35-1-1.35-3.6V8.5z"/>'
        '<path fill="#c47f46" d="M16 .6l.75 7.9v19.6q0 2.1-.75 2.9z"/>'
        '<path fill="#f4e3c3" d="M16 8.2c4.3 1.9 5.6 4.9 5.6 7.3s-1.3 5.4-5.6 7.3c-4.3-1.9-5.6-4.9-5.6-7.3'
        's1.3-5.4 5.6-7.3"/>'
        '<path fill="none" stroke="#d2b183" stroke-linecap="round" stroke-width=".7" d="M12.2 11.6l6.9 2.6'
        'M10.9 14.4l10.3 3.1M11.1 17.4l9.4 2.6M12.9 20.3l4.9 1.4M14.2 9.7l5.4 1.9"/>'
        '<ellipse cx="16" cy="25.2" fill="#6e4325" rx="4.6" ry="1.9"/>'
        '<ellipse cx="16" cy="24.6" fill="#a56953" rx="4.6" ry="1.7"/>'
        '<path fill="none" stroke="#d2b183" stroke-linecap="round" stroke-width=".8" '
        'd="M21.4 16.2c2.6 1.2 3.4 3.6 5.6 4.4"/></g>'
    ),
}


def _recolour(body: str, layer: Layer) -> str:
    if layer.hue is None:
        return body

    def swap(match: re.Match[str]) -> str:
        text = match.group(1)
        if len(text) == 3:
            text = "".join(c * 2 for c in text)
        red, green, blue = (int(text[i:i + 2], 16) / 255 for i in (0, 2, 4))
        hue, lightness, saturation = colorsys.rgb_to_hls(red, green, blue)
        degrees = hue * 360
        low, high = layer.hues
        if not low <= degrees <= high or saturation < layer.min_saturation:
            return match.group(0)
        if not layer.lightness[0] <= lightness <= layer.lightness[1]:
            return match.group(0)
        assert layer.hue is not None
        new_saturation = layer.saturation if layer.saturation is not None else saturation
        new_lightness = max(0.05, min(0.95, lightness + layer.lighten))
        red, green, blue = colorsys.hls_to_rgb(layer.hue / 360, new_lightness, new_saturation)
        return "#" + "".join(f"{round(v * 255):02x}" for v in (red, green, blue))

    return _COLOUR.sub(swap, body)


def compose(recipe: tuple[Layer, ...], source: dict[str, dict[str, str]]) -> str:
    parts = []
    for layer in recipe:
        body = _recolour(source[layer.icon]["body"], layer)
        for recolouring in layer.more:
            body = _recolour(body, recolouring)
        if (layer.scale, layer.x, layer.y) == (1.0, 0.0, 0.0):
            parts.append(body)
        else:
            place = f"translate({layer.x:g} {layer.y:g}) scale({layer.scale:g})"
            parts.append(f'<g transform="{place}">{body}</g>')
    return "".join(parts)


def add_drawn(icons: dict[str, dict[str, object]], name: str) -> str:
    key = f"duoplay:{name}"
    icons[key] = {"body": DRAWN[name], "width": 32, "height": 32, "source": "drawn for duoplay (MIT)"}
    return key


def build(iconify_json: Path) -> list[str]:
    """Write the composed pictures into content/icons.json, and drop the pictures no card uses any
    more; returns the keys written."""
    from duoplay.games.duos.cards import CATEGORIES

    source = json.loads(iconify_json.read_text("utf-8"))["icons"]
    path = CONTENT / "icons.json"
    icons = json.loads(path.read_text("utf-8"))
    used = {entry["icon"] for category in CATEGORIES
            for entry in json.loads((CONTENT / f"{category}.json").read_text("utf-8"))}
    written = [add_drawn(icons, name) for name in DRAWN]
    for name, recipe in RECIPES.items():
        key = f"duoplay:{name}"
        icons[key] = {"body": compose(recipe, source), "width": 32, "height": 32,
                      "source": "derived from fluent-emoji-flat: " + ", ".join(
                          dict.fromkeys(f"{PREFIX}:{layer.icon}" for layer in recipe))}
        written.append(key)
    kept = {key: value for key, value in sorted(icons.items()) if key in used}
    path.write_text(json.dumps(kept, ensure_ascii=False, separators=(",", ":")), "utf-8")
    return written


if __name__ == "__main__":
    print("\n".join(build(Path(sys.argv[1]))))
