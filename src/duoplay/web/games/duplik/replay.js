// A finished drawing drawn again as its Artist drew it: stroke after stroke, each from its first
// point to its last, over a second or two, so a room watches it appear instead of finding it done.
// A reader who asks for less motion (prefers-reduced-motion) gets every stroke at once. The drawing's
// svg says how far it is: `data-drawn` (strokes finished) and `data-replay` ("drawing" or "done").
import { strokePath } from "./canvas.js";

const SVG = "http://www.w3.org/2000/svg";
const MS_PER_POINT = 4; // a long drawing takes longer, within the bounds below
const SHORTEST_MS = 900;
const LONGEST_MS = 2200;
const PAUSE_POINTS = 12; // the pencil lifts between two strokes: as long as drawing this many points

export function stillMotion() {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Replay {
  // svg: a drawing as `drawingView` made it (its strokes are taken off and drawn again); strokes: its
  // strokes as the view sends them; onDone(): called once every stroke is drawn.
  constructor(svg, strokes, { onDone = () => {} } = {}) {
    this.svg = svg;
    this.strokes = strokes.map((s) => s.points).filter((points) => points.length);
    this.paths = this.strokes.map((points) => strokePath(points));
    this.onDone = onDone;
    this.frame = null;
    const total = this.strokes.reduce((n, points) => n + points.length, 0);
    this.length = total + PAUSE_POINTS * Math.max(0, this.strokes.length - 1);
    this.duration = Math.min(LONGEST_MS, Math.max(SHORTEST_MS, total * MS_PER_POINT));
    this.drawAll(); // until it is played, the drawing is whole
  }

  get running() {
    return this.frame !== null;
  }

  get done() {
    return this.svg.dataset.replay === "done";
  }

  // Draw it again from a blank sheet (at once for a reader who wants no motion).
  play() {
    this.stop();
    if (stillMotion() || !this.strokes.length) {
      this.drawAll();
      this.onDone();
      return;
    }
    this.clear();
    this.live = ink("");
    this.svg.append(this.live);
    this.svg.dataset.replay = "drawing";
    const started = performance.now();
    const step = (now) => {
      this.frame = null;
      if (!this.svg.isConnected) {
        this.drawAll(); // taken off the page: whole, until it is played again
        return;
      }
      const reached = ((now - started) / this.duration) * this.length;
      if (reached >= this.length) {
        this.drawAll();
        this.onDone();
        return;
      }
      this.drawUpTo(reached);
      this.frame = requestAnimationFrame(step);
    };
    this.frame = requestAnimationFrame(step);
  }

  stop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
  }

  // Every stroke, finished.
  drawAll() {
    this.stop();
    this.clear();
    for (const d of this.paths) this.svg.append(ink(d));
    this.svg.dataset.drawn = String(this.paths.length);
    this.svg.dataset.replay = "done";
  }

  clear() {
    for (const path of this.svg.querySelectorAll("path.duplik-ink")) path.remove();
    this.live = null;
    this.finished = 0;
    this.svg.dataset.drawn = "0";
  }

  // The strokes finished by `reached` (points drawn so far, pauses counted) and part of the next.
  drawUpTo(reached) {
    let at = 0;
    for (let i = 0; i < this.strokes.length; i += 1) {
      const points = this.strokes[i];
      if (reached < at + points.length) {
        while (this.finished < i) this.finishStroke();
        const part = points.slice(0, Math.max(1, Math.floor(reached - at) + 1));
        this.live.setAttribute("d", strokePath(part));
        return;
      }
      at += points.length + PAUSE_POINTS;
      if (reached < at) {
        while (this.finished <= i) this.finishStroke(); // the pencil is lifted
        this.live.setAttribute("d", "");
        return;
      }
    }
  }

  finishStroke() {
    this.live.before(ink(this.paths[this.finished]));
    this.finished += 1;
    this.svg.dataset.drawn = String(this.finished);
  }
}

function ink(d) {
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("class", "duplik-ink");
  path.setAttribute("d", d);
  return path;
}
