// Game info from /api/games (fetched once) and each game's browser module under games/<id>/.
import { api } from "./dom.js";

let cache = null;

export async function listGames() {
  if (!cache) cache = api("/api/games").catch((error) => {
    cache = null;
    throw error;
  });
  return cache;
}

export async function gameInfo(id) {
  const games = await listGames();
  return games.find((g) => g.id === id) || { id, name: id, bot_levels: ["random"], options: {} };
}

// A game plugs in by shipping web/games/<id>/table.js (exporting createTable(element, ctx))
// and web/games/<id>/table.css.
export function loadGameModule(id) {
  const base = `/static/games/${encodeURIComponent(id)}`;
  if (!document.querySelector(`link[data-game="${id}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `${base}/table.css`;
    link.dataset.game = id;
    document.head.append(link);
  }
  return import(`${base}/table.js`);
}
