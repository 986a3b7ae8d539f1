"""Duple in a terminal: pure functions from a seat's view, legal actions and events to text.

The real-time terminal (`duoplay.cli.realtime`) prints what these return: a face-off or an All
Play as a block with its letters and category in capitals, every answer with its verdict and
the reason for a rejection, and a cue saying what the person may type now. A typed line that
is no command is an answer. Symbols are written as words (with a glyph where the terminal can
show one), so nothing depends on colour or font.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duoplay.core.protocol import JSON, Outcome
from duoplay.core.terminal import Choice, Style
from duoplay.games.duple.actions import APPEAL, FLIP, NEW_CATEGORY, PASS, CastVote
from duoplay.games.duple.cards import ALL_PLAY, deck
from duoplay.games.duple.judging import APPEALABLE

GLYPHS = {"star": "★", "moon": "☾", "sun": "☼", "heart": "♥", "drop": "◊", "leaf": "❦", "bolt": "ϟ",
          "flower": "✿"}
COLOURS = {"star": "yellow", "moon": "blue", "sun": "yellow", "heart": "red", "drop": "blue",
           "leaf": "green", "bolt": "magenta", "flower": "magenta"}
REASONS = {
    "empty": "an empty answer",
    "several_words": "one word only",
    "plural": "a plural made to use the S",
    "not_a_word": "not a word the judge knows",
    "proper_noun": "no proper nouns in an All Play",
    "category": "does not fit the category",
}

HELP = """\
Duple: a word race. Players flip letter cards onto their piles in turn. When two top cards
show the same symbol (or the wild card's two symbols), their owners face off: the first to
type one word with both letters that fits the category wins the other's top card. Two valid
answers within the tie window are a tie: a new category, same letters. An All Play asks for
one word using every face-up letter, no category, no proper nouns (worth 2 points).
The game ends when the letter deck is empty; the most points wins.

While you race, type a word and press Enter; accents and case do not matter.
  Enter         flip your card, when it is your turn (it flips itself after a while)
  /pass         no word for this race
  /new          a new category for the same letters, once a face-off is stuck
  /appeal       put your last rejected word to a vote of the other players
  /yes, /no     your vote on another player's rejected word"""


def intro(style: Style) -> str:
    return ("Race the bots to a word with both letters of a face-off that fits the category.\n"
            "Type your word and press Enter; Enter alone flips your card when it is your turn.")


# --- small pieces ----------------------------------------------------------------------------


def name(seat: int, viewer: int, seats: int, capital: bool = False) -> str:
    if seat == viewer:
        return "You" if capital else "you"
    bot = "bot" if seats == 2 else f"bot {seat + 1}"
    return bot.capitalize() if capital else bot


def _verb(seat: int, viewer: int, you: str, other: str) -> str:
    return you if seat == viewer else other


def symbol(sym: str, style: Style) -> str:
    glyph = GLYPHS.get(sym, "")
    shown = f"{glyph}{sym}" if glyph and style.unicode else sym
    return style.paint(shown, COLOURS.get(sym, ""))


def card(data: JSON | None, style: Style) -> str:
    if data is None:
        return "[ ]"
    return f"[{style.bold(data['letter'])} {symbol(data['symbol'], style)}]"


def _letters(letters: Sequence[str], style: Style, joiner: str = " + ") -> str:
    return joiner.join(style.bold(letter) for letter in letters)


def _racers(racers: Sequence[int], viewer: int, seats: int) -> str:
    if len(racers) == seats and seats > 2:
        return "everyone"
    return " vs ".join(name(s, viewer, seats) for s in racers)


def _reason(answer: JSON) -> str:
    reason = str(answer.get("reason", ""))
    if reason == "missing_letter":
        return f"no {answer.get('detail', '')}"
    return REASONS.get(reason, reason.replace("_", " "))


def _viewer(view: JSON) -> int:
    seat: int | None = view["seat"]
    return -1 if seat is None else seat


# --- the table --------------------------------------------------------------------------------


def render_view(view: JSON, choices: Sequence[Choice], style: Style) -> str:
    seats, viewer = view["seats"], _viewer(view)
    line = style.pick("─", "-")
    lines = [f"{line * 4} Duple {line * 4} {view['deck']} letter cards left {style.pick('·', '|')} "
             f"{view['categories_left']} category cards {line * 4}"]
    lines.append(status(view, style))
    for seat in range(seats):
        piles = [p for p in view["piles"] if p["owner"] == seat]
        shown = "  ".join(f"{card(p['top'], style)} ({p['count']})" for p in piles)
        lines.append(f"  {name(seat, viewer, seats, capital=True) + ':':<7} {shown}")
    if view["wild"] is not None:
        a, b = view["wild"]["symbols"]
        lines.append(f"  Wild card: {symbol(a, style)} and {symbol(b, style)} match each other")
    category = view["category"]
    if not category["all_play"]:
        lines.append(f"  Category: {style.bold(category['name'].upper())}")
    race = view["race"]
    win = view.get("win")
    if race is None and win is not None:
        lines.append(f"  Won: {style.bold(_quoted(win['word'], style))} "
                     f"({name(win['seat'], viewer, seats)}, {_letters(win['letters'], style)})")
    if race is not None:
        if race["kind"] == "allplay":
            lines.append(f"  ALL PLAY: one word with {_letters(race['letters'], style, ' · ')}")
        else:
            lines.append(f"  Face-off {_racers(race['racers'], viewer, seats)}: "
                         f"{_letters(race['letters'], style)}")
    elif view["phase"] == "flip":
        lines.append(f"  {name(view['drawer'], viewer, seats, capital=True)} "
                     f"{_verb(view['drawer'], viewer, 'flip', 'flips')} next.")
    return "\n".join(lines)


def status(view: JSON, style: Style) -> str:
    """The scores, shown each time they change."""
    seats, viewer = view["seats"], _viewer(view)
    dot = style.pick(" · ", " | ")
    scores = (f"{name(seat, viewer, seats)} {points}" for seat, points in enumerate(view["scores"]))
    return "Score: " + dot.join(scores)


def menu(view: JSON, legal: Sequence[Any], style: Style) -> list[Choice]:
    choices = []
    for action in legal:
        if action == FLIP:
            choices.append(Choice("Enter: flip your card", ("", "/flip", "flip"), FLIP))
        elif action == PASS:
            choices.append(Choice("/pass: no word for this race", ("/pass",), PASS))
        elif action == NEW_CATEGORY:
            choices.append(Choice("/new: a new category, same letters", ("/new", "/new_category"),
                                  NEW_CATEGORY))
        elif action == APPEAL:
            choices.append(Choice("/appeal: put your rejected word to a vote", ("/appeal",), APPEAL))
        elif isinstance(action, CastVote) and action.accept:
            choices.append(Choice("/yes: the word counts", ("/yes", "/y", "yes", "y", "si", "sí"), action))
        elif isinstance(action, CastVote):
            choices.append(Choice("/no: it does not count", ("/no", "/n", "no", "n"), action))
    return choices


def free_move(view: JSON, line: str) -> JSON | None:
    """Any other line is an answer, while the seat races (the rules refuse it otherwise)."""
    word = line.strip()
    if not word or word.startswith("/"):
        return None
    return {"type": "answer", "word": word}


def cue(view: JSON, legal: Sequence[Any], style: Style) -> str:
    """What the seat may type now."""
    arrow = style.pick("→", "->")
    race = view["race"]
    if FLIP in legal:
        seconds = view["options"]["flip_seconds"]
        later = f" (it flips itself after {seconds:g} s)" if seconds > 0 else ""
        return f"{arrow} Your turn: press Enter to flip{later}."
    if any(isinstance(action, CastVote) for action in legal) and race and race["vote"]:
        vote = race["vote"]
        who = name(vote["appealer"], _viewer(view), view["seats"], capital=True)
        reason = _reason({"reason": vote["reason"]})
        return (f"{arrow} Vote: does {who}'s {style.bold(_quoted(vote['word'], style))} count? "
                f"(judged {reason}) Type /yes or /no (a tie refuses it).")
    if PASS not in legal or race is None:
        return ""
    extra = []
    if NEW_CATEGORY in legal:
        extra.append("/new for a new category")
    extra.append("/pass to give up")
    if race["kind"] == "allplay":
        ask = f"one word using all of {_letters(race['letters'], style, ' ')}"
    else:
        ask = f"a word with {_letters(race['letters'], style, ' and ')} {style.pick('·', '|')} " \
              f"{style.bold(view['category']['name'])}"
    return f"{arrow} Type {ask}  ({', '.join(extra)})"


def _quoted(word: str, style: Style) -> str:
    return style.pick(f"«{word}»", f'"{word}"')


# --- events -----------------------------------------------------------------------------------


def render_events(events: Sequence[JSON], view: JSON, actor: int | None, action: JSON | None,
                  style: Style) -> list[str]:
    """Lines for what just happened; `view` is the viewer's view after it."""
    lines: list[str] = []
    events = [_normalize(event) for event in events]
    for i, event in enumerate(events):
        if event["kind"] == "category" and {e["kind"] for e in events[i + 1:]} & {"faceoff", "allplay"}:
            continue  # the race's block names it
        lines += _event(event, events[:i], view, style)
    return lines


def _normalize(event: JSON) -> JSON:
    """The "won" and "unwon" events carry a field `kind` (faceoff or allplay) that takes the place
    of their own kind as seen; a race's start is the one with `racers` or `letters`."""
    if event["kind"] not in ("faceoff", "allplay") or "racers" in event or "letters" in event:
        return event
    return {**event, "kind": "won" if "seat" in event else "unwon", "race": event["kind"]}


def _event(event: JSON, before: Sequence[JSON], view: JSON, style: Style) -> list[str]:
    viewer, seats = _viewer(view), view["seats"]
    kind = event["kind"]
    seat = event.get("seat", -1)
    who = name(seat, viewer, seats, capital=True) if seat >= 0 else ""
    bar = style.pick("═", "=")
    if kind == "flip":
        return [f"{who} {_verb(seat, viewer, 'flip', 'flips')} {card(event['card'], style)}"
                f"   ({event['deck']} left)"]
    if kind == "wild":
        a, b = event["symbols"]
        return [f"{who} {_verb(seat, viewer, 'turn', 'turns')} a wild card: {symbol(a, style)} and "
                f"{symbol(b, style)} now match each other; {_verb(seat, viewer, 'you flip', 'flips')} again."]
    if kind == "faceoff":
        racers = _racers(event["racers"], viewer, seats)
        title = style.paint(f" {bar * 3} FACE-OFF: {racers} {bar * 3}", "bold")
        letters = "   ".join(style.paint(letter, "bold") for letter in event["letters"])
        shown = _category(event["category"], view["lang"], style)
        return ["", title, f"      {letters}      category: {shown}"]
    if kind == "allplay":
        title = style.paint(f" {bar * 3} ALL PLAY: everyone races {bar * 3}", "bold")
        letters = "  ".join(style.paint(letter, "bold") for letter in event["letters"])
        return ["", title, f"      {letters}      one word using every letter, no proper nouns"]
    if kind == "category":
        after = before[-1]["kind"] if before else ""
        race = view["race"]
        same = ""
        if after in ("tie", "new_category", "replay") and race is not None:
            same = f", same letters {_letters(race['letters'], style)}"
        if event["category"] == ALL_PLAY:
            return ["An All Play card turns up."]
        return [f"New category: {_category(event['category'], view['lang'], style)}{same}"]
    if kind == "answer":
        return [_answer(event, viewer, seats, style)]
    if kind == "tie":
        tied = " and ".join(name(s, viewer, seats) for s in event["seats"])
        return [style.paint(f"Tie! {tied[:1].upper() + tied[1:]} answered at the same moment.", "yellow")]
    if kind == "won":
        if event["race"] == "allplay":
            return [style.paint(f"{who} {_verb(seat, viewer, 'win', 'wins')} the All Play card "
                                f"(2 points)!", "green" if seat == viewer else "bold")]
        loser = event["from"]
        taken = card(event["card"], style)
        source = "your own pile" if loser == seat == viewer else \
            "their own pile" if loser == seat else f"{name(loser, viewer, seats)}'s pile" if loser != viewer \
            else "your pile"
        text = f"{who} {_verb(seat, viewer, 'win', 'wins')} the face-off and " \
               f"{_verb(seat, viewer, 'take', 'takes')} {taken} from {source}."
        return [style.paint(text, "green" if seat == viewer else "bold")]
    if kind == "pass":
        return [f"{who} {_verb(seat, viewer, 'pass', 'passes')}."]
    if kind == "time_up":
        return ["Time is up: nobody found a word."]
    if kind == "unwon":
        if event["race"] == "allplay":
            return ["Nobody won the All Play: it goes back into the category deck."]
        return ["Nobody won the face-off: the cards stay where they are."]
    if kind == "replay":
        return [f"Nobody found a word: a new category for the same letters "
                f"({event['categories']} of {event['of']})."]
    if kind == "stuck":
        return ["Stuck! A racer may now turn a new category for the same letters (/new)."]
    if kind == "new_category":
        return [f"{who} {_verb(seat, viewer, 'turn', 'turns')} a new category."]
    if kind == "appeal":
        reason = _reason(event)
        return [f"{who} {_verb(seat, viewer, 'put', 'puts')} {_quoted(event['word'], style)} to a vote "
                f"(judged {reason})."]
    if kind == "voted":
        return [f"{who} {_verb(seat, viewer, 'vote', 'votes')}."]
    if kind == "vote":
        if not event["accepted"] and event["yes"] == event["no"]:
            return [style.paint(f"The vote is tied ({event['yes']} yes, {event['no']} no): a tie refuses "
                                f"{_quoted(event['word'], style)}.", "bold")]
        verdict = "accepts" if event["accepted"] else "rejects"
        return [style.paint(f"The vote {verdict} {_quoted(event['word'], style)} "
                            f"({event['yes']} yes, {event['no']} no).", "bold")]
    if kind == "over":
        return ["", "The letter deck is empty: the game is over."]
    return [f"({kind})"]


def _category(category: str, lang: str, style: Style) -> str:
    shown: str = deck(lang).category_name(category)
    return style.bold(shown.upper())


def _answer(event: JSON, viewer: int, seats: int, style: Style) -> str:
    seat = event["seat"]
    who = name(seat, viewer, seats, capital=True)
    word = _quoted(event["word"], style)
    if event["accepted"]:
        return style.paint(f"{who}: {word} {style.pick('✓', '-')} accepted", "green")
    line = f"{who}: {word} {style.pick('✗', 'x')} rejected: {_reason(event)}"
    if seat == viewer and event.get("reason") in APPEALABLE:
        line += " (/appeal puts it to a vote)"
    return style.paint(line, "red")


def render_outcome(outcome: Outcome, viewer: int, style: Style) -> str:
    seats = len(outcome.scores)
    scores = ", ".join(f"{name(s, viewer, seats)} {points}" for s, points in enumerate(outcome.scores))
    if len(outcome.winners) > 1:
        tied = " and ".join(name(s, viewer, seats) for s in outcome.winners)
        result = f"A tie between {tied}."
    elif outcome.winners[0] == viewer:
        result = "You win!"
    else:
        result = f"{name(outcome.winners[0], viewer, seats, capital=True)} wins."
    return style.bold(f"Game over ({outcome.reason}). {result} Final score: {scores}.")
