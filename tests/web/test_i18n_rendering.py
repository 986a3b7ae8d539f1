"""Every game's log lines, formatted in every UI language by the client's own modules (run in Node),
with the reader and with one, two or three other players in each slot.

A line about the reader speaks to them in the second person: the reader's name never fills a
third-person slot, and neither does the catalog's "You" (the bug that gave "Tú ha jugado",
"Ty zagrywa", "Toi a joué"). Lists of names are the language's own list ("Ana y Bo", "Ana i Bo"),
no placeholder is left unfilled, and every log message of every game is reached.
"""

from __future__ import annotations

import itertools
import json
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from duoplay.i18n import webcatalog

WEB = Path(__file__).resolve().parents[2] / "src" / "duoplay" / "web"
NODE = shutil.which("node")
# What the reader's seat is called, and what the catalog's "You" says, while the lines are formatted:
# neither may appear in any line.
READER = "⟪READER⟫"
YOU = "⟪YOU⟫"
OTHERS = ["Ana", "Bo", "Cy", "Di"]
LOG_MODULES = ("games/uno-duo/events.js", "games/duos/events.js", "games/duple/events.js")
PLACEHOLDER = re.compile(r"\{\w+(?:!r)?\}")

HARNESS = """
import { readFileSync } from "node:fs";
import { listOf, tc, useCatalog } from "./i18n.js";
import * as uno from "./games/uno-duo/events.js";
import * as duos from "./games/duos/events.js";
import * as duple from "./games/duple/events.js";

const { lang, messages, cases, reader, names } = JSON.parse(readFileSync(0, "utf-8"));
const VIEW = { category: { id: "animals", name: "Animals" } };
const YOU_SUBJECT = "the reader in a list of people, as its subject";
const YOU_OBJECT = "the reader in a list of people, after a verb or preposition";
useCatalog(lang, messages);
const lines = cases.map(({ game, event, events, me, cards }) => {
  // The reader's own seat gets a name that must never show: a line about them says "you".
  const seatName = (seat) => (seat === me ? reader : names[seat]);
  const others = (seats) => seats.filter((seat) => seat !== me).map((seat) => names[seat]);
  const list = event && (event.seats || event.matched_by) || null;
  let text;
  if (game === "uno-duo") text = uno.describe(event, seatName, me);
  else if (game === "duos") text = duos.describe(event, seatName, cards, me);
  else if (events) text = duple.announcement(events.map(duple.normalize), seatName, VIEW, me).text;
  else text = duple.describe(duple.normalize(event), seatName, VIEW, me);
  // A list that holds the reader has "you" inside it, in either of its forms ("you, Ana and Bo").
  const you = list && list.includes(me);
  const people = list ? others(list) : [];
  const many = list && people.length + (you ? 1 : 0) > 1;
  const pronouns = you ? [tc(YOU_SUBJECT, "you"), tc(YOU_OBJECT, "you")] : [null];
  const lists = pronouns.map((pronoun) => listOf(pronoun === null ? people : [pronoun, ...people]));
  return { text, lists: many ? lists : null, bare: people.length > 1 ? people.join(", ") : null };
});
console.log(JSON.stringify(lines));
"""


def _seats_in(event: dict[str, Any]) -> list[str]:
    """The event's fields that hold one seat (a winner of -1 and a narrator of None hold none)."""
    return [key for key in ("seat", "player_one", "caught", "narrator", "winner")
            if isinstance(event.get(key), int) and event[key] >= 0]


def _assignments(event: dict[str, Any], seats: int) -> Iterator[dict[str, Any]]:
    """The event with each of its seat slots filled by every seat in turn (all combinations)."""
    slots = _seats_in(event)
    for values in itertools.product(range(seats), repeat=len(slots)):
        if "caught" in slots and values[slots.index("seat")] == values[slots.index("caught")]:
            continue
        yield {**event, **dict(zip(slots, values, strict=True))}


def _subsets() -> Iterator[list[int]]:
    """Lists of seats with and without the reader (seat 0), one to three others."""
    for others in (1, 2, 3):
        for with_reader in (False, True):
            yield ([0] if with_reader else []) + list(range(1, others + 1))
    yield [0]
    yield []


