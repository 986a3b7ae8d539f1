// The turn clock as a ring on the seat whose decision it is: a circle that drains as the time runs,
// the seconds left inside it. A table hands `.element` to the seat of the player to move
// (seatTag's `clock`); screen readers hear the seconds as text (role=timer, a label).
import { h } from "../dom.js";
import { tn } from "../i18n.js";
import { paused } from "./connection.js";
import { Countdown, pausedLabel, secondsIn } from "./timer.js";

const SVG = "http://www.w3.org/2000/svg";
const RADIUS = 15;
const ROUND = 2 * Math.PI * RADIUS; // the arc's full length, for stroke-dasharray

function svg(tag, attrs) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

const stillMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

export class TurnRing extends Countdown {
  // prefix: the table's id prefix; low: from how many seconds left it turns urgent;
  // label(n): what assistive technology hears.
  // i18n: the turn clock for screen readers; {n}: the seconds left.
  constructor({ prefix, low = 10, label = (n) => tn("{n} second left", "{n} seconds left", n) }) {
    const arc = svg("circle", { class: "kit-ring-arc", cx: 18, cy: 18, r: RADIUS,
      "stroke-dasharray": ROUND.toFixed(2), "stroke-dashoffset": 0 });
    const picture = svg("svg", { class: "kit-ring-svg", viewBox: "0 0 36 36", "aria-hidden": "true" });
    picture.append(svg("circle", { class: "kit-ring-track", cx: 18, cy: 18, r: RADIUS }), arc);
    const number = h("span.kit-ring-n", { "aria-hidden": "true" });
    super({ prefix, low, label,
      element: h("span.kit-ring", { id: `${prefix}-ring`, role: "timer", hidden: true }, picture, number) });
    this.arc = arc;
    this.number = number;
    this.total = null;
  }

  // deadline: a state message's `deadline` ({seconds_left}) or null; total: the whole wait in
  // seconds (the game's option), else the most seconds this wait has shown.
  set(deadline, { total = null } = {}) {
    const left = secondsIn(deadline);
    if (left === null) {
      this.stop();
      return;
    }
    const fresh = this.endsAt === null || left * 1000 > this.endsAt - performance.now() + 500;
    this.total = Math.max(total || 0, fresh ? left : Math.max(this.total || 0, left), 1);
    // several steps a second drain the ring smoothly; with reduced motion it steps once a second
    this.run(left, 200);
  }

  // Cut off from the table, the ring stops where it was and shows a pause mark (see timer.js).
  tick() {
    const cutOff = paused();
    if (cutOff && this.shown !== null) this.endsAt = performance.now() + this.shown * 1000;
    const exact = this.exactLeft();
    if (exact === null) return;
    const seconds = Math.ceil(exact);
    const left = stillMotion() || cutOff ? seconds : exact;
    const el = this.element;
    el.hidden = false;
    const fraction = Math.min(1, left / this.total);
    this.arc.setAttribute("stroke-dashoffset", (ROUND * (1 - fraction)).toFixed(2));
    el.dataset.fraction = fraction.toFixed(3);
    const key = `${seconds}${cutOff ? "p" : ""}`;
    if (key !== this.shownKey) {
      this.shown = seconds;
      this.shownKey = key;
      this.number.textContent = cutOff ? "⏸" : String(seconds);
      el.dataset.seconds = String(seconds);
      el.classList.toggle("kit-ring-low", seconds <= this.low && !cutOff);
      el.classList.toggle("kit-timer-paused", cutOff);
      el.setAttribute("aria-label", cutOff ? pausedLabel(seconds) : this.label(seconds));
    }
    if (seconds === 0) this.halt(); // the server acts at the deadline; its next state says what happened
  }
}
