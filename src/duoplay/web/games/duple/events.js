// One log line per rules event, and which events the table announces in large type (and pauses
// on, when a race follows at once, so that a cascade can be followed one face-off at a time).
import { t } from "../../i18n.js";
import { symbolName } from "./symbols.js";
import { reasonText } from "./talk.js";

// The name of a category id: the deck's name (in the game's language) when it is the one on the
// table now, else the id itself (category events carry their own name; older logs do not).
function categoryName(id, view) {
  if (view && view.category && view.category.id === id) return view.category.name;
  return id;
}

// The engine's "won" and "unwon" events carry a field `kind` (faceoff or allplay) that, on the
// wire, takes the place of the event's own kind. Tell them apart from a face-off's start by
// their fields: a start has `racers` (face-off) or `letters` (All Play).
export function normalize(event) {
  if (event.kind !== "faceoff" && event.kind !== "allplay") return event;
  if ("racers" in event || "letters" in event) return event;
  const race = event.kind;
  return { ...event, kind: "seat" in event ? "won" : "unwon", race };
}

// name(seat): the seat's name (never "You", which would not fit every sentence in every
// language); me: this seat, for the lines that speak to it.
export function describe(event, name, view, me = null) {
  switch (event.kind) {
    case "flip":
      return t("{name} flipped {letter}", { name: name(event.seat), letter: event.card.letter });
    case "wild":
      return t("{name} flipped a wild card: {a} matches {b}", { name: name(event.seat),
        a: symbolName(event.symbols[0]), b: symbolName(event.symbols[1]) });
    case "faceoff":
      return event.racers.length === 2
        ? t("Face-off {a} against {b}: {letters}", { a: name(event.racers[0]), b: name(event.racers[1]),
          letters: event.letters.join(" + ") })
        : t("Face-off for everyone: {letters}", { letters: event.letters.join(" + ") });
    case "allplay":
      return t("All Play! One word with {letters}", { letters: event.letters.join(", ") });
    case "answer":
      return event.accepted
        ? t("{name}: {word} ✓", { name: name(event.seat), word: event.word })
        : t("{name}: {word} ✗ {why}", { name: name(event.seat), word: event.word, why: reasonText(event, null) });
    case "tie":
      return t("Tie! New category: {category}", { category: categoryName(view && view.category.id, view) });
    case "won":
      if (event.card) {
        return event.seat === me ? t("You win the face-off and take {letter}", { letter: event.card.letter })
          : t("{name} wins the face-off and takes {letter}", { name: name(event.seat), letter: event.card.letter });
      }
      return event.seat === me ? t("You win the All Play (2 points)")
        : t("{name} wins the All Play (2 points)", { name: name(event.seat) });
    case "unwon":
      return t("Nobody won");
    case "pass":
      return t("{name} passed", { name: name(event.seat) });
    case "stuck":
      return t("Stuck? A new category may be turned");
    case "new_category":
      return t("{name} turned a new category", { name: name(event.seat) });
    case "time_up":
      return t("Time is up");
    case "category":
      return t("Category: {category}", { category: event.name || categoryName(event.category, view) });
    case "appeal":
      if (event.seat === me) return t("You ask for a vote on {word}", { word: event.word });
      return t("{name} asks for a vote on {word}", { name: name(event.seat), word: event.word });
    case "voted":
      return t("{name} voted", { name: name(event.seat) });
    case "vote":
      return event.accepted
        ? t("The vote accepts {word} ({yes}–{no})", { word: event.word, yes: event.yes, no: event.no })
        : t("The vote rejects {word} ({yes}–{no})", { word: event.word, yes: event.yes, no: event.no });
    case "over":
      return t("Game over");
    default:
      return null;
  }
}

// The announcement for this batch of events (a vote's result and the win it gives, a win and the
// All Play it turns up...), or null.
export function announcement(events, name, view, me = null) {
  const said = [];
  let kind = null;
  for (const event of events) {
    if (["won", "tie", "vote", "allplay", "wild", "appeal", "time_up", "unwon"].includes(event.kind)) {
      if (event.kind === "unwon" && kind === "time_up") continue;
      if (event.kind === "unwon" && kind === "tie" && event.race === "allplay") {
        said[said.length - 1] = t("Tie: nobody wins the All Play");
        kind = "unwon";
        continue;
      }
      said.push(event.kind === "unwon" ? t("Nobody won") : describe(event, name, view, me));
      kind = event.kind;
    }
  }
  return said.length ? { kind, text: said.join(" · ") } : null;
}

// A race ended in these events (someone won, a tie, nobody won).
export function raceEnded(events) {
  return events.some((e) => e.kind === "won" || e.kind === "tie" || e.kind === "unwon");
}
