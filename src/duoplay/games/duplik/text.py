"""Duplik in a terminal: pure functions from a seat's view, legal actions and events to text.

The real-time terminal (`duoplay.cli.realtime`) runs the table's clock: the hourglass, the time
to dispute a verdict, the votes. As Portrayer a person reads the scene card (title and the ten
criteria, the golden one starred; `duoplay duplik scene --id ...` writes its picture) and types
the description line by line; the Artists receive it as it comes. As Artist a person draws with
typed shapes (see `text_canvas`), sees the drawing in Braille dots, and judges the drawing they
are handed criterion by criterion. Nothing depends on colour.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from duoplay.core.protocol import JSON, Outcome
from duoplay.core.terminal import Choice, Style
from duoplay.games.duplik.actions import (
    ACCEPT,
    DISPUTE,
    DONE,
    DRAW_SCENE,
    LEFT,
    MAX_STROKES,
    MAX_TEXT,
    NEXT,
    ROLL,
    START,
    STOP,
    Action,
    Ballot,
    Choose,
    Decide,
    Describe,
    Draw,
    Pass,
    Verdict,
)
from duoplay.games.duplik.state import Drawing
from duoplay.games.duplik.text_canvas import USAGE, parse_shape, render, strokes_of

WIDTH = 78  # of wrapped text
TAIL = 90  # characters of a description shown as it grows

HELP = f"""\
Duplik: one player, the Portrayer, describes a secret scene card while the others, the Artists,
draw it without a word. Then each Artist judges a neighbour's drawing against the card's ten
criteria, read one by one: a criterion holds only if everything it names is drawn. An Artist
scores 1 per criterion met, 3 for the golden one; the Portrayer 1 per criterion at least one
Artist met. Everyone portrays once; the highest total wins.

As Portrayer: type your description, a line at a time (each line reaches the Artists at once);
  /stop when you have said enough. Before that: a number or /draw picks the scene card, Enter
  rolls the golden die and then turns the hourglass; after it, /left or /right passes the drawings.
As Artist: draw with shapes on a 100 x 70 grid, one per line:
  {USAGE}
  /undo takes back the last shape, /clear starts again, /done puts your pencil down.
