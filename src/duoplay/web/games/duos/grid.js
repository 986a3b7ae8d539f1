// The 4 x 3 cards: picture and name, this player's pair markers, the picked cards, the keyboard
// cursor, and the co-op marks (YES!, NO!) that both players see.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { facePicture, faceName, MARKERS, markerBadge } from "./cards.js";
import { helpName } from "./helps.js";

// Keys that pick the 12 cards, row by row: 1-9, 0, -, =.
export const PICK_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];

function markOf(view, position) {
  return view.helps.find((help) => help.kind !== "word" && help.card === position) || null;
}

// A co-op mark in a card's label for screen readers: "YES!, from Ana".
function markLabel(mark, seatName, me) {
  // i18n: {help}: YES! or NO!, which the reader put on this card.
  if (mark.seat === me) return t("{help}, from you", { help: helpName(mark.kind) });
  // i18n: {help}: YES! or NO!; {name}: the reader's partner, who put it on this card.
  return t("{help}, from {name}", { help: helpName(mark.kind), name: seatName(mark.seat) });
}

// pairOf(position) -> {a, b, marker} or null; picked: positions; cursor: the focusable card;
// editable: the player may pair now; seatName(seat); me: this seat; onTap(position): a tap or click on a card.
export function gridCards(view, { pairOf, picked, cursor, editable, seatName, me, onTap }) {
  return view.cards.map((id, position) => {
    const pair = pairOf(position);
    const mark = markOf(view, position);
    const marker = pair ? MARKERS[pair.marker % MARKERS.length] : null;
    // the name, then the mark, as the card shows them: speech control says what it sees
    const label = [faceName(id)];
    if (mark) label.push(markLabel(mark, seatName, me));
    // i18n: part of a card's label for screen readers; {n}: which of the reader's pairs it is in (1-4).
    if (pair) label.push(t("pair {n}", { n: pair.marker + 1 }));
    return h("button.duos-card", {
      type: "button",
      class: [marker ? `paired m-${marker.colour}` : "", picked.includes(position) ? "picked" : "",
        position === cursor && editable ? "cursor" : "", mark ? `mark-${mark.kind}` : "",
        editable ? "" : "still"].filter(Boolean).join(" "),
      dataset: { pos: position, face: id, pair: pair ? pair.marker : "", picked: picked.includes(position) ? "1" : "0",
        mark: mark ? mark.kind : "" },
      "aria-pressed": editable ? String(picked.includes(position)) : null,
      "aria-label": label.join(", "),
      tabindex: position === cursor ? "0" : "-1",
      onclick: (event) => {
        if (event.detail !== 0) onTap(position); // keyboard presses are the table's keys
      },
    },
    facePicture(id),
    h("span.name", {}, faceName(id)),
    // the key is drawn by CSS from data-key: as text it would sit in the button's visible text but
    // not in its name, which speech control matches against
    editable ? h("kbd.key", { "aria-hidden": "true", dataset: { key: PICK_KEYS[position] || "" } }) : null,
    pair ? markerBadge(pair.marker) : null,
    // a space between the name and the mark: their words stay apart in the text read out and matched
    // against the label (a flex row shows no space)
    mark ? " " : null, mark ? h("span.help-mark", { class: mark.kind }, helpName(mark.kind)) : null);
  });
}
