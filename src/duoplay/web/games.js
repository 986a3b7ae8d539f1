// Game info from /api/games (fetched once) and each game's browser table under games/<web_table>/.
import { api } from "./dom.js";
import { t } from "./i18n.js";

let cache = null;

export async function listGames() {
  if (!cache) cache = api("/api/games").catch((error) => {
    cache = null;
    throw error;
  });
  return cache;
}

// A game the server does not list has no table, options or levels to offer.
export async function gameInfo(id) {
  const games = await listGames();
  return games.find((g) => g.id === id) || { id, name: id, options: {}, option_specs: [], bot_levels: [],
    bot_level_labels: {}, web_table: null };
}

// A bot level as players read it: the label the game declares, through the catalog.
export function levelName(info, level) {
  const label = info && info.bot_level_labels ? info.bot_level_labels[level] : null;
  return label ? t(label) : String(level ?? "");
}

// What a seat is called: its player's name. A bot added to a seat is called "<level> bot" by the
// server, in English: it is called by its seat instead. A bot standing in for a player keeps the
// player's name.
export function seatLabel(seat) {
  // i18n: a bot's name at the table; {n}: its seat's number (1, 2...).
  if (seat.kind === "bot" && seat.name === `${seat.level} bot`) return t("Bot {n}", { n: seat.seat + 1 });
  return seat.name;
}

// A game plugs in by shipping web/games/<web_table>/table.js (exporting createTable(element, ctx))
// and web/games/<web_table>/table.css; the server names the folder in the game's info.
export function loadTable(info) {
  if (!info || !info.web_table) return Promise.reject(new Error(`no browser table for ${info && info.id}`));
  const folder = info.web_table;
  const base = `/static/games/${encodeURIComponent(folder)}`;
  if (!document.querySelector(`link[data-game="${CSS.escape(folder)}"]`)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = `${base}/table.css`;
    link.dataset.game = folder;
    document.head.append(link);
  }
  return import(`${base}/table.js`);
}
