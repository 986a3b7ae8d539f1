// A game's tile on the home page: its picture (drawn by the game, /api/games/{id}/tile.svg), its
// name, one line on what it is (its How to play summary), players and length, and the three ways in.
import { h } from "./dom.js";
import { t, tn } from "./i18n.js";
import { rulesLink } from "./rules.js";

// "2 players", "2–6 players": the counts the game takes.
export function playersLine(game) {
  if (game.min_seats === game.max_seats) {
    // i18n: on a game's tile; {n}: how many players the game takes.
    return tn("{n} player", "{n} players", game.min_seats);
  }
  // i18n: on a game's tile; {least} and {most}: the fewest and most players the game takes.
  return t("{least}–{most} players", { least: game.min_seats, most: game.max_seats });
}

// "10–20 min": how long a match takes, as the game declares it.
export function lengthLine(game) {
  if (!game.play_minutes) return null;
  const [least, most] = game.play_minutes;
  // i18n: on a game's tile, how long a match takes; {least} and {most}: minutes.
  return t("{least}–{most} min", { least, most });
}

// `about`: the game's How to play page ({summary, lang}) or null; `ways`: what each button does.
export function gameTile(game, about, ways) {
  const id = `tile-${game.id}`;
  const picture = game.tile
    ? h("img.tile-picture", { src: `/api/games/${encodeURIComponent(game.id)}/tile.svg`, alt: "",
      width: 240, height: 130, decoding: "async" })
    : h("div.tile-picture.blank");
  const meta = [playersLine(game), lengthLine(game)].filter(Boolean).join(" · ");
  return h("article.game-tile", { id, dataset: { game: game.id }, "aria-labelledby": `${id}-name` },
    picture,
    h("div.tile-text", {},
      h("h2.tile-name", { id: `${id}-name` }, game.name),
      h("p.tile-meta", {}, meta),
      // The summary comes from the game's page, in English where it has none in the reader's language.
      about ? h("p.tile-summary", { lang: about.lang, title: about.summary }, about.summary) : null,
      rulesLink(game.id, game.name)),
    h("div.tile-ways", {},
      h("button.primary.play-now", { type: "button", onclick: (event) => ways.playNow(game, event.currentTarget) }, t("Play now")),
      // i18n: a button on a game's tile: a private room to share with people one knows.
      h("button.with-friends", { type: "button", onclick: () => ways.withFriends(game) }, t("With friends")),
      // i18n: a button on a game's tile: wait in a queue to be seated with other players.
      h("button.find-players", { type: "button", onclick: () => ways.findPlayers(game) }, t("Find players"))));
}
