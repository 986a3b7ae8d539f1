// A player's page (/player/<id>): each game's rating with a small chart, the latest finished
// matches with their results and replays, and links to each game's leaderboard. Others see only
// this; the player's own page adds the name, sign-out and deleting the profile and its history.
import { api, clear, h, toast } from "./dom.js";
import { listGames } from "./games.js";
import { errorText, t, tc, tn } from "./i18n.js";
import { ratingChart } from "./chart.js";
import { forgetMyPlayer } from "./me.js";
import { passkeysPanel, signInPanel } from "./passkeys.js";
import { formatNumber, ratingText } from "./rating.js";
import { setName } from "./storage.js";

export function profileAddress(player) {
  return `/player/${encodeURIComponent(player)}`;
}

function gameName(games, id) {
  const game = games.find((g) => g.id === id);
  return game ? game.name : id;
}

function when(seconds) {
  return new Date(seconds * 1000).toLocaleDateString(undefined, { day: "numeric", month: "short", year: "numeric" });
}

// A match's result in a player's history: won, lost, a draw, or left before the end (a loss).
function resultOf(match) {
  if (match.left) return "left";
  if (match.result >= 1) return "won";
  return match.result <= 0 ? "lost" : "draw";
}

function resultText(result) {
  return { left: tc("match result", "Left"), won: tc("match result", "Won"), lost: tc("match result", "Lost"),
    draw: tc("match result", "Draw") }[result];
}

function change(match) {
  if (!match.rated || !match.rating || !match.before) return t("Not rated");
  const delta = match.rating.rating - match.before.rating;
  return `${delta >= 0 ? "+" : "−"}${formatNumber(Math.abs(delta))}`;
}

function ratingCard(games, rating, points) {
  const name = gameName(games, rating.game);
  return h("li.rating-card", { dataset: { game: rating.game } },
    h("div.rating-head", {},
      h("span.rating-game", {}, name),
      h("a.rating-board", { href: `/leaderboard/${encodeURIComponent(rating.game)}` }, t("Leaderboard"))),
    h("p.rating-value", {}, ratingText(rating),
      rating.provisional ? h("span.badge.provisional", {}, t("provisional")) : null),
    // i18n: under a rating; {n}: how many rated matches it rests on.
    h("p.hint", {}, tn("{n} rated match", "{n} rated matches", rating.played, { n: rating.played })),
    // i18n: what a screen reader hears for the chart; {game}: the game's name.
    ratingChart(points || [], t("Rating over the latest matches of {game}", { game: name })));
}

function matchRow(games, match) {
  const others = match.names.map((name, seat) => name || t("Seat {n}", { n: seat + 1 }))
    .filter((_, seat) => seat !== match.seat);
  const result = resultOf(match);
  return h("li.history-match", { dataset: { match: match.match_id, result } },
    h("span.history-game", {}, gameName(games, match.game)),
    h("span.history-result", { class: result }, resultText(result)),
    // i18n: the other players of a match in a player's history; {names}: their names.
    h("span.history-others", {}, t("with {names}", { names: others.join(", ") })),
    h("span.history-change", {}, change(match)),
    h("span.history-when", {}, when(match.finished_at)),
    h("a.history-replay", { href: `/replay/${encodeURIComponent(match.match_id)}` }, t("Replay")));
}

