"""UNO Duo in a terminal: pure functions from a seat's view, legal actions and events to text.

Every colour is shown twice, as an ANSI colour and as a shape (red ♥, yellow ★,
green ♣, blue ♦), so the table reads the same without colours and for
colour-blind players. Cards keep their notation ("♥R5" is typed "R5").
Nothing here sees the state: only what the viewer's seat may see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from duoplay.core.protocol import JSON, Outcome
from duoplay.core.terminal import Choice, Question, Style
from duoplay.games.uno_duo.actions import ChooseColour, Play, Simple
from duoplay.games.uno_duo.cards import (
    CODE_TO_FACE,
    COLOUR_LETTERS,
    COLOUR_OF,
    COLOURS,
    DRAW_TWO,
    RANK_OF,
    REVERSE,
    SKIP,
    WILD_DRAW_FOUR,
    WILD_SHUFFLE,
    code,
)

SYMBOLS = ("♥", "★", "♣", "♦")
ASCII_SYMBOLS = ("#", "*", "%", "~")  # for terminals that cannot show the shapes
OPPONENT = "Bot"
_LOWER_CODES = {c.lower(): c for c in CODE_TO_FACE}

HELP = """\
UNO Duo: get rid of your cards. When a player goes out, the other scores the
points left in their hand; the first to reach the target score loses the game.

Colours:  ♥ red   ★ yellow   ♣ green   ♦ blue   (shape and colour both say it)
Cards:    R5 = red 5, G+2 = green Draw 2, Brev = blue Reverse, Yskip = yellow Skip,
          wild, wild+4 (Wild Draw 4), wild-shuffle (Wild Shuffle Hands), wild-custom.

Type the number of a move, or the move itself:
  R5            play the red 5
  wild+4 blue   play a Wild Draw 4 and name blue (just "wild+4" asks for the colour)
  R5 uno        play it and say UNO at the same time
  draw, keep, pass, challenge, accept, dump, no-dump, uno, catch
  keep / discard in the draft (keep the card you see, or discard it and take the next)

Rules in short: match the colour, number or action of the top card, or play a
wild. Skip: you go again. Reverse: you may then play all your other cards of
that colour, in your order. Draw 2 can be answered with another Draw 2 (volley).
Wild Draw 4 may be challenged. Say UNO when a play leaves you one card, or be
caught and draw 2."""


# --- Cards and colours ---------------------------------------------------------------------


def symbol(colour: int, style: Style) -> str:
    return (SYMBOLS if style.unicode else ASCII_SYMBOLS)[colour]


def card(card_code: str, style: Style) -> str:
    """A card as shown: its colour's shape and its notation, painted in its colour."""
    face = CODE_TO_FACE[card_code]
    colour = COLOUR_OF[face]
    if colour < 0:
        return style.paint(card_code, "magenta", "bold")
    return style.paint(symbol(colour, style) + card_code, COLOURS[colour], "bold")


def colour_label(colour: int | str, style: Style) -> str:
    """'blue ♦', painted blue."""
    index = COLOURS.index(colour) if isinstance(colour, str) else colour
    return style.paint(f"{COLOURS[index]} {symbol(index, style)}", COLOURS[index], "bold")


def legend(style: Style) -> str:
    return "Colours: " + "  ".join(colour_label(c, style) for c in range(4))


def intro(style: Style) -> str:
    return (f"{legend(style)}. Cards read as typed: {card('R5', style)} is R5, "
            f"{card('G+2', style)} is G+2, {card('wild+4', style)} is wild+4.")


def _cards(codes: Sequence[str], style: Style) -> str:
    ordered = sorted(codes, key=CODE_TO_FACE.__getitem__)
    return " ".join(card(c, style) for c in ordered) if ordered else "(none)"


def _who(seat: int, viewer: int) -> str:
    return "You" if seat == viewer else OPPONENT


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


# --- The table ------------------------------------------------------------------------------


