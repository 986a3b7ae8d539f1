"""`duoplay replay FILE`: step through a stored match, as a spectator or as one seat saw it."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from duoplay.core.errors import GameError
from duoplay.core.log import MatchRecord
from duoplay.core.match import Match


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", type=Path, help="a match record: JSON with 'header' and 'log'")
    parser.add_argument("--seat", type=int, default=None,
                        help="show what this seat saw (default: what a spectator saw)")


def run(args: argparse.Namespace) -> int:
    try:
        record = MatchRecord.loads(args.file.read_text(encoding="utf-8"))
        match = Match.start(record.header)
    except (OSError, GameError) as error:
        print(f"cannot replay {args.file}: {error}", file=sys.stderr)
        return 2
    if args.seat is not None and not 0 <= args.seat < record.header.seats:
        print(f"--seat must be between 0 and {record.header.seats - 1}", file=sys.stderr)
        return 2
    print(f"{match.game.name}, {record.header.seats} seats, seed {record.header.seed}")
    for number, entry in enumerate(record.log, start=1):
        try:
            events = match.act(entry.seat, entry.action)
        except GameError as error:
            print(f"move {number} was refused on replay: {error}", file=sys.stderr)
            return 1
        who = "table" if entry.seat is None else f"seat {entry.seat}"
        action = match.game.parse_action(entry.action)
        shown = "; ".join(_event_text(e.visible_to(args.seat)) for e in events)
        print(f"{number:5d}  {who}: {action.notation():<18} {shown}")
    outcome = match.outcome()
    print("result:", json.dumps(outcome.to_json()) if outcome else "unfinished")
    return 0


def _event_text(event: dict[str, object]) -> str:
    details = ", ".join(f"{key}={value}" for key, value in event.items() if key != "kind")
    return f"{event['kind']}({details})" if details else str(event["kind"])
