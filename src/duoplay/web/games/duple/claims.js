// The words that won races, as everyone at the table heard them. A `won` event names only the
// winner (and the card), so the word comes from the accepted answer, or the vote, before it.
// Built from events alone, so a page that arrives late can rebuild the list from the replay.
import { clear, h } from "../../dom.js";
import { t } from "../../i18n.js";
import { categoryLabel } from "./categories.js";

export class Claims {
  // limit: how many words to keep, newest first.
  constructor({ limit = 8 } = {}) {
    this.limit = limit;
    this.list = []; // [{seat, word, letters, category, categoryId, deck, allPlay, letter}], newest first
    this.lang = null; // the deck's language, once a view has said it
    this.reset();
  }

  // The race in progress: its letters, its category and each seat's accepted word.
  reset() {
    this.names = new Map(); // category id -> its name in the game's language
    this.letters = [];
    this.category = null;
    this.allPlay = false;
    this.words = new Map();
  }

  // A page that arrives mid-race starts from the view's race instead of its events.
  seed(view) {
    this.lang = view.lang; // the deck's language, which the category names are in
    this.names.set(view.category.id, view.category.name);
    this.category = view.category.id;
    const race = view.race;
    if (!race) return;
    this.letters = race.letters;
    this.allPlay = race.kind === "allplay";
    for (const answer of race.answers) if (answer.accepted) this.words.set(answer.seat, answer.word);
  }

  // Events (normalized, see events.js) in order; returns the claims they made, newest first.
  hear(events) {
    const made = [];
    for (const event of events) {
      switch (event.kind) {
        case "category":
          if (event.name) this.names.set(event.category, event.name);
          this.category = event.category;
          break;
        case "faceoff":
          Object.assign(this, { letters: event.letters, allPlay: false, words: new Map() });
          if (event.category) this.category = event.category;
          break;
        case "allplay":
          Object.assign(this, { letters: event.letters, allPlay: true, words: new Map() });
          break;
        case "tie":
        case "new_category":
        case "replay":
          this.words = new Map(); // the same letters again, under another category
          break;
        case "answer":
          if (event.accepted) this.words.set(event.seat, event.word);
          break;
        case "vote":
          if (event.accepted) this.words.set(event.seat, event.word);
          break;
        case "won":
          made.unshift({ seat: event.seat, word: this.words.get(event.seat) || "", letters: this.letters,
            category: this.allPlay ? null : this.names.get(this.category) || this.category,
            categoryId: this.allPlay ? null : this.category, deck: this.lang,
            allPlay: event.race === "allplay", letter: event.card ? event.card.letter : null });
          this.words = new Map();
          break;
        case "unwon":
          this.words = new Map();
          break;
        default:
          break;
      }
    }
    this.list = [...made, ...this.list].slice(0, this.limit);
    return made;
  }

  // Claims heard before the first state this page saw (the replay of the match so far).
  prepend(older) {
    this.list = [...this.list, ...older].slice(0, this.limit);
  }

  clear() {
    this.list = [];
    this.reset();
  }
}

// One claim: the word large, then who and for what ("Ana · L + O · animal").
export function claimTag(claim, seatName, { id, fresh = false } = {}) {
  const category = claim.category && categoryLabel(claim.deck, claim.categoryId, claim.category);
  const about = [seatName(claim.seat), claim.letters.join(" + "), claim.allPlay ? t("All Play") : category]
    .filter(Boolean).join(" · ");
  return h("li.duple-claim", { id, class: fresh ? "fresh" : null,
    dataset: { seat: claim.seat, word: claim.word, allPlay: claim.allPlay ? "1" : "0" } },
  h("span.duple-claim-word", {}, claim.word || "—"),
  h("span.duple-claim-about", {}, about));
}

export function renderClaims(box, claims, seatName, freshCount = 0) {
  clear(box).append(...claims.list.map((claim, i) => claimTag(claim, seatName, { fresh: i < freshCount })));
  box.dataset.count = String(claims.list.length);
}
