// UNO Duo cards drawn with CSS: colour, a big rank, and a suit symbol per colour for colour-blind play.
import { h } from "../../dom.js";
import { refusalParam, t, tc } from "../../i18n.js";
import { colourInSentence, numberInSentence } from "./cardforms.js";

export const COLOURS = ["red", "yellow", "green", "blue"];
const LETTERS = { R: "red", Y: "yellow", G: "green", B: "blue" };
export const SUITS = { red: "♥", yellow: "★", green: "♣", blue: "♦" };
// A card's name has two forms: the label (the name on its own: a tooltip, a button, a list) and the
// form inside a sentence, as the object of a verb ("You played {card}"), where a language adds its
// article or case ending ("un Joker", "Dziką kartę"). English uses the same words for both.
const WILD_FACES = {
  wild: { mark: "W", name: () => t("Wild"), object: () => tc("card in a sentence", "Wild") },
  "wild+4": { mark: "+4", name: () => t("Wild Draw 4"), object: () => tc("card in a sentence", "Wild Draw 4") },
  "wild-shuffle": { mark: "⇅", name: () => t("Wild Shuffle Hands"),
    object: () => tc("card in a sentence", "Wild Shuffle Hands") },
  "wild-custom": { mark: "✎", name: () => t("Wild Customizable"),
    object: () => tc("card in a sentence", "Wild Customizable") },
};
const RANK_MARKS = { "+2": "+2", rev: "⇄", skip: "⊘" };

// "R5" -> {colour: "red", rank: "5"}; "wild+4" -> {colour: null, rank: "wild+4"}.
export function parseCard(code) {
  if (code in WILD_FACES) return { colour: null, rank: code, wild: true };
  return { colour: LETTERS[code[0]] || null, rank: code.slice(1), wild: false };
}

// Each colour in each of its uses, so that every language can agree it with what it describes:
// on its own (a swatch, "the colour now"), as chosen ("{name} chose {colour}"), the colour of one
// card ("red 5") and of several ("your red cards").
const COLOUR_WORDS = {
  alone: () => ({ red: tc("colour on its own", "red"), yellow: tc("colour on its own", "yellow"),
    green: tc("colour on its own", "green"), blue: tc("colour on its own", "blue") }),
  chosen: () => ({ red: tc("colour chosen for a wild card", "red"),
    yellow: tc("colour chosen for a wild card", "yellow"), green: tc("colour chosen for a wild card", "green"),
    blue: tc("colour chosen for a wild card", "blue") }),
  card: () => ({ red: tc("colour of one card", "red"), yellow: tc("colour of one card", "yellow"),
    green: tc("colour of one card", "green"), blue: tc("colour of one card", "blue") }),
  cards: () => ({ red: tc("colour of several cards", "red"), yellow: tc("colour of several cards", "yellow"),
    green: tc("colour of several cards", "green"), blue: tc("colour of several cards", "blue") }),
};

function colourWord(use, colour) {
  const names = COLOUR_WORDS[use]();
  return typeof colour === "number" ? names[COLOURS[colour]] : names[colour] || String(colour);
}

// The colour on its own: a swatch's label, the current colour.
export const colourName = (colour) => colourWord("alone", colour);
// The colour a wild card was given: "{name} chose {colour}".
export const chosenColour = (colour) => colourWord("chosen", colour);
// The colour of several cards: "your {colour} cards".
export const cardsColour = (colour) => colourWord("cards", colour);

function rankName(rank, inSentence) {
  const names = inSentence
    ? { "+2": tc("card in a sentence", "Draw 2"), rev: tc("card in a sentence", "Reverse"),
      skip: tc("card in a sentence", "Skip") }
    : { "+2": t("Draw 2"), rev: t("Reverse"), skip: t("Skip") };
  return names[rank] || rank;
}

