// Playing by keyboard: one listener per table that leaves alone typing, the browser's own
// shortcuts and open dialogs; and the key labels shown on buttons and in a hint line.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { modalOpen } from "./modal.js";

// Keys pressed on a form control are that control's (Space ticks a box, letters pick an option).
const CONTROL = "input, select, textarea, [contenteditable='true']";
// The fields people type words into.
const TYPING = "textarea, [contenteditable='true'], input:not([type=checkbox]):not([type=radio]):not([type=range])"
  + ":not([type=button]):not([type=submit]):not([type=reset]):not([type=color]):not([type=file])";

// A key typed into a text field is never a table shortcut, nor is one typed just after: a race
// ends or a vote opens under the typist's fingers, the field goes, and the next letters land on
// the page. They stay typing until they pause this long; each key they type meanwhile extends it.
export const TYPING_GRACE_MS = 700;
let typedAt = -Infinity;

function inField(target) {
  return Boolean(target && target.closest && target.closest(TYPING));
}

// A field that still has the focus and can take keys: one hidden or disabled under the typist's
// fingers may keep document.activeElement without taking what they type.
function fieldWithFocus() {
  const field = document.activeElement;
  return inField(field) && !field.disabled && field.getClientRects().length > 0;
}

function typing() {
  return fieldWithFocus() || performance.now() - typedAt < TYPING_GRACE_MS;
}

// Captured before any table's listener: what was typed into a field, and what was typed on after.
// While keys count as typing, <body data-typing> says so (tests wait for it to go, as a person
// pauses before using the table's keys).
let calm = null;
function noteTyping() {
  typedAt = performance.now();
  document.body.dataset.typing = "";
  clearTimeout(calm);
  calm = setTimeout(function settle() {
    if (typing()) calm = setTimeout(settle, TYPING_GRACE_MS);
    else delete document.body.dataset.typing;
  }, TYPING_GRACE_MS);
}
// Tab and Escape leave a field on purpose: the key after them is meant for the table.
const LEAVING = new Set(["Tab", "Escape"]);
document.addEventListener("keydown", (event) => {
  if (LEAVING.has(event.key) || event.ctrlKey || event.metaKey || event.altKey) return;
  if (inField(event.target) || typing()) noteTyping();
}, true);

// handler(key, event) returns true when the key did something (its default action is then
// prevented). `key` is a letter or digit in lower case, else the key's name: "Enter", "Escape",
// "ArrowLeft", "Backspace", " ". `active()` says whether the table takes keys at all now.
// Keys aimed at a text field (see TYPING_GRACE_MS) never reach it. Returns the function that
// stops listening.
export function listenKeys(handler, { active = () => true } = {}) {
  const onKey = (event) => {
    if (!active() || modalOpen()) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if ((event.target.closest && event.target.closest(CONTROL)) || typing()) return;
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    if (handler(key, event)) event.preventDefault();
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}

// A key as the keyboard shows it.
export function kbd(key) {
  return h("kbd.kit-key", {}, key);
}

// The key label on a button (`label`, when the key's name is too long to show), which also tells
// assistive technology about the shortcut. `key` is a key name as listenKeys gives it.
export function withKey(button, key, label = null) {
  const name = key.length === 1 ? key.toUpperCase() : key;
  button.setAttribute("aria-keyshortcuts", name);
  button.append(h("kbd.kit-key", { "aria-hidden": "true" }, label || name));
  return button;
}

// A "Keys:" line from hints as [[keys, what they do], ...], `keys` a string or a list of strings,
// e.g. [[["1-9", "0"], t("choose")], ["Enter", t("confirm")]]. Shown where there is a keyboard (a wide screen), see kit.css.
export function keyHints(prefix, hints) {
  const parts = hints.map(([keys, does]) => h("span.kit-hint", {},
    (Array.isArray(keys) ? keys : [keys]).map((key) => [kbd(key), " "]), does));
  return h("p.kit-keys-hint", { id: `${prefix}-keys` }, h("span.kit-hint-label", {}, t("Keys:")), " ", parts);
}
