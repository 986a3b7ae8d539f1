// What the table says: the line above the grid (turn, round, category) and the status sentence.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { categoryName } from "./cards.js";

export function headParts(view) {
  const parts = [h("span.turn", {}, t("Turn {n} of {total}", { n: Math.min(view.turn + 1, view.turns), total: view.turns }))];
  if (view.mode !== "coop") {
    parts.push(h("span.round", {}, t("Round {n}", { n: Math.min(view.round, view.turns / view.scores.length) })));
  }
  parts.push(h("span.category", { id: "duos-category" }, categoryName(view.category)));
  if (view.flipped) parts.push(h("span.flipped", { title: t("The same cards, turned over") }, t("flipped")));
  return parts;
}

// What the table waits for, said to this seat. name(seat): "You" or the seat's name; me: null for
// a spectator; helpMode: "yes" or "no" while a card to mark is being chosen; locked: this seat's.
export function statusText(view, { outcome, me, name, helpMode, locked }) {
  if (outcome || view.phase === "game-over") return t("Game over");
  if (helpMode) return helpMode === "yes" ? t("Tap the card to mark YES!") : t("Tap the card to mark NO!");
  const waiting = view.to_move.filter((s) => s !== me).map(name);
  if (me === null) return t("Pairing: {names} still choosing", { names: waiting.join(", ") });
  if (locked) {
    return waiting.length ? t("You locked in. Waiting for {names}…", { names: waiting.join(", ") })
      : t("You locked in.");
  }
  if (view.mode === "coop") return t("Make the same pairs as {name}, then lock in", { name: name(1 - me) });
  if (view.narrator === me) return t("You are the Narrator: make up to 4 pairs, then lock in");
  return t("Guess the pairs {name} makes, then lock in", { name: name(view.narrator) });
}
