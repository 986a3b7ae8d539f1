// The DUOS big screen (/room/CODE/screen): the 12 cards large, who has locked in (never what), the
// timer and the scores, then each turn's reveal pair by pair over the table, read from a sofa. It
// renders the spectator view only: it has no seat, no hand, no pairs of its own and sends nothing.
import { clear, h, reducedMotion, toast } from "../../dom.js";
import { people, t, tn } from "../../i18n.js";
import { Countdown, presence, scoreTable, SeatStrip, TurnStatus } from "../../kit/index.js";
import { categoryName, faceChip, loadCards, markerBadge } from "./cards.js";
import { gridCards } from "./grid.js";
import { resultLine, scores as scoreColumns, turnTrack } from "./panels.js";
import { headParts, statusText } from "./talk.js";

const PREFIX = "duos";
const STEP_MS = 1400; // one pair of the reveal after another, slow enough to be read aloud
const HOLD_MS = 9000; // how long the whole reveal stays up once every pair is shown
const COOP_WIN_AT = 3; // shown in words only, as on the table (the engine decides)

const key = (pair) => `${pair[0]}-${pair[1]}`;
const has = (pairs, pair) => pairs.some((p) => key(p) === key(pair));

// The reveal's pairs for the audience: [{pair, who, matched}] in the order they are shown.
function revealRows(result, seatName) {
  const seats = result.pairs.length;
  if (result.narrator === null) {
    const all = [...result.pairs[0]];
    for (const pair of result.pairs[1]) if (!has(all, pair)) all.push(pair);
    return all.map((pair) => {
      const by = [0, 1].filter((seat) => has(result.pairs[seat], pair));
      // i18n: the co-op reveal; {name}: the one player who made this pair.
      const who = by.length === 2 ? people(by, seatName, null).names : t("Only {name}", { name: seatName(by[0]) });
      return { pair, who, matched: by.length === 2 };
    });
  }
  return result.pairs[result.narrator].map((pair) => {
    const by = [];
    for (let seat = 0; seat < seats; seat += 1) {
      if (seat !== result.narrator && has(result.pairs[seat], pair)) by.push(seat);
    }
    const who = people(by, seatName, null);
    return { pair, matched: by.length > 0,
      // i18n: after one of the Narrator's pairs; {names}: the players who made it too, as a list; {n}: how many.
      who: by.length ? tn("{names} made it too", "{names} made it too", who.n, who) : t("Nobody matched it") };
  });
}

// What the turn was worth: the co-op verdict, or each player's points with the totals so far.
function revealScore(result, view, seatName) {
  if (result.narrator === null) {
    const same = result.matches[0];
    return h("p.turn-verdict", { id: "duos-screen-verdict", class: result.points[0] > 0 ? "won" : "lost" },
      result.points[0] > 0
        // i18n: the co-op verdict of a turn; {n}: how many pairs both players made.
        ? tn("{n} identical pair: turn won!", "{n} identical pairs: turn won!", same)
        // i18n: the co-op verdict of a turn; {n}: how many pairs both players made; {k}: how many win a turn.
        : tn("{n} identical pair: turn lost (you need {k})", "{n} identical pairs: turn lost (you need {k})",
          same, { k: COOP_WIN_AT }));
  }
  const totals = new Array(result.points.length).fill(0);
  for (const done of view.history) {
    if (done.turn > result.turn) break;
    done.points.forEach((p, seat) => (totals[seat] += p));
  }
  return h("table.turn-points", { id: "duos-screen-points" },
    h("tr", {}, h("th", {}, t("Player")), h("th", {}, t("Same pairs")), h("th", {}, t("Points")), h("th", {}, t("Total"))),
    result.points.map((points, seat) => h("tr", { dataset: { seat } },
      h("td", {}, seatName(seat)),
      h("td", {}, seat === result.narrator ? t("Narrator") : String(result.matches[seat])),
      // i18n: in the points column of the reveal; {n}: the Narrator's bonus points this turn.
      h("td", {}, seat === result.narrator ? tn("+{n} (Narrator bonus)", "+{n} (Narrator bonus)", points) : `+${points}`),
      h("td", {}, String(totals[seat])))));
}