function ownPanel(profile, onChanged) {
  const input = h("input", { id: "profile-name", maxlength: 32, value: profile.name, autocomplete: "nickname" });
  const form = h("form.profile-name-form", {},
    h("label", { for: "profile-name" }, t("Your name")), input,
    h("button.primary", { type: "submit", id: "save-name" }, t("Save")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    try {
      const { player } = await api("/api/me", { method: "PATCH", body: JSON.stringify({ name: input.value }) });
      setName(player.name);
      forgetMyPlayer();
      toast(t("Name saved"));
      onChanged();
    } catch (error) {
      toast(errorText(error), "error");
    }
  });

  const signOut = h("button", { type: "button", id: "sign-out" }, t("Sign out"));
  signOut.addEventListener("click", async () => {
    await api("/api/me/signout", { method: "POST" }).catch(() => null);
    forgetMyPlayer();
    location.assign("/");
  });

  const confirmBox = h("div.delete-confirm", { id: "delete-confirm", hidden: true, role: "alertdialog",
    "aria-labelledby": "delete-question" },
    h("p", { id: "delete-question" }, t("Delete your profile, your ratings and your match history for good?")),
    h("p.hint", {}, t("Matches you played stay for the other players, without your name. This cannot be undone.")),
    h("div.delete-buttons", {},
      h("button.alert", { type: "button", id: "delete-for-good", onclick: remove }, t("Delete for good")),
      h("button", { type: "button", id: "delete-cancel", onclick: () => { confirmBox.hidden = true; } }, t("Cancel"))));
  const deleteButton = h("button.link.danger", { type: "button", id: "delete-profile",
    onclick: () => { confirmBox.hidden = false; confirmBox.querySelector("#delete-cancel").focus(); } },
  t("Delete my profile and history"));

  async function remove() {
    try {
      await api("/api/me", { method: "DELETE" });
    } catch (error) {
      toast(errorText(error), "error");
      return;
    }
    forgetMyPlayer();
    document.getElementById("my-profile")?.remove(); // this browser keeps no player now
    onChanged();
  }

  return h("section.card-panel.profile-own", { id: "profile-own" },
    h("h2", {}, t("Your profile")),
    h("p.hint", {}, t("This browser keeps your profile; others see only your name, ratings and finished matches.")),
    form, h("div.profile-own-buttons", {}, signOut, deleteButton), confirmBox);
}

export function showProfile(player) {
  const main = document.getElementById("main");
  const page = h("div.profile-page", { id: "profile" });
  clear(main).append(page);

  async function load() {
    let profile;
    let games = [];
    try {
      [profile, games] = await Promise.all([api(`/api/players/${encodeURIComponent(player)}`),
        listGames().catch(() => [])]);
    } catch (error) {
      document.title = `${t("Profile")} · duoplay`;
      const gone = error.code === "player_not_found";
      clear(page).append(h("section.card-panel.profile-gone", { id: "profile-gone" },
        h("h1", {}, t("Profile")),
        h("p", {}, gone ? t("No player has this profile: it was deleted, or never was.") : errorText(error)),
        h("a.button", { href: "/" }, t("Back to the lobby"))));
      return;
    }
    document.title = `${profile.name} · duoplay`;
    const ratings = h("ul.rating-cards", { id: "ratings" },
      ...profile.ratings.map((rating) => ratingCard(games, rating, profile.charts[rating.game])));
    if (!profile.ratings.length) {
      ratings.append(h("li.empty", {}, t("No rating yet: ratings come from matches between people, without bots.")));
    }
    const history = h("ul.history", { id: "history" }, ...profile.matches.map((match) => matchRow(games, match)));
    if (!profile.matches.length) history.append(h("li.empty", {}, t("No finished match yet.")));
    const boards = h("p.leaderboard-links", {}, t("Leaderboards:"), " ",
      ...games.flatMap((game, i) => [i ? " · " : "",
        h("a", { href: `/leaderboard/${encodeURIComponent(game.id)}` }, game.name)]));
    clear(page).append(...[
      h("h1.profile-name", { id: "profile-title" }, profile.name),
      profile.mine ? ownPanel(profile, load) : null,
      h("section.card-panel", {}, h("h2", {}, t("Ratings")), ratings),
      h("section.card-panel", {}, h("h2", {}, t("Recent matches")), history, boards),
      profile.mine ? passkeysPanel() : null,
      // A browser that made a fresh player on its first visit may belong to someone with a profile
      // elsewhere: their passkey brings that profile here (and this browser keeps it from then on).
      signInPanel((found) => location.assign(profileAddress(found.id)))].filter(Boolean));
  }

  load();
  return { relabel: load };
}
