// A rating as players read it (docs/server.md, Ratings): "1,500 ± 1,000", and "provisional" while
// it rests on few matches.
import { h } from "./dom.js";
import { language, t } from "./i18n.js";

export function formatNumber(n) {
  return new Intl.NumberFormat(language()).format(n);
}

export function ratingText(rating) {
  // i18n: a player's rating and its uncertainty, e.g. "1,500 ± 1,000".
  return t("{rating} ± {spread}", { rating: formatNumber(rating.rating), spread: formatNumber(rating.spread) });
}

// The small rating beside a seat's name at the table.
export function seatRating(rating) {
  if (!rating) return null;
  const title = rating.provisional
    // i18n: a tooltip on a new player's rating; {n}: rated matches played so far.
    ? t("Provisional rating: {n} rated matches so far", { n: rating.played }) : t("Rating");
  return h("span.seat-rating", { title, dataset: { provisional: rating.provisional ? "1" : "0" } },
    formatNumber(rating.rating), rating.provisional ? "?" : "");
}
