// A small rating chart: the rating after each rated match as a line, its uncertainty as a band
// around it. Inline SVG, drawn to fit its box at any width.
const NS = "http://www.w3.org/2000/svg";
const WIDTH = 300;
const HEIGHT = 90;
const PAD = 6;

function svg(tag, attrs) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  return el;
}

// `points`: [{rating, spread}], oldest first. `label`: what a screen reader hears.
export function ratingChart(points, label) {
  const chart = svg("svg", { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: "rating-chart", role: "img",
    "aria-label": label });
  if (!points.length) return chart;
  const low = Math.min(...points.map((p) => p.rating - p.spread));
  const high = Math.max(...points.map((p) => p.rating + p.spread));
  const span = Math.max(high - low, 1);
  const x = (i) => (points.length === 1 ? WIDTH / 2 : PAD + (i * (WIDTH - 2 * PAD)) / (points.length - 1));
  const y = (value) => HEIGHT - PAD - ((value - low) * (HEIGHT - 2 * PAD)) / span;
  const upper = points.map((p, i) => `${x(i)},${y(p.rating + p.spread)}`);
  const lower = points.map((p, i) => `${x(i)},${y(p.rating - p.spread)}`).reverse();
  chart.append(svg("polygon", { points: [...upper, ...lower].join(" "), class: "band" }));
  chart.append(svg("polyline", { points: points.map((p, i) => `${x(i)},${y(p.rating)}`).join(" "),
    class: "line" }));
  points.forEach((p, i) => chart.append(svg("circle", { cx: x(i), cy: y(p.rating), r: 2.5, class: "dot" })));
  return chart;
}
