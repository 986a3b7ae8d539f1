// The Duplik big screen (/room/CODE/screen): what a room watching a TV reads from the sofa. Large:
// who portrays, what the table waits for and the hourglass; the title and the golden number; the
// description as far as a spectator gets it; who has put their pencil down; while judging, the
// criterion read now and every verdict as it comes; then the reveal (the scene beside every drawing,
// with points, the drawings coming in one after another, each drawn again stroke by stroke); the
// score sheet beside it all. It renders the spectator view only, so the scene card and the drawings
// stay hidden until the reveal, as they are from every spectator; it sends nothing.
import { h } from "../../dom.js";
import { language, t } from "../../i18n.js";
import { Countdown, Scoreboard, SeatStrip, TurnStatus } from "../../kit/index.js";
import { Reading } from "./describe.js";
import { currentCriterion, verdictBoard } from "./judging.js";
import { revealWall, winnersLine } from "./reveal.js";
import { scoreSheet, seatEntry } from "./sheet.js";
import { goldenLine, rollsLine, titleLine } from "./stage.js";
import { onPaper, paperReveal, spoken } from "./tablemode.js";
import { statusText } from "./talk.js";

const PREFIX = "duplik";
const STEP_MS = 2200; // at the reveal, a drawing comes in and is drawn again, then the next one

