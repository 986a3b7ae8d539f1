// What each rules event means in words, and the small animations that help follow it.
import { reducedMotion } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { cardBack, cardFace, cardName, colourName } from "./cards.js";

// One line of the table's log for an event, or null for events that need none.
// "You went out; Bo scores 12 points" / "Bo went out; you score 12 points" / for spectators.
export function wentOut(result, name, me) {
  const params = { name: name(result.winner), other: name(1 - result.winner) };
  if (result.winner === me) {
    return tn("You went out; {other} scores {n} point", "You went out; {other} scores {n} points", result.points, params);
  }
  if (me !== null && 1 - result.winner === me) {
    return tn("{name} went out; you score {n} point", "{name} went out; you score {n} points", result.points, params);
  }
  return tn("{name} went out; {other} scores {n} point", "{name} went out; {other} scores {n} points",
    result.points, params);
}

export function describe(event, name, me) {
  const who = (seat) => name(seat);
  switch (event.kind) {
    case "round-start":
      return t("Round {round} begins; {name} drafts first", { round: event.round, name: who(event.player_one) });
    case "draft":
      return t("{name} discarded {card} in the draft", { name: who(event.seat), card: cardName(event.discarded) });
    case "start-card":
      return t("The start card is {card}", { card: cardName(event.card) });
    case "colour":
      return t("{name} chose {colour}", { name: who(event.seat), colour: colourName(event.colour) });
    case "play":
      return event.card.startsWith("wild")
        ? t("{name} played {card} and chose {colour}", {
          name: who(event.seat), card: cardName(event.card), colour: colourName(event.colour) })
        : t("{name} played {card}", { name: who(event.seat), card: cardName(event.card) });
    case "uno":
      return t("{name}: UNO!", { name: who(event.seat) });
    case "volley":
      return tn("Draw 2 volley: {n} card to draw", "Draw 2 volley: {n} cards to draw", event.total);
    case "draw":
      if (Array.isArray(event.cards) && event.cards.length) {
        return t("{name} drew {cards}", { name: who(event.seat), cards: event.cards.map(cardName).join(", ") });
      }
      return tn("{name} drew {n} card", "{name} drew {n} cards", event.count, { name: who(event.seat) });
    case "refill":
      return tn("The discards became the new draw pile ({n} card)",
        "The discards became the new draw pile ({n} cards)", event.count);
    case "challenge":
      return event.guilty
        ? t("{name} challenged the Wild Draw 4: guilty!", { name: who(event.seat) })
        : t("{name} challenged the Wild Draw 4: it was allowed", { name: who(event.seat) });
    case "dump":
      return t("{name} dumps every {colour} card", { name: who(event.seat), colour: colourName(event.colour) });
    case "shuffle-hands":
      return t("{name} shuffled both hands together and dealt them out", { name: who(event.seat) });
    case "pass":
      return t("{name} passed", { name: who(event.seat) });
    case "catch":
      return t("{name} caught {other} without UNO", { name: who(event.seat), other: who(event.caught) });
    case "round-end":
      if (event.winner < 0) return t("Round {round} ends blocked: nobody scores", { round: event.round });
      return wentOut(event, name, me);
    case "game-end":
      return t("Game over");
    default:
      return null;
  }
}

// Events worth a toast even if you are not reading the log.
export const LOUD = new Set(["uno", "catch", "challenge", "shuffle-hands", "refill"]);

// A card of `size` flies from the centre of `from` to the centre of `to`; it is an overlay and
// never takes clicks, so the table stays usable while it moves.
function fly(element, from, to, size, delay, endScale = 1) {
  if (!from || !to || !size) return;
  const ghost = element;
  ghost.classList.add("flying");
  const left = from.left + from.width / 2 - size.width / 2;
  const top = from.top + from.height / 2 - size.height / 2;
  Object.assign(ghost.style, { left: `${left}px`, top: `${top}px`, width: `${size.width}px`,
    height: `${size.height}px` });
  ghost.style.setProperty("--card-w", `${size.width}px`);
  const dx = to.left + to.width / 2 - (from.left + from.width / 2);
  const dy = to.top + to.height / 2 - (from.top + from.height / 2);
  document.body.append(ghost);
  const animation = ghost.animate(
    [{ transform: "translate(0, 0) scale(1)", opacity: 1 },
      { transform: `translate(${dx}px, ${dy}px) scale(${endScale})`, opacity: 0.85 }],
    { duration: 380, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" });
  animation.onfinish = () => ghost.remove();
  animation.oncancel = () => ghost.remove();
}

// places: {hand(seat) -> rect, card(seat, code) -> rect before the update, draw -> rect, discard -> rect}
export function animate(events, places) {
  if (reducedMotion()) return;
  let delay = 0;
  for (const event of events) {
    if (event.kind === "play") {
      const from = places.card(event.seat, event.card) || places.hand(event.seat);
      fly(cardFace(event.card), from, places.discard, places.discard, delay);
      delay += 160;
    } else if (event.kind === "draw" && event.count > 0) {
      for (let i = 0; i < Math.min(event.count, 6); i += 1) {
        fly(cardBack(), places.draw, places.hand(event.seat), places.draw, delay, 0.6);
        delay += 90;
      }
    }
  }
}
