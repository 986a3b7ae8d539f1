"""Encoder vectors of our own cards and hint words, computed once and shipped with the package.

A bot or `duoplay duos pairs` reading our own cards then needs no model at all: the
encoder (about 30 MB, seconds to load) is loaded only for words the table does not
ship. The file is `content/vectors.json`: the texts, and their unit vectors as float16,
base64 in one blob (JSON, so that it ships like the other content files).

Rebuild it whenever card names or hint words change (a test checks that it covers them):

    python -m duoplay.games.duos.vectors
"""

from __future__ import annotations

import base64
import json
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

FILE = "vectors.json"


def shipped_texts() -> list[str]:
    """What the file holds: the English name of every card face and every hint word in English
    (cards and hint words in other languages are read through their English forms)."""
    from duoplay.games.duos.cards import CATEGORIES, faces
    from duoplay.games.duos.lexicon import hint_entries

    names = [f.name("en") for category in CATEGORIES for f in faces(category)]
    return list(dict.fromkeys([*names, *(entry["en"] for entry in hint_entries())]))


@cache
def shipped() -> dict[str, npt.NDArray[np.float32]]:
    """text -> unit vector, from the file in the package (empty if it is missing)."""
    source = resources.files("duoplay.games.duos").joinpath("content", FILE)
    if not source.is_file():
        return {}
    data = json.loads(source.read_text("utf-8"))
    rows = np.frombuffer(base64.b64decode(data["vectors"]), dtype=np.float16).reshape(len(data["texts"]), -1)
    table = rows.astype(np.float32)
    table /= np.maximum(np.linalg.norm(table, axis=1, keepdims=True), 1e-9)
    return {text: table[i] for i, text in enumerate(data["texts"])}


def build(target: Path) -> int:
    """Embed the shipped texts with the encoder and write the file; returns how many."""
    from duoplay.games.duos.embedding import Embedder

    texts = shipped_texts()
    rows = Embedder(shipped=False).vectors(texts).astype(np.float16)
    blob = base64.b64encode(rows.tobytes()).decode("ascii")
    target.write_text(json.dumps({"about": __doc__.splitlines()[0], "texts": texts, "vectors": blob},
                                 ensure_ascii=False) + "\n", "utf-8")
    return len(texts)


if __name__ == "__main__":
    path = Path(__file__).parent / "content" / FILE
    print(f"{build(path)} vectors written to {path}")
