// Pacing: states are shown as they come, except that when a race ends and the next race is
// already running in the same state (a cascade, a tie's new category, an All Play), the table
// first holds the ended race with its result for a moment, so that people can follow one
// face-off at a time. States that arrive meanwhile wait their turn; none is skipped, so every
// event reaches the log in order. The answer box is never delayed outside such a pause.
import { raceEnded } from "./events.js";

export const PAUSE_MS = 1300;

// A state's deadline less the time it waited in the queue: a pause delays the drawing, not the clock.
export function deadlineNow(msg) {
  if (!msg.deadline) return null;
  const spent = msg.receivedAt ? (performance.now() - msg.receivedAt) / 1000 : 0;
  return { ...msg.deadline, seconds_left: Math.max(0, Number(msg.deadline.seconds_left) - spent) };
}

export class Pacer {
  // show(msg, {hold}): draw a state; with hold, the ended race stays on the stage with its result.
  constructor(show, { pause = PAUSE_MS, paced = true } = {}) {
    this.show = show;
    this.pause = pause;
    this.paced = paced;
    this.queue = [];
    this.timer = null;
  }

  holding() {
    return this.timer !== null;
  }

  push(msg) {
    this.queue.push({ ...msg, receivedAt: performance.now() });
    if (!this.holding()) this.drain();
  }

  drain() {
    while (this.queue.length && !this.holding()) {
      const next = this.queue.shift();
      const events = next.events || [];
      if (this.paced && raceEnded(events) && next.view.race) {
        this.show(next, { hold: true });
        this.timer = setTimeout(() => {
          this.timer = null;
          this.show(next, { hold: false, resumed: true });
          this.drain();
        }, this.pause);
      } else {
        this.show(next, { hold: false });
      }
    }
  }

  // A new match or the table going away: drop what waits.
  reset() {
    clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
  }
}
