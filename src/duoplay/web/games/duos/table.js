// The DUOS table: the 4 x 3 grid, secret pairing with four markers, the co-op helps, the reveal and
// the scores. It renders the server's view; the server judges every action (this file holds no rules).
import { clear, h, toast } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { Countdown, ErrorLine, EventLog, keyHints, listenKeys, Modal, presence, scoreTable, Scoreboard, SeatStrip,
  TurnStatus, withKey } from "../../kit/index.js";
import { categoryName, facePicture, faceName, loadCards, MARKERS, markerBadge } from "./cards.js";
import { describe, helpName } from "./events.js";
import { Outbox } from "./outbox.js";
import { resultLine, revealPanel, scores as scoreColumns, turnTrack } from "./panels.js";

// Keys that pick the 12 cards, row by row: 1-9, 0, -, =.
const PICK_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
const MARKER_COUNT = MARKERS.length;
const PREFIX = "duos"; // every id on this table starts with it

export function createTable(root, ctx) {
  const replay = ctx.mode === "replay";
  const timer = new Countdown({ prefix: PREFIX,
    label: (n) => tn("{n} second left to pair", "{n} seconds left to pair", n) });
  const status = new TurnStatus({ prefix: PREFIX, titleHint: !replay });
  const players = new SeatStrip({ prefix: PREFIX });
  const why = new ErrorLine({ prefix: PREFIX });
  const scores = new Scoreboard({ prefix: PREFIX });
  const log = new EventLog({ prefix: PREFIX, limit: 120, quiet: replay });
  const head = h("div.duos-head", { id: "duos-head" });
  const helpsBox = h("section.duos-helps", { id: "duos-helps", hidden: true });
  const grid = h("div.duos-grid", { id: "duos-grid", role: "group", "aria-label": t("The cards") });
  const controls = h("div.duos-controls", { id: "duos-controls" });
  const result = h("div.duos-result-box", { id: "duos-result-box" });
  const inline = h("section.duos-inline-reveal", { id: "duos-inline-reveal" });
  const table = h("div.duos-table", { id: "duos-table", class: replay ? "replay" : "" },
    h("section.duos-main", {}, h("div.duos-top", {}, head, timer.element), status.element, result, helpsBox, grid,
      why.element, controls, inline),
    h("aside.duos-side", {}, players.element, scores.element, log.element));
  const modal = new Modal({ prefix: PREFIX, host: table });
  root.append(table);

  let msg = null;
  let pairs = []; // [{a, b, marker}] as this player has placed them (saved to the server in the background)
  let picked = [];
  let cursor = 0;
  let helpMode = null; // "yes" or "no" while choosing the card to mark
  let turnKey = null;
  let saving = false;
  let ready = false;

  const view = () => (msg ? msg.view : null);
  const me = () => (view() && Number.isInteger(view().seat) ? view().seat : null);
  const name = (seat) => (seat === me() ? t("You") : ctx.seatName(seat));
  const locked = () => me() !== null && Boolean(view().locked[me()]);
  const canPair = () => !replay && me() !== null && view().phase === "pairing" && !locked() && !msg.outcome;
  const serverPairs = () => (view() && Array.isArray(view().pairs) ? view().pairs : []);
  const sameSet = (x, y) => x.length === y.length
    && x.every(([a, b]) => y.some(([c, d]) => a === c && b === d));

  const outbox = new Outbox((action) => ctx.act(action), refused, settled);

  // The server said why (table.error showed it); the table goes back to what the server holds.
  function refused(action) {
    if (action.type === "pairs") {
      adoptServerPairs(); // the server kept the pairs it had
      saving = false;
    }
    render();
  }

  // Every action has its answer: the pairs shown are the ones the server holds.
  function settled() {
    if (!sameSet(pairs.map((p) => [p.a, p.b]), serverPairs())) adoptServerPairs();
    saving = false;
    render();
  }

  function showWhy(error) {
    why.show(error);
    // A refusal about one card names its grid position as the parameter `card`: point at it.
    const position = error.params ? error.params.card : undefined;
    for (const card of grid.querySelectorAll(".duos-card.flagged")) card.classList.remove("flagged");
    if (Number.isInteger(position)) grid.querySelector(`.duos-card[data-pos='${position}']`)?.classList.add("flagged");
  }

  function adoptServerPairs() {
    const kept = [];
    const free = [...Array(MARKER_COUNT).keys()];
    for (const [a, b] of serverPairs()) {
      const same = pairs.find((p) => p.a === a && p.b === b);
      kept.push({ a, b, marker: same ? same.marker : -1 });
    }
    for (const p of kept) if (p.marker >= 0) free.splice(free.indexOf(p.marker), 1);
    for (const p of kept) if (p.marker < 0) p.marker = free.length ? free.shift() : kept.indexOf(p);
    pairs = kept;
  }

  function pairOf(position) {
    return pairs.find((p) => p.a === position || p.b === position) || null;
  }

  function save() {
    saving = true;
    outbox.pairs(pairs.map((p) => [p.a, p.b]));
  }

  function makePair(x, y) {
    const used = new Set(pairs.map((p) => p.marker));
    const marker = [...Array(MARKER_COUNT).keys()].find((m) => !used.has(m));
    // A fifth pair is sent as it is: the server says why it cannot be placed.
    pairs.push({ a: Math.min(x, y), b: Math.max(x, y), marker: marker === undefined ? pairs.length : marker });
    picked = [];
    why.clear();
    save();
    render();
  }

  // A tap (or click) on a card: the second picked card makes the pair; a paired card comes apart.
  function tap(position, auto) {
    if (!canPair()) return;
    cursor = position;
    if (helpMode) {
      const kind = helpMode;
      helpMode = null;
      outbox.push({ type: kind, card: position });
      render();
      return;
    }
    const pair = pairOf(position);
    if (pair) {
      pairs = pairs.filter((p) => p !== pair);
      picked = [];
      save();
    } else if (picked.includes(position)) {
      picked = picked.filter((p) => p !== position);
    } else {
      picked = [...picked, position].slice(-2);
      if (auto && picked.length === 2) {
        makePair(picked[0], picked[1]);
        return;
      }
    }
    render();
  }

  function pairPicked() {
    if (!canPair()) return;
    if (picked.length === 2) makePair(picked[0], picked[1]);
    else if (picked.length === 1 && cursor !== picked[0] && !pairOf(cursor)) makePair(picked[0], cursor);
    else if (!picked.length) tap(cursor, false);
  }

  function undo() {
    if (!canPair()) return;
    if (picked.length) picked = picked.slice(0, -1);
    else if (pairs.length) {
      pairs = pairs.slice(0, -1);
      save();
    }
    render();
  }

  function lockIn() {
    if (!canPair()) return;
    picked = [];
    helpMode = null;
    outbox.push({ type: "pairs", pairs: pairs.map((p) => [p.a, p.b]), lock: true });
    saving = true;
    status.set(t("Locking in…"));
  }

  // --- rendering ----------------------------------------------------------------------------

  function renderHead() {
    const v = view();
    const parts = [h("span.turn", {}, t("Turn {n} of {total}", { n: Math.min(v.turn + 1, v.turns), total: v.turns }))];
    if (v.mode !== "coop") parts.push(h("span.round", {}, t("Round {n}", { n: Math.min(v.round, v.turns / v.scores.length) })));
    parts.push(h("span.category", { id: "duos-category" }, categoryName(v.category)));
    if (v.flipped) parts.push(h("span.flipped", { title: t("The same cards, turned over") }, t("flipped")));
    clear(head).append(...parts);
  }

  function statusText() {
    const v = view();
    if (msg.outcome || v.phase === "game-over") return t("Game over");
    if (helpMode) return helpMode === "yes" ? t("Tap the card to mark YES!") : t("Tap the card to mark NO!");
    const waiting = v.to_move.filter((s) => s !== me()).map(name);
    if (me() === null) return t("Pairing: {names} still choosing", { names: waiting.join(", ") });
    if (locked()) {
      return waiting.length ? t("You locked in. Waiting for {names}…", { names: waiting.join(", ") })
        : t("You locked in.");
    }
    if (v.mode === "coop") return t("Make the same pairs as {name}, then lock in", { name: name(1 - me()) });
    if (v.narrator === me()) return t("You are the Narrator: make up to 4 pairs, then lock in");
    return t("Guess the pairs {name} makes, then lock in", { name: name(v.narrator) });
  }

  function renderPlayers() {
    const v = view();
    // Who has locked in, never what: while pairing, "Pairing…" is what the others wait for.
    players.update(v.scores.map((score, seat) => {
      const done = Boolean(v.locked[seat]);
      const narrator = v.narrator === seat;
      return { seat, name: ctx.seatName(seat), mine: seat === me(), score, ...presence(ctx, seat),
        badges: narrator ? [{ text: t("Narrator"), kind: "narrator" }] : [],
        state: v.phase === "pairing" ? { text: done ? t("Locked in ✓") : t("Pairing…"), done } : null,
        data: { locked: done ? "1" : "0" }, className: narrator ? "narrator" : null };
    }));
  }

  function markOf(position) {
    return view().helps.find((help) => help.kind !== "word" && help.card === position) || null;
  }

  function renderGrid() {
    const v = view();
    const [columns] = v.grid;
    grid.style.setProperty("--columns", String(columns));
    const hadFocus = grid.contains(document.activeElement);
    clear(grid);
    const editable = canPair();
    v.cards.forEach((id, position) => {
      const pair = pairOf(position);
      const mark = markOf(position);
      const marker = pair ? MARKERS[pair.marker % MARKER_COUNT] : null;
      const label = [faceName(id)];
      if (pair) label.push(t("pair {n}", { n: pair.marker + 1 }));
      if (mark) label.push(`${helpName(mark.kind)} (${name(mark.seat)})`);
      const card = h("button.duos-card", {
        type: "button",
        class: [marker ? `paired m-${marker.colour}` : "", picked.includes(position) ? "picked" : "",
          position === cursor && editable ? "cursor" : "", mark ? `mark-${mark.kind}` : "",
          editable ? "" : "still"].filter(Boolean).join(" "),
        dataset: { pos: position, face: id, pair: pair ? pair.marker : "", picked: picked.includes(position) ? "1" : "0",
          mark: mark ? mark.kind : "" },
        "aria-pressed": editable ? String(picked.includes(position)) : null,
        "aria-label": label.join(", "),
        tabindex: position === cursor ? "0" : "-1",
        onclick: (event) => {
          if (event.detail !== 0) tap(position, true); // keyboard presses are handled in onKey
        },
      },
      facePicture(id),
      h("span.name", {}, faceName(id)),
      editable ? h("kbd.key", { "aria-hidden": "true" }, PICK_KEYS[position] || "") : null,
      pair ? markerBadge(pair.marker) : null,
      mark ? h("span.help-mark", { class: mark.kind }, helpName(mark.kind)) : null);
      grid.append(card);
    });
    if (hadFocus) grid.querySelector(`.duos-card[data-pos='${cursor}']`)?.focus();
  }

  function renderControls() {
    clear(controls);
    if (me() === null || replay || msg.outcome || view().phase !== "pairing") return;
    const count = pairs.length;
    const synced = sameSet(pairs.map((p) => [p.a, p.b]), serverPairs()) && !outbox.busy();
    controls.append(
      h("span.pair-count", { id: "duos-pair-count" }, tn("{n} of 4 pairs", "{n} of 4 pairs", count)),
      h("span.save-state", { id: "duos-save", dataset: { saved: synced ? "1" : "0" } },
        locked() ? "" : synced ? (count ? t("Saved") : "") : saving ? t("Saving…") : ""),
      withKey(h("button", { type: "button", id: "duos-undo", disabled: !canPair() || (!count && !picked.length),
        onclick: undo }, t("Undo")), "Backspace", t("Bksp")),
      withKey(h("button.primary", { type: "button", id: "duos-lock", disabled: !canPair(), onclick: lockIn },
        locked() ? t("Locked in") : t("Lock in")), "l"),
      canPair() ? keyHints(PREFIX, [[["1-9", "0", "-", "="], t("pick a card")], [["←", "→", "↑", "↓"], t("move")],
        ["Enter", t("make the pair")], ["Backspace", t("undo")], ["L", t("lock in")]]) : null);
  }

  function renderHelps() {
    const v = view();
    helpsBox.hidden = v.mode !== "coop";
    if (v.mode !== "coop") return;
    clear(helpsBox);
    const mine = v.helps.find((help) => help.seat === me());
    const kinds = ["word", "yes", "no"].map((kind) => {
      const given = v.helps.find((help) => help.kind === kind);
      const state = given ? (given.seat === me() ? "yours" : "partner") : "free";
      const text = state === "free" ? t("free") : state === "yours" ? t("used by you") : t("used by {name}", { name: name(given.seat) });
      return h("li.help-chip", { class: state, dataset: { help: kind, state } }, h("strong", {}, helpName(kind)), " ", text);
    });
    helpsBox.append(h("ul.help-chips", { id: "duos-help-chips", "aria-label": t("Helps this turn") }, kinds));
    const word = v.helps.find((help) => help.kind === "word");
    if (word) {
      helpsBox.append(h("p.word-said", { id: "duos-word-said" },
        word.seat === me() ? t("You said the WORD:") : t("{name} said the WORD:", { name: name(word.seat) }), " ",
        h("strong", {}, word.word)));
    }
    if (!canPair() || mine) {
      if (mine && canPair()) helpsBox.append(h("p.hint", {}, t("You have used your help for this turn")));
      return;
    }
    const input = h("input", { id: "duos-word-input", type: "text", maxlength: 60, autocomplete: "off",
      placeholder: t("One word"), "aria-label": t("WORD") });
    const form = h("form.word-form", { id: "duos-word-form" }, input,
      h("button", { type: "submit" }, t("Say the WORD")));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // Whatever is typed goes to the server, which says what a WORD may be.
      outbox.push({ type: "word", word: input.value.trim() });
    });
    const arm = (kind) => h("button", { type: "button", id: `duos-${kind}`, "aria-pressed": String(helpMode === kind),
      class: helpMode === kind ? "armed" : "", onclick: () => {
        helpMode = helpMode === kind ? null : kind;
        render();
      } }, helpName(kind));
    helpsBox.append(h("div.help-actions", {}, form, h("div.marks", {}, arm("yes"), arm("no"))));
  }

  // The scores by turn (the co-op game: its track of turns), and the way back to the last reveal.
  function renderScores() {
    const v = view();
    const last = v.history[v.history.length - 1];
    const again = last && !replay ? [h("button.link", { type: "button", id: "duos-last-reveal",
      onclick: () => showReveal(last) }, t("Show the last reveal"))] : [];
    if (v.mode === "coop") scores.update({ title: null, extra: [turnTrack(v), ...again] });
    else scores.update({ ...scoreColumns(v, { name, me: me() }), extra: again });
  }

  function renderResult() {
    clear(result);
    const line = resultLine(view(), msg.outcome, { name, me: me(), id: null });
    if (line) result.append(line);
  }

  function render() {
    if (!msg || !ready) return;
    const v = view();
    Object.assign(table.dataset, { version: msg.version, phase: v.phase, turn: v.turn, mode: v.mode,
      seat: me() === null ? "" : me(), locked: locked() ? "1" : "0", toMove: v.to_move.join(",") });
    renderHead();
    status.set(statusText(), { mine: canPair() });
    renderResult();
    renderPlayers();
    renderHelps();
    renderGrid();
    renderControls();
    renderScores();
    if (replay) {
      clear(inline);
      const last = v.history[v.history.length - 1];
      if (last) inline.append(revealPanel(last, v, { name, me: me() }));
    }
  }

  // --- the reveal ---------------------------------------------------------------------------

  // At the end of the game the last reveal also shows the result and the whole scoreboard.
  function showReveal(turnResult) {
    if (replay) return;
    const v = view();
    const over = Boolean(msg.outcome) || v.phase === "game-over";
    const extra = [];
    if (over) {
      extra.push(resultLine(v, msg.outcome, { name, me: me() }));
      if (v.mode === "coop") {
        extra.push(turnTrack(v, "duos-final-track"));
      } else {
        const board = scoreColumns(v, { name, me: me() });
        extra.push(scoreTable({ id: "duos-final-scores", ...board }), h("p.kit-note", {}, board.note));
      }
    }
    modal.show({ name: "reveal", content: [revealPanel(turnResult, v, { name, me: me() }), ...extra],
      closeLabel: over ? t("Close") : t("Next turn"),
      focusAfter: () => grid.querySelector(`.duos-card[data-pos='${cursor}']`) });
  }

  // --- updates from the server ------------------------------------------------------------------

  async function update(next) {
    try {
      await loadCards();
    } catch {
      toast(t("The card pictures could not be loaded"), "error");
    }
    ready = true;
    const before = msg;
    const events = next.events || [];
    const v = next.view;
    const key = `${ctx.matchId ? ctx.matchId() : ""}:${v.turn}:${v.phase}`;
    const turnChanged = key !== turnKey;
    const oldCards = before ? before.view.cards : v.cards;
    msg = next;
    if (turnChanged) {
      turnKey = key;
      pairs = [];
      picked = [];
      helpMode = null;
      saving = false;
      why.clear();
      adoptServerPairs();
      cursor = Math.min(cursor, v.cards.length - 1);
    }
    if (!replay) outbox.state(turnChanged && before !== null);
    if (!turnChanged && !outbox.busy()) {
      if (!sameSet(pairs.map((p) => [p.a, p.b]), serverPairs())) adoptServerPairs();
      saving = false;
    }
    // The server says how long the table's own clock has left (it keeps running through a turn).
    timer.set(!replay && v.phase === "pairing" ? next.deadline : null);
    render();
    // On a small screen the room's header fills the first view: bring the cards into sight once.
    if (before === null && !replay && window.innerHeight < 800) table.scrollIntoView({ block: "start" });
    // Reveal events name the positions of the turn that just ended, not the new grid.
    const cards = events.some((e) => e.kind === "reveal") ? oldCards : v.cards;
    log.add(events.map((event) => ({ text: describe(event, name, cards, me()), kind: event.kind })));
    if (!replay && before !== null && events.some((e) => e.kind === "reveal") && v.history.length) {
      showReveal(v.history[v.history.length - 1]);
    } else if (!replay && before === null && next.outcome && v.history.length) {
      showReveal(v.history[v.history.length - 1]);
    }
  }

  // true when the key did something (see kit/keys.js).
  function onKey(key, event) {
    const onOtherButton = event.target.closest && event.target.closest("button, a") && !event.target.closest(".duos-card");
    const index = PICK_KEYS.indexOf(key);
    if (index >= 0 && index < view().cards.length) {
      tap(index, false);
      grid.querySelector(`.duos-card[data-pos='${index}']`)?.focus();
      return true;
    }
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view().grid[0], ArrowDown: view().grid[0] };
    if (key in moves) {
      const next = cursor + moves[key];
      if (next >= 0 && next < view().cards.length) cursor = next;
      render();
      grid.querySelector(`.duos-card[data-pos='${cursor}']`)?.focus();
      return true;
    }
    if ((key === "Enter" || key === " ") && !onOtherButton) {
      if (key === " ") tap(cursor, false);
      else pairPicked();
      return true;
    }
    const command = { Backspace: undo, l: lockIn, Escape: dropPicks }[key];
    if (command) command();
    return Boolean(command);
  }

  function dropPicks() {
    picked = [];
    helpMode = null;
    render();
  }

  const stopKeys = listenKeys(onKey, { active: () => !replay && msg !== null });

  return {
    update,
    names: () => render(),
    error: (error) => {
      // A stale action belongs to a turn that has ended; the new turn is already on the table.
      if (error.code !== "stale_state") showWhy(error);
      return true;
    },
    destroy: () => {
      stopKeys();
      timer.stop();
      modal.close({ quietly: true });
      status.destroy();
      outbox.reset();
      root.removeChild(table);
    },
  };
}
