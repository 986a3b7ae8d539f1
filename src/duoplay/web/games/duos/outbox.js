// Sends this seat's DUOS actions one at a time, in the order the player made them: each goes
// through ctx.act, and its answer (the server's ack or error for that very message) lets the next
// one go. Placed pairs go to the server (a whole set at a time) so they survive a reload or the clock.
const SAVE_DELAY = 350; // ms of calm before the pairs are saved

// Answers that come from the page, not from the server: nothing was refused.
const UNSENT = new Set(["not_connected", "connection_lost"]);

export class Outbox {
  // act(action) -> Promise (ctx.act); onRefused(action, error) when the server refuses one;
  // onIdle() when the last answer is in and nothing waits (the states came before the ack).
  constructor(act, onRefused, onIdle) {
    this.act = act;
    this.onRefused = onRefused;
    this.onIdle = onIdle;
    this.queue = [];
    this.inflight = null; // {action} until its answer comes
    this.timer = null;
    this.latestPairs = null; // pairs waiting for the calm
    this.paused = false; // the connection failed: send again once a state shows it is back
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
    if (this.paused || this.inflight || !this.queue.length) return;
    const sending = { action: this.queue.shift() };
    this.inflight = sending;
    this.act(sending.action).then(() => this.answered(sending), (error) => {
      if (this.inflight !== sending) return; // the turn ended meanwhile
      if (UNSENT.has(error.code)) this.unsent(sending.action);
      else this.onRefused(sending.action, error);
      this.answered(sending);
    });
  }

  answered(sending) {
    if (this.inflight !== sending) return;
    this.inflight = null;
    this.pump();
    if (!this.busy()) this.onIdle();
  }

  // The connection failed before an answer. Saving a set of pairs again does no harm, so the set
  // waits for the next state (after the reconnect); a help or locking in is the player's to repeat.
  unsent(action) {
    if (action.type === "pairs" && !this.queue.some((queued) => queued.type === "pairs")) {
      this.queue.unshift({ type: "pairs", pairs: action.pairs });
    }
    this.paused = true;
  }

  // A new state. A new turn (everyone locked in, or the clock) makes whatever is queued pointless.
  state(turnChanged) {
    if (turnChanged) {
      this.reset();
      return;
    }
    this.paused = false;
    this.pump();
  }

  reset() {
    clearTimeout(this.timer);
    this.queue = [];
    this.inflight = null;
    this.latestPairs = null;
    this.paused = false;
  }
}
