// The play piles, grouped by owner (this seat first, then around the table): each seat's name,
// its piles' top cards and its win pile. With two players each seat keeps two piles.
import { clear, h } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { presence, seatTag } from "../../kit/index.js";
import { pileTag, wildTag } from "./cards.js";

export function renderPiles(box, view, { me, name, ctx, fresh }) {
  const race = view.race;
  const racingPiles = new Set(race && race.piles ? race.piles : []);
  const order = [];
  const first = me === null ? 0 : me;
  for (let i = 0; i < view.seats; i += 1) order.push((first + i) % view.seats);
  clear(box);
  box.dataset.seats = view.seats;
  box.dataset.piles = view.piles.length;
  for (const seat of order) {
    const piles = view.piles.map((pile, index) => [pile, index]).filter(([pile]) => pile.owner === seat);
    const racer = Boolean(race && race.racers.includes(seat));
    box.append(h("section.duple-seat", { class: [seat === me ? "mine" : "", racer ? "racer" : ""].filter(Boolean).join(" "),
      dataset: { seat } },
    seatTag({ seat, name: name(seat), mine: seat === me, toMove: view.to_move.includes(seat),
      ...presence(ctx, seat), score: view.scores[seat],
      badges: view.phase === "flip" && view.drawer === seat ? [{ text: t("Flips"), kind: "turn" }] : [] }),
    h("div.duple-seat-piles", {}, piles.map(([pile, index]) => pileTag(pile, index,
      { racing: racingPiles.has(index), fresh: fresh === index }))),
    h("div.duple-won", { title: t("Win pile"), dataset: { won: view.won[seat], allPlay: view.won_all_play[seat] } },
      // i18n: {n}: how many letter cards a player has won.
      tn("{n} card won", "{n} cards won", view.won[seat]),
      // i18n: {n}: how many All Play cards a player has won.
      view.won_all_play[seat] ? [" · ", tn("{n} All Play card", "{n} All Play cards", view.won_all_play[seat])] : null)));
  }
}

// The decks between the piles: letter cards left, categories left, the wild card.
export function renderDecks(box, view) {
  clear(box).append(...[
    // i18n: {n}: how many cards are left to flip.
    h("span.duple-deck", { id: "duple-deck", dataset: { count: view.deck } }, tn("{n} card left", "{n} cards left", view.deck)),
    wildTag(view.wild)].filter(Boolean));
}
