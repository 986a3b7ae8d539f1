// Drawings: strokes of points on the game's 1000 x 700 canvas, drawn as smooth pencil lines
// (perfect-freehand turns a stroke's points into the outline of a line that thins and swells).
// `Sketchpad` is the canvas an Artist draws on with a mouse, a finger or a pen; `drawingView` shows
// a finished drawing; `drawingSvgText` is a drawing as an SVG file to download.
import { getStroke } from "./vendor/perfect-freehand.js";

export const WIDTH = 1000;
export const HEIGHT = 700;
const SVG = "http://www.w3.org/2000/svg";
const PEN = { size: 7, thinning: 0.55, smoothing: 0.5, streamline: 0.45, simulatePressure: true };
const MIN_STEP = 2; // canvas points between two kept points: denser input adds nothing
export const MAX_STROKE_POINTS = 600; // a longer stroke is cut in two (a stream message stays small)

// The outline perfect-freehand gives, as an SVG path (quadratic curves through its midpoints).
export function strokePath(points) {
  if (!points.length) return "";
  const outline = getStroke(points.length === 1 ? [points[0], points[0]] : points, PEN);
  if (outline.length < 3) return "";
  const fmt = (n) => Math.round(n * 10) / 10;
  let d = `M${fmt(outline[0][0])},${fmt(outline[0][1])} Q`;
  for (let i = 0; i < outline.length; i += 1) {
    const [x0, y0] = outline[i];
    const [x1, y1] = outline[(i + 1) % outline.length];
    d += `${fmt(x0)},${fmt(y0)} ${fmt((x0 + x1) / 2)},${fmt((y0 + y1) / 2)} `;
  }
  return d + "Z";
}

function svgElement(tag, attrs = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

function paper() {
  const svg = svgElement("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "duplik-paper" });
  svg.append(svgElement("rect", { x: 0, y: 0, width: WIDTH, height: HEIGHT, class: "duplik-sheet" }));
  return svg;
}

function strokeElement(points) {
  return svgElement("path", { d: strokePath(points), class: "duplik-ink" });
}

// A finished drawing, read-only: `strokes` as the view sends them ({points: [[x, y], ...]}).
export function drawingView(strokes, { label, id } = {}) {
  const svg = paper();
  if (id) svg.id = id;
  svg.setAttribute("role", "img");
  if (label) svg.setAttribute("aria-label", label);
  svg.dataset.strokes = String(strokes.length);
  for (const stroke of strokes) svg.append(strokeElement(stroke.points));
  return svg;
}

// The drawing as a standalone SVG file.
export function drawingSvgText(strokes, title) {
  const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  const paths = strokes.map((s) => `<path d="${strokePath(s.points)}" fill="#1d1a24"/>`).join("\n");
  return `<svg xmlns="${SVG}" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}">\n`
    + `<title>${escape(title)}</title>\n<rect width="${WIDTH}" height="${HEIGHT}" fill="#fffdf7"/>\n${paths}\n</svg>\n`;
}

// The canvas an Artist draws on. `onStroke(points)` is called with each finished stroke (whole
// canvas points); the pad keeps no drawing of its own: the table gives it the strokes to show.
export class Sketchpad {
  constructor({ id, label, onStroke }) {
    this.onStroke = onStroke;
    this.enabled = false;
    this.current = null; // the points of the stroke being drawn
    this.svg = paper();
    this.svg.id = id;
    this.svg.setAttribute("role", "img");
    this.svg.setAttribute("aria-label", label);
    this.svg.classList.add("duplik-pad");
    this.layer = svgElement("g");
    this.live = svgElement("path", { class: "duplik-ink duplik-ink-live" });
    this.svg.append(this.layer, this.live);
    this.element = this.svg;
    this.svg.addEventListener("pointerdown", (e) => this.down(e));
    this.svg.addEventListener("pointermove", (e) => this.move(e));
    for (const name of ["pointerup", "pointercancel", "lostpointercapture"]) {
      this.svg.addEventListener(name, (e) => this.up(e));
    }
  }

  setEnabled(enabled) {
    this.enabled = enabled;
    this.svg.classList.toggle("duplik-pad-on", enabled);
    if (!enabled) this.cancel();
  }

  show(strokes) {
    this.layer.replaceChildren(...strokes.map((s) => strokeElement(s.points)));
    this.svg.dataset.strokes = String(strokes.length);
  }

  // What is still to be sent and how many strokes the server keeps ("" while unknown), for whoever
  // wants to know whether the drawing has reached it.
  synced(unsent, kept) {
    this.svg.dataset.unsent = String(unsent);
    this.svg.dataset.kept = kept === null ? "" : String(kept);
  }

  point(event) {
    const box = this.svg.getBoundingClientRect();
    if (!box.width || !box.height) return null;
    const x = Math.round(((event.clientX - box.left) / box.width) * WIDTH);
    const y = Math.round(((event.clientY - box.top) / box.height) * HEIGHT);
    return [Math.min(WIDTH, Math.max(0, x)), Math.min(HEIGHT, Math.max(0, y))];
  }

  add(event) {
    const p = this.point(event);
    if (!p || !this.current) return;
    const last = this.current[this.current.length - 1];
    if (last && Math.hypot(p[0] - last[0], p[1] - last[1]) < MIN_STEP) return;
    this.current.push(p);
  }

  down(event) {
    if (!this.enabled || (event.pointerType === "mouse" && event.button !== 0)) return;
    event.preventDefault();
    try {
      this.svg.setPointerCapture(event.pointerId); // the stroke goes on outside the canvas's edge
    } catch {
      /* a pointer the browser does not track (a synthetic one): the stroke still works */
    }
    this.current = [];
    this.add(event);
    this.live.setAttribute("d", strokePath(this.current));
  }

  move(event) {
    if (!this.current) return;
    event.preventDefault();
    const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
    for (const e of events.length ? events : [event]) this.add(e);
    this.live.setAttribute("d", strokePath(this.current));
  }

  up() {
    if (!this.current) return;
    const points = this.current;
    this.current = null;
    this.live.setAttribute("d", "");
    if (!points.length || !this.enabled) return;
    for (let i = 0; i < points.length; i += MAX_STROKE_POINTS) {
      this.onStroke(points.slice(Math.max(0, i - 1), i + MAX_STROKE_POINTS));
    }
  }

  cancel() {
    this.current = null;
    this.live.setAttribute("d", "");
  }
}
