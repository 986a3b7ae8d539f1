// What the table says: the line above the grid (turn, round, category) and the status sentence.
import { h } from "../../dom.js";
import { people, t, tn } from "../../i18n.js";
import { categoryName } from "./cards.js";

export function headParts(view) {
  // i18n: {n}: the turn's number; {total}: how many turns the game has.
  const parts = [h("span.turn", {}, t("Turn {n} of {total}", { n: Math.min(view.turn + 1, view.turns), total: view.turns }))];
  if (view.mode !== "coop") {
    // i18n: {n}: the round's number.
    parts.push(h("span.round", {}, t("Round {n}", { n: Math.min(view.round, view.turns / view.scores.length) })));
  }
  parts.push(h("span.category", { id: "duos-category" }, categoryName(view.category)));
  if (view.flipped) parts.push(h("span.flipped", { title: t("The same cards, turned over") }, t("flipped")));
  return parts;
}

// What the table waits for, said to this seat. seatName(seat): a player's name; me: null for a
// spectator; helpMode: "yes" or "no" while a card to mark is being chosen; locked: this seat's.
export function statusText(view, { outcome, me, seatName, helpMode, locked }) {
  if (outcome || view.phase === "game-over") return t("Game over");
  if (helpMode) return helpMode === "yes" ? t("Tap the card to mark YES!") : t("Tap the card to mark NO!");
  const waiting = people(view.to_move.filter((s) => s !== me), seatName, me);
  if (me === null) {
    // i18n: for a spectator; {names}: the players still making their pairs, as a list ("Ana and Bo");
    // {n}: how many of them.
    return tn("Pairing: {names} is still choosing", "Pairing: {names} are still choosing", waiting.n,
      { names: waiting.names });
  }
  if (locked) {
    // i18n: {names}: the other players still making their pairs, as a list; {n}: how many of them.
    return waiting.n ? tn("You locked in. Waiting for {names}…", "You locked in. Waiting for {names}…", waiting.n,
      { names: waiting.names }) : t("You locked in.");
  }
  // i18n: the co-op game; {name}: the reader's partner.
  if (view.mode === "coop") return t("Make the same pairs as {name}, then lock in", { name: seatName(1 - me) });
  if (view.narrator === me) return t("You are the Narrator: make up to 4 pairs, then lock in");
  // i18n: {name}: the Narrator of this turn (another player).
  return t("Guess the pairs {name} makes, then lock in", { name: seatName(view.narrator) });
}