Judging: /yes (met), /no (not met) or /ask (let the other Judges vote) for the drawing you hold.
  On your own drawing: /accept the verdict or /dispute it. In a vote: /yes, /no or /abstain."""


def intro(style: Style) -> str:
    return ("Describe a scene the others cannot see, or draw what you hear; then judge the drawings.\n"
            "Type /show to see the table and your drawing, /help for the commands.")


# --- small pieces ----------------------------------------------------------------------------


def name(seat: int, viewer: int, capital: bool = False) -> str:
    if seat == viewer:
        return "You" if capital else "you"
    return f"Bot {seat + 1}" if capital else f"bot {seat + 1}"


def _whose(seat: int, viewer: int) -> str:
    return "your" if seat == viewer else f"bot {seat + 1}'s"


def _verb(seat: int, viewer: int, you: str, other: str) -> str:
    return you if seat == viewer else other


def _viewer(view: JSON) -> int:
    seat: int | None = view["seat"]
    return -1 if seat is None else seat


def _quoted(text: str, style: Style) -> str:
    return style.pick(f"«{text}»", f'"{text}"')


def _star(style: Style) -> str:
    return style.pick("★", "*")


def _criterion_line(view: JSON, number: int, text: str, style: Style) -> str:
    golden = f" {_star(style)} golden" if number == view["golden"] else ""
    return f"Criterion {number}{golden}: {text}"


def _own_drawing(view: JSON, seat: int) -> JSON | None:
    return next((d for d in view["drawings"] if d["artist"] == seat), None)


def _held(view: JSON, viewer: int) -> int | None:
    """The Artist whose drawing this seat judges."""
    return next((int(a) for a, j in view["judge_of"].items() if j == viewer), None)


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent) or [indent]


# --- the table --------------------------------------------------------------------------------


def render_view(view: JSON, choices: Sequence[Choice], style: Style) -> str:
    viewer, portrayer = _viewer(view), view["portrayer"]
    line, dot = style.pick("─", "-"), style.pick(" · ", " | ")
    head = [f"round {view['round']} of {view['rounds']}",
            f"Portrayer: {name(portrayer, viewer)}"]
    if view["golden"]:
        head.append(f"golden criterion: {view['golden']}")
    lines = [f"{line * 4} Duplik {line * 4} " + dot.join(head) + f" {line * 4}"]
    phase = view["phase"]
    if view["title"]:
        lines.append(f"  Title: {style.bold(_quoted(view['title'], style))}")
    card = view["card"]
    if card is not None and phase not in ("reveal", "over"):
        lines.append(f"  Your scene card ({card['id']}; `duoplay duplik scene --id {card['id']} "
                     f"--out scene.svg` writes its picture):")
        for number, criterion in enumerate(card["criteria"], start=1):
            mark = _star(style) if number == view["golden"] else " "
            lines.append(f"   {mark}{number:>2}. {criterion['text']}")
    if phase == "choose":
        if view["offer"]:
            lines.append("  You look through the next scene cards: choose one, or draw one unseen.")
        else:
            lines.append(f"  {name(portrayer, viewer, True)} is choosing a scene card.")
    elif phase == "roll":
        lines.append(f"  {name(portrayer, viewer, True)} {_verb(portrayer, viewer, 'roll', 'rolls')} "
                     "for the golden criterion.")
    if phase in ("describe", "pass", "judge") and viewer != portrayer:
        said = view["description"] or "(nothing yet)"
        lines.append(f"  {name(portrayer, viewer, True)} {_verb(portrayer, viewer, 'say', 'says')}:")
        lines += _wrap(said, "    ")
    if phase == "describe" and viewer >= 0 and viewer != portrayer:
        lines.append("  Your drawing:")
        lines += ["  " + row for row in render(strokes_of(_own_drawing(view, viewer)), style)]
    if phase == "judge":
        lines += _judging(view, viewer, style)
    if phase in ("reveal", "over") and view["results"]:
        lines += _results(view, viewer, style)
    return "\n".join(lines)


def _judging(view: JSON, viewer: int, style: Style) -> list[str]:
    lines = []
    criteria = view["criteria"]
    if criteria:
        current = criteria[-1]
        lines.append("  " + style.bold(_criterion_line(view, current["number"], current["text"], style)))
    held = _held(view, viewer)
    vote = view["vote"]
    shown = vote["artist"] if vote is not None and viewer in vote["voters"] else held
    if shown is not None:
        lines.append(f"  {_whose(shown, viewer).capitalize()} drawing:")
        drawing = _own_drawing(view, shown)
        lines += ["  " + row for row in render(strokes_of(drawing), style)]
        labels = sorted({s["label"].split("|")[0].split("#")[0] for s in (drawing or {}).get("strokes", [])
                         if s.get("label")})
        if labels:
            lines.append("  (its strokes are labelled: " + ", ".join(labels) + ")")
    for artist, holds in sorted(view["verdicts"].items(), key=lambda item: int(item[0])):
        lines.append(f"  Verdict on {_whose(int(artist), viewer)} drawing: {_holds_word(holds, style)}")
    return lines


def _holds_word(holds: bool | None, style: Style) -> str:
    if holds is None:
        return "asked the others"
    return style.pick("✓ met", "yes, met") if holds else style.pick("✗ not met", "no, not met")


def _results(view: JSON, viewer: int, style: Style) -> list[str]:
    artists = sorted({int(a) for met in view["results"] for a in met})
    lines = ["  The scene card and what each drawing met:"]
    lines.append("      " + "".join(f"{name(a, viewer):>8}" for a in artists))
    for number, (criterion, met) in enumerate(zip(view["criteria"], view["results"], strict=False), start=1):
        marks = "".join(f"{style.pick('✓', 'yes') if met.get(str(a)) else style.pick('·', '-'):>8}"
                        for a in artists)
        star = _star(style) if number == view["golden"] else " "
        lines.append(f"   {star}{number:>2} {marks}   {criterion['text']}")
    if view["round_scores"]:
        lines.append("  This round: " + ", ".join(f"{name(s, viewer)} {p}"
                                                for s, p in enumerate(view["round_scores"])))
    return lines


def status(view: JSON, style: Style) -> str:
    """The totals, shown each time they change."""
    viewer = _viewer(view)
    dot = style.pick(" · ", " | ")
    return "Score: " + dot.join(f"{name(s, viewer)} {points}" for s, points in enumerate(view["totals"]))


# --- what the person may type --------------------------------------------------------------------


def _drawing_now(view: JSON) -> Drawing:
    own = _own_drawing(view, _viewer(view))
    return Drawing(tuple(strokes_of(own)))


def menu(view: JSON, legal: Sequence[Any], style: Style) -> list[Choice]:
    choices: list[Choice] = []
    offered = [action for action in legal if isinstance(action, Choose)]
    titles = {item["id"]: item["title"] for item in view["offer"]}
    for number, action in enumerate(offered, start=1):
        title = _quoted(titles.get(action.scene, action.scene), style)
        choices.append(Choice(f"{number}: choose {title}", (str(number), f"/{number}"), action))
    for action in legal:
        choice = _simple_choice(action, view)
        if choice is not None:
            choices.append(choice)
    if DONE in legal:
        strokes = _drawing_now(view).strokes
        if strokes:
            undo = Draw(Drawing(strokes[:-1]))
            choices.append(Choice("/undo: take back your last shape", ("/undo",), undo))
            choices.append(Choice("/clear: start your drawing again", ("/clear",), Draw(Drawing())))
    return choices


def _simple_choice(action: Action, view: JSON) -> Choice | None:
    if action == DRAW_SCENE:
        return Choice("/draw: take the top scene card, unseen", ("/draw",), action)
    if action == ROLL:
        return Choice("Enter: roll the die for the golden criterion", ("", "/roll"), action)
    if action == START:
        return Choice("Enter: read the title aloud and turn the hourglass", ("", "/start"), action)
    if action == STOP:
        return Choice("/stop: you have said enough", ("/stop",), action)
    if action == DONE:
        return Choice("/done: put your pencil down", ("/done",), action)
    if isinstance(action, Pass):
        side = "left" if action.direction == LEFT else "right"
        return Choice(f"/{side}: pass the drawings to the {side}", (f"/{side}",), action)
    if action == NEXT:
        return Choice("Enter: on to the next round", ("", "/next"), action)
    if isinstance(action, Verdict):
        words = {True: ("/yes", "the drawing meets it"), False: ("/no", "it does not"),
                 None: ("/ask", "let the other Judges vote")}[action.holds]
        return Choice(f"{words[0]}: {words[1]}", (words[0],), action)
    if isinstance(action, Ballot):
        words = {True: ("/yes", "it is met"), False: ("/no", "it is not met"),
                 None: ("/abstain", "no opinion")}[action.holds]
        return Choice(f"{words[0]}: {words[1]}", (words[0],), action)
    if isinstance(action, Decide):
        key = "/yes" if action.holds else "/no"
        return Choice(f"{key}: you decide it is {'met' if action.holds else 'not met'}", (key,), action)
    if action == ACCEPT:
        return Choice("/accept: the verdict on your drawing stands", ("/accept", ""), action)
    if action == DISPUTE:
        return Choice("/dispute: put the verdict on your drawing to a vote", ("/dispute",), action)
    return None


def free_move(view: JSON, line: str) -> Action | None:
    """A typed line: more description from the Portrayer, a shape from an Artist."""
    viewer = _viewer(view)
    if view["phase"] != "describe" or viewer < 0 or not line.strip():
        return None
    if viewer == view["portrayer"]:
        if view["stopped"]:
            return None
        said = view["description"]
        text = (said + " " + line.strip()) if said else line.strip()
        return Describe(text[:MAX_TEXT])
    if viewer in view["done"]:
        return None
    shape = parse_shape(line)
    if shape is None:
        return None
    strokes = _drawing_now(view).strokes
    return Draw(Drawing((*strokes, shape)[-MAX_STROKES:]))


def cue(view: JSON, legal: Sequence[Any], style: Style) -> str:
    """What the seat may type now."""
    arrow = style.pick("→", "->")
    viewer, phase = _viewer(view), view["phase"]
    if not legal:
        return ""
    if phase == "choose":
        return f"{arrow} Choose a scene card: type its number, or /draw for the top card unseen."
    if phase == "roll":
        return f"{arrow} Press Enter to roll for the golden criterion."
    if phase == "title":
        return f"{arrow} Press Enter to read the title aloud and turn the hourglass."
    if phase == "describe" and viewer == view["portrayer"]:
        return (f"{arrow} Describe the scene: type a line and press Enter (each line reaches the Artists); "
                "/stop when done.")
    if phase == "describe":
        return f"{arrow} Draw: {USAGE}. /undo, /clear, /done; /show shows your drawing."
    if phase == "pass":
        return f"{arrow} Pass the drawings: /left or /right."
    if phase == "reveal":
        return f"{arrow} Press Enter for the next round."
    vote = view["vote"]
    if vote is not None and vote["deciding"]:
        return f"{arrow} The vote on your drawing is tied: you decide. /yes (met) or /no (not met)."
    if vote is not None:
        return (f"{arrow} Vote on {_whose(vote['artist'], viewer)} drawing (/show to see it): "
                "/yes, /no or /abstain.")
    if any(isinstance(action, Verdict) for action in legal):
        held = _held(view, viewer)
        criteria = view["criteria"]
        about = _criterion_line(view, criteria[-1]["number"], criteria[-1]["text"], style) if criteria else ""
        whose = _whose(held, viewer) if held is not None else "the"
        return f"{arrow} {about}\n  Does {whose} drawing meet it (/show to see it)? /yes, /no or /ask."
    if ACCEPT in legal:
        verdict = view["verdicts"].get(str(viewer))
        return (f"{arrow} The verdict on your drawing: {_holds_word(verdict, style)}. "
                "Enter or /accept; /dispute to put it to a vote.")
    return ""


# --- events -----------------------------------------------------------------------------------


def render_events(events: Sequence[JSON], view: JSON, actor: int | None, action: JSON | None,
                  style: Style) -> list[str]:
    """Lines for what just happened; `view` is the viewer's view after it."""
    lines: list[str] = []
    for event in events:
        lines += _event(event, view, actor, style)
    return lines