// A card's label: "red 5", "green Draw 2", "Wild Draw 4".
export function cardName(code) {
  const card = parseCard(code);
  if (card.wild) return WILD_FACES[code].name();
  const parts = { colour: colourWord("card", card.colour), rank: rankName(card.rank, false) };
  // i18n: a card's name on its own (a label); {colour}: its colour ("colour of one card"), {rank}: its
  // number or action ("5", "Draw 2", "Reverse", "Skip").
  return t("{colour} {rank}", parts);
}

// A card's name inside a sentence, as the object of a verb: "You played {card}".
export function cardObject(code) {
  const card = parseCard(code);
  if (card.wild) return WILD_FACES[code].object();
  const parts = { colour: colourInSentence(card.colour, card.rank),
    rank: numberInSentence(card.rank) ?? rankName(card.rank, true) };
  // i18n: a card's name inside a sentence, as the object of a verb ("You played {card}"): add the
  // article or case ending your language needs there. {colour}: its colour, in the form its rank takes
  // ("colour of one card in a sentence, form 1/2/3"); {rank}: its number ("number of a card in a
  // sentence") or action, in its "card in a sentence" form.
  return tc("card in a sentence", "{colour} {rank}", parts);
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
  // a card that is not a button is a picture with a name; the rank in its own span, so that a 6 and a 9
  // are underlined (table.css: which is which, upside down)
  return h(tag, { role: tag === "button" ? null : "img", "aria-label": cardName(code), dataset: { card: code },
    ...attrs, class: classes + extra },
    h("span.corner.tl", { "aria-hidden": "true" }, h("span.rank", {}, mark), h("span.suit", {}, suit)),
    // colour-blind mode: the suit large behind the rank, readable at a phone's card size (table.css)
    h("span.oval", { "aria-hidden": "true" }, suit ? h("span.big-suit", {}, suit) : null,
      h("span.mark", {}, h("span.rank", {}, mark))),
    h("span.corner.br", { "aria-hidden": "true" }, h("span.rank", {}, mark), h("span.suit", {}, suit)));
}

// The back's "DUO" is drawn by table.css: a logo, no text to read out nor to match a label against.
export function cardBack(attrs = {}) {
  return h("div.card.back", { "aria-hidden": "true", ...attrs }, h("span.oval", {}, h("span.mark")));
}

// A colour swatch with its suit symbol (the current colour, the colour picker).
export function colourChip(colour, tag = "span", attrs = {}) {
  return h(tag, { class: `chip c-${colour}`, ...attrs },
    h("span.suit", { "aria-hidden": "true" }, SUITS[colour]), h("span.chip-name", {}, colourName(colour)));
}

// The server's refusals name a card by its code ("R5", "wild+4"), a rank or a wild card by its English
// name ("Draw 2", "Wild Draw 4", as cards.py names them) and a colour by its English word ("red"):
// each is shown in the reader's language, as a label.
const RANKS_BY_NAME = { "Draw 2": "+2", Reverse: "rev", Skip: "skip" };
const WILDS_BY_NAME = { Wild: "wild", "Wild Draw 4": "wild+4", "Wild Shuffle Hands": "wild-shuffle",
  "Wild Customizable": "wild-custom" };
function refusedCard(value) {
  if (typeof value !== "string") return undefined; // a DUOS card is a position, a number
  const code = value.replace(/^'|'$/g, "");
  if (code in WILDS_BY_NAME) return WILD_FACES[WILDS_BY_NAME[code]].name();
  if (code in RANKS_BY_NAME) return rankName(RANKS_BY_NAME[code], false);
  if (code in WILD_FACES) return WILD_FACES[code].name();
  const card = parseCard(code);
  const known = card.colour && (/^\d$/.test(card.rank) || card.rank in RANK_MARKS);
  return known ? cardName(code) : undefined;
}
const refusedColour = (value) => (COLOURS.includes(value) ? colourName(value) : undefined);
for (const key of ["card", "top"]) refusalParam(key, refusedCard);
for (const key of ["colour", ...COLOURS]) refusalParam(key, refusedColour);
