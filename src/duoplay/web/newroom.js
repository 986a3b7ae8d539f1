// The ways into a game from its tile that make a room: Play now (the server seats you among bots
// and starts at once) and With friends (a private room to share, its house rules folded away).
import { api, h, toast } from "./dom.js";
import { errorText, t, tn } from "./i18n.js";
import { deckLanguage, deckSpec, optionInput, readOptions, startingSpec } from "./lobby.js";
import { rememberGame, setName, setSeat } from "./storage.js";

// The deck's language starts on the page's language, where the game offers it.
function deckOptions(game) {
  const spec = deckSpec(game);
  const start = spec && startingSpec(spec);
  return start && start.default !== spec.default ? { [spec.name]: start.default } : {};
}

// One tap: a private room with bots in every other seat at the game's stand-in level, started; the
// answer holds this player's seat token, so the room page opens on the running table. A player who
// has not typed a name plays as a guest: bots do not ask. `button` waits for the answer (a second
// tap would make a second room).
export async function playNow(game, name, button = null) {
  const shown = name.trim() || t("Guest");
  if (button) button.disabled = true;
  try {
    const room = await api("/api/rooms", { method: "POST",
      body: JSON.stringify({ game: game.id, bots: "fill", name: shown, options: deckOptions(game) }) });
    setSeat(room.code, room.seat, room.token);
    rememberGame(room.code, game.id, room.seat);
    location.assign(room.url || `/room/${room.code}`);
  } catch (error) {
    if (button) button.disabled = false;
    toast(errorText(error), "error");
  }
}

// With friends: how many players, the house rules under a fold (each at its default, the deck's
// language at the page's), and Create room, which opens the room with its link, code and QR code.
// `about`: the game's How to play page, for what the number of players changes.
export function openNewRoom(game, about, nameInput) {
  const seatsSelect = h("select", { id: "seats-select" });
  for (let n = game.min_seats; n <= game.max_seats; n++) seatsSelect.append(new Option(String(n), String(n)));
  const seatsRow = h("div.option.choice", { hidden: game.min_seats === game.max_seats },
    h("label", { for: "seats-select" }, t("Players")), seatsSelect);
  const seatsNote = h("p.hint", { id: "seats-note", lang: about ? about.lang : null });
  const showSeatsNote = () => {
    const seats = seatsRow.hidden ? null : seatsSelect.value;
    seatsNote.textContent = (about && seats && about.seats[seats]) || "";
    seatsNote.hidden = !seatsNote.textContent;
  };
  seatsSelect.addEventListener("change", showSeatsNote);
  showSeatsNote();

  // What is sent is what differs from the game's own defaults (the deck's language may, from the start).
  const specs = game.option_specs || [];
  const rules = h("div.options", { id: "house-rules-options" });
  for (const spec of specs) rules.append(...optionInput(startingSpec(spec)).filter(Boolean));
  const changed = h("span.rules-state", { id: "house-rules-state" });
  // The fold says whether the rules are the game's own or how many differ.
  const starting = specs.map(startingSpec);
  const showChanged = () => {
    const count = Object.keys(readOptions(rules, starting)).length;
    // i18n: beside "House rules" on its fold; {n}: how many rules differ from the game's defaults.
    changed.textContent = count ? tn("{n} changed", "{n} changed", count) : t("Defaults");
  };
  rules.addEventListener("change", showChanged);
  rules.addEventListener("input", showChanged);
  showChanged();
  const deck = deckSpec(game);
  const deckLine = deck ? h("p.hint.deck-line", { id: "deck-line" }) : null;
  const showDeck = () => {
    if (!deckLine) return;
    const chosen = { ...Object.fromEntries(specs.map((s) => [s.name, s.default])), ...readOptions(rules, specs) };
    // i18n: the language of a game's cards and judge; {language}: its name ("Swedish").
    deckLine.textContent = t("Deck: {language}", { language: deckLanguage(game, chosen) });
  };
  rules.addEventListener("change", showDeck);
  showDeck();

  const create = h("button.primary", { type: "submit", id: "create-room" }, t("Create room"));
  const cancel = h("button", { type: "button", id: "new-room-cancel" }, t("Cancel"));
  const form = h("form.new-room", { method: "dialog" },
    // i18n: the heading of the box that makes a private room; {game}: the game's name.
    h("h2", { id: "new-room-title" }, t("{game} with friends", { game: game.name })),
    h("p.hint", {}, t("A private room: share its link, code or QR code with the people you play with.")),
    seatsRow, seatsNote, deckLine,
    h("details.house-rules", { id: "house-rules" },
      h("summary", {}, t("House rules"), " ", changed), rules),
    h("div.new-room-buttons", {}, create, cancel));
  const dialog = h("dialog.new-room-dialog", { id: "new-room", "aria-labelledby": "new-room-title" }, form);
  dialog.dataset.game = game.id;
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (!nameInput.value.trim()) {
      dialog.close();
      toast(t("Type your name first: the other players see it at the table."), "error");
      nameInput.focus();
      return;
    }
    setName(nameInput.value);
    create.disabled = true;
    try {
      const room = await api("/api/rooms", { method: "POST", body: JSON.stringify({ game: game.id,
        seats: Number(seatsSelect.value) || game.min_seats, options: readOptions(rules, specs) }) });
      // ?new=1: the room page seats its creator and keeps the room off the open list (see room.js).
      location.assign(`${room.url || `/room/${room.code}`}?new=1`);
    } catch (error) {
      create.disabled = false;
      toast(errorText(error), "error");
    }
  });
  const old = document.getElementById("new-room");
  if (old) old.remove();
  document.body.append(dialog);
  dialog.showModal();
  create.focus();
  return dialog;
}
