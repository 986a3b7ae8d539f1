// The scores: each seat's total with a bar toward the target, or points per round in a table
// with the totals. The table says what its columns are (rounds, turns...).
import { clear, h } from "../dom.js";
import { t } from "../i18n.js";

// rows: [{seat, name, total, mine}]; target: the score the bars run to.
function totalRows(rows, target) {
  return rows.map((row) => {
    const share = target ? Math.min(100, Math.max(0, Math.round((100 * row.total) / target))) : null;
    return h("div.kit-score-row", { dataset: { seat: row.seat }, class: row.mine ? "mine" : null },
      h("span.kit-score-name", {}, row.name), h("span.kit-score-total", {}, String(row.total)),
      share === null ? null
        : h("span.kit-score-bar", { "aria-hidden": "true" }, h("span.kit-score-fill", { style: { width: `${share}%` } })));
  });
}

// Points per column for every row, with totals.
// columns: [{label, group, state}]: `group` heads a run of columns (e.g. "Round 1"); `state` is
// "done", "now" or "later". cell(row, column, index) -> null (not played yet) or
// {text, mark, title, className}. columnsLabel heads the column of names' second header row.
export function scoreTable({ id, rows, columns, cell, columnsLabel = "" }) {
  const grouped = columns.some((column) => column.group);
  const groups = [h("th", {}, "")];
  for (let i = 0; i < columns.length;) {
    let span = 1;
    while (i + span < columns.length && columns[i + span].group === columns[i].group) span += 1;
    groups.push(h("th.kit-group", { colSpan: span }, columns[i].group || ""));
    i += span;
  }
  groups.push(h("th", {}, ""));
  const heads = [h("th", {}, columnsLabel), ...columns.map((c) => h("th", { class: `kit-col-${c.state || "done"}` }, c.label)),
    h("th", {}, t("Total"))];
  const body = rows.map((row) => h("tr", { dataset: { seat: row.seat }, class: row.mine ? "mine" : null },
    h("th.kit-who", { scope: "row" }, row.name),
    columns.map((column, index) => {
      const shown = cell(row, column, index);
      const state = `kit-col-${column.state || "done"}`;
      if (!shown) return h("td", { class: state }, "·");
      return h("td", { class: [state, shown.className].filter(Boolean).join(" "), title: shown.title || null },
        shown.text, shown.mark ? h("span.kit-mark", { "aria-label": shown.title || null }, shown.mark) : null);
    }),
    h("td.kit-total", {}, String(row.total))));
  return h("div.kit-score-table-wrap", {}, h("table.kit-score-table", { id },
    h("thead", {}, grouped ? h("tr", {}, groups) : null, h("tr", {}, heads)), h("tbody", {}, body)));
}

export class Scoreboard {
  constructor({ prefix }) {
    this.prefix = prefix;
    this.element = h("section.kit-scores", { id: `${prefix}-scores` });
  }

  // title: the heading (default "Scores"; null for none); rows: [{seat, name, total, mine}];
  // target: the score the game ends at (bars toward it, and "Target n" in the heading);
  // columns + cell: points per column as in scoreTable (then no bars); note: a line under it;
  // extra: more nodes at the end (the table's own).
  update({ title = t("Scores"), rows = [], target = null, columns = null, cell = null, columnsLabel = "",
    note = null, extra = [] }) {
    const parts = [];
    if (title !== null) {
      parts.push(h("h3.kit-scores-title", {}, title,
        // i18n: the score that ends the game; {n}: its points.
        target ? h("span.kit-target", {}, t("Target {n}", { n: target })) : null));
    }
    if (columns) {
      parts.push(scoreTable({ id: `${this.prefix}-scoreboard`, rows, columns, cell, columnsLabel }));
    } else {
      parts.push(...totalRows(rows, target));
    }
    if (note) parts.push(h("p.kit-note", {}, note));
    clear(this.element).append(...parts, ...extra);
  }
}
