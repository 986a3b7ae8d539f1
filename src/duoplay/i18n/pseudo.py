"""The pseudo-locale `qps`: every message of the template, accented, about 40% longer and wrapped in
⟦ ⟧, with its placeholders left as they are.

Played in it, the client shows at a glance any text that does not come from a catalog (it has no
brackets), any message built from pieces (brackets inside a sentence) and any layout that breaks
when a language needs more room than English, as German or Polish often do.
"""

from __future__ import annotations

import re

from babel.messages.catalog import Catalog

PSEUDO = "qps"
OPEN, CLOSE = "⟦", "⟧"
GROWTH = 0.4  # how much longer than English: a common allowance for the longer European languages
PAD = "·~"
ACCENTED = str.maketrans(
    "AaCcDdEeGgHhIiJjKkLlNnOoRrSsTtUuWwYyZz",
    "ÅåÇçÐðÉéĜĝĤĥÎîĴĵĶķĻļÑñÖöŘřŠšŢţÛûŴŵÝýŽž",
)
# What must stay as it is: placeholders ({name}, {name!r}) and escaped braces.
KEEP = re.compile(r"\{\{|\}\}|\{\w+(?:!r)?\}")


def pseudo_text(text: str) -> str:
    """'Seat {n}' -> '⟦Šéåţ {n}·~·~⟧': accented letters, placeholders kept, ~40% longer, wrapped."""
    if not text:
        return text
    pieces: list[str] = []
    last = 0
    for kept in KEEP.finditer(text):
        pieces.append(text[last:kept.start()].translate(ACCENTED))
        pieces.append(kept.group())
        last = kept.end()
    pieces.append(text[last:].translate(ACCENTED))
    visible = len(KEEP.sub("", text))
    padding = (PAD * visible)[: round(visible * GROWTH)]
    return f"{OPEN}{''.join(pieces)}{padding}{CLOSE}"


def pseudo_catalog(template: Catalog) -> Catalog:
    """Every message of `template` translated into the pseudo-locale (two plural forms, as English)."""
    catalog = Catalog(locale="en", domain=template.domain, project=template.project)
    for message in template:
        if not message.id:
            continue
        if isinstance(message.id, str):
            string: str | tuple[str, ...] = pseudo_text(message.id)
        else:
            string = tuple(pseudo_text(str(form)) for form in message.id[:2])
        catalog.add(message.id, string, context=message.context)
    return catalog
