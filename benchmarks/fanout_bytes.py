"""Bytes the server sends per action in a room, with the fan-out of today against the one before.

Plays DUOS matches for six seats (uniformly random legal moves, every seat and a spectator
connected) through the server's fan-out, and counts the bytes of every `state` message.

Reference, in the same run: "full views", the fan-out as it was before (every client gets
its whole view and its legal actions after every action). Measured: "deltas", as the web
client asks (a seat hears an action only if its part changed; the view as a delta of
top-level keys; legal actions only when they changed), and "whole views" (the same skipping,
for clients that do not ask for deltas).

    python benchmarks/fanout_bytes.py --matches 5
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

from tqdm import tqdm

from duoplay.core.match import Match
from duoplay.core.protocol import JSON
from duoplay.server.fanout import FanOut

NO_DEADLINE: tuple[object, JSON | None] = (None, None)
MODES = ("full views", "whole views", "deltas")


@dataclass
class Counter:
    seat: int | None
    deltas: bool
    sent: int = 0
    messages: int = 0

    def send(self, text: str) -> None:
        self.sent += len(text.encode())
        self.messages += 1


def play(game: str, seats: int, seed: int, mode: str, max_actions: int) -> tuple[int, int, int]:
    """(bytes, messages, actions) of one match in `mode`."""
    match = Match.new(game, seats, seed)
    fanout = FanOut()
    fanout.full_views = mode == "full views"
    clients = [Counter(seat, mode == "deltas") for seat in (*range(seats), None)]
    for client in clients:
        client.send(fanout.full_state(match, client.seat, NO_DEADLINE))
    rng = random.Random(seed)
    actions = 0
    while match.outcome() is None and actions < max_actions:
        seat = rng.choice(match.to_move())
        events = match.act(seat, rng.choice(list(match.legal_actions(seat))))
        fanout.broadcast(match, clients, events, NO_DEADLINE)
        actions += 1
    return sum(c.sent for c in clients), sum(c.messages for c in clients), actions


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--game", default="duos")
    parser.add_argument("--seats", type=int, default=6)
    parser.add_argument("--matches", type=int, default=5)
    parser.add_argument("--max-actions", type=int, default=400, help="per match")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    totals = {mode: [0, 0, 0] for mode in MODES}
    with tqdm(total=args.matches * len(MODES), unit="match") as progress:
        for index in range(args.matches):
            for mode in MODES:
                sent, messages, actions = play(
                    args.game, args.seats, args.seed + index, mode, args.max_actions
                )
                totals[mode][0] += sent
                totals[mode][1] += messages
                totals[mode][2] += actions
                progress.update()
    reference = totals["full views"][0] / totals["full views"][2]
    print(
        f"{args.game}, {args.seats} seats and a spectator, {args.matches} matches, "
        f"{totals['full views'][2]} actions"
    )
    for mode in MODES:
        sent, messages, actions = totals[mode]
        per_action = sent / actions
        print(
            f"{mode:>12}: {per_action:9,.0f} bytes per action, "
            f"{messages / actions:5.2f} messages per action, "
            f"{per_action / reference:5.2f}x the full views"
        )
    deltas = totals["deltas"][0] / totals["deltas"][2]
    print(
        f"bytes per action: {reference:,.0f} before (full views), {deltas:,.0f} after (deltas), "
        f"{reference / deltas:.1f}x fewer"
    )


if __name__ == "__main__":
    main()
