// The co-op helps of this turn: which of WORD, YES! and NO! are free and who used the others, the
// partner's WORD, and this player's WORD box and YES!/NO! buttons while they may still help.
import { h } from "../../dom.js";
import { refusalParam, t } from "../../i18n.js";

// A help's name on its own: a chip, a button, a mark on a card.
export function helpName(kind) {
  return { word: t("WORD"), yes: t("YES!"), no: t("NO!") }[kind] || kind;
}

// The server's refusals name a help by its kind or by its English name (rules.py HELP_NAMES, which
// the English reason shows): either is shown in the reader's language.
const HELP_KINDS = { word: "word", yes: "yes", no: "no", WORD: "word", "YES!": "yes", "NO!": "no" };
refusalParam("help", (value) => (value in HELP_KINDS ? helpName(HELP_KINDS[value]) : undefined));

// me: this seat; seatName(seat): a player's name; canPair: this player may still act this turn; helpMode: "yes", "no"
// or null; onWord(text): the WORD box was sent; onArm(kind): YES! or NO! was pressed.
export function helpsPanel(view, { me, seatName, canPair, helpMode, onWord, onArm }) {
  const parts = [];
  const chips = ["word", "yes", "no"].map((kind) => {
    const given = view.helps.find((help) => help.kind === kind);
    const state = given ? (given.seat === me ? "yours" : "partner") : "free";
    const text = state === "free" ? t("free")
      : state === "yours" ? t("used by you")
        // i18n: after a help's name (WORD, YES!, NO!); {name}: the reader's partner, who used it.
        : t("used by {name}", { name: seatName(given.seat) });
    return h("li.help-chip", { class: state, dataset: { help: kind, state } }, h("strong", {}, helpName(kind)), " ", text);
  });
  parts.push(h("ul.help-chips", { id: "duos-help-chips", "aria-label": t("Helps this turn") }, chips));
  const word = view.helps.find((help) => help.kind === "word");
  if (word) {
    parts.push(h("p.word-said", { id: "duos-word-said" },
      word.seat === me ? t("You said the WORD:")
        // i18n: before the word, shown in bold; {name}: the reader's partner.
        : t("{name} said the WORD:", { name: seatName(word.seat) }), " ",
      h("strong", {}, word.word)));
  }
  const used = view.helps.some((help) => help.seat === me);
  if (!canPair) return parts;
  if (used) return [...parts, h("p.hint", {}, t("You have used your help for this turn"))];
  const input = h("input", { id: "duos-word-input", type: "text", maxlength: 60, autocomplete: "off",
    placeholder: t("One word"), "aria-label": t("WORD") });
  const form = h("form.word-form", { id: "duos-word-form" }, input, h("button", { type: "submit" }, t("Say the WORD")));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onWord(input.value.trim()); // whatever is typed goes to the server, which says what a WORD may be
  });
  const arm = (kind) => h("button", { type: "button", id: `duos-${kind}`, "aria-pressed": String(helpMode === kind),
    class: helpMode === kind ? "armed" : "", onclick: () => onArm(kind) }, helpName(kind));
  return [...parts, h("div.help-actions", {}, form, h("div.marks", {}, arm("yes"), arm("no")))];
}
