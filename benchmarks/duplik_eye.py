"""Duplik's Artist bot judged by eye: the criteria a person sees in its drawings.

    .venv/bin/python benchmarks/duplik_eye.py --render DIR   # the drawings as PNGs, and their sheets
    .venv/bin/python benchmarks/duplik_eye.py                # the stored verdicts against the bot Judge
    .venv/bin/python benchmarks/duplik_eye.py --set held-out [--render DIR]  # drawings from people's texts
    .venv/bin/python benchmarks/duplik_eye.py --set fresh --render DIR      # the fresh set, to look at

`duplik_bots.py` judges the bot's drawings as the bot Judge does, from the labels of the bot's
own strokes: that measures understanding and placement, not whether a person would recognise
the drawing. Here 20 fixed generated scenes (English, the three difficulties in turn) are
described by the Portrayer bot, cut to the 90-second hourglass, and drawn by the Artist bot,
exactly as there, each by a bot hand of its own. `--render` writes each drawing as a PNG
(strokes only, drawn by the client's own `drawingSvgText` in Debian's Chromium) and a sheet
with the scene's ten criteria and the drawing's hash. A reader judges each PNG by eye,
criterion by criterion, and the verdicts are kept in data/duplik_eye_verdicts.json with the
hash of the drawing judged.

`--set held-out` does the same for the Artist bot's drawings from the 20 held-out human-style
descriptions (duplik_descriptions_heldout.json, written by another hand in five languages), with
their verdicts in data/duplik_eye_verdicts_heldout.json: what a person sees when the bot draws
from what a person typed. `--set fresh --render DIR` renders the drawings from the 50 fresh
held-out descriptions (duplik_descriptions_fresh.json) to look at beside their scenes
(`duoplay duplik scene --seed N --difficulty normal|hard`); it keeps no verdicts, and the sheets
name the criteria only, never the texts.

The default mode recomputes the drawings and prints the criteria met by eye, per scene and on
average, beside the bot Judge's figure on the same drawings (the reference, same run). A drawing
whose hash or criteria no longer match its verdicts is stale: reported, and left out of both.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tqdm import tqdm

from duoplay.games.duplik.describe import description, typed
from duoplay.games.duplik.hand import Hand
from duoplay.games.duplik.listen import listen
from duoplay.games.duplik.scenes.catalog import scene
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.generate import DIFFICULTIES, generate
from duoplay.games.duplik.scenes.model import Scene
from duoplay.games.duplik.scenes.words import criterion_text
from duoplay.games.duplik.sketch import boxes_of, draw
from duoplay.games.duplik.state import Drawing

SCENES = 20
LANG = "en"
HOURGLASS = 90.0
TARGETS = {"bot": 7.0, "held-out": 5.0}  # as duplik_bots.py asks of each kind of description
VERDICTS = {"bot": Path(__file__).parent / "data" / "duplik_eye_verdicts.json",
            "held-out": Path(__file__).parent / "data" / "duplik_eye_verdicts_heldout.json"}
HELD_OUT = Path(__file__).with_name("duplik_descriptions_heldout.json")
FRESH = Path(__file__).with_name("duplik_descriptions_fresh.json")
WEB = Path(__file__).resolve().parents[1] / "src" / "duoplay" / "web"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ORIGIN = "http://duplik-eye.invalid"  # served from the web folder by route: no server needed


@dataclass(frozen=True, slots=True)
class Drawn:
    """One fixed scene and the Artist bot's drawing of a description of it."""

    name: str  # seed07 for a generated scene drawn from the Portrayer bot, else the scene's id
    label: str
    card: Scene
    drawing: Drawing

    @property
    def criteria(self) -> list[str]:
        return [criterion_text(c, LANG) for c in self.card.criteria]

    @property
    def digest(self) -> str:
        return drawing_hash(self.drawing)

    def bot_verdicts(self) -> list[bool]:
        boxes = boxes_of(self.drawing)
        return [holds(c, boxes) for c in self.card.criteria]


def drawing_hash(drawing: Drawing) -> str:
    """The hash of what a person sees: the strokes' points, not their labels."""
    points = [[list(p) for p in stroke.points] for stroke in drawing.strokes]
    return hashlib.sha256(json.dumps(points, separators=(",", ":")).encode()).hexdigest()[:16]


def scenes(count: int = SCENES) -> list[Drawn]:
    """The fixed set, made as duplik_bots.py makes its own (the golden die from one seeded rng)."""
    rng = random.Random(11)
    drawn = []
    for seed in range(count):
        difficulty = DIFFICULTIES[seed % 3]
        card = generate(seed, difficulty)
        golden = rng.randint(1, 6)
        text = typed(description(card, LANG, golden), HOURGLASS)
        label = f"seed {seed:2} ({difficulty:6})"
        drawn.append(Drawn(f"seed{seed:02}", label, card, draw(listen(text, LANG), seed, Hand.of(seed))))
    return drawn


def held_out_scenes() -> list[Drawn]:
    """The held-out human-style descriptions, drawn as duplik_bots.py draws them."""
    entries = json.loads(HELD_OUT.read_text(encoding="utf-8"))["descriptions"]
    return [Drawn(e["scene"], f"{e['scene']:5} ({e['lang']})", scene(e["scene"]),
                  draw(listen(e["text"], e["lang"]), number, Hand.of(number)))
            for number, e in enumerate(entries)]


