"""Bots and tickets for the bot pool's tests. A module of its own, so workers can unpickle them."""

from __future__ import annotations

import os
import pickle
import random
import time
from collections.abc import Sequence
from typing import Any

from duoplay.bots.ismcts import Ismcts
from duoplay.bots.tickets import BotTicket
from duoplay.core.protocol import JSON, Outcome
from duoplay.games.uno_duo.actions import SIMPLE_ACTIONS

# Eleven distinct UNO Duo actions, as JSON: enough to tell every answer apart.
LEGAL: list[JSON] = [action.to_json() for action in SIMPLE_ACTIONS.values()]


class ScriptedBot:
    """Does what the view says: waits `sleep` seconds, raises if `fail`, writes a file named by
    `touch`, picks `legal[pick]`."""

    name = "scripted"

    def __init__(self) -> None:
        self.decisions = 0
        self.pids: list[int] = []  # the worker of each decision
        self.duos_encoder_loaded: list[bool] = []  # at each decision asked to look

    def choose(self, view: JSON, legal: Sequence[Any], seat: int) -> Any:
        time.sleep(view.get("sleep", 0))
        if view.get("fail"):
            raise RuntimeError("scripted to fail")
        if view.get("touch"):
            with open(view["touch"], "w", encoding="utf-8") as mark:
                mark.write("decided")
        if view.get("look_at_duos"):
            from duoplay.games.duos.embedding import shared

            self.duos_encoder_loaded.append(shared().loaded)
        self.decisions += 1
        self.pids.append(os.getpid())
        return legal[view.get("pick", 0)]


def scripted_ticket(pick: int = 0, sleep: float = 0.0, fail: bool = False, touch: str = "",
                    memory: bytes | None = None, look_at_duos: bool = False) -> BotTicket:
    view = {"pick": pick, "sleep": sleep, "fail": fail, "touch": touch, "look_at_duos": look_at_duos}
    return BotTicket("uno-duo", "scripted", 0, 0, view, LEGAL,
                     memory if memory is not None else pickle.dumps(ScriptedBot()))


def running(pid: int) -> bool:
    """Whether a process exists and is not a zombie (this machine's init may never reap them)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def wait_until(condition: Any, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return bool(condition())


class SleepyChoice:
    """A one-move search game whose every sample takes a few milliseconds of waiting, not of
    computing: how many iterations fit in a budget depends on the searches run at once, not
    on how busy the machine's cores are. Choosing `legal[view["best"]]` wins."""

    def sample_state(self, view: JSON, seat: int, rng: random.Random) -> list[Any]:
        time.sleep(0.002)
        return [view, None]

    def legal_actions(self, state: list[Any], seat: int) -> list[Any]:
        return list(SIMPLE_ACTIONS.values()) if state[1] is None else []

    def apply(self, state: list[Any], seat: int | None, action: Any) -> list[Any]:
        state[1] = action
        return []

    def to_move(self, state: list[Any]) -> tuple[int, ...]:
        return (0,) if state[1] is None else ()

    def outcome(self, state: list[Any]) -> Outcome | None:
        if state[1] is None:
            return None
        won = state[1] == list(SIMPLE_ACTIONS.values())[state[0]["best"]]
        return Outcome((0,) if won else (1,), (1.0, 0.0) if won else (0.0, 1.0), (0, 0), "chosen")

    def copy_state(self, state: list[Any]) -> list[Any]:
        return list(state)


def sleepy_search(time_ms: float, workers: int, seed: int = 1) -> Ismcts:
    return Ismcts(SleepyChoice(), time_ms=time_ms, workers=workers, seed=seed)
