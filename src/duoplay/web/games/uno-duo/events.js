// What each rules event means in words, and the small animations that help follow it.
import { reducedMotion } from "../../dom.js";
import { listOf, t, tn } from "../../i18n.js";
import { cardBack, cardFace, cardObject, cardsColour, chosenColour } from "./cards.js";

// The log speaks to the reader in the second person: a line that can be about this seat has a
// message of its own for it ("You played {card}"), never "You" pasted into "{name} played {card}".
// seatName(seat): a player's name; me: this seat (null for a spectator).

// "You went out; Bo scores 12 points" / "Bo went out; you score 12 points" / for spectators.
export function wentOut(result, seatName, me) {
  const params = { name: seatName(result.winner), other: seatName(1 - result.winner) };
  if (result.winner === me) {
    // i18n: the end of a round, to the player who went out; {other}: the other player's name; {n}: the
    // points the other player's cards count (they go to their total, and reaching the target loses).
    return tn("You went out; {other} scores {n} point", "You went out; {other} scores {n} points", result.points, params);
  }
  if (me !== null && 1 - result.winner === me) {
    // i18n: the end of a round, to the player who did not go out; {name}: the player who went out;
    // {n}: the points the reader's cards count.
    return tn("{name} went out; you score {n} point", "{name} went out; you score {n} points", result.points, params);
  }
  // i18n: the end of a round, for a spectator; {name}: the player who went out; {other}: the other
  // player (never the reader); {n}: the points {other}'s cards count.
  return tn("{name} went out; {other} scores {n} point", "{name} went out; {other} scores {n} points",
    result.points, params);
}

// A draft pick as it happened: a kept card sends the next one to the draft discards; a discarded
// card gives the next one. Which card was kept is known to its drafter only.
function draftLine(event, name, mine) {
  const card = cardObject(event.discarded);
  const kept = event.kept ? cardObject(event.kept) : null;
  if (event.kept_first && mine && kept) {
    // i18n: a draft pick of the reader; {kept}: the card kept, {card}: the next card of the pile, which
    // went face up onto the draft discards (both in their "card in a sentence" form).
    return t("You kept {kept}; {card} went to the draft discards", { kept, card });
  }
  if (event.kept_first && mine) {
    // i18n: a draft pick of the reader (in a replay, where the kept card is not shown); {card}: the next
    // card of the pile, which went face up onto the draft discards ("card in a sentence").
    return t("You kept the card you saw; {card} went to the draft discards", { card });
  }
  if (event.kept_first) {
    // i18n: a draft pick of another player ({name}), who kept the card they saw (which stays secret);
    // {card}: the next card of the pile, which went face up onto the draft discards ("card in a sentence").
    return t("{name} kept the card they saw; {card} went to the draft discards", { name, card });
  }
  if (mine && kept) {
    // i18n: a draft pick of the reader; {card}: the card discarded, {kept}: the next card, which the
    // reader took instead (both in their "card in a sentence" form).
    return t("You discarded {card} and took {kept}", { card, kept });
  }
  if (mine) {
    // i18n: a draft pick of the reader (in a replay, where the card taken is not shown); {card}: the
    // card discarded, in its "card in a sentence" form.
    return t("You discarded {card} and took the next card", { card });
  }
  // i18n: a draft pick of another player ({name}); {card}: the card discarded, in its "card in a
  // sentence" form; the next card, which they took instead, stays secret.
  return t("{name} discarded {card} and took the next card", { name, card });
}

