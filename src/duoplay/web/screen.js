// The big screen (/room/CODE/screen): a TV or projector in the room shows the code large with a QR
// code to join, the seats, then the public table, while each player's phone shows only their own hand.
// It watches without a seat. A game draws its own big-screen table by shipping
// games/<web_table>/screen.js (exporting createTable like table.js, with ctx.mode "screen") and its
// look in screen.css beside it; a game without one is shown with its ordinary table, as a spectator sees it.
import { clear, h } from "./dom.js";
import { emoteSymbol } from "./emotes.js";
import { gameInfo, seatLabel } from "./games.js";
import { t } from "./i18n.js";
import { RoomSocket } from "./ws.js";

function loadScreenTable(info) {
  const folder = encodeURIComponent(info.web_table);
  const base = `/static/games/${folder}`;
  if (!document.querySelector(`link[data-game="${CSS.escape(info.web_table)}"]`)) {
    document.head.append(h("link", { rel: "stylesheet", href: `${base}/table.css`,
      dataset: { game: info.web_table } }));
  }
  return import(`${base}/screen.js`).then((module) => {
    // A game's big-screen table has a stylesheet of its own beside it: screen.css, on top of table.css.
    document.head.append(h("link", { rel: "stylesheet", href: `${base}/screen.css`,
      dataset: { game: info.web_table, screen: "1" } }));
    return module;
  }, () => import(`${base}/table.js`));
}

export function showScreen(code) {
  const main = document.getElementById("main");
  document.title = `${code} · duoplay`;
  document.body.classList.add("big-screen");
  let room = null;
  let info = null;
  let table = null;
  let tableLoading = null;
  let lastState = null;

  const link = `${location.origin}/room/${code}`;
  const status = h("p.screen-status", { id: "screen-status" });
  const seats = h("ul.screen-seats", { id: "screen-seats" });
  const join = h("section.screen-join", { id: "screen-join" },
    h("img.screen-qr", { src: `/api/rooms/${code}/qr.svg`, width: 240, height: 240,
      // i18n: the description of a QR code on the big screen; {code}: the room's code.
      alt: t("QR code of the link to room {code}", { code }) }),
    h("div", {},
      // i18n: on the big screen, above the room code, large.
      h("p.screen-invite", {}, t("Join with your phone: scan the code or open")),
      h("p.screen-link", {}, link),
      h("h1.screen-code", { id: "screen-code" }, code)));
  const tableBox = h("section.screen-table", { id: "screen-table" });
  clear(main).append(h("div.screen", {}, join, status, seats, tableBox));

  const socket = new RoomSocket(code, {
    // i18n: the name the big screen watches under; nobody sees it, as it never takes a seat.
    hello: () => ({ name: t("Big screen"), token: null }),
    message: onMessage,
    status: () => {},
  });

  function onMessage(msg) {
    if (msg.type === "welcome" || msg.type === "room") {
      room = msg.room;
      renderRoom();
    } else if (msg.type === "state") {
      lastState = msg;
      showState(msg);
    } else if (msg.type === "stream") {
      if (table && table.stream) table.stream(msg);
    } else if (msg.type === "emote") {
      const seat = seats.querySelector(`[data-seat="${msg.seat}"]`);
      if (seat) {
        const bubble = h("span.emote-bubble", {}, emoteSymbol(msg.emote));
        seat.append(bubble);
        setTimeout(() => bubble.remove(), 2500);
      }
    } else if (msg.type === "error" && msg.code === "room_not_found") {
      clear(main).append(h("h1", {}, t("No room with code {code}", { code })));
    } else if (table && table.message) {
      table.message(msg);
    }
  }

  function seatName(seat) {
    const s = room && room.seats[seat];
    if (!s || s.kind === "empty") return t("Seat {n}", { n: seat + 1 });
    return seatLabel(s) || t("Seat {n}", { n: seat + 1 });
  }

  async function renderRoom() {
    if (!room) return;
    if (!info || info.id !== room.game) info = await gameInfo(room.game);
    const words = { waiting: t("Waiting for players"), playing: t("Playing"), finished: t("Finished") };
    status.textContent = `${info.name} · ${words[room.status] || room.status}`;
    clear(seats);
    for (const s of room.seats) {
      seats.append(h("li", { dataset: { seat: s.seat, kind: s.kind } },
        s.kind === "empty" ? t("Empty") : seatLabel(s)));
    }
    // Once a game runs, the code shrinks to a corner: latecomers can still join or watch.
    join.classList.toggle("small", room.status !== "waiting");
    main.querySelector(".screen").classList.toggle("playing", room.status !== "waiting");
    if (table && table.names) table.names();
  }

  function ensureTable() {
    if (!tableLoading) {
      tableLoading = gameInfo(room.game).then(loadScreenTable).then((module) => {
        clear(tableBox);
        table = module.createTable(tableBox, { mode: "screen", seatName,
          seatInfo: (seat) => (room && room.seats[seat]) || null,
          act: () => Promise.reject(new Error("the big screen has no seat")), stream: () => false,
          matchId: () => room && room.match_id });
      }).catch(() => {
        clear(tableBox).append(h("p", {}, t("This game cannot be shown in the browser yet.")));
      });
    }
    return tableLoading;
  }

  async function showState(msg) {
    if (!room) return;
    await ensureTable();
    if (table && msg === lastState) table.update(msg);
  }

  socket.connect();
  return {
    destroy: () => {
      socket.close();
      if (table) table.destroy();
      document.body.classList.remove("big-screen");
    },
    relabel: () => {
      renderRoom();
      if (table && lastState) table.update({ ...lastState, events: [] });
    },
  };
}