UNO_EVENTS: list[dict[str, Any]] = [
    {"kind": "round-start", "round": 2, "player_one": 0},
    # A draft pick: the card seen kept (the next one discarded) or discarded; the drafter alone sees
    # what was kept, and a replay does not say.
    {"kind": "draft", "seat": 0, "kept_first": False, "discarded": "R5"},
    {"kind": "draft", "seat": 0, "kept_first": False, "discarded": "wild", "kept": "G7"},
    {"kind": "draft", "seat": 0, "kept_first": True, "discarded": "B+2"},
    {"kind": "draft", "seat": 0, "kept_first": True, "discarded": "B+2", "kept": "wild+4"},
    {"kind": "start-card", "card": "G+2"},
    {"kind": "colour", "seat": 0, "colour": "red"},
    {"kind": "play", "seat": 0, "card": "Brev"},
    {"kind": "play", "seat": 0, "card": "Yskip"},
    {"kind": "play", "seat": 0, "card": "wild+4", "colour": "blue"},
    {"kind": "play", "seat": 0, "card": "wild-shuffle", "colour": 3},
    {"kind": "uno", "seat": 0},
    {"kind": "volley", "total": 4},
    {"kind": "draw", "seat": 0, "cards": ["R5"], "count": 1},
    {"kind": "draw", "seat": 0, "cards": ["R5", "wild", "B+2"], "count": 3},
    {"kind": "draw", "seat": 0, "count": 1},
    {"kind": "draw", "seat": 0, "count": 3},
    {"kind": "refill", "count": 22},
    {"kind": "challenge", "seat": 0, "guilty": True},
    {"kind": "challenge", "seat": 0, "guilty": False},
    {"kind": "dump", "seat": 0, "colour": "green"},
    {"kind": "shuffle-hands", "seat": 0},
    {"kind": "pass", "seat": 0},
    {"kind": "catch", "seat": 0, "caught": 1},
    {"kind": "timeout", "seat": 0, "phase": "turn", "in_a_row": 1},
    {"kind": "round-end", "round": 3, "winner": -1, "points": 0},
    {"kind": "round-end", "round": 3, "winner": 0, "points": 1},
    {"kind": "round-end", "round": 3, "winner": 0, "points": 23},
    {"kind": "game-end"},
]

DUOS_CARDS = [f"animals/beast-{n}" for n in range(12)]
DUOS_EVENTS: list[dict[str, Any]] = [
    {"kind": "turn-start", "turn": 0, "category": "animals", "narrator": None},
    {"kind": "turn-start", "turn": 2, "category": "sport", "narrator": 0},
    {"kind": "locked", "seat": 0},
    {"kind": "help", "seat": 0, "help": "word", "word": "moon"},
    {"kind": "help", "seat": 0, "help": "yes", "card": 3},
    {"kind": "help", "seat": 0, "help": "no", "card": 4},
    *({"kind": "timeout", "seats": seats} for seats in _subsets()),
    *({"kind": "pair-checked", "pair": [0, 5], "matched_by": seats} for seats in _subsets()),
    {"kind": "game-over"},
]

DUPLE_EVENTS: list[dict[str, Any]] = [
    {"kind": "flip", "seat": 0, "card": {"letter": "A"}},
    {"kind": "wild", "seat": 0, "symbols": ["star", "moon"]},
    {"kind": "faceoff", "racers": [0, 1], "letters": ["A", "R"]},
    {"kind": "faceoff", "racers": [1, 2], "letters": ["A", "R"]},
    {"kind": "faceoff", "racers": [0, 1, 2], "letters": ["A", "R"]},
    {"kind": "allplay", "letters": ["A", "R", "T"]},
    {"kind": "answer", "seat": 0, "word": "arte", "accepted": True, "reason": "ok"},
    {"kind": "answer", "seat": 0, "word": "xyz", "accepted": False, "reason": "not_a_word"},
    {"kind": "tie"},
    {"kind": "faceoff", "seat": 0, "card": {"letter": "R"}},
    {"kind": "allplay", "seat": 0},
    {"kind": "faceoff"},
    {"kind": "pass", "seat": 0},
    {"kind": "stuck"},
    {"kind": "new_category", "seat": 0},
    {"kind": "time_up"},
    {"kind": "category", "category": "animals", "name": "Animals"},
    {"kind": "appeal", "seat": 0, "word": "arte"},
    {"kind": "voted", "seat": 0},
    {"kind": "vote", "word": "arte", "accepted": True, "yes": 2, "no": 1},
    {"kind": "vote", "word": "arte", "accepted": False, "yes": 1, "no": 2},
    {"kind": "vote", "word": "arte", "accepted": False, "yes": 1, "no": 1},
    {"kind": "vote", "word": "arte", "accepted": False, "yes": 0, "no": 0},
    {"kind": "replay", "categories": 2, "of": 3},
    {"kind": "over"},
]


