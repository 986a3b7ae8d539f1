"""DUOS as a Gymnasium text environment for language-model agents: pair twelve names.

Each episode is one board (`cross_play.deal`: dealt as the game deals, board `seed` for
`reset(seed=seed)`). The observation lists the twelve faces, numbered 1-12, in the chosen
language; the agent answers with up to four pairs as text, one pair per line or several on a
line ("1-5", "(2, 7)", "Bed and Chair", "3 & 12; 4 & 6"); the answer is read leniently
(`read_pairs`). The reward is what the game gives a player: one point per pair identical to
the Narrator's, the association bot being the Narrator (the cross-play protocol of
`cross_play`), so 0 to 4. An action that is not text, or is too long, is `malformed` and costs
`malformed_penalty`. `prompt()` words the task for a language model.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

import gymnasium
from gymnasium import spaces

from duoplay.games.duos import cross_play
from duoplay.games.duos.cards import GRID, LANGUAGES
from duoplay.games.duos.pairing import MAX_PAIRS, normal

MAX_ANSWER = 1000
LANGUAGE_NAMES = {"en": "English", "es": "Spanish", "sv": "Swedish", "pl": "Polish", "fr": "French"}
# Latin letters of the five languages and the punctuation of their typography (dashes, quotes).
TEXT_CHARSET = frozenset(chr(c) for c in (*range(0x20, 0x7F), *range(0xA0, 0x250), *range(0x2000, 0x2040))) \
    | frozenset("\n\t")
_MARKER = re.compile(r"^\s*(?:\d{1,2}[.)]|[-*•])\s+(?=\S)")  # a list's marker: "1. ", "2) ", "- "
_UNMARKED = str.maketrans({"ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss"})  # no accent to drop
_NUMBER = re.compile(r"(?<!\d)(1[0-2]|[1-9])(?!\d)")


def _plain(text: str) -> str:
    """Lower case without accents, for finding names as a model may spell them."""
    text = unicodedata.normalize("NFD", text.casefold().translate(_UNMARKED))
    return "".join(c for c in text if not unicodedata.combining(c))


def read_pairs(answer: str, names: list[str]) -> tuple[list[tuple[int, int]], list[str]]:
    """The pairs (positions 0-11) an answer names, and the pieces of it that were left out.

    Line by line (and at ";"): a list's marker at the start is dropped, then the cards the
    line names are found in order (a name, in any case and with or without accents, or a
    number 1-12) and taken two by two. A pair that reuses a card, a card named alone, and pairs
    beyond the fourth are left out."""
    pairs: list[tuple[int, int]] = []
    used: set[int] = set()
    left_out: list[str] = []
    plain_names = sorted(((_plain(n), i) for i, n in enumerate(names)), key=lambda ni: -len(ni[0]))
    for line in re.split(r"[\n;]", answer):
        text = _plain(_MARKER.sub("", line))
        found: list[tuple[int, int]] = []  # (where, card)
        for name, card in plain_names:
            for hit in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text):
                found.append((hit.start(), card))
                text = text[: hit.start()] + " " * len(name) + text[hit.end():]  # not found twice
        found += [(hit.start(), int(hit.group(1)) - 1) for hit in _NUMBER.finditer(text)]
        cards = [card for _, card in sorted(found)]
        for a, b in zip(cards[::2], cards[1::2], strict=False):
            if a == b or a in used or b in used or len(pairs) == MAX_PAIRS:
                left_out.append(line.strip())
                continue
            pairs.append((a, b))
            used |= {a, b}
        if len(cards) % 2:
            left_out.append(line.strip())
    return pairs, list(dict.fromkeys(left_out))  # a line once, however much of it was left out


class DuosPairEnv(gymnasium.Env[dict[str, Any], str]):
    """One DUOS board per episode: twelve names in, pairs as text out, scored against the bot Narrator."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's own type

    def __init__(self, lang: str = "en", seed: int | None = None, malformed_penalty: float = 0.0,
                 render_mode: str | None = None) -> None:
        if lang not in LANGUAGES:
            raise ValueError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}")
        if not malformed_penalty >= 0.0:
            raise ValueError(f"malformed_penalty is what a malformed answer costs, 0 or more, not "
                             f"{malformed_penalty!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.lang = lang
        self.malformed_penalty = malformed_penalty
        self.render_mode = render_mode
        self.observation_space = spaces.Dict({
            "names": spaces.Text(GRID * 60, min_length=1, charset=TEXT_CHARSET),
            "lang": spaces.Text(2, min_length=2, charset=TEXT_CHARSET),
        })
        self.action_space = spaces.Text(MAX_ANSWER, min_length=0, charset=TEXT_CHARSET)
        self.board: cross_play.Board | None = None
        self._done = False
        if seed is not None:
            self.reset(seed=seed)

    def _observation(self) -> dict[str, Any]:
        assert self.board is not None
        listed = "\n".join(f"{i + 1}. {name}" for i, name in enumerate(self.board.names(self.lang)))
        return {"names": listed, "lang": self.lang}

    def _info(self) -> dict[str, Any]:
        assert self.board is not None
        return {"board": self.board.seed, "category": self.board.category,
                "names": self.board.names(self.lang), "prompt": self.prompt()}

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        board = seed if seed is not None else int(self.np_random.integers(2**31))
        self.board = cross_play.deal(board)
        self._done = False
        return self._observation(), self._info()

    def step(self, action: str) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.board is None:
            raise RuntimeError("call reset() before step()")
        if self._done:
            raise RuntimeError("the episode is over: call reset()")
        self._done = True
        info = self._info()
        if not isinstance(action, str) or len(action) > MAX_ANSWER:
            info.update(pairs=[], left_out=[], malformed=True,
                        bot_pairs=cross_play.bot_pairs(self.board.seed))
            return self._observation(), -self.malformed_penalty, True, False, info
        pairs, left_out = read_pairs(action, self.board.names(self.lang))
        points = cross_play.score(pairs, self.board.seed)
        info.update(pairs=list(normal(pairs)), left_out=left_out, malformed=False,
                    bot_pairs=cross_play.bot_pairs(self.board.seed))
        return self._observation(), float(points), True, False, info

    def render(self) -> str | None:
        return self.prompt() if self.render_mode == "ansi" else None

    def prompt(self) -> str:
        """The board and the task, for a language model."""
        if self.board is None:
            raise RuntimeError("call reset() first")
        language = LANGUAGE_NAMES[self.lang]
        return (f"DUOS: twelve cards ({language} names), numbered 1 to 12:\n{self._observation()['names']}\n"
                f"Make four pairs of cards that go together, the pairs most people would make: each card "
                f"in one pair at most. Answer with one pair per line, as two numbers (e.g. 3-7) or two "
                f"names.")
