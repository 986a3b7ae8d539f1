// Why a card cannot be played now, worked out from the view and `legal` (the server decides; this explains).
import { t } from "../../i18n.js";

export function explainRefusal(view, me, code, { plays, simples, cardName, colourName, cardsColour }) {
  if (!view) return t("The game has not started yet");
  if (me === null) return t("You are watching: take a seat to play");
  if (view.phase === "game-over") return t("The game is over");
  if (!view.to_move.includes(me)) return t("It is not your turn");
  if (code === null) {
    return simples.size ? t("You cannot draw now") : t("Nothing to do now");
  }
  switch (view.phase) {
    case "draft": return t("First keep or discard the card you are looking at");
    case "start-colour": return t("First choose the colour for the start card");
    // i18n: {card}: the card the reader just drew (its name on its own).
    case "drawn": return t("Play the card you just drew ({card}) or keep it", { card: cardName(view.drawn) });
    case "volley": return t("Only a Draw 2 continues the volley; otherwise draw the cards");
    case "challenge": return t("First challenge the Wild Draw 4 or accept it");
    // i18n: {colour}: a colour in its "colour of several cards" form.
    case "dump-decide": return t("First decide whether to dump your {colour} cards", { colour: cardsColour(view.dump_colour) });
    // i18n: {colour}: a colour in its "colour of several cards" form.
    case "dumping": return t("Only your {colour} cards can be dumped now", { colour: cardsColour(view.dump_colour) });
    default: break;
  }
  const cards = { card: cardName(code), top: cardName(view.top), colour: colourName(view.colour) };
  if (plays.size === 0 && simples.has("draw")) {
    // i18n: {card}: the card the reader tried (its name on its own); {top}: the top card of the discard
    // pile (its name on its own); {colour}: the colour in force ("colour on its own").
    return t("{card} does not match {top} on {colour}, and nothing else does: draw a card", cards);
  }
  // i18n: {card}: the card the reader tried; {top}: the top card of the discard pile (names on their own);
  // {colour}: the colour in force ("colour on its own").
  return t("{card} does not match {top} on {colour}: play the same colour, number or symbol, or a wild", cards);
}
