// The page around a table. While a match is being played a table asks the page to step back
// (`focusTable(true)`), so that the hand and the controls for the current decision fit on a laptop
// or phone screen without scrolling. The look is kit.css (`body.kit-table-focus`):
// - on a laptop the room's header folds to one line and the seat list keeps only your own seat;
// - on a phone the page's top bar, the room's header, the name prompt, the seat list and the
//   reactions fold into one thin bar held at the top (the room's code and a button that opens
//   them again, `body.kit-room-open`), and toasts show inside that bar, where they cover no control;
// - the visual viewport is watched (viewport.js), so that a focused field and its form stay above
//   an on-screen keyboard.
import { h } from "../dom.js";
import { t } from "../i18n.js";
import { watchViewport } from "./viewport.js";

const FOCUS = "kit-table-focus";
const OPEN = "kit-room-open";

let bar = null;

export function focusTable(on) {
  document.body.classList.toggle(FOCUS, Boolean(on));
  if (!on) {
    document.body.classList.remove(OPEN); // the next match starts folded
    return;
  }
  watchViewport();
  roomBar();
}

// The thin bar: drawn once, placed first in the page so that it can stick to the top of the
// screen; the room's code is read from the room page on each call (a relabel redraws it).
function roomBar() {
  if (!bar) {
    const toggle = h("button.kit-room-toggle", { type: "button", id: "kit-room-toggle", "aria-expanded": "false",
      onclick: () => {
        const open = document.body.classList.toggle(OPEN);
        toggle.setAttribute("aria-expanded", String(open));
        if (open) window.scrollTo(0, 0); // what opens is above the table: show it
      } }, h("span", { "aria-hidden": "true" }, "☰"));
    bar = h("div.kit-room-bar", { id: "kit-room-bar" }, h("span.kit-room-bar-code"), toggle);
  }
  if (!bar.isConnected) document.body.prepend(bar);
  const code = document.getElementById("room-code");
  bar.querySelector(".kit-room-bar-code").textContent = code ? `${t("Room")} ${code.textContent}` : "";
  const toggle = bar.querySelector(".kit-room-toggle");
  // i18n: the name of the ☰ button of a phone's thin bar during a game: it opens the room's header, the seats,
  // the reactions and the page's settings (sound, colours, language).
  toggle.setAttribute("aria-label", t("Room, seats and settings"));
  toggle.setAttribute("aria-expanded", String(document.body.classList.contains(OPEN)));
}
