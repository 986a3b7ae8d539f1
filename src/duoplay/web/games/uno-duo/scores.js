// The scores round by round: who went out, the points the other player scored, the totals
// toward the target (reaching it loses). Read from the view's `history`; shown through the kit's
// scoreTable, in a dialog during play and in the end-of-round summary.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { scoreTable } from "../../kit/index.js";

// One row per seat, the reader first; one column per finished round.
// ctx: {label(seat) ("You" for the reader), me (null for a spectator)}; id: the table's id.
export function roundTable(view, { label, me }, id = "uno-round-scores") {
  const history = view.history || [];
  const seats = me === null ? [0, 1] : [me, 1 - me];
  const columns = history.map((result) => ({ label: String(result.round), state: "done", result }));
  const cell = (row, column) => {
    const { result } = column;
    if (result.winner === row.seat) {
      return { text: "0", mark: "✓", title: t("Went out"), className: "went-out" };
    }
    // The player who did not go out scores the cards left in their hand (nobody scores a tie).
    return { text: String(result.winner < 0 ? 0 : result.points), title: result.blocked ? t("Nobody could move") : null };
  };
  const rows = seats.map((seat) => ({ seat, name: label(seat), total: view.scores[seat], mine: seat === me }));
  const parts = [];
  if (columns.length) {
    parts.push(scoreTable({ id, rows, columns, cell, columnsLabel: t("Round") }));
  } else {
    parts.push(h("p.hint", { id: `${id}-none` }, t("No round has ended yet.")));
  }
  parts.push(h("p.kit-note", {},
    // i18n: under the scores by round; {n}: the target score, which loses the game when reached.
    t("✓ went out. Reaching {n} loses; the lower total wins.", { n: view.target_score })));
  return h("div.uno-round-scores", {}, parts);
}

// The dialog opened by the Scores button during play.
export function roundScoresDialog(view, ctx) {
  return [h("h2", {}, t("Scores by round")), roundTable(view, ctx)];
}