export function createTable(root, ctx) {
  const status = new TurnStatus({ prefix: PREFIX, titleHint: false });
  const timer = new Countdown({ prefix: PREFIX, low: 10 });
  const players = new SeatStrip({ prefix: PREFIX });
  const scores = new Scoreboard({ prefix: PREFIX });
  const reading = new Reading();
  const who = h("p.duplik-screen-who", { id: "duplik-screen-who" });
  const stage = h("section.duplik-screen-stage", { id: "duplik-screen-stage" });
  // Who is still drawing, who judges whom: one row under the status, in sight from anywhere.
  const table = h("div.duplik-screen", { id: "duplik-table", dataset: { screen: "1" } },
    h("div.duplik-screen-top", {}, who, status.element, timer.element), players.element,
    h("div.duplik-screen-body", {}, stage, h("aside.duplik-screen-side", {}, scores.element)));
  root.append(table);

  let msg = null;
  let readingRound = null;
  let held = null; // the last reveal shown: {view, nodes, key, names}
  const label = (seat) => ctx.seatName(seat); // nobody is "You" on a screen
  const roundKey = (v) => `${(ctx.matchId && ctx.matchId()) || "match"}.${v.round}`;
  const seatNames = (v) => [...Array(v.seats).keys()].map((seat) => ctx.seatName(seat)).join("\n");

  // The reveal's nodes are built once, so its drawings come in one after another only once.
  function revealNodes(v, outcome) {
    const key = `${roundKey(v)}.${outcome ? "over" : "reveal"}.${language()}`;
    if (held && held.key === key && held.nodes) return held.nodes;
    const id = "duplik-screen-reveal";
    const panel = onPaper(v) ? paperReveal(v, { label, id })
      : revealWall(v, { label, seatName: ctx.seatName, id, step: STEP_MS });
    panel.style.setProperty("--step", `${STEP_MS}ms`);
    const items = [...panel.querySelectorAll(".duplik-item")];
    items.forEach((item, i) => item.style.setProperty("--i", String(i)));
    const gallery = panel.querySelector(".duplik-gallery");
    if (gallery) {
      // Four pictures to a row at most, two rows at most: the scene and up to seven drawings stay large.
      const columns = items.length <= 4 ? items.length : Math.ceil(items.length / 2);
      gallery.style.setProperty("--columns", String(columns));
      gallery.style.setProperty("--rows", String(Math.ceil(items.length / columns)));
    }
    const nodes = [
      // i18n: {n}: the round's number; {title}: its scene's title.
      h("h2.duplik-screen-heading", {}, t("Round {n}: {title}", { n: v.round, title: v.card.title })),
      outcome ? h("p.duplik-headline", { id: "duplik-screen-winners" },
        winnersLine(outcome, { seatName: ctx.seatName, me: null })) : null,
      panel].filter(Boolean);
    held = { view: v, nodes, key, names: seatNames(v) };
    return nodes;
  }

  // The reveal to show now: this round's, or the last one until the next hourglass turns. The room
  // is still looking at the drawings when the Portrayer moves on (a bot does after a few seconds),
  // and the status line above already says what the next round waits for.
  function revealing(v) {
    if ((v.phase === "reveal" || v.phase === "over") && v.card) return v;
    if (held && ["choose", "roll", "title"].includes(v.phase)) return held.view;
    held = null;
    return null;
  }

  function describing(v) {
    if (v.description) return reading.element;
    if (spoken(v)) return h("p.duplik-note", {}, t("The Portrayer describes aloud."));
    const info = ctx.seatInfo ? ctx.seatInfo(v.portrayer) : null;
    // A bot types by actions, which every spectator sees; a person's typing streams to the Artists alone.
    if (info && info.kind !== "bot") {
      return h("p.duplik-note.duplik-screen-unsaid", { id: "duplik-screen-unsaid" },
        t("The Artists read the description on their phones; it shows here once the Portrayer stops."));
    }
    return reading.element;
  }

  function phaseNodes(v) {
    const title = v.title ? titleLine(v) : null;
    const golden = v.golden ? goldenLine(v) : null;
    switch (v.phase) {
      case "choose":
        return [v.round === 1 && v.rolls.length ? rollsLine(v, label) : null];
      case "roll":
      case "title":
        return [title, golden];
      case "describe":
        return [title, golden, describing(v)];
      case "pass":
        return [title, v.description ? reading.element : null,
          h("p.duplik-note", {}, t("Each drawing goes to the next Artist on that side, who judges it."))];
      case "judge":
        return [h("div.duplik-screen-judging", {}, title, currentCriterion(v)), verdictBoard(v, label)];
      default:
        return [title];
    }
  }

  function render() {
    if (!msg) return;
    const v = msg.view;
    const outcome = msg.outcome || null;
    const key = roundKey(v);
    if (readingRound !== key) {
      readingRound = key;
      reading.reset();
    }
    reading.view(v.description || "");
    who.replaceChildren(
      // i18n: {n}: the round's number.
      h("span.duplik-screen-round", {}, t("Round {n}", { n: v.round })),
      h("span.kit-badge.kit-badge-portrayer", {}, t("Portrayer")),
      h("strong.duplik-screen-portrayer", {}, ctx.seatName(v.portrayer)));
    status.set(statusText(v, { me: null, seatName: ctx.seatName, legal: [], outcome }));
    timer.set(outcome ? null : msg.deadline);
    players.update([...Array(v.seats).keys()].map((seat) => ({ ...seatEntry(v, seat, { ctx, label, me: null }),
      data: { done: v.done.includes(seat) ? "1" : "0" } })));
    scores.update(scoreSheet(v, { label, me: null }));
    const shown = revealing(v);
    const nodes = shown ? revealNodes(shown, shown === v ? outcome : null) : phaseNodes(v);
    stage.dataset.phase = shown ? "reveal" : v.phase;
    const wanted = nodes.filter(Boolean);
    // Nodes put back in place would start their animations again and lose their scrolling.
    if (wanted.length !== stage.children.length || wanted.some((node, i) => stage.children[i] !== node)) {
      stage.replaceChildren(...wanted);
      reading.element.scrollTop = reading.element.scrollHeight;
    }
    Object.assign(table.dataset, { version: msg.version, phase: v.phase, round: v.round, portrayer: v.portrayer,
      criterion: v.criterion, toMove: v.to_move.join(","), reveal: shown ? String(shown.round) : "" });
  }

  return {
    update: (next) => {
      msg = next;
      render();
    },
    names: () => {
      // The room says something (a seat connects, a name changes): rebuild the reveal only for a new name.
      if (held && held.names !== seatNames(held.view)) held.nodes = null;
      render();
    },
    stream: (data) => {
      // Whatever the server sends a spectator may be shown; it sends the typing to the Artists alone.
      if (msg && data.channel === "text" && data.seat === msg.view.portrayer && data.data
        && typeof data.data.text === "string") {
        reading.streamed(data.data.text);
      }
    },
    destroy: () => {
      timer.stop();
      status.destroy();
      table.remove();
    },
  };
}