// One line of the table's log for an event, or null for events that need none. In the comments of
// the messages, "another player" is never the reader: the reader has a message of their own.
export function describe(event, seatName, me) {
  const mine = (seat) => me !== null && seat === me;
  const name = seatName(event.seat);
  switch (event.kind) {
    case "round-start":
      return mine(event.player_one)
        // i18n: {round}: the round's number; the reader drafts first.
        ? t("Round {round} begins; you draft first", { round: event.round })
        // i18n: {round}: the round's number; {name}: another player, who drafts first.
        : t("Round {round} begins; {name} drafts first", { round: event.round, name: seatName(event.player_one) });
    case "draft":
      return draftLine(event, name, mine(event.seat));
    case "start-card":
      // i18n: {card}: the first card of the discard pile, in its "card in a sentence" form.
      return t("The start card is {card}", { card: cardObject(event.card) });
    case "colour":
      return mine(event.seat)
        // i18n: {colour}: the colour chosen for the wild start card ("colour chosen for a wild card").
        ? t("You chose {colour}", { colour: chosenColour(event.colour) })
        // i18n: {name}: another player; {colour}: the colour chosen ("colour chosen for a wild card").
        : t("{name} chose {colour}", { name, colour: chosenColour(event.colour) });
    case "play":
      if (event.card.startsWith("wild")) {
        const params = { name, card: cardObject(event.card), colour: chosenColour(event.colour) };
        return mine(event.seat)
          // i18n: {card}: a wild card ("card in a sentence"); {colour}: its colour ("colour chosen for a wild card").
          ? t("You played {card} and chose {colour}", params)
          // i18n: {name}: another player; {card}: a wild card ("card in a sentence"); {colour}: the colour chosen.
          : t("{name} played {card} and chose {colour}", params);
      }
      return mine(event.seat)
        // i18n: {card}: a card, in its "card in a sentence" form.
        ? t("You played {card}", { card: cardObject(event.card) })
        // i18n: {name}: another player; {card}: a card, in its "card in a sentence" form.
        : t("{name} played {card}", { name, card: cardObject(event.card) });
    case "uno":
      if (mine(event.seat)) return t("You said UNO!");
      // i18n: {name}: another player, who has just said UNO.
      return t("{name}: UNO!", { name });
    case "volley":
      // i18n: {n}: how many cards the next player draws unless they add a Draw 2.
      return tn("Draw 2 volley: {n} card to draw", "Draw 2 volley: {n} cards to draw", event.total);
    case "draw":
      if (Array.isArray(event.cards) && event.cards.length) {
        const cards = listOf(event.cards.map(cardObject));
        return mine(event.seat)
          // i18n: {cards}: the cards drawn, each in its "card in a sentence" form, as a list ("A, B and C");
          // {n}: how many.
          ? tn("You drew {cards}", "You drew {cards}", event.cards.length, { cards })
          // i18n: {name}: another player; {cards}: the cards drawn, as a list; {n}: how many.
          : tn("{name} drew {cards}", "{name} drew {cards}", event.cards.length, { name, cards });
      }
      return mine(event.seat)
        // i18n: {n}: how many cards the reader drew (face down to the others).
        ? tn("You drew {n} card", "You drew {n} cards", event.count)
        // i18n: {name}: another player; {n}: how many cards they drew.
        : tn("{name} drew {n} card", "{name} drew {n} cards", event.count, { name });
    case "refill":
      // i18n: {n}: how many cards the new draw pile holds.
      return tn("The discards became the new draw pile ({n} card)",
        "The discards became the new draw pile ({n} cards)", event.count);
    case "challenge":
      if (mine(event.seat)) {
        return event.guilty ? t("You challenged the Wild Draw 4: guilty!")
          : t("You challenged the Wild Draw 4: it was allowed");
      }
      return event.guilty
        // i18n: {name}: another player, who challenged the reader's (or a player's) Wild Draw 4.
        ? t("{name} challenged the Wild Draw 4: guilty!", { name })
        // i18n: {name}: another player, who challenged a Wild Draw 4 that turned out to be allowed.
        : t("{name} challenged the Wild Draw 4: it was allowed", { name });
    case "dump":
      return mine(event.seat)
        // i18n: after a Reverse; {colour}: a colour in its "colour of several cards" form.
        ? t("You dump all your {colour} cards", { colour: cardsColour(event.colour) })
        // i18n: after a Reverse; {name}: another player; {colour}: "colour of several cards".
        : t("{name} dumps all their {colour} cards", { name, colour: cardsColour(event.colour) });
    case "shuffle-hands":
      return mine(event.seat) ? t("You shuffled both hands together and dealt them out")
        // i18n: {name}: another player, who played Wild Shuffle Hands.
        : t("{name} shuffled both hands together and dealt them out", { name });
    case "pass":
      if (mine(event.seat)) return t("You passed");
      // i18n: {name}: another player, who kept the card they drew (UNO Duo) or gave up a race (Duple).
      return t("{name} passed", { name });
    case "catch":
      if (mine(event.seat)) {
        // i18n: {other}: the other player, caught with one card and no UNO said.
        return t("You caught {other} without UNO", { other: seatName(event.caught) });
      }
      if (mine(event.caught)) {
        // i18n: {name}: the other player, who caught the reader with one card and no UNO said.
        return t("{name} caught you without UNO", { name });
      }
      // i18n: for spectators; {name} caught {other} (neither is the reader) with one card and no UNO said.
      return t("{name} caught {other} without UNO", { name, other: seatName(event.caught) });
    case "timeout":
      // The turn timer (a house rule) ran out: the table drew and passed for the player, or the nearest.
      return mine(event.seat) ? t("Your time ran out; the table moved for you")
        // i18n: {name}: another player, whose turn timer ran out; the table moved for them.
        : t("{name}'s time ran out; the table moved for them", { name });
    case "round-end":
      // i18n: {round}: the round's number.
      if (event.winner < 0) return t("Round {round} ends blocked: nobody scores", { round: event.round });
      return wentOut(event, seatName, me);
    case "game-end":
      return t("Game over");
    default:
      return null;
  }
}

// Events worth a toast even if you are not reading the log.
export const LOUD = new Set(["uno", "catch", "challenge", "shuffle-hands", "refill", "timeout"]);

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
