// The seats and the score sheet, as the table and the big screen show them.
import { bySeat, t } from "../../i18n.js";
import { presence } from "../../kit/index.js";
import { heldBy } from "./talk.js";

// One seat for the kit's SeatStrip: who portrays, who is still drawing, who judges whom.
// label(seat): "You" or a name; me: this seat (null: a spectator).
export function seatEntry(v, seat, { ctx, label, me }) {
  const badges = [];
  if (seat === v.portrayer) badges.push({ text: t("Portrayer"), kind: "portrayer" });
  let state = null;
  if (v.phase === "describe" && seat !== v.portrayer) {
    state = v.done.includes(seat) ? { text: t("pencil down"), done: true } : { text: t("drawing") };
  }
  const held = heldBy(v, seat);
  if (v.phase === "judge" && held !== null) {
    state = { text: bySeat(held, ctx.seatName, me, { you: () => t("judges your drawing"),
      // i18n: a seat's state beside its name; {name}: the Artist (not the reader) whose drawing it judges.
      other: (name) => t("judges {name}", { name }) }) };
  }
  return { seat, name: ctx.seatName(seat), mine: seat === me, toMove: v.to_move.includes(seat), badges, state,
    score: v.totals[seat], ...presence(ctx, seat) };
}

// The score sheet: one column per round (the Portrayer's points marked), and the totals.
export function scoreSheet(v, { label, me }) {
  const played = v.sheet.rounds;
  const columns = [...Array(v.rounds).keys()].map((i) => ({ label: String(i + 1),
    state: i < played.length ? "done" : i === played.length ? "now" : "later" }));
  const portrayers = v.sheet.portrayers;
  return {
    title: t("Score sheet"),
    columnsLabel: t("Round"),
    columns,
    rows: [...Array(v.seats).keys()].map((seat) => ({ seat, name: label(seat), total: v.totals[seat], mine: seat === me })),
    cell: (row, column, index) => {
      if (index >= played.length) return null;
      const portrayed = portrayers[index] && portrayers[index].portrayer === row.seat;
      return { text: String(played[index][row.seat]), mark: portrayed ? "✎" : null,
        title: portrayed ? t("Portrayer this round") : null, className: portrayed ? "duplik-portrayed" : "" };
    },
    note: t("✎ marks the Portrayer's points"),
  };
}
