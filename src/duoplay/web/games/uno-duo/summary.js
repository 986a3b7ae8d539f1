// The end of a round (revealed hands, points, the scores by round) and of the game.
import { h } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { cardFace } from "./cards.js";
import { wentOut } from "./events.js";
import { roundTable } from "./scores.js";

// seatName(seat): a player's name; label(seat): "You" for this seat, else its name (a label on its own).
export function roundSummary(result, { view, outcome, label, seatName, me, matchId }) {
  const seats = me === null ? [0, 1] : [me, 1 - me];
  const scores = result.scores || view.scores;
  // i18n: a heading; {n}: the round's number.
  const parts = [h("h2", {}, t("Round {n} is over", { n: result.round }))];
  if (result.winner < 0) {
    parts.push(h("p", {}, t("Nobody could move; the hands are equal and nobody scores.")));
  } else {
    parts.push(h("p.result", {}, wentOut(result, seatName, me)));
    if (result.blocked) parts.push(h("p.hint", {}, t("Nobody could move: the lower hand went out.")));
  }
  for (const seat of seats) {
    const hand = (result.hands || [])[seat] || [];
    parts.push(h("div.revealed", { dataset: { seat } },
      h("span.label", {}, hand.length
        // i18n: a caption over a player's revealed hand; {name}: the player's name (the reader's own
        // name too: it is a caption, not a sentence about them); {n}: the cards left in it.
        ? tn("{name}: {n} card left", "{name}: {n} cards left", hand.length, { name: seatName(seat) })
        // i18n: a caption over an empty hand; {name}: the player's name (the reader's own name too).
        : t("{name}: went out", { name: seatName(seat) })),
      h("div.mini", {}, hand.map((c) => cardFace(c)))));
  }
  // Every round so far, with the totals toward the target (scores.js).
  parts.push(h("h3", {}, t("Scores by round")),
    roundTable({ ...view, scores }, { label, me }, "uno-summary-scores"));
  if (outcome) {
    const winner = outcome.winners[0];
    const text = me === null
      // i18n: for a spectator; {name}: the winner.
      ? t("{name} wins the game!", { name: seatName(winner) })
      : winner === me ? t("You win the game!")
        // i18n: {name}: the other player, who won against the reader.
        : t("{name} wins the game.", { name: seatName(winner) });
    parts.push(h("p.game-result", { id: "uno-game-result" }, text));
    const links = [h("a.button", { href: "/" }, t("Back to the lobby"))];
    if (matchId) links.unshift(h("a.button", { href: `/replay/${matchId}` }, t("Watch the replay")));
    parts.push(h("div.links", {}, links));
  }
  return h("div.summary", {}, parts);
}
