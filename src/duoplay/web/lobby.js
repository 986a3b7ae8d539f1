// The lobby: your name, a new room (game + house rules), join by code or link, open rooms, recent games.
import { api, clear, h, toast } from "./dom.js";
import { loadGameModule } from "./games.js";
import { t } from "./i18n.js";
import { forgetGame, getName, getSeat, recentGames, setName } from "./storage.js";

// "target_score" -> "Target score"; the result is also the message id of the label.
export function optionLabel(name) {
  const words = name.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// Labels of the known option names, listed here so the catalogs carry them.
const OPTION_LABELS = () => [
  t("Deck size"), t("Target score"), t("Challenge rule"), t("Shuffle on refill"), t("Uno penalty"),
];
const CODE_PATTERN = /^[23456789A-HJ-NP-Z]{6}$/;

// A code, or any link that contains /room/CODE.
export function codeFromInput(text) {
  const value = String(text).trim();
  const linked = value.match(/\/room\/([A-Za-z0-9]+)/);
  const code = (linked ? linked[1] : value).toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

function optionInput(name, value, choices) {
  const id = "opt-" + name;
  const label = h("label", { for: id }, t(optionLabel(name)));
  let input;
  if (Array.isArray(choices) && choices.length) {
    // A null choice ("none chosen") is the empty value, read back as null.
    input = h("select", { id, dataset: { option: name, kind: typeof value === "number" ? "number" : "text" } });
    for (const [choice, text] of choices) {
      input.append(new Option(text, choice === null ? "" : String(choice), false, choice === value));
    }
    return h("div.option.choice", {}, label, input);
  }
  if (typeof value === "boolean") {
    input = h("input", { id, type: "checkbox", checked: value, dataset: { option: name, kind: "bool" } });
    return h("div.option.check", {}, input, label);
  }
  if (typeof value === "number") {
    input = h("input", { id, type: "number", min: 0, step: 1, value: String(value),
      dataset: { option: name, kind: "number" } });
  } else {
    // An option whose default is null is left empty, and an empty box sends null.
    input = h("input", { id, type: "text", value: value === null ? "" : String(value),
      dataset: { option: name, kind: "text" } });
  }
  return h("div.option", {}, label, input);
}

function readOptions(form, defaults) {
  const chosen = {};
  for (const input of form.querySelectorAll("[data-option]")) {
    const name = input.dataset.option;
    let value;
    if (input.dataset.kind === "bool") value = input.checked;
    else if (input.value === "" && defaults[name] === null) value = null;
    else if (input.dataset.kind === "number") value = Number(input.value);
    else value = input.value;
    if (value !== defaults[name]) chosen[name] = value;
  }
  return chosen;
}

export function showLobby() {
  OPTION_LABELS();
  const main = document.getElementById("main");
  let games = [];
  let timer = null;

  const nameInput = h("input", { id: "player-name", type: "text", maxlength: 32, autocomplete: "nickname",
    value: getName(), placeholder: t("Your name") });
  nameInput.addEventListener("change", () => setName(nameInput.value));
  nameInput.addEventListener("input", () => setName(nameInput.value));

  const gameSelect = h("select", { id: "game-select" });
  const seatsSelect = h("select", { id: "seats-select" });
  const seatsRow = h("div.option.choice", {}, h("label", { for: "seats-select" }, t("Players")), seatsSelect);
  const optionsBox = h("fieldset.options", {}, h("legend", {}, t("House rules")));
  const createForm = h("form.card-panel", { id: "create-form" },
    h("h2", {}, t("New game")),
    h("label", { for: "game-select" }, t("Game")), gameSelect, seatsRow, optionsBox,
    h("button.primary", { type: "submit", id: "create-room" }, t("Create room")));

  const joinInput = h("input", { id: "join-code", type: "text", autocomplete: "off", spellcheck: false,
    placeholder: t("Code or link"), "aria-label": t("Room code or link") });
  const joinForm = h("form.card-panel", { id: "join-form" },
    h("h2", {}, t("Join a game")),
    h("div.row", {}, joinInput, h("button", { type: "submit" }, t("Join"))));

  const openList = h("ul.rooms", { id: "open-rooms" });
  const recentList = h("ul.rooms", { id: "recent-games" });

  clear(main).append(h("div.lobby", {},
    h("section.card-panel.name-panel", {},
      h("label", { for: "player-name" }, t("Your name")), nameInput),
    createForm, joinForm,
    h("section.card-panel", {}, h("h2", {}, t("Open rooms")), openList),
    h("section.card-panel", {}, h("h2", {}, t("Your recent games")), recentList)));

  function gameName(id) {
    const game = games.find((g) => g.id === id);
    return game ? game.name : id;
  }

  // A game's module may name the allowed values of some options (optionChoices); others get plain inputs.
  async function choicesFor(id) {
    try {
      const module = await loadGameModule(id);
      return module.optionChoices ? module.optionChoices() : {};
    } catch {
      return {};
    }
  }

  let optionsShown = 0;
  async function showOptions() {
    const ticket = ++optionsShown; // only the latest call draws (the game may change while loading)
    const game = games.find((g) => g.id === gameSelect.value);
    const choices = game ? await choicesFor(game.id) : {};
    if (!game || ticket !== optionsShown) return;
    // Games for a range of players ask how many; a fixed count needs no question.
    clear(seatsSelect);
    for (let n = game.min_seats; n <= game.max_seats; n++) seatsSelect.append(new Option(String(n), String(n)));
    seatsRow.hidden = game.min_seats === game.max_seats;
    for (const el of [...optionsBox.querySelectorAll(".option")]) el.remove();
    for (const [name, value] of Object.entries(game.options || {})) {
      optionsBox.append(optionInput(name, value, choices[name]));
    }
  }
  gameSelect.addEventListener("change", showOptions);

  createForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = games.find((g) => g.id === gameSelect.value);
    if (!game) return;
    setName(nameInput.value);
    try {
      const room = await api("/api/rooms", {
        method: "POST",
        body: JSON.stringify({ game: game.id, seats: Number(seatsSelect.value) || game.min_seats,
          options: readOptions(optionsBox, game.options || {}) }),
      });
      location.assign(room.url || `/room/${room.code}`);
    } catch (error) {
      toast(error.message, "error");
    }
  });

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

  function seatSummary(room) {
    return room.seats.map((s) => (s.kind === "empty" ? t("empty seat") : s.name)).join(" · ");
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
        h("span.seats", {}, seat ? t("Seat {n}", { n: seat.seat + 1 }) : t("Watching")),
        h("span.when", {}, new Date(game.at).toLocaleString()),
        h("a.button", { href: `/room/${game.code}` }, t("Open")),
        h("button.link", { type: "button", "aria-label": t("Forget {code}", { code: game.code }),
          onclick: () => { forgetGame(game.code); showRecent(); } }, "×")));
    }
  }

  (async () => {
    try {
      games = await api("/api/games");
    } catch (error) {
      toast(error.message, "error");
      return;
    }
    for (const game of games) gameSelect.append(new Option(game.name, game.id));
    showOptions();
    showRecent();
    loadOpenRooms();
  })();
  showRecent();
  timer = setInterval(loadOpenRooms, 5000);

  return { destroy: () => clearInterval(timer) };
}
