// The DUOS table: the 4 x 3 grid, secret pairing with four markers, the co-op helps, the reveal and
// the scores. It renders the server's view; the server judges every action (this file holds no rules).
import { clear, h, toast } from "../../dom.js";
import { errorText, t, tn } from "../../i18n.js";
import { categoryName, facePicture, faceName, loadCards, MARKERS, markerBadge } from "./cards.js";
import { describe, helpName } from "./events.js";
import { Outbox } from "./outbox.js";
import { resultLine, revealPanel, scoreboard, turnTrack } from "./panels.js";

// Keys that pick the 12 cards, row by row: 1-9, 0, -, =.
const PICK_KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
const MARKER_COUNT = MARKERS.length;

export function createTable(root, ctx) {
  const replay = ctx.mode === "replay";
  const head = h("div.duos-head", { id: "duos-head" });
  const timer = h("span.duos-timer", { id: "duos-timer", role: "timer", hidden: true });
  const status = h("p.duos-status", { id: "duos-status", "aria-live": "polite" });
  const players = h("ul.duos-players", { id: "duos-players", "aria-label": t("Players") });
  const helpsBox = h("section.duos-helps", { id: "duos-helps", hidden: true });
  const grid = h("div.duos-grid", { id: "duos-grid", role: "group", "aria-label": t("The cards") });
  const controls = h("div.duos-controls", { id: "duos-controls" });
  const why = h("p.duos-why", { id: "duos-why", role: "alert" });
  const result = h("div.duos-result-box", { id: "duos-result-box" });
  const scores = h("section.duos-scores", { id: "duos-scores" });
  const log = h("ol.log", { id: "duos-log", "aria-label": t("What happened") });
  const inline = h("section.duos-inline-reveal", { id: "duos-inline-reveal" });
  const modalHost = h("div.modal-host");
  const table = h("div.duos-table", { id: "duos-table", class: replay ? "replay" : "" },
    h("section.duos-main", {}, h("div.duos-top", {}, head, timer), status, result, helpsBox, grid, controls, why,
      inline),
    h("aside.duos-side", {}, players, scores,
      h("details.log-box", { open: window.innerWidth > 900 }, h("summary", {}, t("What happened")), log)),
    modalHost);
  root.append(table);

  let msg = null;
  let pairs = []; // [{a, b, marker}] as this player has placed them (saved to the server in the background)
  let picked = [];
  let cursor = 0;
  let helpMode = null; // "yes" or "no" while choosing the card to mark
  let turnKey = null;
  let deadlineAt = null;
  let modalOpen = false;
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
    const text = errorText(error);
    why.textContent = text;
    toast(text, "error");
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
    why.textContent = "";
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
    status.textContent = t("Locking in…");
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
    clear(players);
    v.scores.forEach((score, seat) => {
      const done = Boolean(v.locked[seat]);
      players.append(h("li.duos-player", { dataset: { seat, locked: done ? "1" : "0" },
        class: `${seat === me() ? "mine" : ""}${v.narrator === seat ? " narrator" : ""}` },
      h("span.player-name", {}, ctx.seatName(seat)),
      seat === me() ? h("span.badge.you", {}, t("You")) : null,
      v.narrator === seat ? h("span.badge.narr", {}, t("Narrator")) : null,
      v.phase === "pairing"
        ? h("span.lock-state", { class: done ? "done" : "" }, done ? t("Locked in ✓") : t("Pairing…"))
        : null,
      h("span.score", { title: t("Points") }, String(score))));
    });
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
      h("button", { type: "button", id: "duos-undo", disabled: !canPair() || (!count && !picked.length),
        onclick: undo }, t("Undo"), h("kbd", {}, t("Bksp"))),
      h("button.primary", { type: "button", id: "duos-lock", disabled: !canPair(), onclick: lockIn },
        locked() ? t("Locked in") : t("Lock in"), h("kbd", {}, "L")),
      canPair() ? h("p.keys-hint", {}, t("Keys: 1-9, 0, -, = pick a card · arrows move · Enter pairs · Backspace undoes · L locks in"))
        : null);
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

  function renderScores() {
    const v = view();
    clear(scores);
    if (v.mode === "coop") scores.append(turnTrack(v));
    else scores.append(h("h3", {}, t("Scores")), scoreboard(v, { name, me: me() }));
    const last = v.history[v.history.length - 1];
    if (last && !replay) {
      scores.append(h("button.link", { type: "button", id: "duos-last-reveal", onclick: () => showReveal(last) },
        t("Show the last reveal")));
    }
  }

  function renderResult() {
    clear(result);
    const line = resultLine(view(), msg.outcome, { name, me: me() });
    if (line) result.append(line);
  }

  function renderTimer() {
    const v = view();
    const seconds = deadlineAt === null ? null : Math.max(0, Math.ceil((deadlineAt - Date.now()) / 1000));
    timer.hidden = seconds === null || v.phase !== "pairing" || replay;
    if (seconds === null) return;
    timer.textContent = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
    timer.classList.toggle("low", seconds <= 15);
    timer.setAttribute("aria-label", tn("{n} second left to pair", "{n} seconds left to pair", seconds));
  }

  function render() {
    if (!msg || !ready) return;
    const v = view();
    Object.assign(table.dataset, { version: msg.version, phase: v.phase, turn: v.turn, mode: v.mode,
      seat: me() === null ? "" : me(), locked: locked() ? "1" : "0", toMove: v.to_move.join(",") });
    renderHead();
    status.textContent = statusText();
    status.classList.toggle("mine", canPair());
    renderResult();
    renderPlayers();
    renderHelps();
    renderGrid();
    renderControls();
    renderScores();
    renderTimer();
    if (replay) {
      clear(inline);
      const last = v.history[v.history.length - 1];
      if (last) inline.append(revealPanel(last, v, { name, me: me() }));
    }
  }

  // --- the reveal ---------------------------------------------------------------------------

  function showReveal(turnResult) {
    if (replay) return;
    modalOpen = true;
    const over = Boolean(msg.outcome) || view().phase === "game-over";
    const close = () => {
      modalOpen = false;
      clear(modalHost);
      grid.querySelector(`.duos-card[data-pos='${cursor}']`)?.focus();
    };
    const closeButton = h("button.primary", { type: "button", id: "duos-reveal-close", onclick: close },
      over ? t("Close") : t("Next turn"));
    const extra = [];
    if (over) {
      const line = resultLine(view(), msg.outcome, { name, me: me() });
      if (line) extra.push(line);
      extra.push(view().mode === "coop" ? turnTrack(view()) : scoreboard(view(), { name, me: me() }));
    }
    clear(modalHost).append(h("div.modal.duos-modal", { role: "dialog", "aria-modal": "true", id: "duos-reveal" },
      h("div.modal-body", {}, revealPanel(turnResult, view(), { name, me: me() }), extra,
        h("div.modal-actions", {}, closeButton))));
    closeButton.focus();
  }

  function addLog(events, cards) {
    for (const event of events) {
      const text = describe(event, name, cards, me());
      if (!text) continue;
      log.append(h("li", { dataset: { kind: event.kind } }, text));
    }
    while (log.children.length > 120) log.firstChild.remove();
    log.scrollTop = log.scrollHeight;
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
      why.textContent = "";
      adoptServerPairs();
      cursor = Math.min(cursor, v.cards.length - 1);
    }
    if (!replay) outbox.state(turnChanged && before !== null);
    if (!turnChanged && !outbox.busy()) {
      if (!sameSet(pairs.map((p) => [p.a, p.b]), serverPairs())) adoptServerPairs();
      saving = false;
    }
    // The server says how long the table's own clock has left (it keeps running through a turn).
    const left = next.deadline ? Number(next.deadline.seconds_left) : null;
    deadlineAt = v.phase === "pairing" && left !== null ? Date.now() + left * 1000 : null;
    render();
    // On a small screen the room's header fills the first view: bring the cards into sight once.
    if (before === null && !replay && window.innerHeight < 800) table.scrollIntoView({ block: "start" });
    // Reveal events name the positions of the turn that just ended, not the new grid.
    addLog(events, events.some((e) => e.kind === "reveal") ? oldCards : v.cards);
    if (!replay && before !== null && events.some((e) => e.kind === "reveal") && v.history.length) {
      showReveal(v.history[v.history.length - 1]);
    } else if (!replay && before === null && next.outcome && v.history.length) {
      showReveal(v.history[v.history.length - 1]);
    }
  }

  function onKey(event) {
    if (replay || !msg) return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const target = event.target;
    if (target.closest && target.closest("input, select, textarea")) return;
    if (modalOpen) {
      if (event.key === "Escape") modalHost.querySelector("#duos-reveal-close")?.click();
      return;
    }
    const onOtherButton = target.closest && target.closest("button, a") && !target.closest(".duos-card");
    const key = event.key;
    const index = PICK_KEYS.indexOf(key);
    if (index >= 0 && index < view().cards.length) {
      event.preventDefault();
      tap(index, false);
      grid.querySelector(`.duos-card[data-pos='${index}']`)?.focus();
      return;
    }
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -view().grid[0], ArrowDown: view().grid[0] };
    if (key in moves) {
      event.preventDefault();
      const next = cursor + moves[key];
      if (next >= 0 && next < view().cards.length) cursor = next;
      render();
      grid.querySelector(`.duos-card[data-pos='${cursor}']`)?.focus();
      return;
    }
    if ((key === "Enter" || key === " ") && !onOtherButton) {
      event.preventDefault();
      if (key === " ") tap(cursor, false);
      else pairPicked();
      return;
    }
    if (key === "Backspace") {
      event.preventDefault();
      undo();
    } else if (key === "l" || key === "L") {
      event.preventDefault();
      lockIn();
    } else if (key === "Escape") {
      picked = [];
      helpMode = null;
      render();
    }
  }

  document.addEventListener("keydown", onKey);
  const ticker = setInterval(() => {
    if (msg && ready) renderTimer();
  }, 1000);

  return {
    update,
    names: () => render(),
    error: (error) => {
      // A stale action belongs to a turn that has ended; the new turn is already on the table.
      if (error.code !== "stale_state") showWhy(error);
      return true;
    },
    destroy: () => {
      document.removeEventListener("keydown", onKey);
      clearInterval(ticker);
      outbox.reset();
      root.removeChild(table);
    },
  };
}
