// Letter cards, play piles and the wild card, drawn with CSS: a big letter and its symbol.
import { h } from "../../dom.js";
import { t, tc, tn } from "../../i18n.js";
import { symbolIcon, symbolInSentence, symbolName } from "./symbols.js";

// card: {letter, symbol}; size: "big" (the racing letters), "pile" or "small".
export function letterCard(card, { size = "pile", extra = "" } = {}) {
  if (!card) {
    return h("div.duple-card.empty", { class: `size-${size}`, role: "img", "aria-label": t("Empty pile") });
  }
  return h("div.duple-card", {
    class: `size-${size} sym-${card.symbol} ${extra}`.trim(),
    dataset: { letter: card.letter, symbol: card.symbol },
    role: "img",
    // i18n: a card for screen readers; {letter}: its letter; {symbol}: its symbol's name ("star", "moon").
    "aria-label": card.symbol ? t("{letter} with a {symbol}", { letter: card.letter, symbol: symbolName(card.symbol) })
      : card.letter,
  },
  h("span.letter", { "aria-hidden": "true" }, card.letter),
  card.symbol ? symbolIcon(card.symbol, { decorative: true }) : null);
}

// A play pile: its top card, how many cards it holds; `racing` rings the piles of the face-off.
export function pileTag(pile, index, { racing = false, fresh = false } = {}) {
  return h("div.duple-pile", {
    class: [racing ? "racing" : "", fresh ? "fresh" : ""].filter(Boolean).join(" "),
    id: `duple-pile-${index}`,
    dataset: { pile: index, owner: pile.owner, count: pile.count,
      letter: pile.top ? pile.top.letter : "", symbol: pile.top ? pile.top.symbol : "" },
  },
  letterCard(pile.top, { size: "pile" }),
  // i18n: {n}: how many cards a pile holds.
  h("span.duple-pile-count", {}, tn("{n} card", "{n} cards", pile.count)));
}

// The wild card between the decks: its two symbols match each other.
export function wildTag(wild) {
  if (!wild) return null;
  const [a, b] = wild.symbols;
  return h("div.duple-wild", { id: "duple-wild", dataset: { symbols: wild.symbols.join(",") },
    // i18n: {a}, {b}: two symbols ("the star", "the moon", see "symbol in a sentence"), which match each other.
    title: t("Wild card: {a} matches {b}", { a: symbolInSentence(a), b: symbolInSentence(b) }) },
  h("span.duple-wild-label", {}, tc("the word game's wild card", "Wild")),
  symbolIcon(a), h("span.duple-wild-eq", { "aria-hidden": "true" }, "="), symbolIcon(b));
}
