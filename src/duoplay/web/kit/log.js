// The table's log: one line per event, oldest first, the lines of the latest update marked until
// the next one comes. A loud line also pops up as a toast, unless the log is quiet (a replay).
import { clear, h, toast } from "../dom.js";
import { t } from "../i18n.js";

export class EventLog {
  // prefix: the table's id prefix; limit: how many lines are kept; quiet: never toast;
  // open: whether the box starts unfolded (by default on wide screens only).
  constructor({ prefix, limit = 80, quiet = false, open = window.innerWidth > 900 }) {
    this.limit = limit;
    this.quiet = quiet;
    this.list = h("ol.kit-log", { id: `${prefix}-log`, "aria-label": t("What happened") });
    this.element = h("details.kit-log-box", { id: `${prefix}-log-box`, open },
      h("summary", {}, t("What happened")), this.list);
  }

  // entries: [{text, kind, loud}]; entries without text are skipped. With `highlight` the new
  // lines are marked as the newest.
  add(entries, { highlight = true } = {}) {
    for (const line of this.list.querySelectorAll(".kit-log-new")) line.classList.remove("kit-log-new");
    for (const entry of entries) {
      if (!entry || !entry.text) continue;
      this.list.append(h("li", { class: highlight ? "kit-log-new" : null,
        dataset: entry.kind ? { kind: entry.kind } : null }, entry.text));
      if (entry.loud && !this.quiet) toast(entry.text);
    }
    while (this.list.children.length > this.limit) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  // Older lines before the ones shown (a log rebuilt after a reload), never marked or toasted.
  prepend(entries) {
    const lines = entries.filter((entry) => entry && entry.text).map((entry) =>
      h("li", { dataset: entry.kind ? { kind: entry.kind } : null }, entry.text));
    this.list.prepend(...lines);
    while (this.list.children.length > this.limit) this.list.firstChild.remove();
    this.list.scrollTop = this.list.scrollHeight;
  }

  // The whole log at once (a replay that jumps): `older` plain, `newer` marked as the newest.
  replace(older, newer = []) {
    this.clear();
    this.add(older, { highlight: false });
    if (newer.length) this.add(newer);
  }

  clear() {
    clear(this.list);
  }
}
