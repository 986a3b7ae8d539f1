// What the table says: the status sentence, why an answer was refused, who is racing.
import { t } from "../../i18n.js";

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
      return t("missing {letters}", { letters: answer.detail || "?" });
    case "several_words":
      return t("one word only");
    case "plural":
      return t("no plurals made for an S");
    case "not_a_word":
      return t("not in the dictionary");
    case "category":
      return categoryName ? t("does not fit {category}", { category: categoryName }) : t("does not fit the category");
    case "proper_noun":
      return t("no names here");
    default:
      return answer.accepted ? t("accepted") : t("refused");
  }
}

// "Ana", or "You" for this seat.
export function namer(seatName, me) {
  return (seat) => (seat === me ? t("You") : seatName(seat));
}

// The one sentence of the status line; `mine` when the table waits for this seat.
export function statusText(view, { me, name, legal, outcome }) {
  const race = view.race;
  const can = (type) => legal.some((a) => a.type === type);
  if (view.phase === "over" || outcome) return t("Game over");
  if (view.phase === "flip") {
    return view.drawer === me ? t("Your flip: press Space or Enter") : t("{name} flips", { name: name(view.drawer) });
  }
  if (view.phase === "vote") {
    if (can("vote")) return t("Vote: should {name}'s word count?", { name: name(race.vote.appealer) });
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
    return race.racers.length === 2 ? t("Face-off: {a} against {b}", { a: name(a), b: name(b) }) : t("Face-off");
  }
  return "";
}
