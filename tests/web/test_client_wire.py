"""The client's side of the wire, run in Node: delta states rebuild the views (and keep the legal
actions) a full state carries, and every action is answered by the ack or the error that carries
its id."""

from __future__ import annotations

import itertools
import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from duoplay.core.errors import fill
from duoplay.core.match import Match

WEB = Path(__file__).resolve().parents[2] / "src" / "duoplay" / "web"
NODE = shutil.which("node")

pytestmark = pytest.mark.skipif(NODE is None, reason="needs Node.js to run the client's modules")


def _run(tmp_path: Path, script: str, data: Any) -> Any:
    """Run `script` as an ES module next to a copy of ws.js; it reads `data` and prints JSON."""
    shutil.copy(WEB / "ws.js", tmp_path / "ws.mjs")
    (tmp_path / "main.mjs").write_text(script, encoding="utf-8")
    done = subprocess.run([str(NODE), str(tmp_path / "main.mjs")], input=json.dumps(data),
                          capture_output=True, text=True, timeout=60, check=True)
    return json.loads(done.stdout)


def _seen(match: Match) -> tuple[dict[str, Any], list[Any]]:
    """Seat 0's view and legal actions, as JSON."""
    shown: tuple[dict[str, Any], list[Any]] = json.loads(json.dumps(
        [match.view(0), [action.to_json() for action in match.legal_actions(0)]]))
    return shown


def _playout(game: str, seats: int, seed: int, moves: int) -> list[tuple[dict[str, Any], list[Any]]]:
    """What seat 0 sees after each of `moves` random legal moves of a real match."""
    rng = random.Random(seed)
    match = Match.new(game, seats, seed)
    seen = [_seen(match)]
    for _ in range(moves):
        if match.outcome() is not None:
            break
        movers = [s for s in range(seats) if match.legal_actions(s)]
        seat = rng.choice(movers)
        match.act(seat, rng.choice(list(match.legal_actions(seat))))
        seen.append(_seen(match))
    return seen


def _delta(previous: dict[str, Any], current: dict[str, Any]) -> dict[str, Any]:
    """The protocol's delta: top-level keys set to new values, and keys no longer there."""
    return {"set": {k: v for k, v in current.items() if k not in previous or previous[k] != v},
            "unset": [k for k in previous if k not in current]}


FOLD = """
import { readFileSync } from "node:fs";
import { RoomSocket } from "./ws.mjs";
const states = JSON.parse(readFileSync(0, "utf-8"));
const shown = [];
const socket = new RoomSocket("ROOM", { message: (msg) => shown.push(msg) });
for (const msg of states) socket.receive(msg);
console.log(JSON.stringify(shown));
"""


@pytest.mark.parametrize(("game", "seats"), [("uno-duo", 2), ("duos", 3)])
def test_delta_states_rebuild_the_full_views(tmp_path: Path, game: str, seats: int) -> None:
    seen = _playout(game, seats, seed=7, moves=80)
    # One key goes away and comes back, so `unset` is exercised too.
    seen.insert(2, ({k: v for k, v in seen[1][0].items() if k != "to_move"}, seen[1][1]))
    views = [view for view, _ in seen]
    states = [{"v": 1, "type": "state", "version": 0, "view": views[0], "legal": seen[0][1], "events": []}]
    for number, ((before, legal_before), (after, legal)) in enumerate(itertools.pairwise(seen), start=1):
        state = {"v": 1, "type": "state", "version": number, "delta": _delta(before, after), "events": []}
        if legal != legal_before:
            state["legal"] = legal  # a delta state carries legal actions only when they changed
        states.append(state)
    assert any("legal" not in state for state in states), "the playout should keep some menus"
    shown = _run(tmp_path, FOLD, states)
    assert [msg["view"] for msg in shown] == views
    assert [msg["legal"] for msg in shown] == [legal for _, legal in seen]
    assert all("delta" not in msg for msg in shown)  # the table sees whole states only
    assert [msg["version"] for msg in shown] == list(range(len(views)))


