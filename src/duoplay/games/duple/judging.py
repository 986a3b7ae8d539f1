"""The game's side of the judge: the room's voted-in words, and which rejections may be disputed.

The judge itself (`words/`) is pure: the same answer to the same question always gets the
same verdict, so replaying a match judges every answer again and comes to the same state.
"""

from __future__ import annotations

from collections.abc import Sequence

from duoplay.games.duple.state import DupleState
from duoplay.games.duple.words.folding import fold
from duoplay.games.duple.words.judge import Verdict, judge_answer

# A missing letter or an empty answer is plain to see; these are matters of judgement.
APPEALABLE = frozenset({"not_a_word", "category", "plural", "several_words", "proper_noun"})


def judge(state: DupleState, word: str, letters: Sequence[str], category: str | None) -> Verdict:
    key = category if category is not None else "all_play"
    remembered = frozenset(w for c, w in state.remembered if c == key)
    return judge_answer(state.options.lang, word, letters, category, remembered)


def remember(state: DupleState, category: str, word: str) -> None:
    state.remembered.add((category, fold(state.options.lang, word)))
