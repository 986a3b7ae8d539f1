"""The protocol every game implements; servers, bots and tools see games only through it.

A game is a set of pure rules over a state value:

- `setup` builds the state from the seat count, options and a seed;
- `to_move` names the seats the game is waiting for (several at once for
  simultaneous secret moves);
- `legal_actions` lists what a seat may do now, including optional actions a
  seat may take out of turn (a call to make, a missed call to catch);
- `apply` validates an action completely, then changes the state and returns
  the events a client needs to animate what happened;
- `view` is the only way information leaves the state: what one seat, or a
  spectator (`None`), may see, as JSON;
- `deadline` turns timers into data: when it passes, the server appends the
  timeout action it names, so replay never needs a clock.

Seat `None` in `apply` stands for the table itself (timeouts, the clock).

Beyond the rules, a game declares what the platform needs to host it (options
for the lobby, bot levels, what an action depends on, live streams...): those
declarations are optional attributes, read with their defaults in `declared.py`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar, runtime_checkable

JSON = dict[str, Any]
Seat = int | None

S = TypeVar("S")
A = TypeVar("A", bound="Action")


@runtime_checkable
class Action(Protocol):
    """A small frozen value with an exact JSON round trip and a short notation."""

    def to_json(self) -> JSON: ...

    def notation(self) -> str: ...


class Event:
    """Something that happened, for clients to show.

    `public` is what everyone may know; `secret` is added only for the seats in
    `audience` (a drawn card is shown to the drawer, the count to everyone).
    A plain slotted class rather than a frozen dataclass: every action builds one
    or two, and a frozen dataclass costs twice as much to build. Treat it as immutable.
    """

    __slots__ = ("audience", "kind", "public", "secret")

    def __init__(self, kind: str, public: JSON | None = None, secret: JSON | None = None,
                 audience: frozenset[int] = frozenset()) -> None:
        self.kind = kind
        self.public: JSON = {} if public is None else public
        self.secret = secret
        self.audience = audience

    def visible_to(self, seat: Seat) -> JSON:
        shown: JSON = {"kind": self.kind, **self.public}
        if self.secret is not None and seat is not None and seat in self.audience:
            shown.update(self.secret)
        return shown

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and (
            (self.kind, self.public, self.secret, self.audience)
            == (other.kind, other.public, other.secret, other.audience)
        )

    __hash__ = None  # type: ignore[assignment]  # mutable dicts inside: not hashable

    def __repr__(self) -> str:
        return (f"Event({self.kind!r}, {self.public!r}, {self.secret!r}, "
                f"frozenset({sorted(self.audience)}))")


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished match ended. `results[s]` is 1 for a win, 0 for a loss, a share for a tie."""

    winners: tuple[int, ...]
    results: tuple[float, ...]
    scores: tuple[int, ...]
    reason: str

    def to_json(self) -> JSON:
        return {
            "winners": list(self.winners),
            "results": list(self.results),
            "scores": list(self.scores),
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class Deadline:
    """`seconds` after the wait named `key` began, the table applies `action` for `seat`.

    The clock runs from the first state that reports this key and keeps running while
    later states report the same key (players moving during a pairing turn do not
    restart it); a new key starts a new wait. An empty key means "since the last change".
    """

    seconds: float
    seat: Seat
    action: Action
    key: str = ""


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One house rule as the lobby offers it. `label` and choice labels are message ids
    (English text that the catalogs translate)."""

    name: str
    kind: str  # "int", "float", "bool", "choice" or "text"
    default: Any
    label: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[tuple[Any, str], ...] = ()  # (value, label) for kind "choice"
    help: str = ""
    seat: bool = False  # an "int" that names a seat (0-based): clients show "Seat 1", "Seat 2"...
    # A "choice" of languages: the lobby starts it on the page's language when it is a choice.
    page_language: bool = False

    def to_json(self) -> JSON:
        data: JSON = {"name": self.name, "kind": self.kind, "default": self.default, "label": self.label}
        if self.minimum is not None:
            data["min"] = self.minimum
        if self.maximum is not None:
            data["max"] = self.maximum
        if self.choices:
            data["choices"] = [{"value": value, "label": label} for value, label in self.choices]
        if self.help:
            data["help"] = self.help
        if self.seat:
            data["seat"] = True
        if self.page_language:
            data["page_language"] = True
        return data


@dataclass(frozen=True, slots=True)
class BotLevel:
    """A bot a room may seat: `id` names it in `make_bot`, `label` is a message id."""

    id: str
    label: str

    def to_json(self) -> JSON:
        return {"id": self.id, "label": self.label}


@dataclass(frozen=True, slots=True)
class StreamRule:
    """A live channel open to one seat now: who hears it, and how much it may carry.

    Stream messages are not logged; what counted is committed by the game as an
    action at the end of its phase."""

    audience: frozenset[int]
    max_bytes: int = 2048  # one message
    per_second: float = 20.0  # messages, per seat and channel
    # Seconds after the channel closes during which a seat whose connection was down or silent
    # may still send what it made before (duoplay.server.streams); 0: nothing late is taken.
    grace_seconds: float = 0.0


class Game(Protocol[S, A]):
    """One tabletop game's rules. Implementations hold no per-match data."""

    id: str
    name: str
    aliases: tuple[str, ...]
    min_seats: int
    max_seats: int

    def parse_options(self, data: Mapping[str, Any] | None) -> Any: ...

    def options_to_json(self, options: Any) -> JSON: ...

    def setup(self, seats: int, options: Any, seed: int) -> S: ...

    def to_move(self, state: S) -> tuple[int, ...]: ...

    def legal_actions(self, state: S, seat: int) -> Sequence[A]: ...

    def parse_action(self, data: Any) -> A: ...

    def apply(self, state: S, seat: Seat, action: A) -> list[Event]: ...

    def view(self, state: S, seat: Seat) -> JSON: ...

    def outcome(self, state: S) -> Outcome | None: ...

    def deadline(self, state: S) -> Deadline | None: ...

    def copy_state(self, state: S) -> S: ...
