"""Parsing client messages: any input is either a typed message or a ProtocolError with a known code."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from duoplay.server import protocol as wire
from duoplay.server.protocol import ProtocolError, parse_client

KNOWN = {wire.MALFORMED_MESSAGE, wire.UNKNOWN_TYPE, wire.TOO_LARGE}

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
messages = st.fixed_dictionaries(
    {"v": st.sampled_from([1, 1, 1, 0, 2, "1", True, None])},
    optional={
        "type": st.sampled_from([*wire.CLIENT_TYPES, "nope", 3, None]),
        "name": json_values,
        "token": json_values,
        "seat": json_values,
        "level": json_values,
        "action": json_values,
        "version": json_values,
    },
)


def outcome(text: Any) -> str:
    try:
        parse_client(text)
    except ProtocolError as error:
        assert error.code in KNOWN and error.message
        return error.code
    return "ok"


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=50))
def test_any_text_parses_or_is_refused_with_a_code(text: str | bytes) -> None:
    outcome(text)


@settings(max_examples=600, deadline=None)
@given(messages)
def test_message_shaped_objects_are_typed_or_refused(data: dict[str, Any]) -> None:
    result = outcome(json.dumps(data))
    if result == "ok":
        assert data["v"] == 1 and data["v"] is not True and data["type"] in wire.CLIENT_TYPES


def test_each_message_type_parses_to_its_value() -> None:
    def parse(**fields: Any) -> Any:
        return parse_client(json.dumps({"v": 1, **fields})).message

    assert parse(type="hello", name=" Ada\n Lovelace ", token=None) == wire.Hello("Ada Lovelace", None)
    assert parse(type="hello", name="x" * 100, token="t") == wire.Hello("x" * 32, "t")
    assert parse(type="sit", seat=1) == wire.Sit(1)
    assert parse(type="leave") == wire.Leave()
    assert parse(type="add_bot", seat=0, level="random") == wire.AddBot(0, "random")
    assert parse(type="remove_bot", seat=0) == wire.RemoveBot(0)
    assert parse(type="start") == wire.Start()
    assert parse(type="action", action={"type": "draw"}, version=3) == wire.ActionMessage({"type": "draw"}, 3)
    assert parse(type="action", action={"type": "draw"}) == wire.ActionMessage({"type": "draw"}, None)
    for bad in ({"type": "sit", "seat": True}, {"type": "hello", "name": "\x00\u200b", "token": None},
                {"type": "action", "version": 1}, {"type": "add_bot", "seat": 0}):  # fmt: skip
        assert outcome(json.dumps({"v": 1, **bad})) == wire.MALFORMED_MESSAGE
    assert outcome(json.dumps({"v": 1, "type": "hello", "name": "é" * 9000, "token": None})) == wire.TOO_LARGE
    assert parse(type="stream", channel="text", data={"typed": "héllo"}) == wire.StreamMessage(
        "text", {"typed": "héllo"}, len(json.dumps({"typed": "héllo"}, separators=(",", ":"))))
    assert parse(type="hello", name="Ada", token=None, deltas=True) == wire.Hello("Ada", None, True)


def test_a_message_id_is_echoed_and_checked() -> None:
    incoming = parse_client(json.dumps({"v": 1, "type": "start", "id": "c-17"}), arrived=12.5)
    assert (incoming.id, incoming.arrived) == ("c-17", 12.5)
    assert parse_client(json.dumps({"v": 1, "type": "start", "id": 9})).id == 9
    for bad in (True, 1.5, "x" * 65, [1], {"a": 1}):
        assert outcome(json.dumps({"v": 1, "type": "start", "id": bad})) == wire.MALFORMED_MESSAGE
    # A message that is refused whole still has its id read back, so the error can echo it.
    assert wire.message_id(json.dumps({"v": 1, "type": "nonsense", "id": "c-18"})) == "c-18"
    error = wire.error(wire.ProtocolError(wire.SEAT_TAKEN, "Seat {seat} is taken", seat=2), "c-19")
    assert error == {"v": 1, "type": "error", "code": "seat_taken", "message": "Seat 2 is taken",
                     "msg": "Seat {seat} is taken", "params": {"seat": 2}, "id": "c-19"}


def test_text_that_is_not_valid_unicode_is_refused_at_the_door() -> None:
    """A JSON escape may name a lone surrogate, which no game, store or reply can encode."""
    word = '{"v": 1, "type": "action", "action": {"type": "word", "word": "a\\ud800"}, "version": null}'
    assert outcome(word) == wire.MALFORMED_MESSAGE
    key = '{"v": 1, "type": "hello", "name": "Ada", "token": null, "\\udfff": 1}'
    assert outcome(key) == wire.MALFORMED_MESSAGE
    # A surrogate pair is one character, and welcome.
    fine = '{"v": 1, "type": "hello", "name": "\\u00e9\\ud83d\\ude00", "token": null}'
    assert parse_client(fine).message == wire.Hello("é😀", None)



def test_every_message_goes_out_as_json_that_reads_back_the_same_even_what_fast_encoding_refuses() -> None:
    """Letters beyond ASCII go out as they are; a lone surrogate a client typed, a key that is no
    string and a huge integer still go out (through the slower encoder) instead of failing the send."""
    for message in ({"name": "Åsa Żółć", "view": {"hand": [1, 2]}}, {"typed": "a\ud800b"},
                    {"n": 2**70}, {"deep": [[{"x": None, "y": 1.5, "z": True}]]}):
        assert json.loads(wire.encode(message)) == message
    assert json.loads(wire.encode({1: "one"})) == {"1": "one"}
    assert wire.encode({"name": "Åsa"}) == '{"name":"Åsa"}'
