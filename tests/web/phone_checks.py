"""Layout checks for any page, at any size: each takes a Playwright page as it is now and returns
the problems a player would see, one readable line each (an empty list: nothing wrong).

    with keyboard_open(page):
        problems = controls_out_of_view(page, "#duos-talk input, #duos-talk button")
    assert problems == []

- `controls_out_of_view`: a control a player needs now is off the screen, or half off.
- `toasts_over_controls`: a toast lies over a button, field or link.
- `overflowing`: the page is wider than the screen (sideways scroll), and what sticks out.
- `chrome_above`: the page's own bars above the table take more than a thin bar's height.
- `keyboard_open`: the viewport shrinks as an on-screen keyboard shrinks it, and grows back after.
- `all_problems`: the three checks at once.

"The screen" is the visual viewport (`window.visualViewport`) where the browser has one: what is
left of the page's window once a keyboard or a pinch zoom takes its share. Nothing here scrolls:
the page is checked at the scroll it stands at, since that is what the player sees.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Page

# What a player can press or type into.
CONTROLS = "button, input:not([type=hidden]), select, textarea, a.button, [role=button], summary"

# A phone's keyboard takes roughly the lower 40% of the screen: 844 px tall leaves about 500.
KEYBOARD_HEIGHT = 344

# Shared by the scripts below: how to name an element in a message, and whether it shows.
_HELPERS = """
const describe = (el) => {
  let name = el.tagName.toLowerCase();
  if (el.id) name += '#' + el.id;
  for (const c of [...el.classList].slice(0, 3)) name += '.' + c;
  const text = (el.getAttribute('aria-label') || el.value || el.textContent || '')
    .trim().replace(/\\s+/g, ' ');
  return text ? `${name} "${text.slice(0, 30)}"` : name;
};
const shows = (el) => {
  if (!el.getClientRects().length) return false;
  const r = el.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  const style = getComputedStyle(el);
  return style.visibility !== 'hidden' && Number(style.opacity) > 0 && !el.closest('[inert]');
};
const screenBox = () => {
  const v = window.visualViewport;
  if (!v) return {left: 0, top: 0, right: innerWidth, bottom: innerHeight};
  return {left: v.offsetLeft, top: v.offsetTop,
    right: v.offsetLeft + v.width, bottom: v.offsetTop + v.height};
};
const round = (r) => [r.left, r.top, r.right, r.bottom].map(Math.round).join(',');
"""

_OUT_OF_VIEW = _HELPERS + """
([selector]) => {
  const screen = screenBox();
  const problems = [];
  for (const el of document.querySelectorAll(selector)) {
    if (!shows(el) || el.disabled || el.closest('fieldset:disabled')) continue;
    const r = el.getBoundingClientRect();
    // a pixel of slack for rounding: a control flush with the screen's edge is in view
    const off = r.top < screen.top - 1 || r.bottom > screen.bottom + 1
      || r.left < screen.left - 1 || r.right > screen.right + 1;
    if (off) {
      problems.push(`${describe(el)} at (${round(r)}) is not all on the screen (${round(screen)})`);
    }
  }
  return problems;
}
"""

_TOASTS_OVER = _HELPERS + """
([controls]) => {
  const problems = [];
  const under = [...document.querySelectorAll(controls)].filter((el) => shows(el) && !el.closest('#toasts'));
  for (const toast of document.querySelectorAll('#toasts .toast')) {
    if (!shows(toast)) continue;
    const t = toast.getBoundingClientRect();
    for (const el of under) {
      const r = el.getBoundingClientRect();
      if (r.left < t.right && t.left < r.right && r.top < t.bottom && t.top < r.bottom) {
        problems.push(`toast ${describe(toast)} at (${round(t)}) covers ${describe(el)} at (${round(r)})`);
      }
    }
  }
  return problems;
}
"""

# An element sticks out when its box passes the page's right or left edge, unless an ancestor that
# clips (overflow other than visible) holds it: then only that ancestor counts, if it sticks out.
_OVERFLOWING = _HELPERS + """
() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const scrollWidth = document.documentElement.scrollWidth;
  if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide on a ${width} px screen`);
  const clipped = (el) => {
    for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
      if (getComputedStyle(up).overflowX !== 'visible') return true;
    }
    return false;
  };
  const out = [...document.body.querySelectorAll('*')].filter((el) => {
    if (!shows(el) || clipped(el)) return false;
    const r = el.getBoundingClientRect();
    return r.right > width + 1 || r.left < -1;
  });
  // the outermost offender is enough: its children stick out with it
  for (const el of out) {
    if (out.some((other) => other !== el && other.contains(el))) continue;
    const r = el.getBoundingClientRect();
    problems.push(`${describe(el)} at (${round(r)}) sticks out of the ${width} px page`);
  }
  return problems;
}
"""


def controls_out_of_view(page: Page, selector: str = CONTROLS) -> list[str]:
    """Every visible, enabled control matching `selector` lies wholly on the screen (the visual
    viewport, at the current scroll); one line for each that does not."""
    problems: list[str] = page.evaluate(_OUT_OF_VIEW, [selector])
    return problems


def toasts_over_controls(page: Page, controls: str = CONTROLS) -> list[str]:
    """No toast shown in `#toasts` overlaps a visible control (enabled or not: a greyed button
    still tells the player something); one line for each toast and control that meet."""
    problems: list[str] = page.evaluate(_TOASTS_OVER, [controls])
    return problems


def overflowing(page: Page) -> list[str]:
    """The page is no wider than its window (no sideways scroll, even where the body hides it),
    and no element pokes out of the page's left or right edge (content a clipping box scrolls or
    hides inside itself is that box's business)."""
    problems: list[str] = page.evaluate(_OVERFLOWING)
    return problems


def chrome_above(page: Page, selector: str = "#table", most: int = 60) -> list[str]:
    """What the page shows above the table takes at most `most` px: the element `selector` starts
    that near the top of the page (measured on the page, whatever its scroll)."""
    top: float | None = page.evaluate("""([selector]) => { const el = document.querySelector(selector);
      return el ? el.getBoundingClientRect().top + window.scrollY : null; }""", [selector])
    if top is None:
        return [f"no {selector} on the page"]
    return [] if top <= most else [f"{selector} starts {round(top)} px down the page (at most {most})"]


def all_problems(page: Page, controls: str = CONTROLS) -> list[str]:
    """The three checks at once: `controls` out of view, toasts over any control, overflow."""
    return controls_out_of_view(page, controls) + toasts_over_controls(page) + overflowing(page)


def settle(page: Page) -> None:
    """Wait until the page has drawn two frames, so that handlers of a resize have run and laid out."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


@contextmanager
def keyboard_open(page: Page, keyboard: int = KEYBOARD_HEIGHT) -> Iterator[None]:
    """The page's window loses `keyboard` px at the bottom, as when a phone's on-screen keyboard
    opens over a focused field (Chromium resizes the whole viewport, and `visualViewport` with it),
    and gets them back on leaving the block."""
    size = page.viewport_size
    assert size is not None, "keyboard_open needs a page with a fixed viewport"
    page.set_viewport_size({"width": size["width"], "height": size["height"] - keyboard})
    settle(page)
    try:
        yield
    finally:
        page.set_viewport_size(size)
        settle(page)
