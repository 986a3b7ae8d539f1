"""The small part of Markdown the "how to play" pages use, to HTML: headings (#, ##, ###), paragraphs,
lists (- item, 1. item) and **strong** / *emphasis*. Everything else is text: the source is escaped first, so
no markup in a page can reach the browser as HTML (no links, no raw HTML, no images).
"""

from __future__ import annotations

import html
import re

_STRONG = re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*")
_EMPHASIS = re.compile(r"(?<![\w*])\*(?=\S)([^*]+?)(?<=\S)\*(?![\w*])")
_HEADING = re.compile(r"(#{1,3})\s+(.*)")
_ITEM = re.compile(r"[-*]\s+(.*)")
_NUMBERED = re.compile(r"\d{1,3}\.\s+(.*)")


def inline(text: str) -> str:
    """One line of text, escaped, with its strong and emphasised runs marked."""
    escaped = html.escape(text, quote=True)
    escaped = _STRONG.sub(r"<strong>\1</strong>", escaped)
    return _EMPHASIS.sub(r"<em>\1</em>", escaped)


def render(source: str) -> str:
    """The HTML of a page: a block ends at a blank line, a heading or the start or end of a list."""
    out: list[str] = []
    paragraph: list[str] = []
    items: list[str] = []
    kind = "ul"

    def flush() -> None:
        if paragraph:
            out.append("<p>" + inline(" ".join(paragraph)) + "</p>")
            paragraph.clear()
        if items:
            out.append(f"<{kind}>" + "".join(f"<li>{inline(item)}</li>" for item in items) + f"</{kind}>")
            items.clear()

    for raw in source.splitlines():
        line = raw.strip()
        heading = _HEADING.fullmatch(line)
        item = _ITEM.fullmatch(line) or _NUMBERED.fullmatch(line)
        item_kind = "ol" if item is not None and item.re is _NUMBERED else "ul"
        if not line:
            flush()
        elif heading:
            flush()
            level = len(heading.group(1))
            out.append(f"<h{level}>{inline(heading.group(2).strip())}</h{level}>")
        elif item:
            if paragraph or (items and item_kind != kind):
                flush()
            kind = item_kind
            items.append(item.group(1))
        elif items and raw[:1].isspace():
            items[-1] += " " + line  # an indented line continues the item above it
        else:
            if items:
                flush()
            paragraph.append(line)
    flush()
    return "\n".join(out)
