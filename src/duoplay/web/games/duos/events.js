// What each DUOS event means, in one line of the table's log (null for events that need none).
// The log speaks to the reader in the second person: a line that can be about this seat has a
// message of its own for it, and lists of names ("Ana and Bo") carry their count.
import { people, t, tn, tnc, withYou } from "../../i18n.js";
import { categoryName, faceName } from "./cards.js";

// A co-op help said in a whole sentence: "You said YES! to Frog Prince", "Ana said the WORD: moon".
// card(position): the card's name; help: {seat, kind, card, word}.
export function helpLine(help, card, seatName, me) {
  const name = seatName(help.seat);
  const yours = me !== null && help.seat === me;
  if (help.kind === "word") {
    // i18n: {word}: the one word the reader typed as their co-op help (player text, shown as typed).
    if (yours) return t("You said the WORD: {word}", { word: help.word });
    // i18n: {name}: the reader's partner; {word}: the word they typed (player text, shown as typed).
    return t("{name} said the WORD: {word}", { name, word: help.word });
  }
  if (help.kind === "yes") {
    // i18n: a co-op help; {card}: the name of a card on the table (from the card set, as it is).
    if (yours) return t("You said YES! to {card}", { card: card(help.card) });
    // i18n: a co-op help; {name}: the reader's partner; {card}: the name of a card on the table.
    return t("{name} said YES! to {card}", { name, card: card(help.card) });
  }
  // i18n: a co-op help; {card}: the name of a card on the table (from the card set, as it is).
  if (yours) return t("You said NO! to {card}", { card: card(help.card) });
  // i18n: a co-op help; {name}: the reader's partner; {card}: the name of a card on the table.
  return t("{name} said NO! to {card}", { name, card: card(help.card) });
}

// seatName(seat): a player's name; me: this client's seat (null: a spectator); cards: the grid when it happened.
export function describe(event, seatName, cards, me) {
  const card = (position) => (cards && cards[position] ? faceName(cards[position]) : String(position));
  const mine = (seat) => me !== null && seat === me;
  switch (event.kind) {
    case "turn-start": {
      const turn = { n: event.turn + 1, category: categoryName(event.category) };
      if (event.narrator === null || event.narrator === undefined) {
        // i18n: the start of a co-op turn; {n}: the turn's number; {category}: the turn's category.
        return t("Turn {n}: {category}", turn);
      }
      // i18n: {n}: the turn's number; {category}: the turn's category; the reader is the Narrator.
      if (mine(event.narrator)) return t("Turn {n}: {category}; you are the Narrator", turn);
      // i18n: {n}: the turn's number; {category}: the turn's category; {name}: another player, the Narrator.
      return t("Turn {n}: {category}; {name} is the Narrator", { ...turn, name: seatName(event.narrator) });
    }
    case "locked":
      if (mine(event.seat)) return t("You locked in");
      // i18n: {name}: another player, who has confirmed their pairs for this turn.
      return t("{name} locked in", { name: seatName(event.seat) });
    case "help":
      return helpLine({ seat: event.seat, kind: event.help, card: event.card, word: event.word }, card, seatName, me);
    case "timeout": {
      const who = people(event.seats || [], seatName, me);
      if (who.you && !who.n) return t("Time is up: the clock locked you in");
      if (who.you) {
        const all = withYou(who, "object");
        // i18n: the clock confirmed the pairs of the reader and of others; {names}: one list with "you" in
        // it ("you, Ana and Bo", see "the reader in a list of people…"); {n}: how many people, the reader counted.
        return tnc("the reader among {names}", "Time is up: the clock locked in {names}", "Time is up: the clock locked in {names}", all.n, all);
      }
      // i18n: {names}: the players (not the reader) whose pairs the clock confirmed, as a list; {n}: how many.
      if (who.n) return tn("Time is up: the clock locked in {names}", "Time is up: the clock locked in {names}", who.n,
        { names: who.names });
      return t("Time is up");
    }
    case "pair-checked": {
      const pair = { a: card(event.pair[0]), b: card(event.pair[1]) };
      const who = people(event.matched_by, seatName, me);
      // i18n: a Narrator's pair checked; {a} and {b}: the names of its two cards; the reader made it too.
      if (who.you && !who.n) return t("{a} + {b}: you made it too", pair);
      if (who.you) {
        const all = withYou(who, "subject");
        // i18n: a Narrator's pair checked; {a}, {b}: its cards; {names}: the reader and others who made it
        // too, one list with "you" in it ("you, Ana and Bo"); {n}: how many people, the reader counted.
        return tnc("the reader among {names}", "{a} + {b}: {names} made it too", "{a} + {b}: {names} made it too", all.n, { ...pair, ...all });
      }
      if (who.n) {
        // i18n: a Narrator's pair checked; {a}, {b}: its cards; {names}: the players (not the reader) who
        // made it too, as a list; {n}: how many.
        return tn("{a} + {b}: {names} made it too", "{a} + {b}: {names} made it too", who.n,
          { ...pair, names: who.names });
      }
      // i18n: a Narrator's pair checked; {a} and {b}: the names of its two cards.
      return t("{a} + {b}: nobody matched it", pair);
    }
    case "game-over":
      return t("Game over");
    default:
      return null;
  }
}
