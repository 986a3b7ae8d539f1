"""From a scene's description to where each thing is drawn, so that every relation holds.

Things that rest on, under or inside another (dependents) are placed on their host; the rest
stand in a row on the ground or float in the sky, in an order that keeps every "left of" and
"between"; "bigger than" is kept by the sizes, and the ground row is scaled to fit as a whole
(so ratios of size survive). Each thing of the row stands nearer or further back (its own
baseline), so a picture is not one line of things; what is further back is drawn first.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from duoplay.games.duplik.scenes.library import GROUND as GROUND_PLACE
from duoplay.games.duplik.scenes.library import KINDS, SEE_THROUGH, SKY
from duoplay.games.duplik.scenes.model import (
    BETWEEN,
    BIGGER,
    GROUND,
    HEIGHT,
    HORIZON,
    INSIDE,
    LEFT_OF,
    ON,
    UNDER,
    WIDTH,
    Box,
    Criterion,
    SceneSpec,
    Thing,
)
from duoplay.games.duplik.scenes.model import (
    SKY as SKY_BAND,
)

FLYING = frozenset({"bird", "kite"})  # small things that fly when nothing holds them
MARGIN = 40
SURFACE = {"chair": 0.5}  # where the seat is, as a share of the height (others: their top)
RIM = {"box": 0.15, "basket": 0.4}  # where a container's front begins, as a share of its height
DEPTHS = (40, 0, 0, -45, -80)  # a baseline's offset from the ground line: nearer, on it, further back
TALLEST_TOP = SKY_BAND[1] + 10  # what stands further back still stays below the sky's things
SHORE = HORIZON + 40  # an angler stands at the water's edge, its line in the water behind


class LayoutError(ValueError):
    """The description cannot be drawn (contradictory order, a host that cannot hold)."""


def layout(spec: SceneSpec, rng: random.Random, shuffle: bool = True,
           depth: random.Random | None = None) -> tuple[Box, ...]:
    """Where each thing goes; without `shuffle`, things the relations leave free keep the order
    in which the description lists them. `depth` draws how far back each thing stands (by
    default `rng`; a generator of its own leaves the rest of a seed's layout as it was)."""
    hosted = {r.subject: r for r in spec.relations if r.kind in (ON, UNDER, INSIDE)}
    free = [t for t in spec.things if t.kind not in hosted]
    sky = [t for t in free if _in_sky(t)]
    ground = [t for t in free if not _in_sky(t)]
    boxes: dict[str, list[Box]] = {}
    _row(_order(ground, spec.relations, rng, shuffle), spec, boxes, rng, depth or rng, on_ground=True)
    _row(_order(sky, spec.relations, rng, shuffle), spec, boxes, rng, depth or rng, on_ground=False)
    hosts: dict[str, int] = {}
    for relation in spec.relations:
        if relation.kind in (ON, UNDER, INSIDE):
            _place_hosted(spec.thing(relation.subject), relation, boxes, hosts, spec, rng)
    return tuple(box for kind in _drawing_order(spec, hosted, boxes) for box in boxes[kind])


def _in_sky(thing: Thing) -> bool:
    return KINDS[thing.kind].place == SKY or thing.kind in FLYING


def _order(things: list[Thing], relations: Sequence[Criterion], rng: random.Random,
           shuffle: bool = True) -> list[Thing]:
    """A left-to-right order of `things` that keeps every left-of and between among them."""
    kinds = {t.kind for t in things}
    before: list[tuple[str, str]] = []
    for r in relations:
        if r.kind == LEFT_OF and {r.subject, *r.others} <= kinds:
            before.append((r.subject, r.others[0]))
        if r.kind == BETWEEN and {r.subject, *r.others} <= kinds:
            before += [(r.others[0], r.subject), (r.subject, r.others[1])]
    pending = list(things)
    if shuffle:
        rng.shuffle(pending)
    ordered: list[Thing] = []
    while pending:
        ready = [t for t in pending if not any(b == t.kind and a in {p.kind for p in pending}
                                               for a, b in before)]
        if not ready:
            raise LayoutError("the left-to-right relations contradict each other")
        ordered.append(ready[0])
        pending.remove(ready[0])
    return ordered


def _size(thing: Thing, spec: SceneSpec) -> tuple[float, float]:
    kind = KINDS[thing.kind]
    return kind.w * thing.size, kind.h * thing.size


def _row(things: list[Thing], spec: SceneSpec, boxes: dict[str, list[Box]], rng: random.Random,
         depth: random.Random, on_ground: bool) -> None:
    if not things:
        return
    sizes = [_size(t, spec) for t in things]
    gap = 18.0
    widths = [w * t.count + gap * (t.count - 1) for t, (w, _) in zip(things, sizes, strict=True)]
    room = WIDTH - 2 * MARGIN
    scale = min(1.0, (room - 30 * (len(things) - 1)) / sum(widths))
    if on_ground:
        scale = min([scale] + [360 / h for _, h in sizes])
    else:
        scale = min([scale] + [(SKY_BAND[1] - SKY_BAND[0]) / h for _, h in sizes])
    spare = room - scale * sum(widths)
    spaces = [rng.uniform(0.5, 1.5) for _ in range(len(things) + 1)]
    unit = spare / sum(spaces)
    x = MARGIN + spaces[0] * unit
    for i, (thing, (w, h)) in enumerate(zip(things, sizes, strict=True)):
        w, h = w * scale, h * scale
        y = _baseline(thing.kind, h + _on_top(thing, spec), depth) - h if on_ground else \
            rng.uniform(SKY_BAND[0], SKY_BAND[1] - h)
        group = []
        for n in range(thing.count):
            jitter = 0.0 if on_ground else rng.uniform(-8, 8)
            top = max(SKY_BAND[0], min(y + jitter, GROUND - h)) if not on_ground else y
            group.append(Box(thing.kind, x + n * (w + gap * scale), top, w, h, thing.facing, thing.pattern,
                             thing.colour))
        boxes[thing.kind] = group
        x += widths[i] * scale + spaces[i + 1] * unit


def _on_top(thing: Thing, spec: SceneSpec) -> float:
    """How high what stands on `thing` may reach above it (at most a hosted thing's height)."""
    heights = [min(150.0, _size(spec.thing(r.subject), spec)[1]) for r in spec.relations
               if r.kind == ON and r.others[0] == thing.kind]
    return max(heights, default=0.0)


def _baseline(kind: str, h: float, rng: random.Random) -> float:
    """Where a thing of the ground row stands (`h`: with what stands on it): a depth drawn at
    random, kept inside the picture and below the sky's things."""
    if kind == "angler":
        return SHORE
    base = GROUND + rng.choice(DEPTHS)
    return min(max(base, TALLEST_TOP + h), HEIGHT - 20)


def _place_hosted(thing: Thing, relation: Criterion, boxes: dict[str, list[Box]], hosts: dict[str, int],
                  spec: SceneSpec, rng: random.Random) -> None:
    host_kind = relation.others[0]
    if host_kind not in boxes:
        raise LayoutError(f"{host_kind} must be placed before what it holds")
    host = boxes[host_kind][0]
    w, h = _size(thing, spec)
    if relation.kind == ON:
        fit = min(1.0, 0.8 * host.w / w, 150 / h)
    elif relation.kind == UNDER:
        fit = min(1.0, 0.55 * host.w / w, (0.5 if host_kind == "table" else 0.38) * host.h / h)
    else:
        fit = min(1.0, 0.65 * host.w / w, 0.65 * host.h / h)
    w, h = w * fit, h * fit
    slot = hosts.get(f"{relation.kind}:{host_kind}", 0)
    hosts[f"{relation.kind}:{host_kind}"] = slot + 1
    if relation.kind == ON:
        shares = (0.5, 0.3, 0.7)
        cx = host.x + host.w * shares[min(slot, 2)] + rng.uniform(-0.05, 0.05) * host.w
        cx = min(max(cx, host.x + w / 2), host.right - w / 2)
        top = host.y + SURFACE.get(host_kind, 0.0) * host.h - h
    elif relation.kind == UNDER:
        cx = host.cx + rng.uniform(-0.08, 0.08) * host.w
        top = host.bottom - h
    elif host_kind in SEE_THROUGH:
        cx = host.cx + rng.uniform(-0.08, 0.08) * (host.w - w)
        top = host.y + 0.62 * host.h - h / 2
    else:  # it peeks out over the container's front, which hides about its lower third
        cx = host.cx + rng.uniform(-0.08, 0.08) * (host.w - w)
        top = host.y + RIM.get(host_kind, 0.2) * host.h - 0.65 * h
    boxes[thing.kind] = [Box(thing.kind, cx - w / 2, top, w, h, thing.facing, thing.pattern, thing.colour)]


def _drawing_order(spec: SceneSpec, hosted: dict[str, Criterion], boxes: dict[str, list[Box]]) -> list[str]:
    """Back to front: the sky, then the ground row from the furthest back, then what rests on a
    host; a thing inside a container that hides goes just before its host, so the front covers it."""
    order = sorted((t.kind for t in spec.things if t.kind not in hosted),
                   key=lambda kind: boxes[kind][0].bottom if not _in_sky(spec.thing(kind)) else 0.0)
    for thing in spec.things:
        relation = hosted.get(thing.kind)
        if relation is None:
            continue
        host = relation.others[0]
        if relation.kind == INSIDE and host not in SEE_THROUGH and host in order:
            order.insert(order.index(host), thing.kind)
        else:
            order.append(thing.kind)
    return order


def bigger_ok(spec: SceneSpec, relation: Criterion) -> bool:
    """Whether the sizes alone already make `relation` (BIGGER) hold in the row."""
    assert relation.kind == BIGGER
    a, b = spec.thing(relation.subject), spec.thing(relation.others[0])
    wa, ha = _size(a, spec)
    wb, hb = _size(b, spec)
    return wa * ha >= 1.5 * wb * hb


__all__ = ["GROUND_PLACE", "LayoutError", "bigger_ok", "layout"]
