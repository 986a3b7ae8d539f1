// What each DUOS event means, in one line of the table's log (null for events that need none).
import { t } from "../../i18n.js";
import { categoryName, faceName } from "./cards.js";

export function helpName(kind) {
  return { word: t("WORD"), yes: t("YES!"), no: t("NO!") }[kind] || kind;
}

// name(seat) -> "You" or the seat's name; me: this client's seat; cards: the grid when it happened.
export function describe(event, name, cards, me) {
  const card = (position) => (cards && cards[position] ? faceName(cards[position]) : String(position));
  switch (event.kind) {
    case "turn-start":
      if (event.narrator === null || event.narrator === undefined) {
        return t("Turn {n}: {category}", { n: event.turn + 1, category: categoryName(event.category) });
      }
      return t("Turn {n}: {category}; {name} narrates", {
        n: event.turn + 1, category: categoryName(event.category), name: name(event.narrator) });
    case "locked":
      return event.seat === me ? t("You locked in") : t("{name} locked in", { name: name(event.seat) });
    case "help":
      if (event.help === "word") {
        return event.seat === me ? t("You said the WORD: {word}", { word: event.word })
          : t("{name} said the WORD: {word}", { name: name(event.seat), word: event.word });
      }
      return event.seat === me ? t("You marked {card} {help}", { card: card(event.card), help: helpName(event.help) })
        : t("{name} marked {card} {help}", { name: name(event.seat), card: card(event.card), help: helpName(event.help) });
    case "timeout":
      return (event.seats || []).length
        ? t("Time is up: {names} locked in by the clock", { names: event.seats.map(name).join(", ") })
        : t("Time is up");
    case "pair-checked":
      return event.matched_by.length
        ? t("{a} + {b}: matched by {names}", { a: card(event.pair[0]), b: card(event.pair[1]),
          names: event.matched_by.map(name).join(", ") })
        : t("{a} + {b}: nobody matched it", { a: card(event.pair[0]), b: card(event.pair[1]) });
    case "game-over":
      return t("Game over");
    default:
      return null;
  }
}
