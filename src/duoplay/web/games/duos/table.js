// The DUOS table: the 4 x 3 grid, secret pairing with four markers, the co-op helps, the reveal and
// the scores. It renders the server's view; the server judges every action (this file holds no rules).
import { clear, h, toast } from "../../dom.js";
import { t, tn } from "../../i18n.js";
import { Countdown, ErrorLine, EventLog, focusTable, listenKeys, Modal, presence, scoreTable, Scoreboard, SeatStrip,
  TurnStatus } from "../../kit/index.js";
import { loadCards } from "./cards.js";
import { lockQuestion, MAX_PAIRS, pairingControls } from "./controls.js";
import { describe } from "./events.js";
import { gridCards, PICK_KEYS } from "./grid.js";
import { helpsPanel } from "./helps.js";
import { fitNames } from "./names.js";
import { Outbox } from "./outbox.js";
import { fromServer, onWire, pairAt, sameSet, withPair } from "./pairs.js";
import { resultLine, revealPanel, scores as scoreColumns, turnTrack } from "./panels.js";
import { headParts, statusText } from "./talk.js";

const PREFIX = "duos"; // every id on this table starts with it

export function createTable(root, ctx) {
  const replay = ctx.mode === "replay";
  const timer = new Countdown({ prefix: PREFIX,
    // i18n: for screen readers; {n}: the seconds left to make this turn's pairs.
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
    h("aside.duos-side", { id: "duos-side" }, players.element, scores.element, log.element));
  // On a wide screen the co-op helps sit beside the grid, not above it: the height runs out first.
  const wide = window.matchMedia("(min-width: 900px)");
  const modal = new Modal({ prefix: PREFIX, host: table });
  root.append(table);

  let msg = null;
  let pairs = []; // [{a, b, marker}] as this player has placed them (saved to the server in the background)
  let picked = [];
  let cursor = 0;
  let helpMode = null; // "yes" or "no" while choosing the card to mark
  let wordDraft = { turn: null, text: "" }; // the WORD box's text: kept across redraws and refusals
  let turnKey = null;
  let saving = false;
  let ready = false;

  const view = () => (msg ? msg.view : null);
  const me = () => (view() && Number.isInteger(view().seat) ? view().seat : null);
  // A label on its own (a score row): "You" for this seat. Sentences take ctx.seatName and speak to
  // this seat in the second person (events.js, talk.js, panels.js).
  const label = (seat) => (seat === me() ? t("You") : ctx.seatName(seat));
  const names = () => ({ seatName: ctx.seatName, label, me: me() });
  const locked = () => me() !== null && Boolean(view().locked[me()]);
  const canPair = () => !replay && me() !== null && view().phase === "pairing" && !locked() && !msg.outcome;
  const serverPairs = () => (view() && Array.isArray(view().pairs) ? view().pairs : []);
  const pairOf = (position) => pairAt(pairs, position);

  // The pairs the server holds, each keeping the marker it had here.
  function adoptServerPairs() {
    pairs = fromServer(serverPairs(), pairs);
  }

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
    if (!sameSet(onWire(pairs), serverPairs())) adoptServerPairs();
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

  function save() {
    saving = true;
    outbox.pairs(onWire(pairs));
  }

  function makePair(x, y) {
    pairs = withPair(pairs, x, y);
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

  // With fewer than 4 pairs the table asks first (the option lock_with_fewer_pairs; when it is off
  // the server refuses, and says why).
  function lockIn() {
    if (!canPair()) return;
    const fewer = pairs.length < MAX_PAIRS && view().options.lock_with_fewer_pairs !== false;
    if (fewer && !modal.isOpen) {
      const yes = h("button.primary", { type: "button", id: "duos-confirm-lock-yes", onclick: () => {
        modal.close({ quietly: true });
        focusCursor();
        sendLock();
      } }, t("Lock in"));
      modal.show({ name: "confirm-lock", content: lockQuestion(pairs.length), closeLabel: t("Keep pairing"),
        actions: [yes], focusAfter: () => grid.querySelector(`.duos-card[data-pos='${cursor}']`) });
      return;
    }
    sendLock();
  }

  function focusCursor() {
    grid.querySelector(`.duos-card[data-pos='${cursor}']`)?.focus({ preventScroll: true });
  }

  function sendLock() {
    if (!canPair()) return;
    picked = [];
    helpMode = null;
    outbox.push({ type: "pairs", pairs: onWire(pairs), lock: true });
    saving = true;
    status.set(t("Locking in…"));
  }

  // --- rendering ----------------------------------------------------------------------------

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

  function renderGrid() {
    const v = view();
    grid.style.setProperty("--columns", String(v.grid[0]));
    const hadFocus = grid.contains(document.activeElement);
    clear(grid).append(...gridCards(v, { pairOf, picked, cursor, editable: canPair(), seatName: ctx.seatName, me: me(),
      onTap: (position) => tap(position, true) }));
    fitNames(grid);
    if (hadFocus) grid.querySelector(`.duos-card[data-pos='${cursor}']`)?.focus();
  }

  function renderControls() {
    clear(controls);
    if (me() === null || replay || msg.outcome || view().phase !== "pairing") return;
    controls.append(...pairingControls({ count: pairs.length, saving, locked: locked(), canPair: canPair(),
      synced: sameSet(onWire(pairs), serverPairs()) && !outbox.busy(), canUndo: pairs.length + picked.length > 0,
      onUndo: undo, onLock: lockIn }));
  }

  function renderHelps() {
    const v = view();
    helpsBox.hidden = v.mode !== "coop";
    const place = wide.matches ? table.querySelector(".duos-side") : table.querySelector(".duos-main");
    if (wide.matches && helpsBox.parentNode !== place) place.prepend(helpsBox);
    else if (!wide.matches && helpsBox.parentNode !== place) place.insertBefore(helpsBox, grid);
    if (v.mode !== "coop") return;
    const old = helpsBox.querySelector("#duos-word-input");
    const typing = old !== null && document.activeElement === old;
    if (wordDraft.turn !== turnKey || v.helps.some((help) => help.seat === me())) wordDraft = { turn: turnKey, text: "" };
    else if (old) wordDraft.text = old.value;
    clear(helpsBox).append(...helpsPanel(v, { me: me(), seatName: ctx.seatName, canPair: canPair(), helpMode,
      onWord: (word) => outbox.push({ type: "word", word }),
      onArm: (kind) => {
        helpMode = helpMode === kind ? null : kind;
        render();
      } }));
    // A redraw (a state, a refused WORD) keeps what was typed, and the caret where the player types.
    const input = helpsBox.querySelector("#duos-word-input");
    if (input) {
      input.value = wordDraft.text;
      input.addEventListener("input", () => { wordDraft.text = input.value; });
      if (typing) {
        input.focus();
        input.setSelectionRange(input.value.length, input.value.length);
      }
    }
  }

  // The scores by turn (the co-op game: its track of turns), and the way back to the last reveal.
  function renderScores() {
    const v = view();
    const last = v.history[v.history.length - 1];
    const again = last && !replay ? [h("button.link", { type: "button", id: "duos-last-reveal",
      onclick: () => showReveal(last) }, t("Show the last reveal"))] : [];
    if (v.mode === "coop") scores.update({ title: null, extra: [turnTrack(v), ...again] });
    else scores.update({ ...scoreColumns(v, names()), extra: again });
  }

  function renderResult() {
    clear(result);
    const line = resultLine(view(), msg.outcome, { ...names(), id: null });
    if (line) result.append(line);
  }

  function render() {
    if (!msg || !ready) return;
    const v = view();
    Object.assign(table.dataset, { version: msg.version, phase: v.phase, turn: v.turn, mode: v.mode,
      seat: me() === null ? "" : me(), locked: locked() ? "1" : "0", toMove: v.to_move.join(",") });
    clear(head).append(...headParts(v));
    status.set(statusText(v, { outcome: msg.outcome, me: me(), seatName: ctx.seatName, helpMode, locked: locked() }),
      { mine: canPair() });
    renderResult();
    renderPlayers();
    renderHelps();
    renderGrid();
    renderControls();
    renderScores();
    if (replay) {
      clear(inline);
      const last = v.history[v.history.length - 1];
      if (last) inline.append(revealPanel(last, v, names()));
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
      extra.push(resultLine(v, msg.outcome, names()));
      if (v.mode === "coop") {
        extra.push(turnTrack(v, "duos-final-track"));
      } else {
        const board = scoreColumns(v, names());
        extra.push(scoreTable({ id: "duos-final-scores", ...board }), h("p.kit-note", {}, board.note));
      }
    }
    modal.show({ name: "reveal", content: [revealPanel(turnResult, v, names()), ...extra],
      closeLabel: over ? t("Close") : t("Next turn"),
      actions: over && ctx.mode !== "replay" && ctx.endActions ? ctx.endActions() : [],
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
      if (!sameSet(onWire(pairs), serverPairs())) adoptServerPairs();
      saving = false;
    }
    // The server says how long the table's own clock has left (it keeps running through a turn).
    timer.set(!replay && v.phase === "pairing" ? next.deadline : null);
    // While the game runs the room's header steps back, so the cards and Lock in fit the screen.
    if (!replay) focusTable(!next.outcome);
    render();
    // Reveal events name the positions of the turn that just ended, not the new grid.
    const cards = events.some((e) => e.kind === "reveal") ? oldCards : v.cards;
    // After a language switch the room hands over the match's events so far: the log is told anew.
    if (!replay && Array.isArray(next.log)) {
      log.replace(storyLines(next.log.slice(0, next.log.length - events.length), v));
    }
    log.add(events.map((event) => ({ text: describe(event, ctx.seatName, cards, me()), kind: event.kind })));
    if (!replay && before !== null && events.some((e) => e.kind === "reveal") && v.history.length) {
      showReveal(v.history[v.history.length - 1]);
    } else if (!replay && before === null && next.outcome && v.history.length) {
      showReveal(v.history[v.history.length - 1]);
    }
  }

  // Past events, each told with the grid of its turn: a finished turn's from the history, the running
  // turn's from the table (a reveal comes before the next turn starts, so it keeps its own grid).
  function storyLines(events, v) {
    let grid = v.cards;
    return events.map((event) => {
      if (event.kind === "turn-start") {
        const done = (v.history || []).find((turn) => turn.turn === event.turn);
        grid = done ? done.faces : v.cards;
      }
      return { text: describe(event, ctx.seatName, grid, me()), kind: event.kind };
    });
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
  // A turned phone or a resized window changes the cards' width: the names are fitted again.
  const refit = () => fitNames(grid);
  window.addEventListener("resize", refit);

  return {
    update,
    names: () => render(),
    // A language switch builds the table anew (room.js): the pairs being placed, the cards picked
    // and the help being marked go over to the new table if it shows the same turn; pairs the
    // server has not confirmed yet are sent again.
    keep: () => ({ turnKey, pairs, picked, cursor, helpMode, wordDraft, dialog: modal.isOpen }),
    restore: (kept) => {
      if (!kept.dialog) modal.close({ quietly: true });
      if (kept.turnKey !== turnKey || !canPair()) return;
      pairs = kept.pairs;
      picked = kept.picked;
      cursor = kept.cursor;
      helpMode = kept.helpMode;
      wordDraft = kept.wordDraft;
      if (!sameSet(onWire(pairs), serverPairs())) save();
      render();
    },
    error: (error) => {
      // A stale action belongs to a turn that has ended; the new turn is already on the table.
      if (error.code !== "stale_state") showWhy(error);
      return true;
    },
    destroy: () => {
      stopKeys();
      window.removeEventListener("resize", refit);
      focusTable(false);
      timer.stop();
      modal.close({ quietly: true });
      status.destroy();
      outbox.reset();
      root.removeChild(table);
    },
  };
}
