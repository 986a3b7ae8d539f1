// Under the grid while pairing: how many pairs, whether the server has them, Undo, Lock in, and
// the keys (on a wide screen).
import { h } from "../../dom.js";
import { t, tc, tn } from "../../i18n.js";
import { keyHints, withKey } from "../../kit/index.js";

export const MAX_PAIRS = 4; // a full placement, below which the table asks first (the server judges)

// What the table asks before locking in with fewer than 4 pairs (`count`).
export function lockQuestion(count) {
  return [
    h("h2", {}, count
      // i18n: asked before locking in; {n}: the pairs placed, fewer than 4.
      ? tn("Lock in with only {n} pair?", "Lock in with only {n} pairs?", count) : t("Lock in with no pairs?")),
    h("p", {}, t("Once locked in, your pairs cannot change this turn.")),
  ];
}

// count: pairs placed; synced: the server holds them; saving: a save is on its way; locked: this
// seat has locked in; canPair: it may still pair; canUndo: there is something to undo.
export function pairingControls({ count, synced, saving, locked, canPair, canUndo, onUndo, onLock }) {
  return [
    // i18n: {n}: how many pairs the reader has placed this turn (at most 4).
    h("span.pair-count", { id: "duos-pair-count" }, tn("{n} of 4 pairs", "{n} of 4 pairs", count)),
    h("span.save-state", { id: "duos-save", dataset: { saved: synced ? "1" : "0" } },
      locked ? "" : synced ? (count ? t("Saved") : "") : saving ? t("Saving…") : ""),
    withKey(h("button", { type: "button", id: "duos-undo", disabled: !canPair || !canUndo, onclick: onUndo },
      t("Undo")), "Backspace", t("Bksp")),
    withKey(h("button.primary", { type: "button", id: "duos-lock", disabled: !canPair, onclick: onLock },
      locked ? t("Locked in") : t("Lock in")), "l"),
    canPair ? keyHints("duos", [[["1-9", "0", "-", "="], t("pick a card")], [["←", "→", "↑", "↓"], t("move")],
      [tc("key", "Enter"), t("make the pair")], [tc("key", "Backspace"), t("undo")], ["L", t("lock in")]]) : null,
  ];
}
