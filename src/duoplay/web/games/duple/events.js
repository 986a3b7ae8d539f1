// One log line per rules event, and which events the table announces in large type (and pauses
// on, when a race follows at once, so that a cascade can be followed one face-off at a time).
import { t } from "../../i18n.js";
import { categoryLabel } from "./categories.js";
import { symbolInSentence } from "./symbols.js";
import { reasonText } from "./talk.js";

// The name of a category id in the reader's language: category events carry the deck's name (older
// logs do not), and the view has the one on the table now; else the id itself stands.
function categoryName(id, view, deckName = null) {
  const named = deckName || (view && view.category && view.category.id === id ? view.category.name : null);
  return categoryLabel(view && view.lang, id, named || id);
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
// language); me: this seat. A line that can be about this seat has a message of its own that
// speaks to the reader in the second person.
export function describe(event, name, view, me = null) {
  const mine = me !== null && event.seat === me;
  switch (event.kind) {
    case "flip":
      // i18n: {letter}: the letter on the card the reader flipped.
      if (mine) return t("You flipped {letter}", { letter: event.card.letter });
      // i18n: {name}: another player; {letter}: the letter on the card they flipped.
      return t("{name} flipped {letter}", { name: name(event.seat), letter: event.card.letter });
    case "wild": {
      const symbols = { a: symbolInSentence(event.symbols[0]), b: symbolInSentence(event.symbols[1]) };
      // i18n: {a}, {b}: two symbols ("the star", "the moon", see "symbol in a sentence") that match each
      // other until the card is covered.
      if (mine) return t("You flipped a wild card: {a} matches {b}", symbols);
      // i18n: {name}: another player; {a}, {b}: two symbols that match each other until the card is covered.
      return t("{name} flipped a wild card: {a} matches {b}", { name: name(event.seat), ...symbols });
    }
    case "faceoff": {
      const letters = event.letters.join(" + ");
      if (event.racers.length !== 2) {
        // i18n: {letters}: the letters to find a word for, joined by " + ".
        return t("Face-off for everyone: {letters}", { letters });
      }
      const other = event.racers.find((seat) => seat !== me);
      if (me !== null && event.racers.includes(me)) {
        // i18n: the reader races {name} (another player); {letters}: the letters, joined by " + ".
        return t("Face-off, you against {name}: {letters}", { name: name(other), letters });
      }
      // i18n: {a} and {b}: the two racers (neither is the reader); {letters}: the letters, joined by " + ".
      return t("Face-off {a} against {b}: {letters}", { a: name(event.racers[0]), b: name(event.racers[1]), letters });
    }
    case "allplay":
      // i18n: {letters}: the letters the word must hold, joined by commas.
      return t("All Play! One word with {letters}", { letters: event.letters.join(", ") });
    case "answer": {
      const answer = { name: name(event.seat), word: event.word, why: reasonText(event, null) };
      if (mine) {
        // i18n: the reader's answer, accepted; {word}: the word as the reader typed it.
        return event.accepted ? t("Your word {word} ✓", answer)
          // i18n: the reader's answer, refused; {word}: the word as typed; {why}: why it was refused
          // (one of the short reasons: "not in the dictionary").
          : t("Your word {word} ✗ {why}", answer);
      }
      return event.accepted
        // i18n: an accepted answer; {name}: another player; {word}: their word as typed.
        ? t("{name}: {word} ✓", answer)
        // i18n: a refused answer; {name}: another player; {word}: their word as typed; {why}: why it was
        // refused (one of the short reasons: "not in the dictionary").
        : t("{name}: {word} ✗ {why}", answer);
    }
    case "tie":
      // i18n: {category}: the name of the category turned up to break the tie.
      return t("Tie! New category: {category}", { category: categoryName(view && view.category.id, view) });
    case "won":
      if (event.card) {
        // i18n: {letter}: the letter on the card the reader wins.
        return mine ? t("You win the face-off and take {letter}", { letter: event.card.letter })
          // i18n: {name}: another player; {letter}: the letter on the card they win.
          : t("{name} wins the face-off and takes {letter}", { name: name(event.seat), letter: event.card.letter });
      }
      return mine ? t("You win the All Play (2 points)")
        // i18n: {name}: another player.
        : t("{name} wins the All Play (2 points)", { name: name(event.seat) });
    case "unwon":
      return t("Nobody won");
    case "pass":
      if (mine) return t("You passed");
      // i18n: {name}: another player, who kept the card they drew (UNO Duo) or gave up a race (Duple).
      return t("{name} passed", { name: name(event.seat) });
    case "stuck":
      return t("Stuck? A new category may be turned");
    case "new_category":
      if (mine) return t("You turned a new category");
      // i18n: {name}: another player.
      return t("{name} turned a new category", { name: name(event.seat) });
    case "time_up":
      return t("Time is up");
    case "replay":
      // i18n: nobody won a face-off, which is played again; {n}: this category's number; {total}: how
      // many categories a face-off may have before it ends without a winner.
      return t("Nobody found a word: a new category for the same letters ({n} of {total})",
        { n: event.categories, total: event.of });
    case "category":
      // i18n: {category}: the name of the category now on the table (from the game's deck).
      return t("Category: {category}", { category: categoryName(event.category, view, event.name) });
    case "appeal":
      // i18n: {word}: the reader's refused word, as typed.
      if (mine) return t("You ask for a vote on {word}", { word: event.word });
      // i18n: {name}: another player; {word}: their refused word, as typed.
      return t("{name} asks for a vote on {word}", { name: name(event.seat), word: event.word });
    case "voted":
      if (mine) return t("You voted");
      // i18n: {name}: another player, who has cast a vote (how is secret until the end).
      return t("{name} voted", { name: name(event.seat) });
    case "vote": {
      const votes = { word: event.word, yes: event.yes, no: event.no };
      // i18n: {word}: the word voted on; {yes}, {no}: the votes for and against.
      if (event.accepted) return t("The vote accepts {word} ({yes}–{no})", votes);
      // i18n: {word}: the word voted on, which nobody voted on in time.
      if (event.yes + event.no === 0) return t("Nobody voted: {word} does not count", votes);
      // i18n: {word}: the word voted on; {yes}, {no}: the votes for and against, as many each.
      if (event.yes === event.no) return t("A tied vote ({yes}–{no}) refuses {word}", votes);
      // i18n: {word}: the word voted on; {yes}, {no}: the votes for and against.
      return t("The vote rejects {word} ({yes}–{no})", votes);
    }
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
    if (["won", "tie", "vote", "allplay", "wild", "appeal", "time_up", "unwon", "replay"].includes(event.kind)) {
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

// A race started in these events (a face-off or an All Play).
export function raceStarted(events) {
  return events.some((e) => (e.kind === "faceoff" && "racers" in e) || (e.kind === "allplay" && "letters" in e));
}

// A race ended in these events (someone won, a tie, nobody won).
export function raceEnded(events) {
  return events.some((e) => e.kind === "won" || e.kind === "tie" || e.kind === "unwon");
}
