// The end of a round (revealed hands, points, totals) and of the game.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { cardFace } from "./cards.js";
import { wentOut } from "./events.js";

export function roundSummary(result, { view, outcome, name, seatName, me, matchId }) {
  const seats = me === null ? [0, 1] : [me, 1 - me];
  const scores = result.scores || view.scores;
  const parts = [h("h2", {}, t("Round {n} is over", { n: result.round }))];
  if (result.winner < 0) {
    parts.push(h("p", {}, t("Nobody could move; the hands are equal and nobody scores.")));
  } else {
    parts.push(h("p.result", {}, wentOut(result, name, me)));
    if (result.blocked) parts.push(h("p.hint", {}, t("Nobody could move: the lower hand went out.")));
  }
  for (const seat of seats) {
    const hand = (result.hands || [])[seat] || [];
    parts.push(h("div.revealed", { dataset: { seat } },
      h("span.label", {}, hand.length ? t("{name}: {n} left", { name: seatName(seat), n: hand.length })
        : t("{name}: went out", { name: seatName(seat) })),
      h("div.mini", {}, hand.map((c) => cardFace(c)))));
  }
  parts.push(h("table.totals", {},
    h("tr", {}, h("th", {}, ""), h("th", {}, t("Total")), h("th", {}, t("Target"))),
    seats.map((seat) => h("tr", {}, h("td", {}, name(seat)), h("td", {}, String(scores[seat])),
      h("td", {}, String(view.target_score))))));
  if (outcome) {
    const winner = outcome.winners[0];
    const text = me === null ? t("{name} wins the game!", { name: seatName(winner) })
      : winner === me ? t("You win the game!") : t("{name} wins the game.", { name: seatName(winner) });
    parts.push(h("p.game-result", { id: "uno-game-result" }, text));
    const links = [h("a.button", { href: "/" }, t("Back to the lobby"))];
    if (matchId) links.unshift(h("a.button", { href: `/replay/${matchId}` }, t("Watch the replay")));
    parts.push(h("div.links", {}, links));
  }
  return h("div.summary", {}, parts);
}
