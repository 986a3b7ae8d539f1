// The lobby: your name, a new room (game + house rules), join by code or link, open rooms, recent games.
import { api, clear, h, toast } from "./dom.js";
import { seatLabel } from "./games.js";
import { errorText, language, t, tn } from "./i18n.js";
import { rulesLink } from "./rules.js";
import { forgetGame, getName, getSeat, recentGames, setName } from "./storage.js";

const CODE_PATTERN = /^[23456789A-HJ-NP-Z]{6}$/;

// A code, or any link that contains /room/CODE.
export function codeFromInput(text) {
  const value = String(text).trim();
  const linked = value.match(/\/room\/([A-Za-z0-9]+)/);
  const code = (linked ? linked[1] : value).toUpperCase();
  return CODE_PATTERN.test(code) ? code : null;
}

// An option whose choices are languages (its spec says `page_language`) starts on the page's
// language when that is a choice; the room still gets the game's default unless the choice differs.
function startingSpec(spec) {
  const offered = (spec.choices || []).some((choice) => choice.value === language());
  return spec.page_language && offered ? { ...spec, default: language() } : spec;
}

// A choice's value as a <select> holds it: text, with null ("none chosen") as the empty string.
const choiceValue = (value) => (value === null ? "" : String(value));

// One house rule as the game declares it (an option spec from /api/games); labels are message ids.
export function optionInput(spec) {
  const id = "opt-" + spec.name;
  const data = { option: spec.name, kind: spec.kind };
  const label = h("label", { for: id }, t(spec.label));
  const help = spec.help ? h("p.hint", { id: id + "-help" }, t(spec.help)) : null;
  const described = help ? id + "-help" : null;
  let input;
  if (spec.kind === "choice") {
    input = h("select", { id, dataset: data, "aria-describedby": described });
    for (const choice of spec.choices || []) {
      const value = choiceValue(choice.value);
      input.append(new Option(t(choice.label), value, false, value === choiceValue(spec.default)));
    }
    return [h("div.option.choice", {}, label, input), help];
  }
  if (spec.seat) {
    // Seats are numbered from 0 in the rules and from 1 on the page, as in the room.
    input = h("select", { id, dataset: data, "aria-describedby": described });
    for (let seat = spec.min ?? 0; seat <= (spec.max ?? 0); seat += 1) {
      // i18n: a seat of the room, counted from 1; {n}: its number.
      const name = t("Seat {n}", { n: seat + 1 });
      input.append(new Option(name, String(seat), false, seat === spec.default));
    }
    return [h("div.option.choice", {}, label, input), help];
  }
  if (spec.kind === "bool") {
    input = h("input", { id, type: "checkbox", checked: Boolean(spec.default), dataset: data,
      "aria-describedby": described });
    return [h("div.option.check", {}, input, label), help];
  }
  if (spec.kind === "int" || spec.kind === "float") {
    input = h("input", { id, type: "number", step: spec.kind === "int" ? 1 : "any", min: spec.min ?? null,
      max: spec.max ?? null, value: String(spec.default), dataset: data, "aria-describedby": described });
  } else {
    // A text option whose default is null is left empty, and an empty box sends null.
    input = h("input", { id, type: "text", value: spec.default === null ? "" : String(spec.default),
      dataset: data, "aria-describedby": described });
  }
  return [h("div.option", {}, label, input), help];
}

function readOption(spec, input) {
  if (spec.kind === "bool") return input.checked;
  if (spec.kind === "choice") {
    const choice = (spec.choices || []).find((c) => choiceValue(c.value) === input.value);
    return choice ? choice.value : spec.default;
  }
  if (spec.kind === "int" || spec.kind === "float") return input.value === "" ? spec.default : Number(input.value);
  return input.value === "" && spec.default === null ? null : input.value;
}

// The options that differ from the game's defaults, each of the type its spec names.
export function readOptions(form, specs) {
  const chosen = {};
  for (const spec of specs) {
    const input = form.querySelector(`[data-option="${CSS.escape(spec.name)}"]`);
    if (!input) continue;
    const value = readOption(spec, input);
    if (value !== spec.default) chosen[spec.name] = value;
  }
  return chosen;
}

