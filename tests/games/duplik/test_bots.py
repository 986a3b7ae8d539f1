"""Duplik's bot in each role: a Portrayer typing at a person's pace, most important first; an
Artist drawing from the words it receives, in every language; a Judge who judges only a bot's
drawing and hands a person's drawing to the other Judges, and, as Portrayer, a tie on it to the other
players."""

from __future__ import annotations

import pytest
from tests.games.duplik.tables import describing, judging, scribble, state

from duoplay.games.duplik.actions import (
    ACCEPT,
    DONE,
    PENS_DOWN,
    STOP,
    Ballot,
    Decide,
    Describe,
    Draw,
    Pass,
    Verdict,
)
from duoplay.games.duplik.bots import TYPING_BURST, DuplikBot, bot_delay
from duoplay.games.duplik.describe import TYPING_CHARS_PER_SECOND, description, facts
from duoplay.games.duplik.listen import listen
from duoplay.games.duplik.scenes.facts import holds
from duoplay.games.duplik.scenes.generate import generate
from duoplay.games.duplik.scenes.words import LANGUAGES
from duoplay.games.duplik.sketch import boxes_of, draw


def test_the_portrayer_bot_types_at_a_persons_pace_then_stops() -> None:
    match = describing(3, lang="pl")
    portrayer = state(match).round.portrayer
    bot = DuplikBot(1)
    typed = []
    while True:
        view = match.view(portrayer)
        assert bot_delay(view, portrayer, __import__("random").Random(0)) == TYPING_BURST
        action = bot.choose(view, match.legal_actions(portrayer), portrayer)
        if action == STOP:
            break
        assert isinstance(action, Describe)
        typed.append(len(action.text))
        match.act(portrayer, action)
    burst = TYPING_BURST * TYPING_CHARS_PER_SECOND
    assert all(b - a <= burst for a, b in zip([0, *typed], typed, strict=False))
    card = state(match).round.scene
    assert card is not None and state(match).round.description == description(
        card, "pl", state(match).round.golden
    )


def test_the_golden_criterion_and_relations_are_said_first() -> None:
    card = generate(5, "hard")
    for golden in range(1, 7):
        said = facts(card, golden)
        if card.criteria[golden - 1].kind != "exists":
            assert said[0] == card.criteria[golden - 1]
        first_exists = min((i for i, c in enumerate(said) if c.kind == "exists"), default=len(said))
        relations = [c for c in card.criteria if c.kind in ("on", "under", "inside", "between", "left_of")]
        assert relations and all(said.index(c) < first_exists for c in relations)


def test_the_artist_bot_draws_what_it_hears_in_every_language() -> None:
    card = generate(12, "normal")
    for lang in LANGUAGES:
        drawing = draw(listen(description(card, lang, 1), lang))
        assert drawing.bot and all(s.label for s in drawing.strokes)
        met = sum(holds(c, boxes_of(drawing)) for c in card.criteria)
        assert met >= 8, (lang, met)


def test_the_artist_bot_understands_a_person_roughly() -> None:
    heard = listen("a big dog on the left looking right, a cat under the table. 3 stars", "en")
    assert heard.counts == {"star": 3} and heard.facing == {"dog": "right"} and heard.sizes["dog"] == 1.35
    assert [(r.kind, r.subject, r.others) for r in heard.relations] == [("under", "cat", ("table",))]
    assert listen("Kot jest pod stołem.", "pl").relations[0].others == ("table",)
    assert listen("", "en").order == [] and draw(listen("nothing here", "en")).strokes == ()


@pytest.mark.parametrize("lang, accented, plain", [
    ("es", "una lámpara a la izquierda de un árbol y un pájaro sobre la casa",
     "una lampara a la izquierda de un arbol y un pajaro sobre la casa"),
    ("fr", "quatre cœurs. une boîte à pois sous la table, un oiseau à gauche de l'arbre",
     "quatre coeurs. une boite a pois sous la table, un oiseau a gauche de l'arbre"),
    ("pl", "samochód w kropki na lewo od drzewa, pod stołem pies",
     "samochod w kropki na lewo od drzewa, pod stolem pies"),
    ("sv", "två fåglar ovanpå huset, en prickig låda till vänster om trädet",
     "tva faglar ovanpa huset, en prickig lada till vanster om tradet"),
])
def test_the_artist_bot_hears_a_description_typed_without_accents_as_with_them(
        lang: str, accented: str, plain: str) -> None:
    heard = listen(plain, lang)
    assert heard == listen(accented, lang)
    assert len(heard.order) >= 3 and len(heard.relations) == 2


