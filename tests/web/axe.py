"""Run axe-core (vendored in tests/web/vendor) on the page a test shows, and report what it finds.

`serious_violations(page)` returns the serious and critical rule violations, each with the
elements it concerns; `assert_accessible(page, where)` fails the test on any. axe looks at the page
as it is now, so a test calls it once the view it means to check is drawn.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

AXE = Path(__file__).resolve().parent / "vendor" / "axe.min.js"
SERIOUS = ("serious", "critical")

# WCAG 2.1 A and AA rules plus axe's best practices (landmarks, one h1, headings in order).
_RUN = """async (tags) => {
  const found = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
  return found.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => ({target: n.target.join(' '), impact: n.impact, summary: n.failureSummary}))}));
}"""
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]


def violations(page: Page, tags: list[str] | None = None) -> list[dict[str, Any]]:
    """All of axe's violations on the page as shown now, whatever their impact."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(content=AXE.read_text(encoding="utf-8"))
    found: list[dict[str, Any]] = page.evaluate(_RUN, tags or TAGS)
    return found


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """The serious and critical violations, each node kept only if it is serious or critical itself."""
    kept = []
    for rule in violations(page):
        nodes = [node for node in rule["nodes"] if (node["impact"] or rule["impact"]) in SERIOUS]
        if nodes:
            kept.append({**rule, "nodes": nodes})
    return kept


def describe(found: list[dict[str, Any]]) -> str:
    lines = []
    for rule in found:
        lines.append(f"{rule['id']} ({rule['impact']}): {rule['help']}")
        for node in rule["nodes"][:8]:
            summary = " ".join((node["summary"] or "").split())[:300]
            lines.append(f"    {node['target']}: {summary}")
        if len(rule["nodes"]) > 8:
            lines.append(f"    ... and {len(rule['nodes']) - 8} more")
    return "\n".join(lines)


def assert_accessible(page: Page, where: str) -> None:
    """Fail with a readable list when axe finds a serious or critical violation."""
    found = serious_violations(page)
    assert not found, f"{where}: axe found serious or critical violations:\n{describe(found)}"
