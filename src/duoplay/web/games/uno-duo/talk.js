// What the table says and asks: the status sentence, the labels of the simple actions and their
// keys, and what the draft shows.
import { h } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { cardFace, cardObject, cardsColour } from "./cards.js";

// Keys for the simple actions (also shown on their buttons), and for the colours of the picker.
export const KEYS = { draw: "d", keep: "k", "draft-keep": "k", "draft-discard": "x", pass: "p", challenge: "c",
  accept: "a", dump: "y", "no-dump": "n", uno: "u", catch: "t" };
export const COLOUR_KEYS = { r: "red", y: "yellow", g: "green", b: "blue" };

export function actionLabel(type, view, seatName) {
  switch (type) {
    case "draw":
      // i18n: a button; {n}: the cards the Draw 2 volley makes the reader draw.
      return view.phase === "volley" ? tn("Draw {n} card", "Draw {n} cards", view.volley) : t("Draw a card");
    case "keep": return t("Keep it");
    case "draft-keep": return t("Keep");
    case "draft-discard": return t("Discard, take the next");
    case "pass": return t("Pass");
    case "challenge": return t("Challenge");
    case "accept": return t("Accept, draw 4");
    case "dump": return t("Dump them all");
    case "no-dump": return t("Don't dump");
    case "uno": return t("UNO!");
    // i18n: a button; {name}: the other player, who has one card left and has not said UNO.
    case "catch": return t("Catch {name}!", { name: seatName(1 - view.seat) });
    default: return type;
  }
}

// What the table waits for, said to this seat (me: null for a spectator).
export function statusText(view, { outcome, me, seatName }) {
  if (outcome || view.phase === "game-over") return t("Game over");
  const seat = view.to_move[0];
  if (seat !== me) {
    return me === null
      // i18n: for a spectator; {name}: the player whose turn it is.
      ? t("{name} to move", { name: seatName(seat) })
      // i18n: {name}: the other player, whose turn it is.
      : t("Waiting for {name}…", { name: seatName(seat) });
  }
  switch (view.phase) {
    case "draft": return t("Draft: keep this card, or discard it and keep the next one");
    case "start-colour": return t("Choose the colour for the wild start card");
    // i18n: {card}: the card the reader just drew, in its "card in a sentence" form.
    case "drawn": return t("You drew {card}: play it now or keep it", { card: cardObject(view.drawn) });
    // i18n: {n}: the cards the reader draws unless they add a Draw 2.
    case "volley": return tn("Play a Draw 2 or draw {n} card", "Play a Draw 2 or draw {n} cards", view.volley);
    case "challenge": return t("A Wild Draw 4! Challenge it, or accept and draw 4");
    case "dump-decide":
      // i18n: {colour}: a colour in its "colour of several cards" form.
      return t("Reverse: play all your other {colour} cards too?", { colour: cardsColour(view.dump_colour) });
    // i18n: {colour}: a colour in its "colour of several cards" form.
    case "dumping": return t("Play your remaining {colour} cards, one by one", { colour: cardsColour(view.dump_colour) });
    default: return t("Your turn: play a card that matches, or draw");
  }
}

// In the draft: the card this seat is looking at.
export function draftPrompt(view) {
  if (view.phase !== "draft") return [];
  const parts = [];
  if (view.draft_card) {
    parts.push(h("div.draft", {}, h("span.label", {}, t("You are looking at")), cardFace(view.draft_card)));
  }
  return parts;
}

// What this seat has discarded in the draft so far, shown in the centre beside the piles.
export function draftDiscards(view) {
  if (view.phase !== "draft" || !(view.draft_discards || []).length) return null;
  return h("div.draft-discards", {}, h("span.label", {}, t("Discarded in the draft")),
    h("div.mini", {}, view.draft_discards.map((c) => cardFace(c))));
}
