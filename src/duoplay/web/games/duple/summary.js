// The end of the game: who won, each seat's points, cards and All Play cards.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";

export function gameSummary(view, outcome, name, me) {
  const winners = outcome && outcome.winners ? outcome.winners : [];
  const order = [...Array(view.seats).keys()].sort((a, b) => view.scores[b] - view.scores[a] || a - b);
  let headline;
  if (winners.length === 1) {
    headline = winners[0] === me ? t("You win!") : t("{name} wins!", { name: name(winners[0]) });
  } else {
    headline = t("A shared win: {names}", { names: winners.map(name).join(", ") });
  }
  return h("div.duple-summary", { id: "duple-summary" },
    h("h2", {}, t("Game over")),
    h("p.duple-headline", {}, headline),
    h("table.duple-final", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Cards")), h("th", {}, t("All Play")),
        h("th", {}, t("Points")))),
      h("tbody", {}, order.map((seat) => h("tr", { class: [winners.includes(seat) ? "winner" : "", seat === me ? "mine" : ""]
        .filter(Boolean).join(" "), dataset: { seat, score: view.scores[seat] } },
      h("td", {}, winners.includes(seat) ? `★ ${name(seat)}` : name(seat)),
      h("td", {}, String(view.won[seat])),
      h("td", {}, String(view.won_all_play[seat])),
      h("td", {}, String(view.scores[seat])))))),
    h("p.duple-note", {}, t("A letter card scores 1 point, an All Play card 2.")));
}
