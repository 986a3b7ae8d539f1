// The places on the table: a player's area (who, how many cards, the hand or the backs) and the
// centre (draw pile, discard pile ringed in the current colour, colour, volley, round).
import { clear, h } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { presence, seatTag } from "../../kit/index.js";
import { cardBack, cardFace, cardName, colourChip } from "./cards.js";

const MAX_BACKS = 14;
const MANY = 18;
const LOTS = 26;

// ctx: the table's ctx; plays: the legal plays by card; onPlay(code): a card of the hand was chosen;
// clock: the turn timer's ring, shown on the seat to move.
export function playerArea(box, seat, { view, me, ctx, plays, onPlay, clock }) {
  const count = view.hand_counts[seat];
  const moving = view.to_move.includes(seat);
  clear(box);
  box.classList.toggle("to-move", moving);
  box.dataset.seat = seat;
  box.append(seatTag({ seat, name: ctx.seatName(seat), mine: seat === me, toMove: moving, ...presence(ctx, seat),
    clock: moving ? clock : null,
    // One card is an UNO warning in play; while the hands are drafted it is only the first card kept.
    badges: count === 1 && view.phase !== "draft" ? [{ text: t("Last card"), kind: "alert" }] : [],
    // i18n: {n}: how many cards a player holds (also the number under the draw pile).
    aside: tn("{n} card", "{n} cards", count) }));
  if (seat === me && Array.isArray(view.hand)) {
    // A big hand overlaps its cards (table.css): on a phone from MANY cards, everywhere from LOTS.
    const size = view.hand.length > LOTS ? "many lots" : view.hand.length > MANY ? "many" : null;
    const hand = h("div.hand", { id: "uno-hand", class: size, role: "group", "aria-label": t("Your hand") });
    view.hand.forEach((code, index) => {
      const legal = plays.has(code);
      const key = index < 10 ? String((index + 1) % 10) : null;
      hand.append(cardFace(code, { tag: "button", attrs: {
        type: "button",
        class: `${legal ? "playable" : "unplayable"}${view.drawn === code && view.phase === "drawn" ? " drawn" : ""}`,
        dataset: { card: code, index, legal: legal ? "1" : "0" },
        title: key ? `${cardName(code)} [${key}]` : cardName(code),
        onclick: () => onPlay(code),
      } }));
    });
    box.append(hand);
  } else {
    const backs = h("div.backs", { role: "img", "aria-label": tn("{n} card", "{n} cards", count) });
    for (let i = 0; i < Math.min(count, MAX_BACKS); i += 1) backs.append(cardBack());
    if (count > MAX_BACKS) backs.append(h("span.more", {}, `+${count - MAX_BACKS}`));
    box.append(backs);
  }
}

// canDraw: drawing is legal now (the pile is lit; clicking it otherwise explains why not).
export function centre({ drawPile, discardPile, info }, view, canDraw) {
  clear(drawPile).append(cardBack(), h("span.pile-count", {}, tn("{n} card", "{n} cards", view.draw_pile)));
  drawPile.classList.toggle("live", canDraw);
  // i18n: what a screen reader says of the draw pile; {n}: how many cards it holds.
  drawPile.setAttribute("aria-label", tn("Draw pile: {n} card", "Draw pile: {n} cards", view.draw_pile));
  clear(discardPile).append(view.top ? cardFace(view.top) : h("div.card.empty-slot", {}, ""));
  discardPile.className = `pile discard-pile${view.colour ? " ring-" + view.colour : ""}`;
  clear(info);
  if (view.colour) {
    info.append(h("div.current-colour", { id: "uno-current-colour" }, t("Colour"), colourChip(view.colour)));
  }
  if (view.volley > 0) {
    // i18n: {n}: the cards the Draw 2 volley will make a player draw.
    info.append(h("div.volley", { id: "uno-volley" }, tn("Volley: {n} card", "Volley: {n} cards", view.volley)));
  }
  // i18n: {n}: the round's number.
  info.append(h("div.round", {}, t("Round {n}", { n: view.round })));
}

// The legal actions as the table uses them: plays by card (a wild has one per colour, with and
// without UNO), the colour choices, and the other actions by type.
export function sortLegal(legal) {
  const plays = new Map();
  const simples = new Map();
  const colourChoices = [];
  for (const action of legal || []) {
    if (action.type === "play") {
      if (!plays.has(action.card)) plays.set(action.card, []);
      plays.get(action.card).push(action);
    } else if (action.type === "colour") {
      colourChoices.push(action);
    } else {
      simples.set(action.type, action);
    }
  }
  return { plays, simples, colourChoices };
}
