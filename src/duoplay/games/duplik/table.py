"""Setting up a Duplik match and a round: the die rolls for the first Portrayer, the scene deck,
choosing and drawing a scene, the golden criterion's roll, and the passing of drawings."""

from __future__ import annotations

from duoplay.core.errors import IllegalAction
from duoplay.core.protocol import Event
from duoplay.core.rng import GameRng
from duoplay.games.duplik.actions import LEFT
from duoplay.games.duplik.options import DuplikOptions
from duoplay.games.duplik.scenes.catalog import scene, starter_ids
from duoplay.games.duplik.scenes.generate import scene_id
from duoplay.games.duplik.state import OFFER, ROLL, TITLE, DuplikState, Round

DIE = 6


def setup(seats: int, options: DuplikOptions, seed: int) -> DuplikState:
    rng = GameRng(seed)
    rolls, first = roll_for_first(rng, seats)
    deck = _distinct_titles_on_top(_deck(rng, seats, options), options.lang)
    state = DuplikState(seats, options, rng, rolls, first, deck, Round(0, first))
    return state


def roll_for_first(rng: GameRng, seats: int) -> tuple[list[dict[int, int]], int]:
    """Everyone rolls; the highest roll portrays first; a tie for the highest rolls again, among the tied."""
    rolling = list(range(seats))
    rolls: list[dict[int, int]] = []
    while True:
        thrown = {seat: rng.randrange(DIE) + 1 for seat in rolling}
        rolls.append(thrown)
        best = max(thrown.values())
        rolling = [seat for seat, value in thrown.items() if value == best]
        if len(rolling) == 1:
            return rolls, rolling[0]


def _deck(rng: GameRng, seats: int, options: DuplikOptions) -> list[str]:
    """Enough scene cards for every round and every look through the next few."""
    needed = seats * options.portrayals * OFFER + OFFER
    starters = list(starter_ids())
    rng.shuffle(starters)
    generated = [scene_id(rng.getrandbits(32), options.difficulty, options.colour) for _ in range(needed)]
    if options.scenes == "starter" and len(starters) >= needed:
        return starters
    if options.scenes == "generated" or not starters:
        return generated
    mixed = [card for pair in zip(starters, generated, strict=False) for card in pair]
    return mixed + generated[len(starters):]


def offer(state: DuplikState) -> list[str]:
    """The cards the Portrayer looks through: the top of the deck, which never repeats a title."""
    return state.deck[:OFFER]


def _distinct_titles_on_top(deck: list[str], lang: str) -> list[str]:
    """The deck with a card whose title is already among the next few moved under the deck."""
    top: list[str] = []
    later: list[str] = []
    for card in deck:
        if len(top) < OFFER and scene(card).titles[lang] in {scene(c).titles[lang] for c in top}:
            later.append(card)
        else:
            top.append(card)
    return top + later


def take_scene(state: DuplikState, chosen: str | None) -> list[Event]:
    """The Portrayer takes a scene card: `chosen` among those looked through, or the top card."""
    looked = offer(state)
    if chosen is None:
        chosen = state.deck[0]
    elif chosen not in looked:
        raise IllegalAction("Choose one of the scene cards you are looking at")
    state.deck.remove(chosen)
    for other in looked:  # the cards looked through go under the deck
        if other != chosen:
            state.deck.remove(other)
            state.deck.append(other)
    state.deck[:] = _distinct_titles_on_top(state.deck, state.options.lang)
    current = state.round
    current.scene = scene(chosen)
    current.phase = ROLL
    return [Event("scene_taken", {"portrayer": current.portrayer}, {"scene": chosen},
                  frozenset({current.portrayer}))]


def roll_golden(state: DuplikState) -> list[Event]:
    current = state.round
    current.golden = state.rng.randrange(state.options.golden_faces) + 1
    current.phase = TITLE
    assert current.scene is not None
    title = current.scene.titles[state.options.lang]
    return [Event("golden", {"criterion": current.golden}), Event("title", {"title": title})]


def pass_drawings(state: DuplikState, direction: str) -> dict[int, int]:
    """Each Artist's drawing goes to the next Artist on that side (left: the next seat)."""
    artists = state.round.artists(state.seats)
    step = 1 if direction == LEFT else -1
    return {artist: artists[(i + step) % len(artists)] for i, artist in enumerate(artists)}