def render_view(view: JSON, choices: Sequence[Choice], style: Style) -> str:
    """The table as `view['seat']` sees it; playable hand cards carry their move number."""
    seat = int(view["seat"])
    other = 1 - seat
    rule = style.pick("─", "-")
    lines = [style.dim(rule * 8) + style.bold(f" Round {view['round']} ") + style.dim(rule * 40)]
    scores = view["scores"]
    dot = style.pick("·", "|")
    lines.append(f"Score (first to {view['target_score']} loses): you {scores[seat]} {dot} "
                 f"{OPPONENT.lower()} {scores[other]}")
    counts = view["hand_counts"]
    lines.append(f"{OPPONENT}: {_plural(counts[other], 'card')} {dot} "
                 f"Draw pile: {view['draw_pile']} {dot} Discards: {view['discard_count']}")
    if view.get("top"):
        colour = view.get("colour")
        named = colour_label(colour, style) if colour is not None else "not named yet"
        top = f"Top card: {card(view['top'], style)}   Colour to match: {named}"
        if view.get("volley"):
            top += f"   Volley: {style.bold(str(view['volley']))}"
        lines.append(top)
    numbers = _numbers(choices)
    hand = sorted(view.get("hand", []), key=CODE_TO_FACE.__getitem__)
    shown = [(f"[{numbers[c.lower()]}]" if c.lower() in numbers else "") + card(c, style) for c in hand]
    lines.append(f"Your hand ({len(hand)}): " + (" ".join(shown) if shown else "(empty)"))
    lines.append(_situation(view, style))
    return "\n".join(lines)


def _numbers(choices: Sequence[Choice]) -> dict[str, int]:
    """Card notation -> the number of the choice that plays it."""
    numbers: dict[str, int] = {}
    for number, choice in enumerate(choices, start=1):
        for key in choice.keys:
            if key in _LOWER_CODES:
                numbers.setdefault(key, number)
    return numbers


def _situation(view: JSON, style: Style) -> str:
    """One line saying whose turn it is and what the viewer is being asked."""
    seat = int(view["seat"])
    if view["phase"] == "game-over":
        return style.bold("The game is over.")
    if seat not in view["to_move"]:
        return f"{OPPONENT}'s turn."
    phase = view["phase"]
    turn = style.bold("Your turn")
    if phase == "draft":
        kept = len(view.get("hand", []))
        return (f"{turn} (draft, you hold {kept} of 7): you see {card(view['draft_card'], style)}. "
                "Keep it, or discard it and take the next card unseen.")
    if phase == "start-colour":
        return f"{turn}: the start card is a wild, name the colour."
    if phase == "drawn":
        return f"{turn}: you drew {card(view['drawn'], style)} and it fits. Play it, or keep it."
    if phase == "volley":
        return f"{turn}: volley! Add a Draw 2, or draw {view['volley']} cards."
    if phase == "challenge":
        return f"{turn}: {OPPONENT} played wild+4. Challenge it, or accept and draw 4."
    if phase == "dump-decide":
        return (f"{turn}: Reverse! You may also play all your other "
                f"{colour_label(view['dump_colour'], style)} cards (all or none).")
    if phase == "dumping":
        return (f"{turn}: play your {colour_label(view['dump_colour'], style)} cards one by one; "
                "the last one's action counts.")
    return f"{turn}: match the colour, number or action, play a wild, or draw."


# --- Moves ----------------------------------------------------------------------------------


def menu(view: JSON, legal: Sequence[Any], style: Style) -> list[Choice]:
    """The legal actions as numbered choices: one per card (a wild asks its colour next,
    a play that leaves one card asks about UNO next), then the other actions."""
    plays: dict[int, list[Play]] = {}
    rest: list[Any] = []
    for action in legal:
        if isinstance(action, Play):
            plays.setdefault(action.face, []).append(action)
        else:
            rest.append(action)
    choices = [_play_choice(face, plays[face], view, style) for face in sorted(plays)]
    choices += [_simple_choice(action, view, style) for action in rest
                if not _is_alert(action)]
    choices += [_simple_choice(action, view, style) for action in rest if _is_alert(action)]
    return choices


def _is_alert(action: Any) -> bool:
    return isinstance(action, Simple) and action.kind in ("uno", "catch")


def _play_choice(face: int, variants: list[Play], view: JSON, style: Style) -> Choice:
    card_code = code(face)
    effect = _effect(face, view)
    key = card_code.lower()

    def label(note: str) -> str:
        return card(card_code, style) + note + (f" {style.pick('—', '-')} {effect}" if effect else "")

    if COLOUR_OF[face] >= 0:
        if not any(v.uno for v in variants):
            return Choice(label(""), (key,), action=variants[0])
        return Choice(label(" (leaves you one card)"), (key,),
                      then=_uno_question(card_code, variants, style))
    colours = []
    for colour in range(4):
        options = [v for v in variants if v.colour == colour]
        if not options:
            continue
        keys = (COLOURS[colour], COLOUR_LETTERS[colour].lower())
        if any(v.uno for v in options):
            colours.append(Choice(colour_label(colour, style), keys,
                                  then=_uno_question(card_code, options, style)))
        else:
            colours.append(Choice(colour_label(colour, style), keys, action=options[0]))
    question = Question(f"Which colour for {card(card_code, style)}?", tuple(colours))
    return Choice(label(" (then name a colour)"), (key,), then=question)


