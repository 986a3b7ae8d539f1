// The connection as every table shows it. One state for the page: "open", "connecting" (first
// contact), "offline" (the socket is down, reconnecting), "resyncing" (back, waiting for the
// room's state) or "gone" (no such room: nothing to reconnect to). While it is anything but open after the first contact, a bar fixed to the top of
// the viewport says so, at any scroll and any screen size, and <body data-connection> carries the
// state for the tables' own marks (a clock paused for you, see timer.js).
import { h } from "../dom.js";
import { t } from "../i18n.js";

const listeners = new Set();
let current = "connecting";
let bar = null;

export function connectionState() {
  return current;
}

// Whether the player is cut off from the table in `state` (by default now): what they see may be
// behind, and what they do waits.
export function paused(state = current) {
  return state === "offline" || state === "resyncing";
}

// listener(state) on every change; returns the function that stops listening.
export function onConnection(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function text(state) {
  if (state === "offline") return t("Connection lost, reconnecting…");
  // i18n: the connection is back; the page is waiting for the game's current state.
  if (state === "resyncing") return t("Reconnected, catching up…");
  return "";
}

// The bar, made once and placed by the room page; it shows itself.
export function connectionBar() {
  if (!bar) {
    bar = h("div.kit-connection", { id: "connection", role: "status", "aria-live": "assertive", hidden: true });
    render();
  }
  return bar;
}

function render() {
  if (!bar) return;
  bar.hidden = !paused(current);
  bar.dataset.state = current;
  bar.textContent = text(current);
}

export function setConnection(state) {
  if (state === current) return;
  current = state;
  document.body.dataset.connection = state;
  render();
  for (const listener of [...listeners]) listener(state);
}

// The bar's words in the language just chosen.
export function relabelConnection() {
  render();
}
