// The room page: seats, bots and start while waiting; the game table once it runs; spectating.
// It is the table's only link to the server: actions out (with their answers), states, streams and
// errors in.
import { clear, h, toast } from "./dom.js";
import { gameInfo, levelName, loadTable, seatLabel } from "./games.js";
import { emoteBar, showEmote } from "./emotes.js";
import { errorText, t, tn } from "./i18n.js";
import { connectionBar, setConnection } from "./kit/connection.js";
import { keepAwake } from "./kit/wakelock.js";
import { deckLanguage } from "./lobby.js";
import { takeoverBadge } from "./kit/seats.js";
import { focusTableStatus, giveFocusBack, whereFocus } from "./roomfocus.js";
import { seatRating } from "./rating.js";
import { rulesLink } from "./rules.js";
import { sound } from "./sound.js";
import { clearSeat, getName, getSeat, rememberGame, setName, setSeat } from "./storage.js";
import { placeOf, putBack, stateNow, storySoFar } from "./tableswap.js";
import { RoomSocket } from "./ws.js";

// The name a connection says hello with before its player has typed one: nobody is seated under it,
// since the name prompt above the seats asks first.
function helloName() {
  return getName() || t("Guest");
}

// The lobby sends a room's creator here with ?new=1: they get the first seat, and the room stays
// off the open-room list until they list it.
function takeNewRoomMark() {
  const params = new URLSearchParams(location.search);
  if (params.get("new") !== "1") return false;
  params.delete("new");
  const rest = params.toString();
  history.replaceState(null, "", location.pathname + (rest ? "?" + rest : ""));
  return true;
}

// `replace_in` counts from the message: it becomes `replaceAt`, a time on this page's clock, so a seat
// redrawn later still counts down to the same moment.
function stampRoom(room) {
  if (!room) return room;
  const now = performance.now();
  for (const seat of room.seats) {
    if (typeof seat.replace_in === "number") seat.replaceAt = now + seat.replace_in * 1000;
  }
  return room;
}