def test_the_artist_bot_redraws_as_the_description_grows_and_stops_with_the_portrayer() -> None:
    match = describing(3)
    portrayer = state(match).round.portrayer
    artist = (portrayer + 1) % 3
    bot = DuplikBot(2)
    match.act(portrayer, Describe("There is a tree."))
    first = bot.choose(match.view(artist), match.legal_actions(artist), artist)
    assert isinstance(first, Draw)
    match.act(artist, first)
    assert bot.choose(match.view(artist), match.legal_actions(artist), artist) is None
    match.act(portrayer, STOP)
    assert bot.choose(match.view(artist), match.legal_actions(artist), artist) == DONE


def test_the_judge_bot_judges_a_bots_drawing_and_asks_about_a_persons() -> None:
    match = describing(4)
    current = state(match).round
    artists = current.artists(4)
    card = current.scene
    assert card is not None
    bot_drawing = draw(listen(description(card, "en", 1), "en"))
    match.act(artists[0], Draw(bot_drawing))
    match.act(artists[1], Draw(scribble()))  # a person's drawing
    match.act(None, PENS_DOWN)
    match.act(current.portrayer, Pass("left"))
    bot = DuplikBot(3)
    judge_of_bot, judge_of_person = current.judge_of[artists[0]], current.judge_of[artists[1]]
    verdict = bot.choose(match.view(judge_of_bot), match.legal_actions(judge_of_bot), judge_of_bot)
    assert verdict == Verdict(holds(card.criteria[0], boxes_of(bot_drawing)))
    asked = bot.choose(match.view(judge_of_person), match.legal_actions(judge_of_person), judge_of_person)
    assert asked == Verdict(None)
    match.act(judge_of_person, asked)
    vote = state(match).round.vote
    assert vote is not None
    for voter in vote.voters:  # a bot voter abstains on a person's drawing
        assert bot.choose(match.view(voter), match.legal_actions(voter), voter) == Ballot(None)


def test_a_bot_in_every_seat_of_judging_finishes_the_round() -> None:
    match = judging(3)
    bots = {s: DuplikBot(s) for s in range(3)}
    while state(match).round.phase == "judge":
        seat = match.to_move()[0]
        match.act(seat, bots[seat].choose(match.view(seat), match.legal_actions(seat), seat))
    assert state(match).round.phase == "reveal"


@pytest.mark.parametrize("seats", [3, 4])
def test_a_person_among_bots_never_decides_on_their_own_drawing(seats: int) -> None:
    """Every other seat is a bot, the Portrayer too: each tie on the person's drawing goes to the
    Portrayer, who leaves it to the other players, who abstain; so it stands, and the person's
    drawing meets nothing, instead of being awarded by its author."""
    match = describing(seats)
    current = state(match).round
    card = current.scene
    assert card is not None
    person, *others = current.artists(seats)
    match.act(person, Draw(scribble()))
    for artist in others:
        match.act(artist, Draw(draw(listen(description(card, "en", current.golden), "en"))))
    match.act(None, PENS_DOWN)
    match.act(current.portrayer, Pass("left"))
    bots = {s: DuplikBot(s) for s in range(seats) if s != person}
    decisions = []
    while state(match).round.phase == "judge":
        seat = match.to_move()[0]
        vote = state(match).round.vote
        if vote is not None and vote.deciding:
            decisions.append((vote.owner, vote.decider))
        legal = match.legal_actions(seat)
        if seat == person:
            assert not any(isinstance(a, Decide) for a in legal)
            action = next(a for a in (Verdict(True), Ballot(True), ACCEPT) if a in legal)
        else:
            action = bots[seat].choose(match.view(seat), legal, seat)
        match.act(seat, action)
    assert (person, current.portrayer) in decisions
    assert all(decider != owner for owner, decider in decisions)
    assert not any(met[person] for met in current.results)


def test_a_bot_portrayer_breaks_a_tie_on_a_bots_drawing_as_its_judge_would() -> None:
    match = describing(3)
    current = state(match).round
    card = current.scene
    assert card is not None
    drawn, _person = current.artists(3)
    bot_drawing = draw(listen(description(card, "en", current.golden), "en"))
    match.act(drawn, Draw(bot_drawing))
    match.act(None, PENS_DOWN)
    match.act(current.portrayer, Pass("left"))
    match.act(current.judge_of[drawn], Verdict(None))  # the person asks: nobody else judges, a tie
    portrayer = current.portrayer
    decided = DuplikBot(5).choose(match.view(portrayer), match.legal_actions(portrayer), portrayer)
    assert decided == Decide(holds(card.criteria[0], boxes_of(bot_drawing)))
