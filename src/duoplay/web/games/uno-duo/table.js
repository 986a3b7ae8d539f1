// The UNO Duo table: renders the view and `legal` from the server; it holds no rules of its own.
import { clear, h } from "../../dom.js";
import { t, tc } from "../../i18n.js";
import { ErrorLine, EventLog, focusTable, listenKeys, Modal, pastEvents, Scoreboard, TurnRing, TurnStatus,
  withKey }
  from "../../kit/index.js";
import { centre, playerArea, sortLegal } from "./areas.js";
import { cardName, cardObject, cardsColour, colourChip, colourName, COLOURS, parseCard } from "./cards.js";
import { animate, describe, LOUD } from "./events.js";
import { explainRefusal } from "./explain.js";
import { roundScoresDialog } from "./scores.js";
import { roundSummary } from "./summary.js";
import { actionLabel, COLOUR_KEYS, draftDiscards, draftPrompt, KEYS, statusText } from "./talk.js";

const PREFIX = "uno"; // every id on this table starts with it

export function createTable(root, ctx) {
  const replay = ctx.mode === "replay";
  const status = new TurnStatus({ prefix: PREFIX, titleHint: !replay });
  // the turn timer (a house rule) as a ring on the seat to move, where the eye already is
  const ring = new TurnRing({ prefix: PREFIX });
  const why = new ErrorLine({ prefix: PREFIX });
  const scores = new Scoreboard({ prefix: PREFIX });
  const log = new EventLog({ prefix: PREFIX, quiet: replay });
  const drawPile = h("button.pile.draw-pile", { type: "button", id: "uno-draw-pile", onclick: () => simple("draw") });
  const discardPile = h("div.pile.discard-pile", { id: "uno-discard-pile" });
  const info = h("div.centre-info");
  const prompt = h("div.prompt", { id: "uno-prompt" });
  // The last thing that happened, in words: on a phone the log is folded away, and the top of the
  // discard pile alone does not say what the other player just did.
  const lastMove = h("p.last-move", { id: "uno-last-move", "aria-hidden": "true" });
  const actions = h("div.actions", { id: "uno-actions" });
  const opponent = h("section.player.opponent", { id: "uno-opponent" });
  const mine = h("section.player.me", { id: "uno-me" });
  const table = h("div.uno-table", { id: "uno-table", class: replay ? "replay" : "" },
    opponent,
    h("section.centre", {}, h("div.piles", {}, drawPile, discardPile), info),
    h("section.talk", {}, h("div.talk-head", {}, status.element), lastMove, prompt, actions, why.element),
    mine,
    h("aside.side", {}, scores.element, log.element));
  const modal = new Modal({ prefix: PREFIX, host: table });
  root.append(table);

  let msg = null;
  let plays = new Map();
  let simples = new Map();
  let colourChoices = [];
  let picker = null; // the wild card waiting for a colour
  let unoArmed = false;
  let lastPlay = null; // the seat that played the top card of the discard pile, while it is the top

  const view = () => (msg ? msg.view : null);
  const me = () => (view() && view().seat !== null && view().seat !== undefined ? view().seat : null);
  const bottom = () => (me() === null ? 0 : me());
  // A label on its own (a score row): "You" for this seat. Sentences take ctx.seatName and speak
  // to this seat in the second person (events.js).
  const label = (seat) => (seat === me() ? t("You") : ctx.seatName(seat));

  function act(action) {
    why.clear();
    ctx.act(action); // a refusal comes back through error() below
  }

  function simple(type) {
    const action = simples.get(type);
    if (action) act(action);
    else if (type === "draw" && msg) explain(null);
  }

  function explain(code) {
    why.show(explainRefusal(view(), me(), code, { plays, simples, cardName, colourName, cardsColour }));
  }

  function playCard(code) {
    const options = plays.get(code);
    if (!options) {
      explain(code);
      return;
    }
    if (parseCard(code).wild) {
      picker = code;
      render();
      prompt.querySelector(".colour-picker button")?.focus();
      return;
    }
    sendPlay(options, null);
  }

  function sendPlay(options, colour) {
    const fits = options.filter((a) => colour === null || a.colour === colour);
    const choice = fits.find((a) => Boolean(a.uno) === unoArmed) || fits[0];
    if (!choice) return;
    picker = null;
    unoArmed = false;
    act(choice);
  }

  function pickColour(colour) {
    if (picker) sendPlay(plays.get(picker) || [], colour);
    else {
      const choice = colourChoices.find((a) => a.colour === colour);
      if (choice) act(choice);
    }
  }

  // The UNO button: say it now if you are exposed, or arm it for the play that leaves one card.
  function pressUno() {
    if (simples.has("uno")) {
      act(simples.get("uno"));
      return;
    }
    if (canArmUno()) {
      unoArmed = !unoArmed;
      render();
    } else {
      why.show(t("Say UNO when your play leaves you with one card"), { toast: false });
    }
  }

  function canArmUno() {
    for (const options of plays.values()) if (options.some((a) => a.uno)) return true;
    return false;
  }

  // --- rendering -----------------------------------------------------------------------

  function renderTalk() {
    const v = view();
    status.set(statusText(v, { outcome: msg.outcome, me: me(), seatName: ctx.seatName }),
      { mine: me() !== null && v.to_move.includes(me()) && !msg.outcome });
    clear(prompt).append(...draftPrompt(v));
    const choices = picker ? (plays.get(picker) || []).map((a) => a.colour) : colourChoices.map((a) => a.colour);
    if (choices.length) {
      const unique = COLOURS.filter((c) => choices.includes(c));
      prompt.append(h("div.colour-picker", { role: "group", "aria-label": t("Choose a colour") },
        // i18n: over the colour buttons; {card}: the wild card being played (its name on its own).
        h("span.label", {}, picker ? t("Colour for {card}", { card: cardName(picker) }) : t("Choose a colour")),
        // each chip shows its key (R, Y, G, B; Esc cancels), as the other buttons do
        unique.map((c) => withKey(colourChip(c, "button", { type: "button", dataset: { colour: c },
          title: `${colourName(c)} [${c[0]}]`, onclick: () => pickColour(c) }), c[0])),
        picker ? withKey(h("button.link", { type: "button", dataset: { cancel: "" },
          onclick: () => { picker = null; render(); } }, t("Cancel")), "Escape", tc("key", "Esc")) : null));
    }
    clear(actions);
    if (v.phase === "drawn" && v.drawn && plays.has(v.drawn)) {
      actions.append(h("button.primary", { type: "button", dataset: { action: "play-drawn" },
        // i18n: a button; {card}: the card just drawn, in its "card in a sentence" form.
        onclick: () => playCard(v.drawn) }, t("Play {card}", { card: cardObject(v.drawn) })));
    }
    for (const [type] of simples) {
      if (type === "uno") continue;
      const button = h("button", { type: "button", class: type === "catch" ? "alert" : "",
        dataset: { action: type }, onclick: () => simple(type) }, actionLabel(type, v, ctx.seatName));
      actions.append(KEYS[type] ? withKey(button, KEYS[type]) : button);
    }
    if (me() !== null && (simples.has("uno") || canArmUno())) {
      const armed = unoArmed && !simples.has("uno");
      actions.append(withKey(h("button.uno-button", { type: "button", dataset: { action: "uno" },
        "aria-pressed": simples.has("uno") ? null : String(armed), class: armed ? "armed" : "",
        title: simples.has("uno") ? t("Say UNO now") : t("Say UNO with your next play"),
        onclick: pressUno }, armed ? t("UNO with this play ✓") : t("UNO!")), "u"));
    }
  }

  function renderScores() {
    const v = view();
    scores.update({ target: v.target_score, note: t("Reaching the target loses; the lower total wins."),
      rows: [bottom(), 1 - bottom()].map((seat) => ({ seat, name: label(seat), total: v.scores[seat], mine: seat === me() })),
      extra: [h("button.link", { type: "button", id: "uno-scores-open", onclick: () => modal.show({ name: "by-round",
        content: roundScoresDialog(view(), { label, me: me() }), focusAfter: () => table.querySelector("#uno-scores-open") }) },
      t("Scores by round"))] });
  }

  // Which control has the keyboard focus, so a redraw can give it back (keyboard players).
  function focusKey() {
    const el = document.activeElement;
    if (!el || !table.contains(el)) return null;
    if (el.dataset.index !== undefined) return `#uno-hand [data-index="${el.dataset.index}"]`;
    if (el.dataset.action) return `#uno-actions [data-action="${el.dataset.action}"]`;
    if (el.dataset.colour) return `.colour-picker [data-colour="${el.dataset.colour}"]`;
    if (el === drawPile) return "#uno-draw-pile";
    return null;
  }

  function render() {
    if (!msg) return;
    const focus = focusKey();
    draw();
    const again = focus && (table.querySelector(focus) || mine.querySelector("#uno-hand .card"));
    if (again) again.focus({ preventScroll: true });
  }

  function draw() {
    ({ plays, simples, colourChoices } = sortLegal(msg.legal));
    if (picker && !plays.has(picker)) picker = null;
    if (unoArmed && !canArmUno()) unoArmed = false;
    const areas = { view: view(), me: me(), ctx, plays, onPlay: playCard, clock: ring.element };
    playerArea(opponent, 1 - bottom(), areas);
    playerArea(mine, bottom(), areas);
    centre({ drawPile, discardPile, info }, view(), simples.has("draw"));
    const top = discardPile.querySelector(".card");
    if (lastPlay !== null && top && view().top) {
      top.classList.add("last-played");
      discardPile.append(h("span.pile-count.played-by", { id: "uno-played-by" },
        lastPlay === me() ? t("Your card")
          // i18n: under the discard pile: who played its top card; {name}: another player.
          : t("Played by {name}", { name: ctx.seatName(lastPlay) })));
    }
    const discarded = draftDiscards(view());
    if (discarded) info.append(discarded);
    renderTalk();
    renderScores();
  }

  // Who played the card now on top of the discard pile (a new round clears it); `redraw` after a
  // rebuilt log.
  function noteLastPlay(events, redraw = false) {
    for (const event of events) {
      if (event.kind === "play") lastPlay = event.seat;
      else if (event.kind === "round-start" || event.kind === "start-card") lastPlay = null;
    }
    const said = lines(events).filter((line) => line.text);
    if (redraw && said.length && !lastMove.textContent) lastMove.textContent = said[said.length - 1].text;
    if (redraw) render();
  }

  // Log lines for events; the loud ones also pop up (the log is quiet in a replay).
  function lines(events) {
    return events.map((event) => ({ text: describe(event, ctx.seatName, me()), kind: event.kind, loud: LOUD.has(event.kind) }));
  }

  function rectOf(el) {
    const r = el && el.getBoundingClientRect();
    return r && r.width ? { left: r.left, top: r.top, width: r.width, height: r.height } : null;
  }

  function capture() {
    const cards = new Map();
    for (const el of mine.querySelectorAll(".hand .card")) {
      if (!cards.has(el.dataset.card)) cards.set(el.dataset.card, rectOf(el));
    }
    return cards;
  }

  function showSummary(result) {
    modal.show({ name: "round-end", closeLabel: msg.outcome ? t("Close") : t("Next round"),
      actions: msg.outcome && !replay && ctx.endActions ? ctx.endActions() : [],
      content: roundSummary(result, { view: msg.view, outcome: msg.outcome, label, seatName: ctx.seatName,
        me: me(), matchId: ctx.matchId && ctx.matchId() }),
      focusAfter: () => mine.querySelector("#uno-hand .card.playable") || mine.querySelector("#uno-hand .card") });
  }

  function update(next) {
    const before = capture();
    const events = next.events || [];
    // A lower version is a new match in the same room (a rematch): start from a clean table.
    if (msg && next.version < msg.version) {
      log.clear();
      modal.close({ quietly: true });
    }
    const first = msg === null;
    msg = next;
    noteLastPlay(events);
    why.clear();
    ring.set(replay ? null : next.deadline, { total: next.view.options && next.view.options.turn_timer });
    // For scripts and tests: what the table shows, without parsing text.
    Object.assign(table.dataset, { version: next.version, phase: next.view.phase,
      toMove: next.view.to_move.join(","), seat: me() === null ? "" : me() });
    // While the match runs the room's header steps back, so the hand and the controls fit the screen.
    if (!replay) focusTable(!next.outcome);
    render();
    if (Array.isArray(next.log)) {
      // The replay page hands over the whole log up to this move, this move's events last.
      log.replace(lines(next.log.slice(0, next.log.length - events.length)), lines(events));
      if (first && !events.length) noteLastPlay(next.log, true); // a table built anew (a language switch)
    } else {
      log.add(lines(events));
      // A reload or a late arrival: what happened before comes from the match's replay (as a
      // spectator saw it), put before the lines that arrived meanwhile.
      if (first && ctx.matchId) {
        const upTo = next.version - (events.length ? 1 : 0);
        pastEvents(ctx.matchId(), upTo).then((past) => {
          log.prepend(lines(past));
          if (!events.length) noteLastPlay(past, true);
        });
      }
    }
    const said = lines(events).filter((line) => line.text);
    if (said.length) lastMove.textContent = said[said.length - 1].text;
    const places = {
      hand: (seat) => rectOf(seat === bottom() ? mine.querySelector(".hand, .backs") : opponent.querySelector(".backs")),
      card: (seat, code) => (seat === me() ? before.get(code) : null),
      draw: rectOf(drawPile.querySelector(".card")),
      discard: rectOf(discardPile.querySelector(".card")),
    };
    if (!first) animate(events, places);
    if (replay) return;
    const ended = events.filter((e) => e.kind === "round-end");
    if (ended.length) {
      showSummary(ended[ended.length - 1]);
    } else if (first && msg.outcome) {
      const history = msg.view.history || [];
      const last = history[history.length - 1];
      if (last) showSummary({ ...last, scores: msg.view.scores });
    }
  }

  // true when the key did something (see kit/keys.js).
  function onKey(key) {
    if ((picker || colourChoices.length) && key in COLOUR_KEYS) {
      pickColour(COLOUR_KEYS[key]);
      return true;
    }
    if (key === "Escape" && picker) {
      picker = null;
      render();
      return true;
    }
    if (/^[0-9]$/.test(key)) {
      const hand = view().hand || [];
      const card = hand[key === "0" ? 9 : Number(key) - 1];
      if (card) playCard(card);
      return Boolean(card);
    }
    if (key === "u") {
      pressUno();
      return true;
    }
    const type = Object.keys(KEYS).find((action) => KEYS[action] === key && simples.has(action));
    if (type) {
      simple(type);
      return true;
    }
    if (Object.values(KEYS).includes(key)) explain(null); // a known key that does nothing now: say why
    return false;
  }

  const stopKeys = listenKeys(onKey, { active: () => !replay && msg !== null });

  return {
    update,
    names: () => render(),
    // A language switch builds the table anew (room.js): a wild card waiting for its colour and UNO
    // armed for the next play go over to the new table while it shows the same moment.
    keep: () => ({ version: msg && msg.version, picker, unoArmed, dialog: modal.isOpen }),
    restore: (kept) => {
      if (!kept.dialog) modal.close({ quietly: true });
      if (!msg || kept.version !== msg.version) return;
      picker = kept.picker && plays.has(kept.picker) ? kept.picker : null;
      unoArmed = kept.unoArmed;
      render();
    },
    // A refused action: the server's reason, in the player's language.
    error: (error) => {
      why.show(error);
      return true;
    },
    destroy: () => {
      stopKeys();
      focusTable(false);
      ring.stop();
      modal.close({ quietly: true });
      status.destroy();
      root.removeChild(table);
    },
  };
}
