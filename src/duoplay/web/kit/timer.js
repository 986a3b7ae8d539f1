// A countdown to the table's own deadline. Each state message says how long is left
// (`deadline: {seconds_left}`, or null when no clock runs), and the timer counts down from there
// by itself until the next state.
import { h } from "../dom.js";
import { t, tn } from "../i18n.js";
import { paused } from "./connection.js";

// 75 -> "1:15"
export function clockText(seconds) {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

// What a clock says to assistive technology while it stands still for a player cut off.
export function pausedLabel(seconds) {
  const time = clockText(seconds);
  // i18n: a game clock while this player's connection is down; {time}: the time left, as 1:15.
  return t("Clock paused for you while reconnecting: {time}", { time });
}

// A state message's `deadline` as seconds left, or null when no clock runs.
export function secondsIn(deadline) {
  const left = deadline ? Number(deadline.seconds_left) : NaN;
  return Number.isFinite(left) ? Math.max(0, left) : null;
}

export class Countdown {
  // prefix: the table's id prefix; label(n): what it says to assistive technology;
  // low: from how many seconds left it turns urgent (a deadline: red is kept for those, and a wait
  // that is no deadline passes low: -1); element: what shows it (a subclass's own); text(n): what
  // it reads (1:15 by default).
  // i18n: the countdown for screen readers; {n}: the seconds left.
  constructor({ prefix, low = 15, label = (n) => tn("{n} second left", "{n} seconds left", n), element = null,
    text = clockText }) {
    this.low = low;
    this.label = label;
    this.text = text;
    this.endsAt = null;
    this.shown = null;
    this.shownKey = null;
    this.ticker = null;
    this.element = element || h("span.kit-timer", { id: `${prefix}-timer`, role: "timer", hidden: true });
  }

  // deadline: a state message's `deadline`, or null to hide the timer.
  set(deadline) {
    const left = secondsIn(deadline);
    if (left === null) this.stop();
    else this.run(left, 250);
  }

  // Count down from `left` seconds, redrawing every `every` ms until zero or the next state.
  run(left, every) {
    this.endsAt = performance.now() + left * 1000;
    this.shown = null;
    this.shownKey = null;
    this.tick();
    if (!this.ticker) this.ticker = setInterval(() => this.tick(), every);
  }

  // Seconds left, exactly, or null when no clock runs.
  exactLeft() {
    if (this.endsAt === null) return null;
    return Math.max(0, (this.endsAt - performance.now()) / 1000);
  }

  // Whole seconds left (rounded up), or null when no clock runs.
  secondsLeft() {
    const exact = this.exactLeft();
    return exact === null ? null : Math.ceil(exact);
  }

  // While the connection is down the clock stops where it was, marked as paused for this player:
  // the table's real time left comes with the state that follows the reconnect.
  tick() {
    const cutOff = paused();
    if (cutOff && this.shown !== null) this.endsAt = performance.now() + this.shown * 1000;
    const seconds = this.secondsLeft();
    const key = `${seconds}${cutOff ? "p" : ""}`;
    if (seconds === null || key === this.shownKey) return;
    this.shown = seconds;
    this.shownKey = key;
    const el = this.element;
    el.hidden = false;
    el.textContent = (cutOff ? "⏸ " : "") + this.text(seconds);
    el.dataset.seconds = String(seconds);
    el.classList.toggle("kit-timer-low", seconds <= this.low && !cutOff);
    el.classList.toggle("kit-timer-paused", cutOff);
    el.setAttribute("aria-label", cutOff ? pausedLabel(seconds) : this.label(seconds));
    if (seconds === 0) this.halt(); // the server acts at the deadline; its next state says what happened
  }

  halt() {
    clearInterval(this.ticker);
    this.ticker = null;
  }

  stop() {
    this.halt();
    this.endsAt = null;
    this.shown = null;
    this.shownKey = null;
    this.element.hidden = true;
  }
}
