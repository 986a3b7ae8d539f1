// The Duple big screen (/room/CODE/screen): the category and the racing letters large, who is
// racing and the clock, every answer and its verdict as it comes, the words that won, and each
// player's piles and points, read from a sofa. It renders the spectator view only (everything in
// Duple is face up, but for the decks' order) and sends nothing: the phones race.
import { h } from "../../dom.js";
import { t } from "../../i18n.js";
import { Countdown, pastEvents, TurnStatus } from "../../kit/index.js";
import { loadCategories } from "./categories.js";
import { Claims, claimTag, renderClaims } from "./claims.js";
import { announcement, normalize } from "./events.js";
import { deadlineNow, Pacer } from "./pacing.js";
import { renderDecks, renderPiles } from "./piles.js";
import { Stage } from "./stage.js";
import { gameSummary } from "./summary.js";
import { statusText } from "./talk.js";

const PREFIX = "duple";
const FLASH_MS = 4000; // an announcement stays lit long enough to be read across the room

export function createTable(root, ctx) {
  const status = new TurnStatus({ prefix: PREFIX, titleHint: false });
  const timer = new Countdown({ prefix: PREFIX, low: 5 });
  const stage = new Stage({ send: () => Promise.resolve(null) }); // no seat: nothing to send
  const flash = h("p.duple-flash", { id: "duple-flash", "aria-live": "polite" });
  const decks = h("div.duple-decks", { id: "duple-decks" });
  const piles = h("div.duple-piles", { id: "duple-piles" });
  const latest = h("ol.duple-latest", { id: "duple-latest", "aria-hidden": "true" }); // the last word won, large
  const claimList = h("ol.duple-claims", { id: "duple-claims" });
  const end = h("section.duple-screen-end", { id: "duple-screen-end", hidden: true });
  const table = h("div.duple-table.duple-screen", { id: "duple-table", dataset: { screen: "1" } },
    h("div.duple-screen-top", {}, status.element, decks, timer.element),
    flash,
    h("div.duple-screen-body", {},
      stage.element,
      h("aside.duple-screen-side", {}, h("h3", {}, t("Words won")), claimList)),
    piles, end);
  stage.element.insertBefore(latest, stage.form); // under the letters' place, which it takes between races
  root.append(table);

  const claims = new Claims();
  let shown = null;
  let flashTimer = null;

  function say(said) {
    if (!said) return;
    flash.textContent = said.text;
    flash.dataset.kind = said.kind;
    flash.classList.remove("new");
    void flash.offsetWidth; // restart the animation
    flash.classList.add("new");
    clearTimeout(flashTimer);
    flashTimer = setTimeout(() => flash.classList.remove("new"), FLASH_MS);
  }

  function render({ hold = false, fresh = 0 } = {}) {
    const msg = shown;
    const v = msg.view;
    status.set(statusText(v, { me: null, seatName: ctx.seatName, legal: [], outcome: msg.outcome }));
    const deadline = hold ? null : deadlineNow(msg);
    timer.set(!deadline || deadline.seconds_left < 1 ? null : deadline); // the tie window is too short to count
    const stageView = hold && msg.held ? msg.held : v;
    stage.update(stageView, [], null, ctx.seatName, ctx.seatName);
    renderPiles(piles, v, { me: null, name: ctx.seatName, ctx, fresh: freshPile(msg.events) });
    renderDecks(decks, v);
    renderClaims(claimList, claims, ctx.seatName, fresh);
    // Between races the last word won takes the middle of the screen.
    const last = claims.list[0];
    latest.replaceChildren(...(last && !stageView.race && v.phase !== "over"
      ? [claimTag(last, ctx.seatName, { id: "duple-latest-word", fresh: fresh > 0 })] : []));
    Object.assign(table.dataset, { version: msg.version, phase: hold ? "hold" : v.phase, step: v.step,
      toMove: v.to_move.join(","), seat: "", racing: "0", claims: String(claims.list.length) });
  }

  function freshPile(events) {
    const flips = (events || []).filter((e) => e.kind === "flip");
    return flips.length ? flips[flips.length - 1].pile : null;
  }

  function showEnd(msg) {
    end.replaceChildren(h("div.duple-screen-end-body", {},
      gameSummary(msg.view, msg.outcome, ctx.seatName, ctx.seatName, null)));
    end.hidden = false;
  }

  // One state from the pacer (pacing.js): a cascade's ended race is held on the stage for a moment.
  function show(msg, { hold, resumed = false }) {
    const first = shown === null;
    if (resumed) {
      shown = msg;
      render();
      return;
    }
    const events = msg.events || [];
    if (first) claims.seed(msg.view);
    const made = claims.hear(events);
    shown = { ...msg, held: hold && !first ? shown.view : null };
    say(announcement(events, ctx.seatName, msg.view, null));
    render({ hold, fresh: made.length });
    if (first && ctx.matchId) rebuild(msg);
    if (events.some((e) => e.kind === "over") || (first && msg.outcome)) showEnd(msg);
  }

  // A screen opened (or reloaded) mid-match: the words won so far come from the match's replay.
  function rebuild(msg) {
    const upTo = msg.version - ((msg.events || []).length ? 1 : 0);
    pastEvents(ctx.matchId(), upTo).then((past) => {
      const before = new Claims({ limit: claims.limit });
      before.lang = claims.lang;
      before.hear(past.map(normalize));
      claims.prepend(before.list);
      if (shown) render();
    });
  }

  const pacer = new Pacer(show);
  // The categories in the reader's language, once loaded (the deck's names stand until then).
  loadCategories().then(() => shown && render({ hold: pacer.holding() }), () => null);

  function update(next) {
    if (shown && next.version < shown.version && !pacer.holding()) {
      // A rematch in the same room: a clean table.
      pacer.reset();
      claims.clear();
      shown = null;
      end.hidden = true;
    }
    pacer.push({ ...next, events: (next.events || []).map(normalize) });
  }

  return {
    update,
    names: () => shown && render({ hold: pacer.holding() }),
    destroy: () => {
      pacer.reset();
      timer.stop();
      clearTimeout(flashTimer);
      status.destroy();
      table.remove();
    },
  };
}
