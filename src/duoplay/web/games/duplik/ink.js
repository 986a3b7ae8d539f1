// An Artist's drawing while the hourglass runs: kept in this browser (so a reload brings it back)
// and streamed to the server stroke by stroke on the "ink" channel ({stroke}, {undo}, {clear}),
// where it is kept until pens down. Messages leave one at a time at a steady pace (the server
// limits how many a connection sends); one that cannot leave waits. After a failed send (the
// connection dropped) or a reload, the server may hold a different copy: the whole drawing is then
// sent again after a clear, so both copies end the same. A small empty message every few seconds
// tells whether the connection is up: a server that restarted meanwhile lost its copy. The server
// relays every message it keeps back to the Artist's own seat, so `kept` follows the server's copy
// (null while unknown: after a reload or a lost connection, until the clear sent again comes back).
// Pencils may go down while part of the drawing has not left (the connection was down): the server
// still takes it for a short grace after pens down, so the rest is sent once the connection is back,
// followed by an empty message ("that is all"), and only then is the drawing closed.
const STORE = "duoplay.duplik.ink.";
const PACE_MS = 120; // at most about 8 stream messages a second
const BEAT_MS = 2000;
const LATE_MS = 15000; // the server's grace for a seat that was away at pens down
const KEEP = 6; // drawings remembered in this browser (older ones are forgotten)
export const MAX_STROKES = 400; // the game's limits for one drawing
export const MAX_POINTS = 20000;

function load(key) {
  try {
    const raw = localStorage.getItem(STORE + key);
    const data = raw ? JSON.parse(raw) : null;
    return data && Array.isArray(data.strokes) ? data : null;
  } catch {
    return null;
  }
}

function save(key, data) {
  try {
    localStorage.setItem(STORE + key, JSON.stringify({ ...data, at: Date.now() }));
    const mine = [];
    for (let i = 0; i < localStorage.length; i += 1) {
      const name = localStorage.key(i);
      if (name && name.startsWith(STORE)) mine.push(name);
    }
    const dated = mine.map((name) => [name, (JSON.parse(localStorage.getItem(name)) || {}).at || 0]);
    dated.sort((a, b) => b[1] - a[1]);
    for (const [name] of dated.slice(KEEP)) localStorage.removeItem(name);
  } catch {
    /* storage full or disabled: the drawing still streams, it just does not survive a reload */
  }
}

export class Ink {
  // send(data) streams one message and says whether it left; changed() redraws; synced() is told
  // when what is left to send or what the server keeps has changed.
  constructor({ send, changed, synced = () => {} }) {
    this.send = send;
    this.changed = changed;
    this.synced = synced;
    this.kept = null; // strokes in the server's copy, as it relayed them back; null: unknown
    this.key = null;
    this.strokes = [];
    this.outbox = [];
    this.resync = false;
    this.timer = null;
    this.beat = null;
    this.drainWaiters = [];
    this.finishing = false; // pens are down; what had not left is still on its way
    this.lateTimer = null;
  }

  // The drawing of one Artist in one round of one match; a stored copy comes back after a reload.
  // `held`: the strokes the server keeps for this Artist, in the view of a page that joined the
  // seat (from this device or another): unless this browser holds strokes the server may lack
  // (unsent, or more than it keeps), they are the drawing, so pencil down keeps what the page shows.
  open(key, held = null) {
    if (key === this.key) return;
    if (this.finishing) this.close();
    this.key = key;
    let stored = key ? load(key) : null;
    const ahead = stored && ((Array.isArray(stored.outbox) && stored.outbox.length)
      || stored.strokes.length > (Array.isArray(held) ? held.length : 0));
    if (key && Array.isArray(held) && held.length && !ahead) {
      stored = { strokes: held.map((s) => ({ points: s.points })), outbox: [] };
      save(key, stored);
      this.strokes = stored.strokes;
      this.outbox = [];
      this.resync = false;
      this.kept = held.length;
      this.startBeat();
      return;
    }
    this.strokes = stored ? stored.strokes : [];
    this.outbox = stored && Array.isArray(stored.outbox) ? stored.outbox : [];
    // After a reload the server may have missed what was on its way: send the whole drawing again.
    this.resync = Boolean(stored && (stored.strokes.length || this.outbox.length));
    this.kept = this.resync ? null : 0;
    this.startBeat();
  }

