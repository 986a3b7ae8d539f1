// A game's leaderboard (/leaderboard/<game>): the players with the highest conservative rating
// (rating minus its uncertainty), so a lucky newcomer does not sit above a proven player.
import { api, clear, h } from "./dom.js";
import { listGames } from "./games.js";
import { errorText, t } from "./i18n.js";
import { profileAddress } from "./profile.js";
import { ratingText } from "./rating.js";

export function showLeaderboard(game) {
  const main = document.getElementById("main");
  const page = h("div.leaderboard-page", { id: "leaderboard" });
  clear(main).append(page);

  async function load() {
    let board;
    let games = [];
    try {
      [board, games] = await Promise.all([api(`/api/leaderboard/${encodeURIComponent(game)}`),
        listGames().catch(() => [])]);
    } catch (error) {
      clear(page).append(h("p.error", { id: "leaderboard-error" }, errorText(error)),
        h("a.button", { href: "/" }, t("Back to the lobby")));
      return;
    }
    // i18n: the title of a game's leaderboard; {game}: the game's name.
    const title = t("{game} leaderboard", { game: board.name });
    document.title = `${title} · duoplay`;
    const tabs = h("nav.leaderboard-games", { "aria-label": t("Games") }, ...games.map((other) =>
      h("a", { href: `/leaderboard/${encodeURIComponent(other.id)}`,
        "aria-current": other.id === board.game ? "page" : null }, other.name)));
    const rows = board.players.map((entry) => h("tr", { dataset: { player: entry.player } },
      h("td.place", {}, String(entry.place)),
      h("td.who", {}, h("a", { href: profileAddress(entry.player) }, entry.name)),
      h("td.rating", {}, ratingText(entry), entry.provisional ? h("span.badge.provisional", {}, t("provisional")) : null),
      h("td.played", {}, String(entry.played))));
    const table = rows.length
      ? h("table.leaderboard", { id: "leaderboard-table" },
        h("thead", {}, h("tr", {}, h("th", {}, "#"), h("th", {}, t("Player")), h("th", {}, t("Rating")),
          h("th", {}, t("Rated matches")))),
        h("tbody", {}, ...rows))
      : h("p.hint", { id: "leaderboard-empty" }, t("Nobody has a rating in this game yet."));
    clear(page).append(h("h1", {}, title), tabs, h("section.card-panel", {}, table));
  }

  load();
  return { relabel: load };
}
