// Sends this seat's DUOS actions one at a time. Pairing is simultaneous, so other players' moves
// keep changing the match version: an action refused as stale is sent again with the new one.
// Placed pairs go to the server (a whole set at a time) so they survive a reload or the clock.
const SAVE_DELAY = 350; // ms of calm before the pairs are saved
const MAX_RETRIES = 4;
const GIVE_UP_AFTER = 20000; // ms without an answer: stop waiting, let the next action go

// The event that shows the server took this action.
function confirms(action, event, seat) {
  if (event.seat !== seat) return false;
  if (action.type === "pairs") return event.kind === (action.lock ? "locked" : "pairs-placed");
  if (action.type === "lock") return event.kind === "locked";
  return event.kind === "help" && event.help === action.type;
}

export class Outbox {
  // send(action); onRefused(action, msg) for a refusal that is not about staleness.
  constructor(send, onRefused) {
    this.send = send;
    this.onRefused = onRefused;
    this.queue = [];
    this.inflight = null;
    this.tries = 0;
    this.sentAt = 0;
    this.timer = null;
    this.latestPairs = null; // pairs waiting for the calm
  }

  busy() {
    return Boolean(this.inflight || this.queue.length || this.latestPairs);
  }

  // The whole set of pairs changed: save it after a short calm (the latest set wins).
  pairs(pairs) {
    this.latestPairs = pairs;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flushPairs(), SAVE_DELAY);
  }

  flushPairs() {
    clearTimeout(this.timer);
    if (this.latestPairs === null) return;
    const action = { type: "pairs", pairs: this.latestPairs };
    this.latestPairs = null;
    const last = this.queue[this.queue.length - 1];
    if (last && last.type === "pairs" && !last.lock) this.queue[this.queue.length - 1] = action;
    else this.queue.push(action);
    this.pump();
  }

  // Helps and locking in come after any pairs still to be saved, in order.
  push(action) {
    if (action.type === "pairs") this.latestPairs = null;
    else this.flushPairs();
    clearTimeout(this.timer);
    this.queue.push(action);
    this.pump();
  }

  pump() {
    if (this.inflight && Date.now() - this.sentAt > GIVE_UP_AFTER) this.inflight = null;
    if (this.inflight || !this.queue.length) return;
    this.inflight = this.queue.shift();
    this.tries = 0;
    this.sentAt = Date.now();
    this.send(this.inflight);
  }

  // A new state: done with the action in flight if its effect is among the events.
  state(msg, seat, turnChanged) {
    if (turnChanged) {
      // The turn ended (everyone locked in, or the clock): nothing queued applies any more.
      this.reset();
      return;
    }
    if (this.inflight && (msg.events || []).some((e) => confirms(this.inflight, e, seat))) {
      this.inflight = null;
    }
    this.pump();
  }

  // An error for this client; true if it was about the action in flight.
  error(msg) {
    if (!this.inflight) return false;
    const action = this.inflight;
    if (msg.code === "stale_state" && this.tries < MAX_RETRIES) {
      this.tries += 1;
      this.sentAt = Date.now();
      this.send(action); // the newer state has already arrived on this socket
      return true;
    }
    this.inflight = null;
    this.onRefused(action, msg);
    this.pump();
    return true;
  }

  reset() {
    clearTimeout(this.timer);
    this.queue = [];
    this.inflight = null;
    this.latestPairs = null;
  }
}
