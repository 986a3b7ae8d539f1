// This player's pairs as the table keeps them: [{a, b, marker}], a < b, each with one of the four
// markers. The server holds the pairs as [[a, b], ...]; these helpers go between the two.
import { MARKERS } from "./cards.js";

const MARKER_COUNT = MARKERS.length;

export const onWire = (pairs) => pairs.map((p) => [p.a, p.b]);

export function sameSet(x, y) {
  return x.length === y.length && x.every(([a, b]) => y.some(([c, d]) => a === c && b === d));
}

export function pairAt(pairs, position) {
  return pairs.find((p) => p.a === position || p.b === position) || null;
}

// The server's pairs, each keeping the marker it had here, new ones taking the free markers.
export function fromServer(server, pairs) {
  const kept = server.map(([a, b]) => {
    const same = pairs.find((p) => p.a === a && p.b === b);
    return { a, b, marker: same ? same.marker : -1 };
  });
  const free = [...Array(MARKER_COUNT).keys()].filter((m) => !kept.some((p) => p.marker === m));
  for (const p of kept) if (p.marker < 0) p.marker = free.length ? free.shift() : kept.indexOf(p);
  return kept;
}

// One more pair with the first free marker. A fifth pair is kept as it is: the server says why it
// cannot be placed.
export function withPair(pairs, x, y) {
  const used = new Set(pairs.map((p) => p.marker));
  const marker = [...Array(MARKER_COUNT).keys()].find((m) => !used.has(m));
  return [...pairs, { a: Math.min(x, y), b: Math.max(x, y), marker: marker === undefined ? pairs.length : marker }];
}
