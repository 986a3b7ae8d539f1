"""Duple actions: small frozen values with an exact JSON round trip.

JSON forms: {"type": "flip"}; {"type": "answer", "word": "leopardo"}; {"type": "pass"} (no word
for this race); {"type": "new_category"} (a stuck face-off); {"type": "appeal"} (send one's
last rejected answer to a vote); {"type": "vote", "accept": true}. The table's clock sends
{"type": "close"} (the tie window ends), {"type": "stuck"}, {"type": "time_up"} and
{"type": "close_vote"} and {"type": "resume"} (the pause after a win ends).
Notation: "flip", "answer leopardo", "pass", "new_category", "appeal", "vote yes", "vote no",
and the table's kinds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from duoplay.core.actions import Simple, action_type, no_extra_fields
from duoplay.core.errors import MalformedAction
from duoplay.core.protocol import JSON
from duoplay.core.text import player_text

MAX_WORD = 60  # longer than any name a player would type; longer text is refused, not cut

FLIP, PASS, NEW_CATEGORY, APPEAL = Simple("flip"), Simple("pass"), Simple("new_category"), Simple("appeal")
CLOSE, STUCK, TIME_UP, CLOSE_VOTE = Simple("close"), Simple("stuck"), Simple("time_up"), Simple("close_vote")
RESUME = Simple("resume")
TABLE_ONLY = frozenset({CLOSE, STUCK, TIME_UP, CLOSE_VOTE, RESUME})
_SIMPLE = {a.kind: a for a in (FLIP, PASS, NEW_CATEGORY, APPEAL, *TABLE_ONLY)}


@dataclass(frozen=True, slots=True)
class Answer:
    word: str

    def to_json(self) -> JSON:
        return {"type": "answer", "word": self.word}

    def notation(self) -> str:
        return f"answer {self.word}"


@dataclass(frozen=True, slots=True)
class CastVote:
    accept: bool

    def to_json(self) -> JSON:
        return {"type": "vote", "accept": self.accept}

    def notation(self) -> str:
        return "vote yes" if self.accept else "vote no"


Action = Simple | Answer | CastVote


def parse_action(data: Any) -> Action:
    if isinstance(data, str):
        return _parse_notation(data)
    kind = action_type(data, "'flip', 'answer', 'pass', 'appeal' or 'vote'")
    if kind in _SIMPLE:
        no_extra_fields(data, {"type"})
        return _SIMPLE[kind]
    if kind == "answer":
        no_extra_fields(data, {"type", "word"})
        word = data.get("word")
        if not isinstance(word, str):
            raise MalformedAction("An answer needs a 'word' (text)")
        if len(word) > MAX_WORD:
            raise MalformedAction("An answer is at most {count} characters", count=MAX_WORD)
        return Answer(player_text(word))
    if kind == "vote":
        no_extra_fields(data, {"type", "accept"})
        if not isinstance(data.get("accept"), bool):
            raise MalformedAction("A vote needs 'accept': true or false")
        return CastVote(data["accept"])
    raise MalformedAction("Unknown Duple action '{kind}'", kind=kind[:40])


def _parse_notation(text: str) -> Action:
    if text in _SIMPLE:
        return _SIMPLE[text]
    if text.startswith("answer "):
        return parse_action({"type": "answer", "word": text[len("answer "):]})
    if text in ("vote yes", "vote no"):
        return CastVote(text == "vote yes")
    raise MalformedAction("Unknown Duple move '{text}'", text=text[:40])
