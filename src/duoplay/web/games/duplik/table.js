// The Duplik table: describe a secret scene, draw it, judge the drawings criterion by criterion. It
// renders the view and `legal` from the server and holds no rules. Layout: status and timer, the
// stage (see stage.js), the error line, the seats; the score sheet and the log aside.
import { h } from "../../dom.js";
import { t, tc } from "../../i18n.js";
import { Countdown, ErrorLine, EventLog, focusTable, keyHints, listenKeys, Modal, Scoreboard, SeatStrip, TurnStatus }
  from "../../kit/index.js";
import { describe, isLoud } from "./events.js";
import { gameSummary, reactionCame, rememberReveal, revealPanel } from "./reveal.js";
import { criteriaList } from "./scene.js";
import { scoreSheet, seatEntry } from "./sheet.js";
import { Stage } from "./stage.js";
import { onPaper, paperReveal } from "./tablemode.js";
import { namer, statusText } from "./talk.js";

const PREFIX = "duplik";
export function createTable(root, ctx) {
  const replay = ctx.mode === "replay";
  const status = new TurnStatus({ prefix: PREFIX, titleHint: !replay });
  const timer = new Countdown({ prefix: PREFIX, low: 10 });
  const why = new ErrorLine({ prefix: PREFIX });
  const seats = new SeatStrip({ prefix: PREFIX });
  const scores = new Scoreboard({ prefix: PREFIX });
  const log = new EventLog({ prefix: PREFIX, quiet: replay });
  const stage = new Stage({ ctx, act: send, why });
  // Each decision has keys of its own (judging.js): a key meant for one never settles another.
  const hints = keyHints(PREFIX, [["U", t("undo a stroke")], ["Y", t("met")], ["N", t("not met")],
    ["A", t("ask the other Judges")], [["V", "X", "B"], t("vote on a verdict")], [["T", "F"], t("settle a tied vote")], ["O", t("leave a tie to the others")],
    [tc("key", "Enter"), t("accept the verdict")], ["D", t("dispute")], [tc("key", "Enter"), t("roll, turn the hourglass, next round")]]);
  const table = h("div.duplik-table", { id: "duplik-table", class: replay ? "replay" : "" },
    h("div.duplik-main", {},
      h("div.duplik-top", {}, status.element, timer.element),
      stage.element, why.element, seats.element, hints),
    h("aside.duplik-side", {}, scores.element, log.element));
  const modal = new Modal({ prefix: PREFIX, host: table });
  root.append(table);
  stage.onShowReveal = () => showReveal(shown.view);

  let shown = null;
  let lastMoment = null; // the round and phase last shown
  const me = () => (shown && shown.view.seat !== null && shown.view.seat !== undefined ? shown.view.seat : null);
  const label = (seat) => namer(ctx.seatName, me())(seat);

  let answered = 0; // actions of this page the server has answered (an ack or a refusal)
  function send(action) {
    why.clear();
    return ctx.act(action).catch(() => null) // a refusal comes back through error() below
      .finally(() => {
        answered += 1;
        table.dataset.answered = String(answered);
      });
  }

  function render() {
    const msg = shown;
    const v = msg.view;
    const legal = replay ? [] : msg.legal || [];
    const mine = me() !== null && v.to_move.includes(me()) && !msg.outcome && legal.length > 0;
    status.set(statusText(v, { me: me(), seatName: ctx.seatName, legal, outcome: msg.outcome }), { mine });
    timer.set(replay ? null : msg.deadline);
    stage.render(msg, { me: me(), label, seatName: ctx.seatName, replay });
    seats.update([...Array(v.seats).keys()].map((seat) => seatEntry(v, seat, { ctx, label, me: me() })));
    scores.update(scoreSheet(v, { label, me: me() }));
    Object.assign(table.dataset, { version: msg.version, phase: v.phase, round: v.round, portrayer: v.portrayer,
      criterion: v.criterion, toMove: v.to_move.join(","), seat: me() === null ? "" : me(),
      vote: v.vote ? `${v.vote.artist}:${v.vote.deciding ? "tie" : "open"}` : "" });
  }

  // The reveal opens as a dialog and stays until its reader closes it, even when the next round starts.
  function showReveal(v) {
    if (!v.card) return;
    modal.show({ name: "reveal", content: h("div.duplik-reveal-box", {},
      // i18n: {n}: the round's number; {title}: its scene's title.
      h("h2", {}, t("Round {n}: {title}", { n: v.round, title: v.card.title })),
      onPaper(v) ? paperReveal(v, { label, id: "duplik-reveal-round" })
        : revealPanel(v, { label, seatName: ctx.seatName, me: me(), id: "duplik-reveal-round", react: ctx.emote }),
      criteriaList(v.criteria, { golden: v.golden })) });
  }

  function lines(events, view) {
    return events.map((event) => ({ text: describe(event, ctx.seatName, view, me()), kind: event.kind,
      loud: isLoud(event) }));
  }

  function update(next) {
    const first = shown === null;
    if (shown && next.version < shown.version) {
      log.clear(); // a new match in this room
      modal.close({ quietly: true });
    }
    shown = next;
    why.clear();
    // While the match runs the room's header steps back, so the canvas and the controls fit the screen.
    if (!replay) focusTable(!next.outcome);
    render();
    const events = next.events || [];
    if (Array.isArray(next.log)) {
      log.replace(lines(next.log.slice(0, next.log.length - events.length), next.view), lines(events, next.view));
    } else {
      log.add(lines(events, next.view));
    }
    const v = next.view;
    if (!replay && (v.phase === "reveal" || v.phase === "over") && v.card) rememberReveal(ctx.matchId && ctx.matchId(), v);
    const moment = `${v.round}.${v.phase}`;
    if (!replay && moment !== lastMoment) {
      // The room's header pushes the stage down: bring the table up when a new moment of the round begins.
      lastMoment = moment;
      const box = table.getBoundingClientRect();
      if (box.top < 0 || box.top > 80) table.scrollIntoView({ block: "start" });
    }
    if (replay) return;
    if (events.some((e) => e.kind === "reveal") || (first && v.phase === "reveal")) showReveal(v);
    const over = events.some((e) => e.kind === "game_over");
    if (over || (first && next.outcome)) {
      modal.show({ name: "end", content: gameSummary(v, next.outcome, { seatName: ctx.seatName, label, me: me(),
        matchId: ctx.matchId && ctx.matchId(), paper: onPaper(v) }), actions: ctx.endActions ? ctx.endActions() : [] });
    }
  }

  // A key does what the visible button that shows it does, and nothing else: no decision that is
  // not on the screen can be settled by a key.
  function onKey(key) {
    if (!shown) return false;
    const name = key.length === 1 ? key.toUpperCase() : key;
    const button = [...table.querySelectorAll("button[aria-keyshortcuts]")].find((b) =>
      b.getAttribute("aria-keyshortcuts") === name && !b.disabled && b.getClientRects().length > 0);
    if (!button) return false;
    button.click();
    return true;
  }

  const stopKeys = listenKeys(onKey, { active: () => !replay && shown !== null });

  return {
    update,
    names: () => shown && render(),
    // A language switch builds the table anew (room.js): the description typed and the drawing,
    // with its strokes not yet sent, go over to the new table if they are for the same round.
    keep: () => ({ dialog: modal.isOpen,
      typed: stage.typist.key ? { key: stage.typist.key, text: stage.typist.box.value } : null,
      ink: stage.ink.key ? { key: stage.ink.key, strokes: stage.ink.strokes, outbox: stage.ink.outbox,
        kept: stage.ink.kept, resync: stage.ink.resync } : null }),
    restore: (kept) => {
      if (!kept.dialog) modal.close({ quietly: true });
      const { typist, ink } = stage;
      if (kept.typed && typist.key === kept.typed.key && typist.box.value !== kept.typed.text) {
        typist.box.value = kept.typed.text;
        typist.changed();
      }
      if (kept.ink && ink.key === kept.ink.key) {
        // The old table's copy, instead of the stored one, which would be sent again whole.
        Object.assign(ink, { strokes: kept.ink.strokes, outbox: kept.ink.outbox, kept: kept.ink.kept,
          resync: kept.ink.resync });
        ink.store();
        ink.changed();
        ink.synced();
        ink.pump();
      }
    },
    emote: (msg) => reactionCame(msg.seat, msg.emote), // the reveal shows the room's reactions
    stream: (msg) => {
      if (shown && msg.channel === "text" && msg.seat === shown.view.portrayer && msg.data
        && typeof msg.data.text === "string") {
        stage.reading.streamed(msg.data.text);
      }
      if (msg.channel === "ink" && msg.seat === me()) stage.ink.echoed(msg.data); // the server kept it
    },
    error: (error) => {
      if (error.code === "stream_closed") {
        // The hourglass ran out meanwhile: nothing to say, unless strokes drawn before were refused.
        if (stage.ink.finishing) {
          stage.ink.close();
          why.show(error);
        }
        return true;
      }
      if (error.code === "too_large" && stage.typist.key) {
        stage.typist.full();
        return true;
      }
      if ((error.code === "rate_limited" || error.code === "too_large") && stage.ink.key) {
        stage.ink.lost();
        return true;
      }
      why.show(error);
      if (shown) render();
      return true;
    },
    destroy: () => {
      stopKeys();
      focusTable(false);
      stage.destroy();
      timer.stop();
      modal.close({ quietly: true });
      status.destroy();
      table.remove();
    },
  };
}
