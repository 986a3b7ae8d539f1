// The end of the game: who won, each seat's points, cards and All Play cards.
import { h } from "../../dom.js";
import { people, t, tn, tnc, withYou } from "../../i18n.js";

// seatName(seat): a player's name; label(seat): "You" for this seat, else its name (on its own).
export function gameSummary(view, outcome, seatName, label, me) {
  const winners = outcome && outcome.winners ? outcome.winners : [];
  const order = [...Array(view.seats).keys()].sort((a, b) => view.scores[b] - view.scores[a] || a - b);
  let headline;
  const who = people(winners, seatName, me);
  if (winners.length === 1) {
    headline = who.you ? t("You win!")
      // i18n: {name}: the winner (another player).
      : t("{name} wins!", { name: seatName(winners[0]) });
  } else if (who.you) {
    // i18n: {names}: the winners, one list with "you" in it ("you, Ana and Bo"); {n}: how many, the
    // reader counted.
    headline = tnc("the reader among {names}", "A shared win: {names}", "A shared win: {names}", who.n + 1, withYou(who, "subject"));
  } else {
    // i18n: {names}: the winners (not the reader), as a list ("Ana and Bo"); {n}: how many.
    headline = tn("A shared win: {names}", "A shared win: {names}", who.n, { names: who.names });
  }
  return h("div.duple-summary", { id: "duple-summary" },
    h("h2", {}, t("Game over")),
    h("p.duple-headline", {}, headline),
    h("table.duple-final", {},
      h("thead", {}, h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Cards")), h("th", {}, t("All Play")),
        h("th", {}, t("Points")))),
      h("tbody", {}, order.map((seat) => h("tr", { class: [winners.includes(seat) ? "winner" : "", seat === me ? "mine" : ""]
        .filter(Boolean).join(" "), dataset: { seat, score: view.scores[seat] } },
      h("td", {}, winners.includes(seat) ? `★ ${label(seat)}` : label(seat)),
      h("td", {}, String(view.won[seat])),
      h("td", {}, String(view.won_all_play[seat])),
      h("td", {}, String(view.scores[seat])))))),
    h("p.duple-note", {}, t("A letter card scores 1 point, an All Play card 2.")));
}
