// The home page: the games first, each a tile with three ways in (Play now, With friends, Find
// players), the name the table shows above them; below, join by code or link, open rooms, recent games.
import { api, clear, h, toast } from "./dom.js";
import { seatLabel } from "./games.js";
import { errorText, language, t, tn } from "./i18n.js";
import { codeFromInput } from "./lobby.js";
import { openNewRoom, playNow } from "./newroom.js";
import { forgetGame, getName, getSeat, recentGames, setName } from "./storage.js";
import { gameTile } from "./tiles.js";

// Find players: the queue's page (queue.js) takes over `main` for the game, at its own address, so a
// reload or a language switch opens it again and Back comes home. Returns the queue page, or null
// when its module could not load (its address is opened instead).
async function findPlayers(main, game) {
  const address = `/queue/${encodeURIComponent(game.id)}`;
  try {
    const queue = await import("./queue.js");
    history.pushState(null, "", address);
    addEventListener("popstate", () => location.reload(), { once: true });
    return queue.openQueue(main, game.id);
  } catch {
    location.assign(address);
    return null;
  }
}

export function showHome() {
  const main = document.getElementById("main");
  let games = [];
  let howtos = {};
  let timer = null;
  let queue = null; // the queue's page, once Find players has taken over

  const nameInput = h("input", { id: "player-name", type: "text", maxlength: 32, autocomplete: "nickname",
    value: getName(), placeholder: t("Your name") });
  nameInput.addEventListener("change", () => setName(nameInput.value));
  nameInput.addEventListener("input", () => setName(nameInput.value));

  const tiles = h("div.game-tiles", { id: "game-tiles" });
  const ways = {
    playNow: (game, button) => playNow(game, nameInput.value, button),
    withFriends: (game) => openNewRoom(game, howtos[game.id] || null, nameInput),
    findPlayers: async (game) => {
      setName(nameInput.value);
      clearInterval(timer);
      queue = await findPlayers(main, game);
    },
  };

  const joinInput = h("input", { id: "join-code", type: "text", autocomplete: "off", spellcheck: false,
    placeholder: t("Code or link"), "aria-label": t("Room code or link") });
  const joinForm = h("form.card-panel", { id: "join-form" },
    h("h2", {}, t("Join a game")),
    h("div.row", {}, joinInput, h("button", { type: "submit" }, t("Join"))));
  const openList = h("ul.rooms", { id: "open-rooms" });
  const recentList = h("ul.rooms", { id: "recent-games" });

  clear(main).append(h("div.home", {},
    h("h1.sr-only", {}, "duoplay"), // the page's heading for screen readers: the brand, as the title bar
    h("div.home-name", {}, h("label", { for: "player-name" }, t("Your name")), nameInput),
    // i18n: the heading of the home page's games, each a tile with its ways to play.
    h("section.home-games", { "aria-label": t("The games") }, tiles),
    h("div.home-more", {},
      joinForm,
      h("section.card-panel", {}, h("h2", {}, t("Open rooms")), openList),
      h("section.card-panel", {}, h("h2", {}, t("Your recent games")), recentList))));

  function gameName(id) {
    const game = games.find((g) => g.id === id);
    return game ? game.name : id;
  }

  function showTiles() {
    clear(tiles);
    for (const game of games) tiles.append(gameTile(game, howtos[game.id] || null, ways));
  }

  async function loadHowtos() {
    try {
      const pages = await api(`/api/rules?lang=${encodeURIComponent(language())}`);
      howtos = Object.fromEntries(pages.map((p) => [p.game, p]));
    } catch {
      howtos = {}; // the tiles work without them: the links to the rules stay
    }
    showTiles();
  }

  joinForm.addEventListener("submit", (event) => {
    event.preventDefault();
    const code = codeFromInput(joinInput.value);
    if (!code) {
      toast(t("A room code has 6 letters and digits, like K7QX2M"), "error");
      return;
    }
    setName(nameInput.value);
    location.assign(`/room/${code}`);
  });

  // Who sits there, then how many seats are free: an empty room reads "2 seats free".
  function seatSummary(room) {
    const taken = room.seats.filter((s) => s.kind !== "empty").map((s) => seatLabel(s));
    const free = room.seats.length - taken.length;
    // i18n: in the open-room list, after the names of those seated; {n}: how many seats nobody has taken.
    return [...taken, free ? tn("{n} seat free", "{n} seats free", free) : null].filter(Boolean).join(" · ");
  }

  async function loadOpenRooms() {
    let rooms;
    try {
      rooms = await api("/api/rooms");
    } catch {
      return;
    }
    clear(openList);
    if (!rooms.length) openList.append(h("li.empty", {}, t("No open rooms right now. Create one!")));
    for (const room of rooms) {
      openList.append(h("li", {},
        h("span.code", {}, room.code), h("span.game", {}, gameName(room.game)),
        h("span.seats", {}, seatSummary(room)),
        h("a.button", { href: `/room/${room.code}` }, t("Join"))));
    }
  }

  function showRecent() {
    clear(recentList);
    const recent = recentGames();
    if (!recent.length) recentList.append(h("li.empty", {}, t("Games you join appear here.")));
    for (const game of recent) {
      const seat = getSeat(game.code);
      recentList.append(h("li", {},
        h("span.code", {}, game.code), h("span.game", {}, gameName(game.game)),
        // i18n: {n}: a seat's number at the table (1, 2...); also the name of a seat nobody has named.
        h("span.seats", {}, seat ? t("Seat {n}", { n: seat.seat + 1 }) : t("Watching")),
        h("span.when", {}, new Date(game.at).toLocaleString()),
        h("a.button", { href: `/room/${game.code}` }, t("Open")),
        // i18n: a button that drops a game from the list; {code}: the room's code (six letters and digits).
        h("button.link", { type: "button", "aria-label": t("Forget {code}", { code: game.code }),
          onclick: () => { forgetGame(game.code); showRecent(); } }, "×")));
    }
  }

  (async () => {
    try {
      games = await api("/api/games");
    } catch (error) {
      toast(errorText(error), "error");
      return;
    }
    showTiles();
    loadHowtos();
    showRecent();
    loadOpenRooms();
  })();
  showRecent();
  timer = setInterval(loadOpenRooms, 5000);

  return { destroy: () => {
    clearInterval(timer);
    if (queue && queue.destroy) queue.destroy();
    document.getElementById("new-room")?.remove(); // a language switch draws the page anew
  } };
}
