// What the table says: the status sentence, why an answer was refused, who is racing.
import { labelOf, t } from "../../i18n.js";

// Why the judge took or refused an answer, in the player's language.
export function reasonText(answer, categoryName) {
  switch (answer.reason) {
    case "ok":
      return t("accepted");
    case "remembered":
      return t("accepted (voted in before)");
    case "empty":
      return t("empty answer");
    case "missing_letter":
      // i18n: why an answer was refused; {letters}: the letters the word lacks.
      return t("missing {letters}", { letters: answer.detail || "?" });
    case "several_words":
      return t("one word only");
    case "plural":
      return t("no plurals made for an S");
    case "not_a_word":
      return t("not in the dictionary");
    case "category":
      // i18n: why an answer was refused; {category}: the category's name (from the game's deck).
      return categoryName ? t("does not fit {category}", { category: categoryName }) : t("does not fit the category");
    case "proper_noun":
      return t("no names here");
    default:
      return answer.accepted ? t("accepted") : t("refused");
  }
}

// A label on its own (a score row, a racer): "You" for this seat, else its name. Sentences take the
// seat's name and have their own second-person message for this seat.
export function namer(seatName, me) {
  return labelOf(seatName, me);
}

// The one sentence of the status line; `mine` when the table waits for this seat.
// seatName(seat): a player's name.
export function statusText(view, { me, seatName, legal, outcome }) {
  const race = view.race;
  const can = (type) => legal.some((a) => a.type === type);
  if (view.phase === "over" || outcome) return t("Game over");
  if (view.phase === "flip") {
    if (view.drawer === me) return t("Your flip: press Space or Enter");
    // i18n: {name}: the player who flips the next card (another player).
    return t("{name} flips", { name: seatName(view.drawer) });
  }
  if (view.phase === "pause") return t("Next race in a moment");
  if (view.phase === "vote") {
    // i18n: {name}: the player (not the reader) who asks for a vote on their refused word.
    if (can("vote")) return t("Vote: should {name}'s word count?", { name: seatName(race.vote.appealer) });
    if (race.vote.appealer === me) return t("The others are voting on your word");
    return t("Waiting for the vote");
  }
  if (can("pass")) {
    return view.phase === "allplay" ? t("All Play: type one word with every letter!") : t("Face-off: type a word!");
  }
  if (race && race.accepted.includes(me)) return t("Your answer is in…");
  if (view.phase === "allplay") return t("All Play");
  if (race) {
    const [a, b] = race.racers;
    if (race.racers.length !== 2) return t("Face-off");
    // i18n: {name}: the other racer; the reader is racing.
    if (race.racers.includes(me)) return t("Face-off: you against {name}", { name: seatName(a === me ? b : a) });
    // i18n: {a} and {b}: the two racers (neither is the reader).
    return t("Face-off: {a} against {b}", { a: seatName(a), b: seatName(b) });
  }
  return "";
}
