"""Draw the home-screen icons from icon.svg, with the Chromium the browser tests use:

    python src/duoplay/web/assets/make_icons.py

- icon-192.png, icon-512.png: the cards on a clear ground, as the SVG draws them ("any" in the
  manifest);
- icon-maskable-512.png: the cards within the middle 70 % of a full square of the top bar's colour,
  so that a phone's round or squircle mask never cuts them ("maskable");
- apple-touch-icon.png (180 px): the same on a full square, since iOS fills what is clear in black.

Run it again after icon.svg changes, and commit the PNGs.
"""

from __future__ import annotations

import base64
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
SVG = HERE / "icon.svg"
CHROMIUM = "/usr/bin/chromium"
GROUND = "#16202c"  # the top bar's colour: the manifest's theme_color

# file name -> (size in px, ground colour or None for clear, share of the size the SVG takes)
ICONS: dict[str, tuple[int, str | None, float]] = {
    "icon-192.png": (192, None, 1.0),
    "icon-512.png": (512, None, 1.0),
    "icon-maskable-512.png": (512, GROUND, 0.7),
    "apple-touch-icon.png": (180, GROUND, 0.8),
}


def page_for(size: int, ground: str | None, share: float) -> str:
    data = base64.b64encode(SVG.read_bytes()).decode("ascii")
    inner = round(size * share)
    background = ground or "transparent"
    return (f"<html><body style='margin:0;width:{size}px;height:{size}px;background:{background};"
            f"display:flex;align-items:center;justify-content:center'>"
            f"<img src='data:image/svg+xml;base64,{data}' width='{inner}' height='{inner}'></body></html>")


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for name, (size, ground, share) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(page_for(size, ground, share))
            page.wait_for_function("() => document.images[0].complete")
            page.screenshot(path=str(HERE / name), omit_background=ground is None)
            page.close()
            print(f"wrote {name} ({size}x{size})")
        browser.close()


if __name__ == "__main__":
    main()
