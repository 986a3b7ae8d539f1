// Playing by keyboard: one listener per table that leaves alone typing, the browser's own
// shortcuts and open dialogs; and the key labels shown on buttons and in a hint line.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { modalOpen } from "./modal.js";

const TYPING = "input, select, textarea, [contenteditable='true']";

// handler(key, event) returns true when the key did something (its default action is then
// prevented). `key` is a letter or digit in lower case, else the key's name: "Enter", "Escape",
// "ArrowLeft", "Backspace", " ". `active()` says whether the table takes keys at all now.
// Returns the function that stops listening.
export function listenKeys(handler, { active = () => true } = {}) {
  const onKey = (event) => {
    if (!active() || modalOpen()) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest && event.target.closest(TYPING)) return;
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