def _cases() -> list[dict[str, Any]]:
    """Each event with every filling of its seat slots, read by seat 0, seat 1 and a spectator."""
    cases: list[dict[str, Any]] = []
    games = (("uno-duo", UNO_EVENTS, 2), ("duos", DUOS_EVENTS, 3), ("duple", DUPLE_EVENTS, 3))
    for game, events, seats in games:
        for event in events:
            for variant in _assignments(event, seats):
                for me in (0, 1, None):
                    cases.append({"game": game, "event": variant, "me": me, "cards": DUOS_CARDS})
    # What the Duple table announces in large type: a tie in an All Play that nobody then wins.
    tie = [{"kind": "tie"}, {"kind": "allplay"}]
    cases += [{"game": "duple", "event": tie[0], "events": tie, "me": me, "cards": []} for me in (0, None)]
    return cases


def _catalog(lang: str) -> dict[str, Any]:
    messages: dict[str, Any] = json.loads(webcatalog.json_path(lang).read_text(encoding="utf-8"))["messages"]
    return {**messages, "You": YOU}


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The client's modules as ES modules Node can import (without the card pictures)."""
    if NODE is None:
        pytest.fail("Node.js is needed to run the client's modules: apt-get install -y nodejs")
    folder = tmp_path_factory.mktemp("web") / "web"
    shutil.copytree(WEB, folder, ignore=shutil.ignore_patterns("assets"))
    (folder / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    (folder / "render.js").write_text(HARNESS, encoding="utf-8")
    return folder


def _render(client: Path, lang: str, cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    data = {"lang": lang, "messages": _catalog(lang) if lang != "en" else {"You": YOU}, "cases": cases,
            "reader": READER, "names": OTHERS}
    done = subprocess.run([str(NODE), str(client / "render.js")], input=json.dumps(data), capture_output=True,
                          text=True, timeout=120, check=True)
    lines: list[dict[str, Any]] = json.loads(done.stdout)
    return lines


CASES = _cases()


@pytest.mark.parametrize("lang", webcatalog.LANGUAGES)
def test_no_line_names_the_reader_in_the_third_person(client: Path, lang: str) -> None:
    wrong = []
    for case, line in zip(CASES, _render(client, lang, CASES), strict=True):
        text = line["text"]
        if text is None:
            continue
        if READER in text or YOU in text or PLACEHOLDER.search(text):
            wrong.append((case["event"], case["me"], text))
    assert wrong == [], f"{lang}: {len(wrong)} lines, e.g. {wrong[:5]}"


@pytest.mark.parametrize("lang", webcatalog.LANGUAGES)
def test_lists_of_names_read_as_the_language_lists_them(client: Path, lang: str) -> None:
    """Two or more names are joined the language's way ("Ana y Bo"), never with a bare comma."""
    lists = 0
    for case, line in zip(CASES, _render(client, lang, CASES), strict=True):
        if line["lists"]:
            lists += 1
            assert any(names in line["text"] for names in line["lists"]), (lang, case, line)
            assert not line["bare"] or line["bare"] not in line["text"], (lang, case, line)
    assert lists > 10


def _about(event: dict[str, Any], seat: int | None) -> bool:
    """The event names this seat in one of its slots or lists."""
    if seat is None:
        return False
    named = [event[key] for key in _seats_in(event)]
    racers = event.get("racers", [])
    named += (racers if len(racers) == 2 else []) + event.get("seats", []) + event.get("matched_by", [])
    return seat in named


def test_a_line_about_the_reader_speaks_to_them(client: Path) -> None:
    """In English each line that names the reader says "you" or "your": its second-person message
    was chosen (so every language has one to translate)."""
    wrong = [(case, line["text"]) for case, line in zip(CASES, _render(client, "en", CASES), strict=True)
             if line["text"] and _about(case["event"], case["me"])
             and not re.search(r"\b(you|your)\b", line["text"], re.IGNORECASE)]
    assert wrong == []


def test_every_log_message_of_every_game_is_formatted(client: Path) -> None:
    """Each message of the games' events.js comes out of some case above (in English: the message
    ids themselves, placeholders standing for any text), so a new message cannot escape this test."""
    shown = [line["text"] for line in _render(client, "en", CASES) if line["text"]]
    missing = []
    for message in webcatalog.extract():
        if not message.id or not any(str(place[0]) in LOG_MODULES for place in message.locations):
            continue
        forms = [message.id] if isinstance(message.id, str) else list(message.id)
        patterns = [re.compile("^" + ".+".join(re.escape(piece) for piece in PLACEHOLDER.split(form)) + "$")
                    for form in forms]
        if not any(pattern.match(text) for pattern in patterns for text in shown):
            missing.append(forms[0])
    assert missing == [], missing
