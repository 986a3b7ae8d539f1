// UNO Duo cards drawn with CSS: colour, a big rank, and a suit symbol per colour for colour-blind play.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";

export const COLOURS = ["red", "yellow", "green", "blue"];
const LETTERS = { R: "red", Y: "yellow", G: "green", B: "blue" };
export const SUITS = { red: "♥", yellow: "★", green: "♣", blue: "♦" };
const WILD_FACES = {
  wild: { mark: "W", name: () => t("Wild") },
  "wild+4": { mark: "+4", name: () => t("Wild Draw 4") },
  "wild-shuffle": { mark: "⇅", name: () => t("Wild Shuffle Hands") },
  "wild-custom": { mark: "✎", name: () => t("Wild Customizable") },
};
const RANK_MARKS = { "+2": "+2", rev: "⇄", skip: "⊘" };

// "R5" -> {colour: "red", rank: "5"}; "wild+4" -> {colour: null, rank: "wild+4"}.
export function parseCard(code) {
  if (code in WILD_FACES) return { colour: null, rank: code, wild: true };
  return { colour: LETTERS[code[0]] || null, rank: code.slice(1), wild: false };
}

export function colourName(colour) {
  const names = { red: t("red"), yellow: t("yellow"), green: t("green"), blue: t("blue") };
  return typeof colour === "number" ? names[COLOURS[colour]] : names[colour] || String(colour);
}

function rankName(rank) {
  const names = { "+2": t("Draw 2"), rev: t("Reverse"), skip: t("Skip") };
  return names[rank] || rank;
}

// A readable name: "red 5", "green Draw 2", "Wild Draw 4".
export function cardName(code) {
  const card = parseCard(code);
  if (card.wild) return WILD_FACES[code].name();
  return t("{colour} {rank}", { colour: colourName(card.colour), rank: rankName(card.rank) });
}

export function isActionRank(rank) {
  return rank in RANK_MARKS;
}

// The face of a card; `tag` "button" makes it clickable (your hand), else a plain figure.
export function cardFace(code, { tag = "div", attrs = {} } = {}) {
  const card = parseCard(code);
  const mark = card.wild ? WILD_FACES[code].mark : RANK_MARKS[card.rank] || card.rank;
  const suit = card.wild ? "" : SUITS[card.colour];
  const classes = `card face ${card.wild ? "wild" : "c-" + card.colour}${mark.length > 1 ? " long" : ""}`;
  const extra = attrs.class ? " " + attrs.class : "";
  return h(tag, { "aria-label": cardName(code), dataset: { card: code }, ...attrs, class: classes + extra },
    h("span.corner.tl", { "aria-hidden": "true" }, mark, h("span.suit", {}, suit)),
    h("span.oval", { "aria-hidden": "true" }, h("span.mark", {}, mark)),
    h("span.corner.br", { "aria-hidden": "true" }, mark, h("span.suit", {}, suit)));
}

export function cardBack(attrs = {}) {
  return h("div.card.back", { "aria-hidden": "true", ...attrs }, h("span.oval", {}, h("span.mark", {}, "DUO")));
}

// A colour swatch with its suit symbol (the current colour, the colour picker).
export function colourChip(colour, tag = "span", attrs = {}) {
  return h(tag, { class: `chip c-${colour}`, ...attrs },
    h("span.suit", { "aria-hidden": "true" }, SUITS[colour]), h("span.chip-name", {}, colourName(colour)));
}
