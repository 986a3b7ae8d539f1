// Reactions: a fixed set of emotes (no free chat to moderate), sent by seated players and shown for a
// moment next to the sender's seat. The server allows one every 2 s per player.
import { h } from "./dom.js";
import { t } from "./i18n.js";

const SHOWN_FOR = 2500; // ms

// The same names as the server's list (protocol.py EMOTES); the label is what a screen reader says.
const EMOTES = [
  ["thumbs_up", "👍", () => t("Nice move")],
  ["laugh", "😄", () => t("Ha ha")],
  ["wow", "😮", () => t("Wow")],
  ["clap", "👏", () => t("Well played")],
  ["sad", "😢", () => t("Oh no")],
  ["think", "🤔", () => t("Let me think")],
];

export function emoteSymbol(name) {
  const found = EMOTES.find(([id]) => id === name);
  return found ? found[1] : "";
}

export function emoteLabel(name) {
  const found = EMOTES.find(([id]) => id === name);
  return found ? found[2]() : name;
}

// A row of reaction buttons; onPick(name) sends one.
export function emoteBar(onPick) {
  // i18n: the label of a row of reaction buttons (emoji) that players send to the table.
  const bar = h("div.emote-bar", { id: "emotes", role: "group", "aria-label": t("Reactions"), hidden: true });
  for (const [name, symbol, label] of EMOTES) {
    bar.append(h("button.emote", { type: "button", dataset: { emote: name }, title: label(),
      "aria-label": label(), onclick: () => onPick(name) }, symbol));
  }
  return bar;
}

// A bubble on the sender's seat, gone after a moment: on the table's seat tag when the table shows one
// (during play the room's seat list folds away), else on the room's seat list. `root` holds both.
export function showEmote(root, seat, name) {
  const shown = (el) => el.getClientRects().length > 0;
  const place = [...root.querySelectorAll(`.kit-seat[data-seat="${seat}"]`)].find(shown)
    || [...root.querySelectorAll(`li.seat[data-seat="${seat}"]`)].find(shown);
  if (!place) return;
  for (const old of place.querySelectorAll(".emote-bubble")) old.remove();
  const bubble = h("span.emote-bubble", { role: "img", "aria-label": emoteLabel(name), dataset: { emote: name } },
    emoteSymbol(name));
  place.append(bubble);
  setTimeout(() => bubble.remove(), SHOWN_FOR);
}
