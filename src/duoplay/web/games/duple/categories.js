// Category names in the reader's language. A table's deck (its letters, categories and judge) has
// one language and the reader may use another: a Swedish reader at a Spanish table sees "djur" for
// "animal", and still answers in Spanish. The names come from the bundle build_assets.py writes;
// until it has loaded, or for a card it lacks, the deck's own name stands.
import { language } from "../../i18n.js";

const BUNDLE_URL = "/static/games/duple/assets/categories.json";
let bundle = null;
let loading = null;

export function loadCategories() {
  if (!loading) {
    loading = fetch(BUNDLE_URL)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error(`HTTP ${response.status}`))))
      .then((data) => {
        bundle = data;
        return data;
      })
      .catch((error) => {
        loading = null; // try again on the next table
        throw error;
      });
  }
  return loading;
}

// The name of category `id` of the `deck` language's cards, for this reader; `deckName` is the
// deck's own name for it (what the server sent).
export function categoryLabel(deck, id, deckName) {
  const reader = language();
  if (!bundle || !deck || reader === deck) return deckName || id;
  const english = (bundle.decks[deck] || {})[id] || id;
  return (bundle.names[english] || {})[reader] || deckName || id;
}

// The view's category (and the word just won's) named for this reader.
export function readersView(view) {
  if (!view || !view.category) return view;
  const named = (category) => ({ ...category, name: categoryLabel(view.lang, category.id, category.name) });
  const win = view.win && view.win.category ? { ...view.win, category: named(view.win.category) } : view.win;
  return { ...view, category: named(view.category), win };
}
