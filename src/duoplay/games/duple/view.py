"""What a seat sees of a Duple table. Everything on the table is face up, so every seat sees the
same; hidden from everyone are the order of the two decks and the generator. A vote shows who
has voted, not how, until the result (a voter sees their own vote). What a seat may do now
(appeal, a new category) is in its legal actions. The word just won stays in the view (`win`)
until the next race starts."""

from __future__ import annotations

from duoplay.core.protocol import JSON, Seat
from duoplay.games.duple.cards import ALL_PLAY, deck
from duoplay.games.duple.rules import to_move
from duoplay.games.duple.state import DupleState, Race
from duoplay.games.duple.table import card_json, scores


def view(state: DupleState, seat: Seat) -> JSON:
    cards = deck(state.options.lang)
    return {
        "lang": state.options.lang,
        "seats": state.seats,
        "seat": seat,
        "phase": _phase(state),
        "drawer": state.drawer,
        "to_move": list(to_move(state)),
        "deck": len(state.deck),
        "categories_left": len(state.categories),
        "category": {"id": state.category, "name": cards.category_name(state.category),
                     "all_play": state.category == ALL_PLAY},
        "wild": None if state.wild is None else {"symbols": list(cards.wild_symbols(state.wild))},
        "piles": [{"owner": p.owner, "count": len(p.cards),
                   "top": card_json(cards, p.cards[-1]) if p.cards else None} for p in state.piles],
        "won": [len(w) for w in state.won],
        "won_all_play": list(state.won_all_play),
        "scores": scores(state),
        "race": None if state.race is None else _race(state.race, seat),
        "win": _win(state),
        "step": state.step,
        # The words voted in by earlier matches stay out: up to 500 of them, in every full view.
        "options": {name: value for name, value in state.options.to_json().items() if name != "remembered"},
    }


def _phase(state: DupleState) -> str:
    if state.over:
        return "over"
    if state.resting:
        return "pause"
    if state.race is None:
        return "flip"
    if state.race.vote is not None:
        return "vote"
    return state.race.kind


def _win(state: DupleState) -> JSON | None:
    win = state.last_win
    if win is None:
        return None
    cards = deck(state.options.lang)
    return {"seat": win.seat, "word": win.word, "letters": list(win.letters), "kind": win.kind,
            "category": {"id": win.category, "name": cards.category_name(win.category)}, "letter": win.letter}


def _race(race: Race, seat: Seat) -> JSON:
    vote = race.vote
    shown: JSON = {
        "kind": race.kind,
        "racers": list(race.racers),
        "letters": list(race.letters),
        "piles": list(race.piles),
        "answers": [{"seat": a.seat, "word": a.word, "accepted": a.accepted, "reason": a.reason,
                     "detail": a.detail} for a in race.answers],
        "accepted": list(race.accepted),
        "passed": sorted(race.passed),
        "stuck": race.stuck,
        "tiebreaks": race.tiebreaks,
        "vote": None if vote is None else {
            "appealer": vote.appealer, "word": vote.word, "reason": vote.reason, "voters": list(vote.voters),
            "voted": sorted(vote.ballots),
        },
        "replays": race.replays,
    }
    return shown
