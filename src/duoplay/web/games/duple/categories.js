// Category names in the reader's language. A table's deck (its letters, categories and judge) has
// one language and the reader may use another: a Swedish reader at a Spanish table sees "djur" for
// "animal", and still answers in Spanish. The names come from the bundle build_assets.py writes;
// until it has loaded, or for a card it lacks, the deck's own name stands.
import { language } from "../../i18n.js";
import { bundleLoader } from "../../kit/bundle.js";

const BUNDLE_URL = "/static/games/duple/assets/categories.json";
let bundle = null;

const fetchBundle = bundleLoader(BUNDLE_URL);

export function loadCategories() {
  return fetchBundle().then((data) => {
    bundle = data;
    return data;
  });
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
