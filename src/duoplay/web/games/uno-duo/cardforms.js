// A coloured UNO Duo card inside a sentence, where a language agrees the colour with the card's noun
// and puts both in the sentence's case (Polish "Zagrywasz czerwoną piątkę", "niebieskie Weź 2",
// "zielony Stop"). Each catalog declares which of three colour forms each rank takes (the messages
// "1" in the contexts "colour form of the rank … in a sentence"), the three forms of each colour, and
// each number as a noun; a language without agreement keeps form 1 and its colour words as they are.
// docs/i18n.md says more.
import { tc } from "../../i18n.js";

const FORM_OF_RANK = {
  0: () => tc("colour form of the rank 0 in a sentence: 1, 2 or 3", "1"),
  1: () => tc("colour form of the rank 1 in a sentence: 1, 2 or 3", "1"),
  2: () => tc("colour form of the rank 2 in a sentence: 1, 2 or 3", "1"),
  3: () => tc("colour form of the rank 3 in a sentence: 1, 2 or 3", "1"),
  4: () => tc("colour form of the rank 4 in a sentence: 1, 2 or 3", "1"),
  5: () => tc("colour form of the rank 5 in a sentence: 1, 2 or 3", "1"),
  6: () => tc("colour form of the rank 6 in a sentence: 1, 2 or 3", "1"),
  7: () => tc("colour form of the rank 7 in a sentence: 1, 2 or 3", "1"),
  8: () => tc("colour form of the rank 8 in a sentence: 1, 2 or 3", "1"),
  9: () => tc("colour form of the rank 9 in a sentence: 1, 2 or 3", "1"),
  "+2": () => tc("colour form of the rank Draw 2 in a sentence: 1, 2 or 3", "1"),
  rev: () => tc("colour form of the rank Reverse in a sentence: 1, 2 or 3", "1"),
  skip: () => tc("colour form of the rank Skip in a sentence: 1, 2 or 3", "1"),
};

const COLOUR_FORMS = {
  1: () => ({ red: tc("colour of one card in a sentence, form 1", "red"),
    yellow: tc("colour of one card in a sentence, form 1", "yellow"),
    green: tc("colour of one card in a sentence, form 1", "green"),
    blue: tc("colour of one card in a sentence, form 1", "blue") }),
  2: () => ({ red: tc("colour of one card in a sentence, form 2", "red"),
    yellow: tc("colour of one card in a sentence, form 2", "yellow"),
    green: tc("colour of one card in a sentence, form 2", "green"),
    blue: tc("colour of one card in a sentence, form 2", "blue") }),
  3: () => ({ red: tc("colour of one card in a sentence, form 3", "red"),
    yellow: tc("colour of one card in a sentence, form 3", "yellow"),
    green: tc("colour of one card in a sentence, form 3", "green"),
    blue: tc("colour of one card in a sentence, form 3", "blue") }),
};

// A number card's number as a noun in a sentence (Polish "piątkę"); other languages keep the digit.
const NUMBERS = {
  0: () => tc("number of a card in a sentence", "0"),
  1: () => tc("number of a card in a sentence", "1"),
  2: () => tc("number of a card in a sentence", "2"),
  3: () => tc("number of a card in a sentence", "3"),
  4: () => tc("number of a card in a sentence", "4"),
  5: () => tc("number of a card in a sentence", "5"),
  6: () => tc("number of a card in a sentence", "6"),
  7: () => tc("number of a card in a sentence", "7"),
  8: () => tc("number of a card in a sentence", "8"),
  9: () => tc("number of a card in a sentence", "9"),
};

// Which colour form a rank takes: "1", "2" or "3" as its language declares; form 1 otherwise.
function formOf(rank) {
  const form = FORM_OF_RANK[rank] ? FORM_OF_RANK[rank]() : "1";
  return form in COLOUR_FORMS ? form : "1";
}

// The colour of a card of this rank, in a sentence: "red", Polish "czerwoną" for a 5.
export function colourInSentence(colour, rank) {
  return COLOUR_FORMS[formOf(rank)]()[colour] || String(colour);
}

// A number card's number in a sentence ("5", Polish "piątkę"); undefined for an action rank.
export function numberInSentence(rank) {
  return NUMBERS[rank] ? NUMBERS[rank]() : undefined;
}
