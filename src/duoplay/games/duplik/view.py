"""What a seat sees of a Duplik table.

Public: the die rolls, who portrays, the golden criterion's number, the title once read, the
description as it is typed, the criteria read so far, every verdict and vote result, the
score sheet. The Portrayer alone sees the scene card (picture and ten criteria) and the cards
being looked through; the picture is shown to everyone at the reveal. An Artist sees their own
drawing, and while judging the drawing they hold and the one they vote on; the Portrayer sees no
drawing before the reveal but the one whose tied vote they decide, and then everyone sees them
all.
"""

from __future__ import annotations

from functools import lru_cache

from duoplay.core.protocol import JSON, Seat
from duoplay.games.duplik.actions import strokes_json
from duoplay.games.duplik.rules import rounds, to_move, totals
from duoplay.games.duplik.scenes.catalog import scene as scene_card
from duoplay.games.duplik.scenes.model import Scene
from duoplay.games.duplik.scenes.render import render
from duoplay.games.duplik.scenes.words import criterion_text
from duoplay.games.duplik.state import CHOOSE, JUDGE, OVER, REVEAL, ROLL, DuplikState, Round, Vote
from duoplay.games.duplik.table import offer


def view(state: DuplikState, seat: Seat) -> JSON:
    current = state.round
    lang = state.options.lang
    portrayer = seat == current.portrayer
    return {
        "lang": lang,
        "seats": state.seats,
        "seat": seat,
        "phase": current.phase,
        "to_move": list(to_move(state)),
        "round": current.number + 1,
        "rounds": rounds(state),
        "portrayer": current.portrayer,
        "rolls": [{str(s): v for s, v in sorted(r.items())} for r in state.rolls],
        "first": state.first,
        "offer": ([{"id": s, "title": scene_card(s).titles[lang]} for s in offer(state)]
                  if portrayer and current.phase == CHOOSE else []),
        "golden": current.golden,
        "golden_faces": state.options.golden_faces,
        "title": _title(current, lang),
        "card": _card(current.scene, lang) if current.scene is not None and (
            portrayer or current.phase in (REVEAL, OVER)) else None,
        "criteria": _read_criteria(current, lang),
        "description": current.description,
        "stopped": current.stopped,
        "done": sorted(current.done),
        "drawings": _drawings(current, state.seats, seat),
        "direction": current.direction,
        "judge_of": {str(a): j for a, j in sorted(current.judge_of.items())},
        "criterion": current.criterion + 1 if current.phase == JUDGE else 0,
        "verdicts": {str(a): v for a, v in sorted(current.verdicts.items())},
        "asked": list(current.asks),
        "settled": sorted(current.settled),
        "vote": _vote(current.vote, seat),
        "results": [{str(a): m for a, m in sorted(met.items())} for met in current.results],
        "round_scores": [current.scores.get(s, 0) for s in range(state.seats)] if current.scores else [],
        "sheet": {"portrayers": [{"portrayer": p, "points": n} for p, n in state.portrayed],
                  "rounds": [[points.get(s, 0) for s in range(state.seats)] for points in state.sheet]},
        "totals": totals(state),
        "options": state.options.to_json(),
    }


def _title(current: Round, lang: str) -> str:
    if current.scene is None or current.phase in (CHOOSE, ROLL):
        return ""
    return current.scene.titles[lang]


@lru_cache(maxsize=256)
def _picture(scene_id: str, lang: str) -> str:
    card = scene_card(scene_id)
    return render(card, card.titles[lang])


def _card(scene: Scene, lang: str) -> JSON:
    known = scene_card(scene.id)
    picture = _picture(scene.id, lang) if scene.boxes == known.boxes else render(scene, scene.titles[lang])
    return {"id": scene.id, "title": scene.titles[lang], "picture": picture,
            "criteria": [{"text": criterion_text(c, lang), **c.to_json()} for c in scene.criteria]}


def _read_criteria(current: Round, lang: str) -> list[JSON]:
    """The criteria read aloud so far (all of them once judging is over)."""
    if current.scene is None or current.phase not in (JUDGE, REVEAL, OVER):
        return []
    read = current.scene.criteria[: current.criterion + 1]
    return [{"number": i + 1, "text": criterion_text(c, lang), **c.to_json()} for i, c in enumerate(read)]


def may_see(current: Round, seats: int, seat: Seat) -> set[int]:
    """The Artists whose drawings `seat` may look at now: a tie's decider (the Portrayer too) sees
    the drawing being decided."""
    if current.phase in (REVEAL, OVER):
        return set(range(seats))
    if seat is None:
        return set()
    vote = current.vote if current.phase == JUDGE else None
    deciding = {vote.owner} if vote is not None and vote.deciding and vote.decider == seat else set()
    if seat == current.portrayer:
        return deciding
    shown = {seat} | deciding
    if current.phase == JUDGE:
        shown |= {a for a, j in current.judge_of.items() if j == seat}
        if vote is not None and seat in vote.voters:
            shown.add(vote.owner)
    return shown


def _drawings(current: Round, seats: int, seat: Seat) -> list[JSON]:
    shown = may_see(current, seats, seat)
    return [{"artist": a, "strokes": strokes_json(d), "bot": d.bot}
            for a, d in sorted(current.drawings.items()) if a in shown]


def _vote(vote: Vote | None, seat: Seat) -> JSON | None:
    if vote is None:
        return None
    return {"artist": vote.owner, "reason": vote.reason, "voters": list(vote.voters),
            "voted": sorted(vote.ballots), "deciding": vote.deciding, "decider": vote.decider,
            "final": vote.final}