def fresh_scenes() -> list[Drawn]:
    """The fresh held-out descriptions (duplik_descriptions_fresh.json), drawn as duplik_bots.py
    draws them: rendered to be looked at beside their scenes, never listed as text."""
    entries = json.loads(FRESH.read_text(encoding="utf-8"))["descriptions"]
    return [Drawn(f"{e['scene']}-{e['lang']}", f"{e['scene']:5} ({e['lang']})", scene(e["scene"]),
                  draw(listen(e["text"], e["lang"]), number, Hand.of(number)))
            for number, e in enumerate(entries)]


ITEMS = {"bot": scenes, "held-out": held_out_scenes, "fresh": fresh_scenes}


def sheet(item: Drawn) -> str:
    lines = [f"scene {item.label.strip()}, title: {item.card.titles[LANG]}",
             f"drawing {item.digest}", ""]
    lines += [f"{n:2}. {text}" for n, text in enumerate(item.criteria, start=1)]
    return "\n".join(lines) + "\n"


def render(folder: Path, items: list[Drawn]) -> int:
    from playwright.sync_api import Route, sync_playwright

    def serve(route: Route) -> None:
        path = route.request.url.removeprefix(ORIGIN).split("?")[0]
        if path.startswith("/static/"):
            route.fulfill(path=WEB / path.removeprefix("/static/"), content_type="text/javascript")
        else:
            route.fulfill(body="<!doctype html><body style='margin:0'></body>", content_type="text/html")

    folder.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        page.route(f"{ORIGIN}/**", serve)
        page.goto(f"{ORIGIN}/")
        for item in tqdm(items, desc="drawings", unit="png"):
            name = item.name
            # Points only go to the browser: the labels never reach the picture.
            strokes = [{"points": [list(p) for p in s.points]} for s in item.drawing.strokes]
            svg = page.evaluate(
                """async (strokes) => {
                     const { drawingSvgText } = await import('/static/games/duplik/canvas.js');
                     const svg = drawingSvgText(strokes, 'drawing');
                     document.body.innerHTML = svg;
                     return svg;
                   }""",
                strokes,
            )
            (folder / f"{name}.svg").write_text(svg, encoding="utf-8")
            page.locator("svg").screenshot(path=str(folder / f"{name}.png"))
            (folder / f"{name}.txt").write_text(sheet(item), encoding="utf-8")
        browser.close()
    print(f"{len(items)} drawings written to {folder} (PNG, SVG and a sheet of criteria each)")
    return 0


def load_verdicts(path: Path) -> dict[str, dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {entry["scene"] if "scene" in entry else f"seed{int(entry['seed']):02}": entry
            for entry in data["scenes"]}


def compare(path: Path, items: list[Drawn], target: float) -> int:
    verdicts = load_verdicts(path)
    eye: list[int] = []
    bot: list[int] = []
    lines = []
    for item in tqdm(items, desc="drawings", unit="drawing"):
        entry = verdicts.get(item.name)
        label = item.label
        if entry is None:
            lines.append(f"{label}: no verdicts, left out")
            continue
        texts = [c["text"] for c in entry["criteria"]]
        if entry["drawing"] != item.digest or texts != item.criteria:
            lines.append(f"{label}: stale (judged drawing {entry['drawing']}, now {item.digest}), left out")
            continue
        by_eye = [bool(c["met"]) for c in entry["criteria"]]
        by_bot = item.bot_verdicts()
        eye.append(sum(by_eye))
        bot.append(sum(by_bot))
        pairs = enumerate(zip(by_eye, by_bot, strict=True), start=1)
        differ = [f"{n}{'+' if b else '-'}" for n, (e, b) in pairs if e != b]
        lines.append(f"{label}: by eye {eye[-1]:2} / 10   bot Judge {bot[-1]:2} / 10"
                     + (f"   differ on {' '.join(differ)}" if differ else ""))
    print("\n".join(lines))
    print("(differ on 3+: criterion 3 met for the bot Judge, not by eye; 3-: the other way)")
    every = [sum(item.bot_verdicts()) for item in items]
    print(f"bot Judge on all {len(items)} drawings, judged by eye or not: {statistics.mean(every):.2f} / 10 "
          f"(min {min(every)})")
    if not eye:
        print("eye-judged criteria met: no drawing judged (every verdict is stale or missing)")
        return 1
    print(f"target by eye: >= {target:.0f} / 10; min by eye {min(eye)}")
    print(f"eye-judged criteria met: {statistics.mean(eye):.2f} / 10 over {len(eye)} drawings "
          f"(bot Judge on the same drawings: {statistics.mean(bot):.2f} / 10)")
    return 0 if statistics.mean(eye) >= target else 1


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--render", type=Path, metavar="DIR", help="write the drawings and sheets here")
    parser.add_argument("--set", choices=sorted(ITEMS), default="bot",
                        help="bot: the Portrayer bot's descriptions (default); held-out: people's; "
                             "fresh: the fresh held-out set (render only)")
    parser.add_argument("--scenes", type=int, default=SCENES, help="with --render: the first N scenes")
    parser.add_argument("--verdicts", type=Path, help="default: the stored verdicts of the set")
    args = parser.parse_args()
    items = ITEMS[args.set]()
    if args.render is not None:
        return render(args.render, items[:args.scenes])
    if args.set not in VERDICTS:
        parser.error(f"--set {args.set} has no stored verdicts: render it and look (--render DIR)")
    return compare(args.verdicts or VERDICTS[args.set], items, TARGETS[args.set])


if __name__ == "__main__":
    sys.exit(main())
