// The Duple table: a real-time word race. It renders the view and `legal` from the server and
// holds no rules: the server judges every answer at once and says why it refused one.
// Layout: status and timer, the announcement line, the stage (category, BIG letters, the answer
// box, the buttons of the decision at hand, the answers), the piles by seat; scores and log aside.
import { h } from "../../dom.js";
import { t, tc } from "../../i18n.js";
import { Countdown, ErrorLine, EventLog, focusTable, keyHints, listenKeys, Modal, Scoreboard, TurnStatus }
  from "../../kit/index.js";
import { loadCategories } from "./categories.js";
import { announcement, describe, normalize, raceStarted } from "./events.js";
import { deadlineNow, Pacer } from "./pacing.js";
import { renderDecks, renderPiles } from "./piles.js";
import { Stage } from "./stage.js";
import { gameSummary } from "./summary.js";
import { namer, statusText } from "./talk.js";

const PREFIX = "duple";
const LOUD = new Set(["tie", "vote", "allplay", "appeal", "replay"]);

export function createTable(root, ctx) {
  const replay = ctx.mode === "replay";
  const status = new TurnStatus({ prefix: PREFIX, titleHint: !replay });
  const timer = new Countdown({ prefix: PREFIX, low: 5 });
  // A face-off's first seconds are no deadline: when they pass, the racers may turn a new category.
  // That wait reads as a hint, never in a deadline's red.
  // i18n: a hint during a face-off; {n}: seconds before the racers may turn a new category.
  const unlockText = (n) => t("New category in {n} s", { n });
  const unlock = new Countdown({ prefix: "duple-unlock", low: -1, text: unlockText, label: unlockText,
    element: h("span.duple-unlock", { id: "duple-unlock", hidden: true }) });
  const why = new ErrorLine({ prefix: PREFIX });
  const scores = new Scoreboard({ prefix: PREFIX });
  const log = new EventLog({ prefix: PREFIX, quiet: replay });
  const flash = h("p.duple-flash", { id: "duple-flash", "aria-live": "polite" });
  const stage = new Stage({ send });
  const piles = h("div.duple-piles", { id: "duple-piles" });
  const decks = h("div.duple-decks", { id: "duple-decks" });
  const hints = keyHints(PREFIX, [[tc("key", "Space"), t("flip")], [tc("key", "Enter"), t("send your word")], ["P", t("pass")],
    ["N", t("new category / vote no")], ["A", t("ask for a vote")], ["Y", t("vote yes")], ["/", t("back to the word box")]]);
  const table = h("div.duple-table", { id: "duple-table", class: replay ? "replay" : "" },
    h("div.duple-main", {},
      h("div.duple-top", {}, status.element, timer.element, unlock.element),
      flash, stage.element, why.element, decks, piles, hints),
    h("aside.duple-side", {}, scores.element, log.element));
  const modal = new Modal({ prefix: PREFIX, host: table });
  root.append(table);

  let shown = null; // the state on the table now
  let held = null; // the ended race kept on the stage during a pause
  let flashTimer = null;
  const me = () => (shown && shown.view.seat !== null && shown.view.seat !== undefined ? shown.view.seat : null);
  const name = (seat) => namer(ctx.seatName, me())(seat);
  const seatOf = (msg) => (msg.view.seat === null || msg.view.seat === undefined ? null : msg.view.seat);

  function send(action) {
    why.clear();
    if (action.type === "vote") stage.voted(action.accept);
    return ctx.act(action).catch(() => null); // a refusal comes back through error() below
  }

  function say(text, kind) {
    if (!text) return;
    flash.textContent = text;
    flash.dataset.kind = kind;
    flash.classList.remove("new");
    void flash.offsetWidth; // restart the animation
    flash.classList.add("new");
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => flash.classList.remove("new"), 2500);
  }

  function quiet() {
    flash.textContent = "";
    delete flash.dataset.kind;
    flash.classList.remove("new");
  }

  function render({ hold = false } = {}) {
    const msg = shown;
    const v = msg.view;
    const legal = hold ? [] : msg.legal || [];
    const mine = me() !== null && v.to_move.includes(me()) && !msg.outcome && !hold;
    status.set(statusText(v, { me: me(), seatName: ctx.seatName, legal, outcome: msg.outcome }), { mine });
    // Short timers (the tie window) are not worth a countdown.
    const deadline = replay || hold ? null : deadlineNow(msg);
    const race = v.race;
    const unlocking = Boolean(deadline) && v.phase === "faceoff" && race && !race.stuck && !race.vote
      && !(race.accepted || []).length;
    // The pause after a win is the winning word's moment, not a countdown.
    timer.set(!deadline || unlocking || v.phase === "pause" || deadline.seconds_left < 1 ? null : deadline);
    unlock.set(unlocking ? deadline : null);
    const stageView = hold && held ? held.view : v;
    const { startedRacing } = stage.update(stageView, legal, me(), name, ctx.seatName);
    table.dataset.holding = hold ? "1" : "0";
    renderPiles(piles, v, { me: me(), name, ctx, fresh: freshPile(msg.events) });
    renderDecks(decks, v);
    scores.update({ title: t("Points"), rows: [...Array(v.seats).keys()].map((seat) => ({ seat, name: name(seat),
      total: v.scores[seat], mine: seat === me() })) });
    Object.assign(table.dataset, { version: msg.version, phase: hold ? "hold" : v.phase, step: v.step,
      toMove: v.to_move.join(","), seat: me() === null ? "" : me(), racing: stage.racing ? "1" : "0" });
    if (startedRacing && !replay && !modal.isOpen) stage.focusInput();
    if (!hold && v.phase === "vote" && legal.some((a) => a.type === "vote")) {
      const yes = document.getElementById("duple-vote-yes");
      if (yes && !table.contains(document.activeElement)) yes.focus({ preventScroll: true });
    }
  }

  function freshPile(events) {
    const flips = (events || []).filter((e) => e.kind === "flip");
    return flips.length ? flips[flips.length - 1].pile : null;
  }

  function lines(events, view) {
    return events.map((event) => ({ text: describe(event, ctx.seatName, view, me()), kind: event.kind, loud: LOUD.has(event.kind) }));
  }

  // Draw one state (see pacing.js); `hold` keeps the ended race on the stage for a moment.
  function show(msg, { hold, resumed = false }) {
    const first = shown === null;
    if (!resumed) held = hold ? shown : null;
    if (!resumed) {
      why.clear();
      const said = announcement(msg.events || [], ctx.seatName, msg.view, seatOf(msg));
      if (said) say(said.text, said.kind);
      else if (raceStarted(msg.events || [])) quiet(); // the last result is not this race's news
    }
    shown = msg;
    // While the match runs the room's header steps back, so the race and the answer box fit the screen.
    if (!replay) focusTable(!msg.outcome);
    render({ hold });
    if (resumed) return;
    if (Array.isArray(msg.log)) {
      const all = msg.log.map(normalize);
      log.replace(lines(all.slice(0, all.length - msg.events.length), msg.view), lines(msg.events, msg.view));
    } else {
      log.add(lines(msg.events || [], msg.view));
    }
    if (first && !replay) {
      // On a small screen the room's header pushes the race out of sight: bring the table up once.
      if (table.getBoundingClientRect().top < 0 || table.getBoundingClientRect().bottom > window.innerHeight) {
        table.scrollIntoView({ block: "start" });
      }
      if (stage.racing) stage.focusInput();
    }
    if (replay) return;
    const over = (msg.events || []).some((e) => e.kind === "over");
    if (over || (first && msg.outcome)) {
      modal.show({ name: "end", content: gameSummary(msg.view, msg.outcome, ctx.seatName, name, me()),
        actions: !replay && ctx.endActions ? ctx.endActions() : [] });
    }
  }

  const pacer = new Pacer(show, { paced: !replay });
  // The categories in the reader's language, once loaded (the deck's names stand until then).
  loadCategories().then(() => shown && render({ hold: pacer.holding() }), () => null);

  function update(next) {
    if (shown && next.version < shown.version && !pacer.holding()) {
      // A new match in the same room (a rematch): start from a clean table.
      log.clear();
      modal.close({ quietly: true });
      pacer.reset();
    }
    pacer.push({ ...next, events: (next.events || []).map(normalize), log: next.log });
  }

  function legalNow(type) {
    if (!shown || pacer.holding()) return null;
    return (shown.legal || []).find((a) => a.type === type) || null;
  }

  function onKey(key) {
    if ((key === " " || key === "Enter") && legalNow("flip")) {
      send(legalNow("flip"));
      return true;
    }
    if (key === "p" && legalNow("pass")) return Boolean(send(legalNow("pass")));
    if (key === "a" && legalNow("appeal")) return Boolean(send(legalNow("appeal")));
    if (key === "y" && legalNow("vote")) return Boolean(send({ type: "vote", accept: true }));
    if (key === "n" && legalNow("vote")) return Boolean(send({ type: "vote", accept: false }));
    if (key === "n" && legalNow("new_category")) return Boolean(send(legalNow("new_category")));
    if ((key === "/" || key === "Enter") && stage.racing) {
      stage.focusInput();
      return true;
    }
    return false;
  }

  const stopKeys = listenKeys(onKey, { active: () => !replay && shown !== null });

  return {
    update,
    names: () => shown && render({ hold: pacer.holding() }),
    // A language switch builds the table anew (room.js): the word in the answer box, and the one
    // sent and not yet answered, go over to the new table if it is for the same race.
    keep: () => ({ question: stage.question, word: stage.input.value, pending: stage.pending,
      dialog: modal.isOpen }),
    restore: (kept) => {
      if (!kept.dialog) modal.close({ quietly: true });
      if (kept.question !== stage.question || !stage.question) return;
      stage.input.value = kept.word;
      if (kept.pending !== null && stage.pending === null && shown) {
        stage.pending = kept.pending;
        render({ hold: pacer.holding() });
        if (stage.pending === null) return; // the state has its answer already
        stage.mine.textContent = `${kept.pending || "…"} …`;
        stage.mine.className = "duple-mine pending";
      }
    },
    error: (error) => {
      why.show(error);
      stage.pending = null;
      if (shown) render({ hold: pacer.holding() });
      return true;
    },
    destroy: () => {
      stopKeys();
      focusTable(false);
      pacer.reset();
      timer.stop();
      unlock.stop();
      clearTimeout(flashTimer);
      modal.close({ quietly: true });
      status.destroy();
      table.remove();
    },
  };
}