export function showRoom(code) {
  const main = document.getElementById("main");
  document.title = `${code} · duoplay`;
  let room = null;
  let info = null;
  let mySeat = null;
  let table = null;
  let tableGame = null;
  let lastState = null;
  let lastStateAt = 0; // when lastState came, on performance.now()'s clock
  let tableModule = null;
  let version = null;
  let myTurn = false;
  let focusTableNext = false; // Start was pressed by keyboard: focus the table when it shows
  let justCreated = takeNewRoomMark();

  const link = `${location.origin}/room/${code}`;
  const linkInput = h("input.share", { type: "text", readonly: true, value: link, id: "share-link",
    onfocus: (e) => e.target.select() });
  const copyButton = h("button", { type: "button", id: "copy-link", onclick: async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast(t("Link copied"));
    } catch {
      linkInput.select();
    }
  } });
  const statusLine = h("span.room-status", { id: "room-status" });
  const deckLine = h("span.room-deck", { id: "room-deck", hidden: true }); // the deck's language, if it has one
  const rulesSlot = h("span.rules-slot"); // the game's "How to play", in a new tab: the table stays
  const banner = connectionBar();
  const seatsBox = h("section.seats", { id: "seats" });
  const tableBox = h("section.table-area", { id: "table" });
  const nameInput = h("input", { id: "room-name", type: "text", maxlength: 32, value: getName() });
  // The name prompt: a first visit through a shared link asks for a name instead of inventing one.
  const promptInput = h("input", { id: "name-prompt-input", type: "text", maxlength: 32,
    autocomplete: "nickname", required: true });
  const promptLabel = h("label", { for: "name-prompt-input" });
  const promptSave = h("button.primary", { type: "submit" });
  const namePrompt = h("form.card-panel.name-prompt", { id: "name-prompt", hidden: Boolean(getName()) },
    promptLabel, h("div.row", {}, promptInput, promptSave));
  namePrompt.addEventListener("submit", (event) => {
    event.preventDefault();
    if (!promptInput.value.trim()) return;
    setName(promptInput.value);
    nameInput.value = getName();
    namePrompt.hidden = true;
    socket.reconnect();
  });
  const screenLink = h("a.button", { href: `/room/${code}/screen`, target: "_blank", id: "screen-link" });
  let emotes = emoteBar((emote) => send("emote", { emote }));
  const roomLabel = h("span.label");

  // The labels of what is made once here, in the language of the moment; a language switch calls
  // it again.
  function labelRoom() {
    linkInput.setAttribute("aria-label", t("Share link"));
    copyButton.textContent = t("Copy link");
    seatsBox.setAttribute("aria-label", t("Seats"));
    nameInput.setAttribute("aria-label", t("Your name"));
    promptLabel.textContent = t("What should the other players call you?");
    promptSave.textContent = t("Save name");
    // i18n: a link that opens the room on a TV or projector: the code, a QR code and the public table.
    screenLink.textContent = t("Big screen");
    roomLabel.textContent = t("Room");
  }
  labelRoom();

  clear(main).append(h("div.room", {},
    banner,
    h("section.room-head", {},
      h("h1.room-code", {}, roomLabel, " ", h("strong", { id: "room-code" }, code)),
      statusLine, deckLine, rulesSlot,
      h("div.share-row", {}, linkInput, copyButton, screenLink)),
    namePrompt, seatsBox, emotes, tableBox));

  let everConnected = false;
  // Actions a player made while the connection was down, or that it took down unanswered: each is
  // sent once more when the room's state is back, with the version it was made at, so the server
  // refuses it (and the table says why) if the game has moved on meanwhile, and a move that did
  // land is not made twice.
  const unsent = [];
  const socket = new RoomSocket(code, {
    hello: () => ({ name: nameInput.value.trim() || helloName(), token: getSeat(code)?.token ?? null }),
    message: onMessage,
    // The page's connection state: offline from a close until the socket opens again, then
    // resyncing until the room's welcome (and a playing room's state) has come; gone when the
    // room does not exist.
    status: (s) => {
      if (s === "closed") setConnection(socket.stopped ? "gone" : "offline");
      else if (s === "open") setConnection(everConnected ? "resyncing" : "connecting");
    },
  });

  nameInput.addEventListener("change", () => {
    setName(nameInput.value);
    socket.reconnect(); // the server learns names from hello only
  });

  // `cause`: the type of our message that an ack or error answers, if any.
  function onMessage(msg, cause) {
    switch (msg.type) {
      case "welcome":
        everConnected = true;
        mySeat = msg.seat;
        if (msg.seat !== null && msg.token) setSeat(code, msg.seat, msg.token);
        room = stampRoom(msg.room);
        if (room) rememberGame(code, room.game, mySeat);
        renderRoom();
        // A room without a running match sends no state: the welcome is all there is to catch up on.
        if (!room || room.status !== "playing") {
          resend();
          setConnection("open");
        }
        if (justCreated && mySeat === null && room && room.status === "waiting") {
          justCreated = false;
          send("sit", { seat: 0 });
          send("listed", { listed: false });
        }
        break;
      case "emote":
        showEmote(main, msg.seat, msg.emote);
        sound("emote");
        if (table && table.emote) table.emote(msg); // a table may show it too (over what it shows)
        break;
      case "seated":
        mySeat = msg.seat;
        setSeat(code, msg.seat, msg.token);
        if (room) rememberGame(code, room.game, mySeat);
        renderRoom();
        break;
      case "room":
        room = stampRoom(msg.room);
        renderRoom();
        break;
      case "state":
        version = msg.version;
        lastState = msg;
        lastStateAt = performance.now();
        showState(msg);
        if (resend()) setConnection("open");
        break;
      case "ack":
        break; // the socket settles the promise of the action it answers
      case "stream":
        if (table && table.stream) table.stream(msg);
        break;
      case "error":
        onError(msg, cause);
        break;
      default:
        // A type the page does not know may be the game's: the table has it, or nobody.
        if (table && table.message) table.message(msg);
        break;
    }
  }

  function onError(msg, cause) {
    if (msg.code === "room_not_found") {
      clear(main).append(h("div.card-panel.not-found", {},
        // i18n: {code}: the room code the reader asked for (six letters and digits).
        h("h1", {}, t("No room with code {code}", { code })),
        h("p", {}, t("Check the code, or create a new room.")),
        h("a.button", { href: "/" }, t("Back to the lobby"))));
      return;
    }
    if (msg.code === "bad_token") clearSeat(code);
    if (msg.code === "seat_taken" && mySeat !== null && room && room.status !== "waiting") mySeat = null;
    // A refused action or stream is the table's to explain; anything else is the page's.
    const tables = cause === "action" || cause === "stream";
    if (tables && table && table.error && table.error(msg)) return;
    toast(errorText(msg), "error");
  }

  function send(type, fields) {
    if (!socket.send(type, fields)) toast(t("Not connected yet, try again in a moment"), "error");
  }

  // ctx.act: the action with the last version seen, answered by its ack or its error. Made while
  // the connection is down, or taken down with it before its answer, it waits to be sent once more.
  function act(action) {
    return request({ action, version }, true);
  }

  // `id`: the id the action was sent with before, when its answer was lost (see ws.js).
  function request(fields, retry, id = null) {
    return new Promise((resolve, reject) => {
      const answer = socket.request("action", fields, id);
      answer.then(resolve, (error) => {
        const unanswered = error.code === "not_connected" || error.code === "connection_lost";
        if (retry && unanswered) unsent.push({ fields, id: error.id ?? null, resolve, reject });
        else reject(error);
      }); // a table may ignore the answer; a refusal has reached table.error or a toast already
    });
  }

  // Send what waited for the connection, once each; true when nothing waits.
  function resend() {
    if (socket.ws === null || socket.ws.readyState !== WebSocket.OPEN) return false;
    for (const { fields, id, resolve, reject } of unsent.splice(0)) request(fields, false, id).then(resolve, reject);
    return true;
  }

  function stream(channel, data) {
    return socket.send("stream", { channel, data });
  }

  async function renderRoom() {
    if (!room) return;
    if (!info || info.id !== room.game) info = await gameInfo(room.game);
    const status = { waiting: t("Waiting for players"), playing: t("Playing"), finished: t("Finished") }[room.status]
      || room.status;
    statusLine.textContent = `${info.name} · ${status}`;
    const deck = deckLanguage(info, room.options);
    // i18n: the language of a game's cards and judge; {language}: its name ("Swedish").
    deckLine.textContent = deck ? t("Deck: {language}", { language: deck }) : "";
    deckLine.hidden = !deck;
    clear(rulesSlot).append(rulesLink(info.id, info.name, { id: "rules-link" }));
    renderSeats();
    if (table && table.names) table.names();
    stayAwake();
  }

  // The screen stays on while this player plays a match (see kit/wakelock.js): not while a bot
  // plays for them.
  function stayAwake() {
    const seat = room && mySeat !== null ? room.seats[mySeat] : null;
    keepAwake(Boolean(seat) && room.status === "playing" && seat.kind === "human" && !(lastState && lastState.outcome));
  }

  function seatName(seat) {
    const s = room && room.seats[seat];
    if (!s || s.kind === "empty") return t("Seat {n}", { n: seat + 1 });
    return seatLabel(s) || t("Seat {n}", { n: seat + 1 });
  }

  // The level a player chose for each empty seat: the seat list is drawn anew whenever the room
  // changes (someone sits or connects), and a choice must outlive that until Add bot is pressed.
  const chosenLevels = new Map();

  function levelSelect(seat) {
    const select = h("select.bot-level", { "aria-label": t("Bot level"), dataset: { seat },
      onchange: () => chosenLevels.set(seat, select.value) });
    for (const level of info.bot_levels || []) select.append(new Option(levelName(info, level), level));
    // The level the game trusts to play for a person, not the weakest (random, listed first).
    if (info.standin_level) select.value = info.standin_level;
    if (chosenLevels.has(seat)) select.value = chosenLevels.get(seat);
    return select;
  }

  function renderSeats() {
    const was = whereFocus(seatsBox);
    clear(seatsBox);
    const waiting = room.status === "waiting";
    const accepted = room.status === "finished" ? room.rematch || [] : [];
    const list = h("ul.seat-list");
    for (const s of room.seats) {
      const mine = s.seat === mySeat;
      const item = h("li.seat", { dataset: { seat: s.seat, kind: s.kind }, class: mine ? "mine" : "" },
        h("span.seat-no", {}, t("Seat {n}", { n: s.seat + 1 })),
        h("span.seat-name", {}, s.kind === "empty" ? t("Empty") : seatLabel(s)),
        s.kind === "empty" ? null : seatRating(s.rating), // a person's rating in this game, if rated
        // i18n: a badge; {level}: the bot's level, one of the games' bot level names.
        s.kind === "bot" ? h("span.badge.bot", {}, t("Bot: {level}", { level: levelName(info, s.level) })) : null,
        // A seat a bot plays for its player after "Let a bot play for me": its token still holds it.
        mine && s.kind === "bot" ? h("span.badge.you", {}, t("A bot plays for you"))
          : mine ? h("span.badge.you", {}, t("You")) : null,
        s.kind === "human" && !s.connected ? h("span.badge.offline", {}, t("Offline")) : null,
        // i18n: a badge on a seat at the end of a match: this player has pressed Rematch.
        accepted.includes(s.seat) ? h("span.badge.rematch", {}, t("Rematch: yes")) : null,
        s.kind === "human" && !s.connected && s.replaceAt ? takeoverBadge(s.replaceAt, "span.badge.offline.takeover")
          : null);
      const actions = h("span.seat-actions");
      if (waiting && s.kind === "empty") {
        actions.append(h("button.sit", { type: "button", onclick: () => send("sit", { seat: s.seat }) },
          mySeat === null ? t("Sit here") : t("Move here")));
        if (mySeat !== null) {
          const select = levelSelect(s.seat);
          actions.append(select, h("button.add-bot", { type: "button",
            onclick: () => send("add_bot", { seat: s.seat, level: select.value }) }, t("Add bot")));
        }
      }
      if (waiting && s.kind === "bot" && mySeat !== null) {
        actions.append(h("button.remove-bot", { type: "button",
          onclick: () => send("remove_bot", { seat: s.seat }) }, t("Remove bot")));
      }
      if (mine && s.kind === "bot") {
        // hello with the seat's token ends the stand-in: connecting again takes the seat back.
        actions.append(h("button.take-back", { type: "button", onclick: () => socket.reconnect() },
          t("Take my seat back")));
      } else if (mine) {
        // In a running match a bot takes over and the token stays valid; otherwise the seat empties.
        const running = room.status === "playing";
        actions.append(h("button.leave", { type: "button", onclick: () => {
          if (running && !window.confirm(t("A bot will play for you until you take your seat back. Go ahead?"))) {
            return;
          }
          send("leave");
          if (!running) {
            clearSeat(code);
            mySeat = null;
          }
        } }, running ? t("Let a bot play for me") : t("Leave seat")));
      }
      item.append(actions);
      list.append(item);
    }
    seatsBox.append(list);

    const controls = h("div.room-controls");
    if (mySeat === null) {
      controls.append(h("p.spectating", { id: "spectating" }, waiting
        ? t("Take a seat to play, or stay to watch.")
        : t("You are watching this game.")));
    }
    // While the page asks for a name above, a second name box here would ask twice.
    if (namePrompt.hidden) controls.append(h("label.name-field", {}, t("Your name"), nameInput));
    if (mySeat !== null && waiting) {
      const listed = h("input", { type: "checkbox", id: "room-listed", checked: room.listed !== false,
        onchange: () => send("listed", { listed: listed.checked }) });
      controls.append(h("label.switch.listed", { for: "room-listed" }, listed,
        t("Show this room in the open rooms")));
    }
    const empty = room.seats.filter((s) => s.kind === "empty").length;
    if (mySeat !== null && room.status !== "playing") {
      // A rematch starts once every person seated has pressed it (bots accept at once).
      const mine = accepted.includes(mySeat);
      const label = room.status === "finished" ? (mine ? t("Rematch accepted") : t("Rematch")) : t("Start game");
      controls.append(h("button.primary", { type: "button", id: "start", disabled: empty > 0 || mine,
        onclick: () => send("start") }, label));
      if (mine) {
        controls.append(h("span.hint.rematch-line", { id: "rematch-wait" },
          t("The next match starts when everyone at the table has accepted.")));
      }
      if (empty > 0) {
        // i18n: {n}: how many empty seats are left before the game can start.
        controls.append(h("span.hint", {}, tn("Waiting for {n} more player or bot",
          "Waiting for {n} more players or bots", empty)));
      }
    }
    if (room.match_id && room.status === "finished") {
      controls.append(h("a.button", { href: `/replay/${room.match_id}`, id: "replay-link" }, t("Watch the replay")));
    }
    seatsBox.append(controls);
    seatsBox.classList.toggle("compact", room.status === "playing");
    emotes.hidden = mySeat === null;
    // Start pressed: the keyboard goes on at the table, now or once it shows.
    if (!giveFocusBack(seatsBox, was) && was.id === "start") focusTableNext = !focusTableStatus(tableBox);
  }

  let tableLoading = null;
  function ensureTable() {
    if (!tableLoading || tableGame !== room.game) {
      tableGame = room.game;
      tableLoading = gameInfo(room.game).then(loadTable).catch(() => {
        clear(tableBox).append(h("p.card-panel", {}, t("This game cannot be shown in the browser yet.")));
        return null;
      }).then((module) => {
        if (!module) return;
        tableModule = module;
        mountTable();
      });
    }
    return tableLoading;
  }

  function mountTable() {
    if (table) table.destroy();
    clear(tableBox);
    table = tableModule.createTable(tableBox, {
      mode: "play",
      seatName,
      seatInfo: (seat) => (room && room.seats[seat]) || null, // kind, level, connected
      act,
      stream,
      emote: (emote) => send("emote", { emote }), // the room's reactions, for a table that offers them
      matchId: () => room && room.match_id,
      endActions,
    });
  }

  // The buttons a game's own end-of-match dialog adds (ctx.endActions()): Rematch, as the room's
  // button below the dialog, so that a seated player need not close the dialog to find it.
  function endActions() {
    if (mySeat === null) return [];
    const button = h("button.primary", { type: "button", id: "end-rematch" }, t("Rematch"));
    button.addEventListener("click", () => {
      send("start");
      button.disabled = true;
      button.textContent = t("Rematch accepted");
    });
    return [button];
  }

  // A language switch builds the table anew, so every label it made once (buttons, placeholders,
  // key hints) is in the new language, with no code in the table for it. The table is handed the
  // last state, its clock run on to now, and the match's events so far for its log; what the
  // player has in hand (a word typed, a drawing, pairs) goes over by the table's keep() and
  // restore(), and the keyboard and the scroll stay where they were.
  let relabels = 0;
  async function relabel() {
    labelRoom();
    const bar = emoteBar((emote) => send("emote", { emote }));
    bar.hidden = emotes.hidden;
    emotes.replaceWith(bar);
    emotes = bar;
    renderRoom();
    if (!table || !tableModule || !lastState) return;
    const mine = ++relabels;
    const story = await storySoFar(room && room.match_id, () => lastState.version);
    if (mine !== relabels || !table || !lastState) return; // another switch, or the table went
    const place = placeOf(tableBox);
    const kept = table.keep ? table.keep() : undefined;
    mountTable();
    const built = table;
    await built.update({ ...stateNow(lastState, lastStateAt), log: story || undefined });
    if (built !== table) return;
    if (built.restore && kept !== undefined) built.restore(kept);
    putBack(tableBox, place);
  }

  // A generic "your turn" cue: the view names the seats to move; each game adds its own sounds.
  function cueTurn(msg) {
    const toMove = msg.view && Array.isArray(msg.view.to_move) ? msg.view.to_move : [];
    const now = mySeat !== null && toMove.includes(mySeat);
    if (now && !myTurn) sound("your-turn");
    myTurn = now;
  }

  async function showState(msg) {
    if (!room) return;
    cueTurn(msg);
    stayAwake();
    await ensureTable();
    if (table && msg === lastState) table.update(msg); // else a newer state is on its way in
    if (focusTableNext && table) focusTableNext = !focusTableStatus(tableBox);
  }

  socket.connect();

  return {
    destroy: () => {
      keepAwake(false);
      socket.close();
      if (table) table.destroy();
    },
    relabel,
  };
}