def _tail(text: str) -> str:
    if len(text) <= TAIL:
        return text
    cut = text[-TAIL:]
    space = cut.find(" ")
    return "…" + (cut[space + 1:] if 0 <= space < 20 else cut)


def _event(event: JSON, view: JSON, actor: int | None, style: Style) -> list[str]:
    viewer = _viewer(view)
    kind = event["kind"]

    def who(key: str) -> str:
        return name(int(event[key]), viewer, True)

    if kind == "scene_taken":
        return [f"{who('portrayer')} {_verb(event['portrayer'], viewer, 'take', 'takes')} a scene card."]
    if kind == "golden":
        return [f"The golden die shows {event['criterion']}: criterion {event['criterion']} "
                f"is worth 3 points."]
    if kind == "title":
        return [f"The title: {style.bold(_quoted(event['title'], style))}"]
    if kind == "hourglass":
        return [style.bold(f"The hourglass turns: {event['seconds']:g} seconds to describe and draw.")]
    if kind == "description":
        if viewer == view["portrayer"]:
            return [f"The Artists read: {_quoted(_tail(event['text']), style)}"] if actor == viewer else []
        return [f"{name(view['portrayer'], viewer, True)}: {_quoted(_tail(event['text']), style)}"]
    if kind == "stopped":
        return [f"{name(view['portrayer'], viewer, True)} "
                f"{_verb(view['portrayer'], viewer, 'have', 'has')} finished describing."]
    if kind == "drawn":
        return [] if event["artist"] != viewer or actor is None else \
            [_strokes_line(len(_drawing_now(view).strokes))]
    if kind == "pencil_down":
        return [f"{who('artist')} {_verb(event['artist'], viewer, 'put', 'puts')} "
                f"{_verb(event['artist'], viewer, 'your', 'their')} pencil down."]
    if kind == "pens_down":
        return [style.bold("Pencils down!")]
    if kind == "passed":
        held = _held(view, viewer)
        you = f" You judge {_whose(held, viewer)} drawing." if held is not None else ""
        return [f"The drawings pass to the {event['direction']}.{you}"]
    if kind == "criterion":
        number = int(event["criterion"])
        texts = {c["number"]: c["text"] for c in view["criteria"]}
        text = texts.get(number)
        return ["", style.bold(_criterion_line(view, number, text, style))] if text else []
    if kind == "verdict":
        judge, artist = int(event["judge"]), int(event["artist"])
        said = {True: "ticks", False: "crosses", None: "asks the others about"}[event["holds"]]
        if judge == viewer:
            said = {True: "tick", False: "cross", None: "ask the others about"}[event["holds"]]
        return [f"{name(judge, viewer, True)} {said} {_whose(artist, viewer)} drawing."]
    if kind == "disputed":
        return [f"{who('artist')} {_verb(event['artist'], viewer, 'dispute', 'disputes')} the verdict."]
    if kind == "vote":
        voters = ", ".join(name(v, viewer) for v in event["voters"]) or "nobody"
        return [f"A vote on {_whose(int(event['artist']), viewer)} drawing; voting: {voters}."]
    if kind == "ballot":
        return [f"{who('voter')} {_verb(event['voter'], viewer, 'vote', 'votes')}."]
    if kind == "tally":
        return [f"The vote: {event['yes']} yes, {event['no']} no."]
    if kind == "deciding":
        artist = int(event["artist"])
        return [f"A tie: {name(artist, viewer)} {_verb(artist, viewer, 'decide', 'decides')}."]
    if kind == "decided":
        return [f"{who('artist')} {_verb(event['artist'], viewer, 'decide', 'decides')}: "
                f"{_holds_word(event['holds'], style)}."]
    if kind == "verdict_settled":
        return [f"Settled: {_whose(int(event['artist']), viewer)} drawing, criterion {event['criterion']}: "
                f"{_holds_word(event['holds'], style)}."]
    if kind == "criterion_judged":
        met = [name(int(a), viewer) for a, holds in event["met"].items() if holds]
        return [f"Criterion {event['criterion']} met by: {', '.join(met) if met else 'nobody'}."]
    if kind == "scores":
        points = ", ".join(f"{name(s, viewer)} {p}" for s, p in enumerate(event["points"]))
        return [style.bold(f"Round {event['round']} scores: {points}.")]
    if kind == "reveal":
        return ["The reveal: the scene card beside every drawing (/show)."]
    if kind == "round":
        return ["", style.bold(f"Round {event['round']}: {name(int(event['portrayer']), viewer)} "
                               f"{_verb(event['portrayer'], viewer, 'portray', 'portrays')}.")]
    if kind == "game_over":
        return ["", "Everyone has portrayed: the game is over."]
    if kind in ("accepted",):
        return []
    return [f"({kind})"]


def render_outcome(outcome: Outcome, viewer: int, style: Style) -> str:
    scores = ", ".join(f"{name(s, viewer)} {points}" for s, points in enumerate(outcome.scores))
    if len(outcome.winners) > 1:
        result = "A shared win: " + " and ".join(name(s, viewer) for s in outcome.winners) + "."
    elif outcome.winners[0] == viewer:
        result = "You win!"
    else:
        result = f"{name(outcome.winners[0], viewer, True)} wins."
    return style.bold(f"Game over ({outcome.reason}). {result} Final score: {scores}.")


def _strokes_line(count: int) -> str:
    return f"Your drawing: {count} stroke{'' if count == 1 else 's'}. /show to see it."