  startBeat() {
    clearInterval(this.beat);
    this.beat = setInterval(() => this.heartbeat(), BEAT_MS);
    this.synced();
    this.pump();
  }

  heartbeat() {
    if (this.timer || this.pending() || !this.key) return;
    if (!this.send({})) this.lost(); // the server keeps nothing of it; a failure means no connection
  }

  // Pens are down: send what has not left yet within the server's grace, then close.
  finish() {
    if (!this.key || this.finishing) return;
    if (!this.pending()) {
      this.send({}); // all of it had left: the table need not wait for this drawing
      this.close();
      return;
    }
    this.finishing = true;
    clearInterval(this.beat);
    this.beat = null;
    this.lateTimer = setTimeout(() => this.close(), LATE_MS);
    this.drained(LATE_MS).then((all) => {
      if (all && this.finishing) this.send({}); // nothing more: the table need not wait
      this.close();
    });
  }

  close() {
    this.finishing = false;
    clearTimeout(this.lateTimer);
    this.lateTimer = null;
    this.key = null;
    this.strokes = [];
    this.outbox = [];
    this.resync = false;
    this.kept = null;
    clearTimeout(this.timer);
    clearInterval(this.beat);
    this.timer = null;
    this.beat = null;
    this.settle();
    this.synced();
  }

  points() {
    return this.strokes.reduce((n, s) => n + s.points.length, 0);
  }

  // Whether one more stroke of `count` points fits in a drawing.
  fits(count) {
    return this.strokes.length < MAX_STROKES && this.points() + count <= MAX_POINTS;
  }

  add(points) {
    this.strokes = [...this.strokes, { points }];
    this.queue({ stroke: { points } });
  }

  undo() {
    if (!this.strokes.length) return;
    this.strokes = this.strokes.slice(0, -1);
    this.queue({ undo: true });
  }

  clear() {
    if (!this.strokes.length) return;
    this.strokes = [];
    this.queue({ clear: true });
  }

  // The server refused a message or lost the connection: it may hold another copy now.
  lost() {
    this.resync = true;
    this.kept = null;
    this.synced();
    this.pump();
  }

  pending() {
    return this.outbox.length > 0 || this.resync;
  }

  // How many messages are still to leave (a drawing sent again whole: a clear and every stroke).
  unsent() {
    return this.resync ? this.strokes.length + 1 : this.outbox.length;
  }

  // A message the server kept, relayed back to this seat: its copy changes as it applies it.
  echoed(data) {
    if (!this.key || !data || typeof data !== "object") return;
    if (data.clear === true) this.kept = 0;
    else if (this.kept === null) return;
    else if (data.undo === true) this.kept = Math.max(0, this.kept - 1);
    else if (data.stroke) this.kept += 1;
    this.synced();
  }

  // Resolves once everything drawn has left (or after `ms`), so pencil down follows the last stroke.
  drained(ms = 4000) {
    if (!this.pending()) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.drainWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  queue(message) {
    this.outbox.push(message);
    this.store();
    this.changed();
    this.synced();
    this.pump();
  }

  store() {
    if (this.key) save(this.key, { strokes: this.strokes, outbox: this.outbox });
  }

  settle() {
    const waiters = this.drainWaiters;
    this.drainWaiters = [];
    for (const done of waiters) done();
  }

  pump() {
    if (this.timer || !this.key) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.step();
    }, PACE_MS);
  }

  step() {
    if (!this.key) return;
    if (this.resync) {
      this.outbox = [{ clear: true }, ...this.strokes.map((s) => ({ stroke: { points: s.points } }))];
      this.resync = false;
    }
    if (!this.outbox.length) {
      this.store();
      this.settle();
      return;
    }
    if (this.send(this.outbox[0])) {
      this.outbox.shift();
      this.store();
      this.synced();
    } else {
      this.resync = true; // not connected: once back, send it all again
      this.kept = null;
      this.synced();
      this.timer = setTimeout(() => {
        this.timer = null;
        this.step();
      }, 1000);
      return;
    }
    this.pump();
  }
}