export function createTable(root, ctx) {
  const timer = new Countdown({ prefix: PREFIX,
    // i18n: for screen readers; {n}: the seconds left to make this turn's pairs.
    label: (n) => tn("{n} second left to pair", "{n} seconds left to pair", n) });
  const status = new TurnStatus({ prefix: PREFIX, titleHint: false });
  const players = new SeatStrip({ prefix: PREFIX });
  const head = h("div.duos-head", { id: "duos-head" });
  const grid = h("div.duos-grid", { id: "duos-grid", role: "group", "aria-label": t("The cards") });
  const scores = h("section.duos-screen-scores", { id: "duos-scores" });
  const result = h("div.duos-result-box", { id: "duos-result-box" });
  const reveal = h("section.duos-screen-reveal", { id: "duos-screen-reveal", hidden: true, "aria-live": "polite" });
  const table = h("div.duos-screen", { id: "duos-table", dataset: { screen: "1" } },
    h("div.duos-screen-top", {}, head, timer.element),
    h("div.duos-screen-body", {},
      h("section.duos-screen-main", {}, grid),
      h("aside.duos-screen-side", {}, players.element, status.element, result, scores)),
    reveal);
  root.append(table);

  let msg = null;
  let steps = []; // the reveal's pending timers

  const view = () => msg.view;
  const names = () => ({ seatName: ctx.seatName, label: ctx.seatName, me: null });

  function render() {
    if (!msg) return;
    const v = view();
    Object.assign(table.dataset, { version: msg.version, phase: v.phase, turn: v.turn, mode: v.mode,
      toMove: v.to_move.join(",") });
    clear(head).append(...headParts(v));
    status.set(statusText(v, { outcome: msg.outcome, me: null, seatName: ctx.seatName, helpMode: null, locked: false }));
    // Who has locked in, never what: "Pairing…" is what the table waits for.
    players.update(v.scores.map((score, seat) => {
      const done = Boolean(v.locked[seat]);
      const narrator = v.narrator === seat;
      return { seat, name: ctx.seatName(seat), score, ...presence(ctx, seat),
        badges: narrator ? [{ text: t("Narrator"), kind: "narrator" }] : [],
        state: v.phase === "pairing" ? { text: done ? t("Locked in ✓") : t("Pairing…"), done } : null,
        data: { locked: done ? "1" : "0" }, className: narrator ? "narrator" : null };
    }));
    grid.style.setProperty("--columns", String(v.grid[0]));
    clear(grid).append(...gridCards(v, { pairOf: () => null, picked: [], cursor: -1, editable: false,
      seatName: ctx.seatName, me: null, onTap: () => {} }));
    for (const card of grid.children) card.tabIndex = -1; // nothing to press on a screen
    clear(result);
    const line = resultLine(v, msg.outcome, { ...names(), id: "duos-result" });
    if (line) result.append(line);
    if (v.mode === "coop") clear(scores).append(turnTrack(v));
    else {
      const board = scoreColumns(v, names());
      clear(scores).append(h("h3", {}, t("Scores")), scoreTable({ id: "duos-scoreboard", ...board }));
    }
  }

  function stopSteps() {
    for (const step of steps) clearTimeout(step);
    steps = [];
  }

  // One finished turn over the table, pair by pair, then what it was worth; it goes away by itself
  // (nobody closes a dialog on a TV), except at the end of the game.
  function showReveal(turnResult, { stay }) {
    stopSteps();
    const faces = turnResult.faces;
    const rows = revealRows(turnResult, ctx.seatName);
    const list = h("ol.reveal-pairs", { id: "duos-screen-pairs" });
    const items = rows.map((row, i) => h("li.reveal-pair", { hidden: true,
      dataset: { pair: key(row.pair), step: i + 1 } },
    markerBadge(i), faceChip(faces[row.pair[0]]), h("span.plus", {}, "+"), faceChip(faces[row.pair[1]]),
    h("span.matched", { class: row.matched ? "yes" : "no" }, row.who)));
    list.append(...items);
    if (!rows.length) {
      list.append(h("li.hint", {}, turnResult.narrator === null ? t("No pairs were placed")
        : t("The Narrator placed no pairs")));
    }
    const score = revealScore(turnResult, view(), ctx.seatName);
    score.hidden = true;
    const sub = [categoryName(turnResult.category)];
    // i18n: under the reveal's heading; {name}: the Narrator of the turn.
    if (turnResult.narrator !== null) sub.push(" · ", t("Narrator: {name}", { name: ctx.seatName(turnResult.narrator) }));
    const over = resultLine(view(), msg.outcome, { ...names(), id: "duos-screen-result" });
    clear(reveal).append(h("div.duos-screen-reveal-body", {},
      // i18n: a heading; {n}: the turn's number.
      h("h2", {}, t("Turn {n}: the reveal", { n: turnResult.turn + 1 })), h("p.reveal-sub", {}, sub),
      list, score, stay ? over : null));
    reveal.hidden = false;
    reveal.dataset.shown = "0";
    reveal.dataset.pairs = String(items.length);
    reveal.dataset.turn = String(turnResult.turn);
    const step = reducedMotion() ? 0 : STEP_MS;
    items.forEach((item, i) => steps.push(setTimeout(() => {
      item.hidden = false;
      reveal.dataset.shown = String(i + 1);
    }, step * (i + 1))));
    steps.push(setTimeout(() => {
      score.hidden = false;
      reveal.dataset.done = "1";
    }, step * (items.length + 1)));
    if (!stay) {
      steps.push(setTimeout(() => {
        reveal.hidden = true;
        reveal.dataset.done = "";
      }, step * (items.length + 1) + HOLD_MS));
    }
    reveal.dataset.done = "";
  }

  async function update(next) {
    try {
      await loadCards();
    } catch {
      toast(t("The card pictures could not be loaded"), "error");
    }
    const first = msg === null;
    msg = next;
    const v = next.view;
    timer.set(v.phase === "pairing" && !next.outcome ? next.deadline : null);
    render();
    const events = next.events || [];
    const last = v.history[v.history.length - 1];
    const over = Boolean(next.outcome) || v.phase === "game-over";
    if (last && (events.some((e) => e.kind === "reveal") || (first && over))) showReveal(last, { stay: over });
  }

  return {
    update,
    names: () => render(),
    destroy: () => {
      stopSteps();
      timer.stop();
      status.destroy();
      table.remove();
    },
  };
}