def _uno_question(card_code: str, variants: list[Play], style: Style) -> Question:
    said = next(v for v in variants if v.uno)
    silent = next(v for v in variants if not v.uno)
    return Question(
        f"{card(card_code, style)} leaves you one card. Say UNO with it? "
        f"(if you don't, {OPPONENT} can catch you)",
        (Choice("yes, say UNO!", ("yes", "y", "uno"), action=said),
         Choice("no", ("no", "n"), action=silent)),
    )


def _effect(face: int, view: JSON) -> str:
    """A short reminder of what a card does, for the moves list."""
    if face == WILD_DRAW_FOUR:
        return f"{OPPONENT} draws 4 unless it challenges; you go again"
    if face == WILD_SHUFFLE:
        return "pools both hands and deals them again"
    rank = RANK_OF[face]
    if rank == DRAW_TWO:
        volley = int(view.get("volley") or 0)
        return f"volley becomes {volley + 2}" if volley else f"{OPPONENT} draws 2 or adds a Draw 2"
    if rank == SKIP:
        return "you go again"
    if rank == REVERSE and view.get("phase") != "dumping":
        return "then you may play all your other cards of its colour"
    return ""


def _simple_choice(action: Any, view: JSON, style: Style) -> Choice:
    if isinstance(action, ChooseColour):
        name = COLOURS[action.colour]
        return Choice(colour_label(action.colour, style), (name, COLOUR_LETTERS[action.colour].lower()),
                      action=action)
    kind = action.kind if isinstance(action, Simple) else str(action.notation())
    draft_card = card(view["draft_card"], style) if view.get("draft_card") else "the card"
    drawn = card(view["drawn"], style) if view.get("drawn") else "the card"
    penalty = int(view.get("options", {}).get("uno_penalty", 2))
    labels: dict[str, tuple[str, tuple[str, ...]]] = {
        "draft-keep": (f"keep {draft_card}", ("keep", "draft-keep")),
        "draft-discard": (f"discard {draft_card}, take the next card unseen",
                          ("discard", "draft-discard")),
        "draw": (f"draw {view['volley']} cards (ends your turn)" if view.get("phase") == "volley"
                 else "draw a card", ("draw",)),
        "keep": (f"keep {drawn} (ends your turn)", ("keep",)),
        "pass": ("pass (nothing to draw, nothing to play)", ("pass",)),
        "challenge": (f"challenge: if {OPPONENT} held another playable card it draws 4, "
                      "otherwise you draw 6", ("challenge",)),
        "accept": ("accept: draw 4 cards", ("accept",)),
        "dump": ("dump: play all your other cards of that colour", ("dump", "yes")),
        "no-dump": ("no-dump: keep them, end your turn", ("no-dump", "no", "nodump")),
        "uno": (style.bold("say UNO!") + " (you have one card left)", ("uno",)),
        "catch": (style.bold(f"catch {OPPONENT}!") + f" It did not say UNO: it draws {penalty}",
                  ("catch",)),
    }
    label, keys = labels.get(kind, (kind, (kind,)))
    return Choice(label, keys, action=action)


# --- What happened --------------------------------------------------------------------------


def render_events(events: Sequence[JSON], viewer: int, actor: int | None, action: JSON | None,
                  style: Style) -> list[str]:
    """Short lines for the events of one action, as `viewer` may see them."""
    lines: list[str] = []
    kind = (action or {}).get("type")
    if actor is not None and kind in _QUIET_ACTIONS:
        lines.append(_QUIET_ACTIONS[kind].format(who=_who(actor, viewer)))
    i = 0
    while i < len(events):
        event = events[i]
        line = _event_line(event, viewer, style)
        if event["kind"] == "play" and i + 1 < len(events) and events[i + 1]["kind"] == "volley":
            line += f" {style.pick('—', '-')} volley is now {events[i + 1]['total']}"
            i += 1
        if line:
            lines.append(line)
        i += 1
    return lines


# Actions whose events say too little on their own.
_QUIET_ACTIONS = {
    "keep": "{who} kept the drawn card.",
    "no-dump": "{who} did not dump.",
    "accept": "{who} accepted the wild+4.",
}


