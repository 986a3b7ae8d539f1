// Text that counts down by itself ("A bot takes over in 42 seconds"): one shared timer rewrites
// every such span on the page, so a seat redrawn on each update needs no timer of its own.
import { h } from "../dom.js";

const live = new Set();
let ticker = null;

function write(span) {
  const seconds = Math.max(0, Math.ceil((span.endsAt - performance.now()) / 1000));
  if (span.dataset.seconds === String(seconds)) return;
  span.dataset.seconds = String(seconds);
  span.textContent = span.say(seconds);
}

function tick() {
  for (const span of live) {
    if (span.isConnected) write(span);
    else if (performance.now() - span.born > 1000) live.delete(span); // redrawn away
  }
  if (!live.size) {
    clearInterval(ticker);
    ticker = null;
  }
}

// endsAt: a performance.now() time; say(n): the text for n whole seconds left.
export function tickingText(tag, attrs, endsAt, say) {
  const span = h(tag, attrs);
  Object.assign(span, { endsAt, say, born: performance.now() });
  write(span);
  live.add(span);
  if (!ticker) ticker = setInterval(tick, 250);
  return span;
}