ANSWERS = """
import { readFileSync } from "node:fs";
import { RoomSocket } from "./ws.mjs";
globalThis.WebSocket = { OPEN: 1 };
const sent = [];
const heard = [];
const hear = (msg, cause) => heard.push([msg.type, msg.id ?? null, cause]);
const socket = new RoomSocket("ROOM", { message: hear });
socket.ws = { readyState: 1, send: (text) => sent.push(JSON.parse(text)), close() {} };
const settle = (promise) => promise.then((ack) => ["ack", ack.version], (error) => ["error", error.code]);

socket.send("sit", { seat: 0 });
const played = settle(socket.request("action", { action: { type: "draw" }, version: 3 }));
const refused = settle(socket.request("action", { action: { type: "pass" }, version: 3 }));
const lost = settle(socket.request("action", { action: { type: "uno" }, version: 4 }));
const [sit, draw, pass] = sent;
// The server answers out of order; an answer to someone else's id settles nothing.
socket.receive({ v: 1, type: "error", code: "illegal_action", msg: "No", params: {}, id: pass.id });
socket.receive({ v: 1, type: "state", version: 4, view: { seat: 0 }, legal: [], events: [] });
socket.receive({ v: 1, type: "ack", id: draw.id, version: 4 });
socket.receive({ v: 1, type: "ack", id: 999, version: 4 });
socket.receive({ v: 1, type: "error", code: "seat_taken", id: sit.id });
socket.dropPending(); // the connection closed before the last answer
socket.ws = null;
const offline = await settle(socket.request("action", { action: { type: "draw" }, version: 4 }));
console.log(JSON.stringify({ sent, heard, answers: [await played, await refused, await lost, offline] }));
"""


def test_each_action_is_settled_by_the_answer_with_its_id(tmp_path: Path) -> None:
    result = _run(tmp_path, ANSWERS, None)
    sent = result["sent"]
    assert [m["type"] for m in sent] == ["sit", "action", "action", "action"]
    ids = [m["id"] for m in sent]
    assert len(set(ids)) == 4 and all(isinstance(i, int) or len(i) <= 64 for i in ids)
    assert sent[1] == {"v": 1, "type": "action", "action": {"type": "draw"}, "version": 3, "id": ids[1]}
    assert result["answers"] == [["ack", 4], ["error", "illegal_action"], ["error", "connection_lost"],
                                 ["error", "not_connected"]]
    # The page learns which of its messages an answer is about.
    assert result["heard"] == [["error", ids[2], "action"], ["state", None, None], ["ack", ids[1], "action"],
                               ["ack", 999, None], ["error", ids[0], "sit"]]


FILL = """
import { readFileSync } from "node:fs";
import { errorText } from "./i18n.mjs";
const errors = JSON.parse(readFileSync(0, "utf-8"));
console.log(JSON.stringify(errors.map(errorText)));
"""


def test_an_error_without_a_translation_reads_as_the_servers_english(tmp_path: Path) -> None:
    """The client fills a template as Python's str.format does: {name}, {name!r}, {{ and }}."""
    shutil.copy(WEB / "i18n.js", tmp_path / "i18n.mjs")
    cases: list[tuple[str, dict[str, Any]]] = [
        ("Unknown game {name!r}; known games: {known}", {"name": "chess", "known": "duos, uno-duo"}),
        ("Place at most {most} pairs (you sent {n})", {"most": 4, "n": 5}),
        ("Write {{{card}}} for a card", {"card": "R5"}),
        ("A literal {{brace}} with nothing to fill", {})]
    shown = _run(tmp_path, FILL, [{"code": "illegal_action", "message": "", "msg": msg, "params": params}
                                  for msg, params in cases])
    assert shown == [fill(msg, params) for msg, params in cases]
    assert _run(tmp_path, FILL, [{"code": "too_large", "message": "Too large"}]) == ["Too large"]
