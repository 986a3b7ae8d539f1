"""The well-behaved room beside the attacks: two players from an address of their own, pinging the
server every 50 ms in turn and reacting with an emote every few seconds (heard by the other player:
the room's own path), timing each answer. It runs in a process of its own, so that the attacks'
work on the probe's side (1 MB frames, thousands of sockets) does not delay its clock."""

from __future__ import annotations

import asyncio
import multiprocessing
import time
from multiprocessing.connection import Connection

from probe_attacks.common import Peer, Server, create_room

PACE = 0.05
EMOTE_EVERY = 2.5  # the room lets a player react every 2 s
LOST = 5.0  # an answer that never came counts as this many seconds

Sample = tuple[float, float]  # (when it was asked, monotonic clock shared by processes; seconds)


async def _play(server: Server, source: str, control: Connection) -> list[Sample]:
    code = await create_room(server, source, {"game": "uno-duo"})
    ada = await Peer.join(server, code, source, "Ada")
    ben = await Peer.join(server, code, source, "Ben")
    await ada.sit(0)
    await ben.sit(1)
    control.send("playing")
    samples: list[Sample] = []
    asks = 0
    last_emote = 0.0
    while not control.poll():
        asks += 1
        started = time.monotonic()
        try:
            if started - last_emote > EMOTE_EVERY:
                last_emote = started
                await ada.send(type="emote", emote="wow")
                await ben.until("emote", timeout=LOST, seat=0)
            else:
                pinger = ada if asks % 2 else ben
                await pinger.send(type="ping", id=str(asks))
                await pinger.until("pong", timeout=LOST, id=str(asks))
            samples.append((started, time.monotonic() - started))
        except TimeoutError:
            samples.append((started, LOST))
        await asyncio.sleep(PACE)
    await ada.close()
    await ben.close()
    return samples


def _main(server: Server, source: str, control: Connection) -> None:
    try:
        control.send(asyncio.run(_play(server, source, control)))
    except Exception as error:
        control.send(f"the victim room failed: {type(error).__name__}: {error}")


class Victim:
    """The victim's process: started, then asked for its samples once the attacks are over."""

    def __init__(self, server: Server, source: str) -> None:
        self._control, child = multiprocessing.get_context("spawn").Pipe()
        self._process = multiprocessing.get_context("spawn").Process(
            target=_main, args=(server, source, child), daemon=True)
        self.samples: list[Sample] = []
        self.failure = ""

    async def start(self) -> None:
        self._process.start()
        first = await asyncio.to_thread(self._control.recv)
        if first != "playing":
            raise SystemExit(str(first))

    async def stop(self) -> None:
        self._control.send("stop")
        answer = await asyncio.to_thread(self._control.recv)
        if isinstance(answer, str):
            self.failure = answer
        else:
            self.samples = answer
        self._process.join(10)
