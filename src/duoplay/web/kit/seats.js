// Who is who at the table: each seat's name, "You", whose move it is, who is offline or a bot,
// and what the game adds (badges, a state such as "Ready ✓", a count, the score).
import { clear, h } from "../dom.js";
import { t, tn } from "../i18n.js";
import { tickingText } from "./ticking.js";

// A seat as the page knows it (connected, bot, when a stand-in bot takes over), when the page offers
// `ctx.seatInfo(seat)`.
export function presence(ctx, seat) {
  const info = ctx && typeof ctx.seatInfo === "function" ? ctx.seatInfo(seat) : null;
  if (!info) return {};
  return { connected: info.kind === "human" ? Boolean(info.connected) : undefined, bot: info.kind === "bot",
    replaceAt: info.kind === "human" && !info.connected ? info.replaceAt : undefined };
}

// "A bot takes over in 42 seconds", counting down to `replaceAt` (a performance.now() time); `tag`
// for a page with its own badge classes.
export function takeoverBadge(replaceAt, tag = "span.kit-badge.kit-badge-takeover") {
  const say = (n) =>
    // i18n: on the seat of a player who lost the connection; {n}: seconds before a bot plays for them.
    tn("A bot takes over in {n} second", "A bot takes over in {n} seconds", n);
  return tickingText(tag, {}, replaceAt, say);
}

// seat: {seat, name, mine, toMove, connected, bot, replaceAt, clock, badges: [{text, kind}],
// state: {text, done}, aside, score, data: {...}, className}. `clock` is a node put first (the
// TurnRing of the seat to move). Returns a <div> (or `tag`) with class kit-seat.
export function seatTag(seat, tag = "div") {
  const offline = seat.connected === false;
  const classes = ["kit-seat", seat.mine ? "mine" : "", seat.toMove ? "to-move" : "", offline ? "offline" : "",
    seat.className || ""].filter(Boolean).join(" ");
  return h(tag, { class: classes,
    dataset: { seat: seat.seat, toMove: seat.toMove ? "1" : "0", ...(seat.data || {}) } },
  seat.clock || null,
  h("span.kit-seat-name", {}, seat.name),
  seat.mine ? h("span.kit-badge.kit-badge-you", {}, t("You")) : null,
  seat.bot ? h("span.kit-badge.kit-badge-bot", {}, t("Bot")) : null,
  seat.toMove ? h("span.kit-badge.kit-badge-turn", {}, t("To move")) : null,
  (seat.badges || []).map((badge) => h("span.kit-badge", { class: badge.kind ? `kit-badge-${badge.kind}` : null },
    badge.text)),
  offline ? h("span.kit-badge.kit-badge-offline", {}, t("Offline")) : null,
  offline && Number.isFinite(seat.replaceAt) ? takeoverBadge(seat.replaceAt) : null,
  seat.state ? h("span.kit-seat-state", { class: seat.state.done ? "done" : null }, seat.state.text) : null,
  seat.aside !== undefined && seat.aside !== null ? h("span.kit-seat-aside", {}, seat.aside) : null,
  seat.score !== undefined && seat.score !== null
    ? h("span.kit-seat-score", { title: t("Points") }, String(seat.score)) : null);
}

// Every seat in a row (wrapping), as a list.
export class SeatStrip {
  constructor({ prefix }) {
    this.element = h("ul.kit-seats", { id: `${prefix}-players`, "aria-label": t("Players") });
  }

  update(seats) {
    clear(this.element).append(...seats.map((seat) => seatTag(seat, "li")));
  }
}