def _event_line(event: JSON, viewer: int, style: Style) -> str:
    kind = event["kind"]
    seat = event.get("seat")
    who = _who(seat, viewer) if isinstance(seat, int) else ""
    if kind == "round-start":
        first = "You draft" if event["player_one"] == viewer else f"{OPPONENT} drafts"
        return style.bold(f"Round {event['round']} begins.") + f" {first} first."
    if kind == "draft":
        return _draft_line(event, who, style)
    if kind == "start-card":
        return f"The start card is {card(event['card'], style)}."
    if kind == "colour":
        return f"{who} named the colour {colour_label(event['colour'], style)}."
    if kind == "play":
        line = f"{who} played {card(event['card'], style)}"
        if COLOUR_OF[CODE_TO_FACE[event["card"]]] < 0:
            line += f", colour {colour_label(event['colour'], style)}"
        if event["left"] == 0:
            line += " and went out"
        elif seat != viewer and event["left"] <= 2:
            line += f" ({_plural(event['left'], 'card')} left)"
        return line
    if kind == "volley":
        return f"The volley is now {event['total']}."
    if kind == "draw":
        return _draw_line(event, who, style)
    if kind == "challenge":
        verdict = ("guilty: it could have played another card" if event["guilty"]
                   else "innocent: it had no other card to play")
        return f"{who} challenged the wild+4: {verdict}."
    if kind == "dump":
        return f"{who} dumped every {colour_label(event['colour'], style)} card."
    if kind == "shuffle-hands":
        counts = event["counts"]
        return (f"Hands pooled, shuffled and dealt again: you hold {counts[viewer]}, "
                f"{OPPONENT.lower()} {counts[1 - viewer]}.")
    if kind == "refill":
        return f"The discards became a new draw pile ({_plural(event['count'], 'card')})."
    if kind == "pass":
        return f"{who} passed (nothing to draw, nothing to play)."
    if kind == "catch":
        caught = _who(event["caught"], viewer)
        return style.bold(f"{who} caught {caught.lower() if caught == 'You' else caught} without UNO!")
    if kind == "uno":
        return style.bold(f"{who} said UNO!")
    if kind == "round-end":
        return _round_end_line(event, viewer, style)
    if kind == "game-end":
        return style.bold("Game over.")
    details = ", ".join(f"{k}={v}" for k, v in event.items() if k != "kind")
    return f"{kind}: {details}" if details else str(kind)


def _draft_line(event: JSON, who: str, style: Style) -> str:
    discarded = card(event["discarded"], style)
    kept = event.get("kept")
    if event["kept_first"]:
        took = f"kept {card(kept, style)}" if kept else "kept the card it saw"
        return f"{who} {took}; {discarded} was flipped away."
    took = f" and took {card(kept, style)}" if kept else " and took the next card"
    return f"{who} discarded {discarded}{took}."


def _draw_line(event: JSON, who: str, style: Style) -> str:
    count = int(event["count"])
    if count == 0:
        return f"{who} could not draw: there is nothing left to draw."
    cards = event.get("cards")
    if cards:
        return f"{who} drew " + ", ".join(card(c, style) for c in cards) + "."
    return f"{who} drew {_plural(count, 'card')}."


def _round_end_line(event: JSON, viewer: int, style: Style) -> str:
    scores = event["scores"]
    totals = f"totals: you {scores[viewer]}, {OPPONENT.lower()} {scores[1 - viewer]}"
    winner = event["winner"]
    head = style.bold(f"Round {event['round']} ends")
    hand = event["hands"][1 - viewer]
    shown = f"\n  {OPPONENT}'s hand was: {_cards(hand, style)}"
    if winner < 0:
        return f"{head}: blocked with equal hands, nobody scores; {totals}.{shown}"
    blocked = event.get("blocked")
    if winner == viewer:
        how = "nobody could move and you hold the lower hand" if blocked else "you went out"
        return f"{head}: {how}; {OPPONENT.lower()} scores {event['points']}; {totals}.{shown}"
    how = f"nobody could move and {OPPONENT.lower()} holds the lower hand" if blocked \
        else f"{OPPONENT.lower()} went out"
    return (f"{head}: {how}; you score {event['points']}; {totals}."
            f"\n  Your hand was: {_cards(event['hands'][viewer], style)}")


def render_outcome(outcome: Outcome, viewer: int, style: Style) -> str:
    scores = outcome.scores
    mine, theirs = scores[viewer], scores[1 - viewer]
    if viewer in outcome.winners:
        verdict = style.bold("You win!") + f" {OPPONENT} reached {theirs} points."
    else:
        verdict = style.bold(f"{OPPONENT} wins.") + f" You reached {mine} points."
    return f"{verdict} Final score: you {mine}, {OPPONENT.lower()} {theirs}."