export function showLobby() {
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
  // What the chosen game is, a link to its rules, and what the chosen number of players changes.
  const gameAbout = h("p.hint.game-about", { id: "game-about" });
  const seatsNote = h("p.hint", { id: "seats-note" });
  const gamesList = h("ul.games-about", { id: "games-about" });
  let howtos = {};
  const createForm = h("form.card-panel", { id: "create-form" },
    h("h2", {}, t("New game")),
    h("label", { for: "game-select" }, t("Game")), gameSelect, gameAbout, seatsRow, seatsNote, optionsBox,
    h("button.primary", { type: "submit", id: "create-room" }, t("Create room")));

  const joinInput = h("input", { id: "join-code", type: "text", autocomplete: "off", spellcheck: false,
    placeholder: t("Code or link"), "aria-label": t("Room code or link") });
  const joinForm = h("form.card-panel", { id: "join-form" },
    h("h2", {}, t("Join a game")),
    h("div.row", {}, joinInput, h("button", { type: "submit" }, t("Join"))));

  const openList = h("ul.rooms", { id: "open-rooms" });
  const recentList = h("ul.rooms", { id: "recent-games" });

  clear(main).append(h("div.lobby", {},
    h("h1.sr-only", {}, "duoplay"), // the page's heading for screen readers: the brand, as the title bar
    h("section.card-panel.name-panel", {},
      h("label", { for: "player-name" }, t("Your name")), nameInput),
    createForm, joinForm,
    // i18n: the heading of the lobby's list of games, each with one line on what it is and its rules.
    h("section.card-panel", {}, h("h2", {}, t("The games")), gamesList),
    h("section.card-panel", {}, h("h2", {}, t("Open rooms")), openList),
    h("section.card-panel", {}, h("h2", {}, t("Your recent games")), recentList)));

  function gameName(id) {
    const game = games.find((g) => g.id === id);
    return game ? game.name : id;
  }

  function showOptions() {
    const game = games.find((g) => g.id === gameSelect.value);
    if (!game) return;
    // Games for a range of players ask how many; a fixed count needs no question.
    clear(seatsSelect);
    for (let n = game.min_seats; n <= game.max_seats; n++) seatsSelect.append(new Option(String(n), String(n)));
    seatsRow.hidden = game.min_seats === game.max_seats;
    for (const el of [...optionsBox.querySelectorAll(".option, .hint")]) el.remove();
    for (const spec of game.option_specs || []) {
      optionsBox.append(...optionInput(startingSpec(spec)).filter(Boolean));
    }
    showAbout();
  }
  gameSelect.addEventListener("change", showOptions);
  seatsSelect.addEventListener("change", showSeatsNote);

  function showAbout() {
    const game = games.find((g) => g.id === gameSelect.value);
    const about = game && howtos[game.id];
    clear(gameAbout);
    // The summary comes from the game's page, in English where it has none in the reader's language.
    if (game) gameAbout.append(about ? h("span.summary", { lang: about.lang }, about.summary) : "", " ",
      rulesLink(game.id, game.name));
    showSeatsNote();
  }

  function showSeatsNote() {
    const about = howtos[gameSelect.value];
    const seats = seatsRow.hidden ? null : seatsSelect.value;
    seatsNote.textContent = (about && seats && about.seats[seats]) || "";
    if (about) seatsNote.lang = about.lang; // from the game's page, like the summary
    seatsNote.hidden = !seatsNote.textContent;
  }

  function showGames() {
    clear(gamesList);
    for (const game of games) {
      const about = howtos[game.id];
      gamesList.append(h("li", { dataset: { game: game.id } }, h("strong", {}, game.name),
        about ? h("span.summary", { lang: about.lang }, about.summary) : null, rulesLink(game.id, game.name)));
    }
  }

  async function loadHowtos() {
    try {
      const pages = await api(`/api/rules?lang=${encodeURIComponent(language())}`);
      howtos = Object.fromEntries(pages.map((p) => [p.game, p]));
    } catch {
      howtos = {}; // the lobby works without them: the links to the rules stay
    }
    showAbout();
    showGames();
  }

  createForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const game = games.find((g) => g.id === gameSelect.value);
    if (!game) return;
    if (!nameInput.value.trim()) {
      toast(t("Type your name first: the other players see it at the table."), "error");
      nameInput.focus();
      return;
    }
    setName(nameInput.value);
    try {
      const room = await api("/api/rooms", {
        method: "POST",
        body: JSON.stringify({ game: game.id, seats: Number(seatsSelect.value) || game.min_seats,
          options: readOptions(optionsBox, game.option_specs || []) }),
      });
      // ?new=1: the room page seats its creator and keeps the room off the open list (see room.js).
      location.assign(`${room.url || `/room/${room.code}`}?new=1`);
    } catch (error) {
      toast(errorText(error), "error");
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
    for (const game of games) gameSelect.append(new Option(game.name, game.id));
    showOptions();
    showGames();
    loadHowtos();
    showRecent();
    loadOpenRooms();
  })();
  showRecent();
  timer = setInterval(loadOpenRooms, 5000);

  return { destroy: () => clearInterval(timer) };
}
