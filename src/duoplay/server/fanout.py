"""What each seat hears after a change: a `state` only when its part changed, as a delta if asked.

For every seat that has clients, the room builds the seat's view, legal actions,
events, outcome and deadline once. A seat for which none of these changed (and
whose staleness stamp did not move) gets nothing. Clients that said
`hello` with `deltas: true` get the view as a delta of top-level keys against
the last view their seat was sent; the others (and anyone who just joined) get
it whole, and their `legal` only when it changed. Every client of a seat therefore
shares one baseline: the last view (and legal actions) sent to that seat.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

from duoplay.core.match import Match
from duoplay.core.protocol import JSON, Event, Seat
from duoplay.server import protocol as wire


class Listener(Protocol):
    seat: int | None
    deltas: bool

    def send(self, text: str) -> None: ...


@dataclass(slots=True)
class _Sent:
    """What a seat was last sent."""

    view: JSON
    legal: list[JSON]
    outcome: JSON | None
    deadline: object  # the armed deadline it was told about (identity, not seconds left)
    version: int


def view_delta(previous: JSON, current: JSON) -> JSON:
    """The top-level keys of `current` that differ from `previous`, and those it no longer has."""
    changed = {key: value for key, value in current.items() if key not in previous or previous[key] != value}
    return {"set": changed, "unset": [key for key in previous if key not in current]}


def apply_delta(previous: JSON, delta: JSON) -> JSON:
    """What a client does with a delta (kept here so tests check both ends against each other)."""
    view = {key: value for key, value in previous.items() if key not in set(delta["unset"])}
    view.update(delta["set"])
    return view


class FanOut:
    def __init__(self, own: Callable[[int], JSON] | None = None) -> None:
        self._sent: dict[Seat, _Sent] = {}
        # Keys a seat's own live streams add to its view (see `declared.stream_view`): what the seat
        # itself made, so no other seat's view is touched.
        self._own = own
        self.full_views = False  # send every seat the whole view after every change (for comparison)

    def reset(self) -> None:
        """A new match: everyone starts from a full view."""
        self._sent.clear()

    def full_state(self, match: Match, seat: Seat, deadline: tuple[object, JSON | None]) -> str:
        """A whole `state` for a client that just joined `seat` (or changed seat); it becomes the
        seat's baseline, which equals what the seat's other clients hold."""
        shown = self._pieces(match, seat, deadline)
        self._sent[seat] = shown
        return self._encode(match, shown, {"view": shown.view, "legal": shown.legal}, [], deadline[1])

    def broadcast(
        self,
        match: Match,
        listeners: Iterable[Listener],
        events: list[Event],
        deadline: tuple[object, JSON | None],
    ) -> None:
        by_seat: dict[Seat, list[Listener]] = {}
        for listener in listeners:
            by_seat.setdefault(listener.seat, []).append(listener)
        for seat in [s for s in self._sent if s not in by_seat]:
            del self._sent[seat]  # nobody holds that baseline any more
        for seat, group in by_seat.items():
            self._send_seat(match, seat, group, events, deadline)

    def _send_seat(
        self,
        match: Match,
        seat: Seat,
        group: list[Listener],
        events: list[Event],
        deadline: tuple[object, JSON | None],
    ) -> None:
        shown = self._pieces(match, seat, deadline)
        seen = [event.visible_to(seat) for event in events]
        before = self._sent.get(seat)
        self._sent[seat] = shown
        if before is not None and not self.full_views and not seen and self._same(before, shown, match, seat):
            return
        encoded: dict[bool, str] = {}
        for listener in group:
            as_delta = listener.deltas and before is not None and not self.full_views
            if as_delta not in encoded:
                body: JSON = {"view": shown.view, "legal": shown.legal}
                if as_delta and before is not None:
                    body = {"delta": view_delta(before.view, shown.view)}
                    if shown.legal != before.legal:
                        body["legal"] = shown.legal  # left out when unchanged: the client keeps its own
                encoded[as_delta] = self._encode(match, shown, body, seen, deadline[1])
            listener.send(encoded[as_delta])

    @staticmethod
    def _same(before: _Sent, now: _Sent, match: Match, seat: Seat) -> bool:
        return (
            before.view == now.view
            and before.legal == now.legal
            and before.outcome == now.outcome
            and before.deadline is now.deadline
            and match.changed_at(seat) <= before.version
        )

    def _pieces(self, match: Match, seat: Seat, deadline: tuple[object, JSON | None]) -> _Sent:
        outcome = match.outcome()
        legal = (
            [] if seat is None or outcome is not None else [action_json(a) for a in match.legal_actions(seat)]
        )
        own = self._own(seat) if self._own is not None and seat is not None else None
        return _Sent(
            {**match.view(seat), **own} if own else match.view(seat),
            legal,
            None if outcome is None else outcome.to_json(),
            deadline[0],
            match.version,
        )

    @staticmethod
    def _encode(match: Match, shown: _Sent, body: JSON, events: list[JSON], deadline: JSON | None) -> str:
        return wire.encode(
            wire.message(
                "state",
                version=match.version,
                **body,
                events=events,
                outcome=shown.outcome,
                deadline=deadline,
            )
        )


def action_json(action: Any) -> JSON:
    """An action's JSON, built once: menus repeat after every move. Shared and read-only: it is
    only encoded, never changed. A game that keeps its menus hands back the same action objects,
    found by identity without hashing their values."""
    found = _BY_IDENTITY.get(id(action))
    if found is not None and found[0] is action:
        return found[1]
    data = _action_json_by_value(action)
    if len(_BY_IDENTITY) >= _IDENTITIES:
        _BY_IDENTITY.popitem(last=False)  # the oldest (a dict's first key is found by a scan)
    _BY_IDENTITY[id(action)] = (action, data)  # holding the action keeps its id from being reused
    return data


_IDENTITIES = 16384
_BY_IDENTITY: OrderedDict[int, tuple[Any, JSON]] = OrderedDict()


@lru_cache(maxsize=8192)
def _action_json_by_value(action: Any) -> JSON:
    data: JSON = action.to_json()
    return data
