"""A short text picture of one seat's view, for `render_mode="ansi"`."""

from __future__ import annotations

from duoplay.core.protocol import JSON


def render_text(view: JSON) -> str:
    seat = view["seat"]
    counts = view["hand_counts"]
    scores = view["scores"]
    lines = [
        f"UNO Duo, round {view['round']}, phase {view['phase']}; scores {scores[0]} - {scores[1]}"
        f" (first to {view['target_score']} loses)",
        f"top: {view['top'] or '-'} (colour {view['colour'] or '-'}), volley {view['volley']},"
        f" draw pile {view['draw_pile']}, discard pile {view['discard_count']}",
        f"seat {1 - seat} holds {counts[1 - seat]} card(s)",
        f"seat {seat} (to act: {seat in view['to_move']}) holds: {' '.join(view.get('hand', [])) or '-'}",
    ]
    for key, label in (("draft_card", "looking at"), ("drawn", "just drew"), ("dump_colour", "dumping")):
        if key in view:
            lines.append(f"{label}: {view[key]}")
    if view["uno_exposed"] is not None:
        lines.append(f"seat {view['uno_exposed']} has one card and has not said UNO")
    return "\n".join(lines)
