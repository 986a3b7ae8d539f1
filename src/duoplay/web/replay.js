// The replay page: step through a match's frames, as a spectator saw it or, once it has finished,
// as any seat saw it. After the first frame, each frame holds only what changed in the view.
import { api, clear, h, toast } from "./dom.js";
import { gameInfo, loadTable } from "./games.js";
import { errorText, t } from "./i18n.js";
import { applyDelta } from "./ws.js";

const CHECKPOINT = 256; // a whole view is kept every this many frames, so a jump rebuilds few deltas

export function showReplay(matchId) {
  const main = document.getElementById("main");
  document.title = `${t("Replay")} · duoplay`;
  let replay = null;
  let index = 0;
  let table = null;
  let checkpoints = [];
  let current = null; // the view at `index`

  const counter = h("span.counter", { id: "frame-counter" });
  const slider = h("input", { type: "range", min: 0, max: 0, value: 0, id: "frame-slider",
    "aria-label": t("Move") });
  const button = (label, id, name, step) => h("button", { type: "button", id, "aria-label": name, title: name,
    onclick: () => go(step(index)) }, label);
  const controls = h("div.replay-controls", {},
    button("|◀", "first", t("First move"), () => 0), button("◀", "prev", t("Previous move"), (i) => i - 1), slider,
    button("▶", "next", t("Next move"), (i) => i + 1), button("▶|", "last", t("Last move"), () => Infinity), counter);
  const seatPicker = h("select", { id: "replay-seat", "aria-label": t("Watch as") });
  seatPicker.addEventListener("change", () => load(seatPicker.value === "" ? null : Number(seatPicker.value)));
  const seatLabel = h("label.replay-seat", { hidden: true }, t("Watch as"), " ", seatPicker);
  const head = h("section.room-head", {}, h("h1", {}, t("Replay")), h("p.names", { id: "replay-names" }),
    seatLabel);
  const tableBox = h("section.table-area");
  clear(main).append(h("div.room.replay-page", {}, head, controls, tableBox));

  slider.addEventListener("input", () => go(Number(slider.value)));

  function go(target) {
    if (!replay || !table) return;
    const next = Math.max(0, Math.min(replay.frames.length - 1, target));
    const forward = next === index + 1;
    current = forward && current ? applyDelta(current, replay.frames[next].delta) : viewAt(next);
    index = next;
    const frame = replay.frames[index];
    slider.value = String(index);
    // i18n: the replay's position; {n}: the move shown; {total}: the moves of the match.
    counter.textContent = t("Move {n} of {total}", { n: index, total: replay.frames.length - 1 });
    // Stepping forward animates that frame's events; jumps just show the position.
    // `log` rebuilds the table's log from the start, so a jump shows everything up to this move.
    const log = replay.frames.slice(1, index + 1).flatMap((f) => f.events);
    table.update({ version: frame.version, view: current, legal: [], events: forward ? frame.events : [],
      log, outcome: index === replay.frames.length - 1 ? replay.header.outcome || null : null });
  }

  function onKey(event) {
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    if (event.key === "ArrowRight") go(index + 1);
    else if (event.key === "ArrowLeft") go(index - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(Infinity);
  }
  document.addEventListener("keydown", onKey);

  function viewAt(target) {
    const base = Math.floor(target / CHECKPOINT);
    let view = checkpoints[base];
    for (let i = base * CHECKPOINT + 1; i <= target; i += 1) view = applyDelta(view, replay.frames[i].delta);
    return view;
  }

  function keepCheckpoints() {
    checkpoints = [];
    let view = replay.frames[0].view;
    replay.frames.forEach((frame, i) => {
      if (i > 0) view = applyDelta(view, frame.delta);
      if (i % CHECKPOINT === 0) checkpoints.push(view);
    });
  }

  function offerSeats(names) {
    // Once the match has finished nothing is secret: any seat's view may be watched, hand included.
    if (!replay.header.finished || seatPicker.options.length) return;
    seatPicker.append(h("option", { value: "" }, t("Spectator")),
      ...names.map((name, seat) => h("option", { value: String(seat) }, name || t("Seat {n}", { n: seat + 1 }))));
    seatLabel.hidden = false;
  }

  async function load(seat) {
    const query = seat === null ? "" : `?seat=${seat}`;
    try {
      replay = await api(`/api/matches/${encodeURIComponent(matchId)}/replay${query}`);
    } catch (error) {
      toast(errorText(error));
      return;
    }
    keepCheckpoints();
    const at = index;
    current = null;
    index = -1;
    go(at);
  }

  (async () => {
    try {
      replay = await api(`/api/matches/${encodeURIComponent(matchId)}/replay`);
    } catch (error) {
      clear(main).append(h("div.card-panel.not-found", {}, h("h1", {}, t("No replay")),
        h("p", {}, errorText(error)), h("a.button", { href: "/" }, t("Back to the lobby"))));
      return;
    }
    const names = replay.header.names || [];
    document.getElementById("replay-names").textContent = names.join(" – ");
    keepCheckpoints();
    offerSeats(names);
    let module;
    try {
      module = await loadTable(await gameInfo(replay.header.game));
    } catch {
      tableBox.append(h("p.card-panel", {}, t("This game cannot be shown in the browser yet.")));
      return;
    }
    table = module.createTable(tableBox, {
      mode: "replay",
      seatName: (seat) => names[seat] || t("Seat {n}", { n: seat + 1 }),
      act: () => {
        toast(t("This is a replay"));
        const refused = Promise.reject({ v: 1, type: "error", code: "replay", message: "This is a replay" });
        refused.catch(() => {}); // a table may ignore the answer
        return refused;
      },
      stream: () => false,
      matchId: () => matchId,
    });
    slider.max = String(replay.frames.length - 1);
    index = -1;
    go(0);
  })();

  return {
    destroy: () => {
      document.removeEventListener("keydown", onKey);
      if (table) table.destroy();
    },
    relabel: () => go(index),
  };
}
