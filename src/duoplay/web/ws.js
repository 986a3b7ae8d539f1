// One WebSocket per room, reconnecting on its own; every message is JSON with "v": 1.
// Each message sent carries an id that the server echoes in its ack or error, so an answer is
// matched to what caused it. States may carry only what changed in the view, and leave out legal
// actions that did not change: the socket rebuilds both, so the rest of the page sees full states.
const DELAYS = [300, 1000, 2000, 4000, 8000];
const REMEMBERED = 200; // recent messages whose type an error can still be traced to
// A phone whose network goes keeps its socket "open" for a minute or more: after 5 s with nothing
// heard the page pings, and a connection that does not answer within 10 s is given up for lost
// (the server, hearing nothing for 15 s from a page that pings, closes its side too). Not sooner:
// a server busy for a few seconds is not a lost connection, and giving it up sends again what
// was on its way.
const QUIET_MS = 5000;
const ANSWER_MS = 10000;
const OPEN_MS = 8000; // a try that has not opened by then is tried again

// The view a delta state describes: the connection's previous view, with `set` over it, minus `unset`.
export function applyDelta(previous, delta) {
  const view = { ...previous, ...(delta.set || {}) };
  for (const key of delta.unset || []) delete view[key];
  return view;
}

// An error raised here rather than by the server: `not_connected` (nothing was sent) or
// `connection_lost` (sent, but the connection closed before the answer; the next state tells).
function localError(code, id) {
  return { v: 1, type: "error", code, id, message: code === "not_connected" ? "Not connected" : "Connection lost" };
}

export class RoomSocket {
  // handlers: {hello() -> {name, token}, message(msg, cause), status("connecting"|"open"|"closed")};
  // `cause` is the type of the message an ack or error answers ("action", "sit", ...), else null.
  constructor(code, handlers) {
    this.code = code;
    this.handlers = handlers;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    // Ids unique to this page's life, across reconnects and other pages of the seat: an action sent
    // again with its id after a lost answer is recognised by the server, never made twice.
    this.nextId = 1 + Math.floor(Math.random() * 2 ** 40);
    this.sent = new Map(); // id -> {type, resolve?, reject?}
    this.view = null; // the last view this connection received, the base of the next delta
    this.legal = []; // the last legal actions it received, kept by a state that leaves them out
    this.heard = 0; // performance.now() when this connection last received anything
    this.pinged = null; // when the unanswered ping left, or null
    this.watch = null;
    this.onOffline = () => this.lost();
    this.onOnline = () => this.retryNow();
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.ping(); // back from sleep: is it still up?
    };
  }

  // From the first connect on: is the connection still up? (see QUIET_MS)
  startWatching() {
    if (this.watch !== null) return;
    this.watch = setInterval(() => this.check(), 1000);
    window.addEventListener("offline", this.onOffline);
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  connect() {
    if (this.stopped) return;
    this.startWatching();
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${scheme}//${location.host}/ws/${encodeURIComponent(this.code)}`);
    this.ws = ws;
    this.view = null;
    this.legal = [];
    this.heard = performance.now(); // the time this try began, until it hears something
    this.handlers.status("connecting");
    ws.addEventListener("open", () => {
      this.attempt = 0;
      this.heard = performance.now();
      this.pinged = null;
      this.handlers.status("open");
      // The token is read at each connect, so a seat taken meanwhile is reclaimed.
      ws.send(JSON.stringify({ v: 1, type: "hello", deltas: true, ...this.handlers.hello() }));
    });
    ws.addEventListener("message", (event) => {
      if (this.ws !== ws) return;
      this.heard = performance.now();
      this.pinged = null;
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (msg && typeof msg === "object") this.receive(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      // 4404: the room does not exist; retrying will not help.
      if (event.code === 4404) this.stopped = true;
      this.closed();
    });
  }

  // The connection is gone: whatever waited for an answer is told, and the next try is planned.
  closed() {
    this.ws = null;
    this.pinged = null;
    this.dropPending();
    this.handlers.status("closed");
    if (this.stopped) return;
    const delay = DELAYS[Math.min(this.attempt, DELAYS.length - 1)];
    this.attempt += 1;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  // Given up for lost without waiting for the browser to notice (it can take minutes).
  lost() {
    const old = this.ws;
    if (!old || this.stopped) return;
    old.close();
    this.closed();
  }

  // The network is back: try now rather than at the next planned time.
  retryNow() {
    if (this.stopped || this.ws) return;
    clearTimeout(this.timer);
    this.attempt = 0;
    this.connect();
  }

  ping() {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN || this.pinged !== null) return;
    this.pinged = performance.now();
    this.ws.send(JSON.stringify({ v: 1, type: "ping" }));
  }

  check() {
    if (!this.ws) return;
    const now = performance.now();
    if (this.ws.readyState === WebSocket.CONNECTING && now - this.heard > OPEN_MS) this.lost();
    if (this.ws === null || this.ws.readyState !== WebSocket.OPEN) return;
    if (this.pinged !== null && now - this.pinged > ANSWER_MS) this.lost();
    else if (now - this.heard > QUIET_MS) this.ping();
  }

  receive(msg) {
    if (msg.type === "pong") return; // heard: that is all it says
    if (msg.type === "state") {
      if (msg.view === undefined && msg.delta) {
        if (this.view === null) {
          this.ws.close(); // a delta with nothing to apply it to: connect again for a full view
          return;
        }
        const { delta, ...rest } = msg;
        msg = { ...rest, view: applyDelta(this.view, delta) };
      }
      if (msg.view !== undefined) this.view = msg.view;
      if (msg.legal === undefined) msg = { ...msg, legal: this.legal };
      this.legal = msg.legal;
    }
    let cause = null;
    if ((msg.type === "ack" || msg.type === "error") && msg.id !== undefined && this.sent.has(msg.id)) {
      const sent = this.sent.get(msg.id);
      this.sent.delete(msg.id);
      cause = sent.type;
      if (msg.type === "ack" && sent.resolve) sent.resolve(msg);
      if (msg.type === "error" && sent.reject) sent.reject(msg);
    }
    this.handlers.message(msg, cause);
  }

  // Send a message; false if there is no open connection to send it on.
  send(type, fields = {}) {
    return this.post(type, fields, {}) !== null;
  }

  // Send a message the server acknowledges (an action): resolved by its ack, rejected by its error.
  // `id`: the id it had when sent before (its answer lost with the connection): the server answers
  // a repeated id without making the action again.
  request(type, fields = {}, id = null) {
    return new Promise((resolve, reject) => {
      if (this.post(type, fields, { resolve, reject }, id) === null) reject(localError("not_connected", id));
    });
  }

  post(type, fields, answer, again = null) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    const id = again ?? this.nextId++;
    this.ws.send(JSON.stringify({ v: 1, type, ...fields, id }));
    this.sent.set(id, { type, ...answer });
    this.forgetOld();
    return id;
  }

  // Messages that get no answer when all is well (sit, stream, ...) are remembered for a while only.
  forgetOld() {
    if (this.sent.size <= REMEMBERED) return;
    for (const [id, sent] of this.sent) {
      if (!sent.reject) {
        this.sent.delete(id);
        return;
      }
    }
  }

  // A closed connection answers nothing more: whatever waits for an answer is told so.
  dropPending() {
    const waiting = [...this.sent.entries()];
    this.sent.clear();
    for (const [id, sent] of waiting) if (sent.reject) sent.reject(localError("connection_lost", id));
  }

  // Close and open again at once (e.g. to send a new hello after a name change).
  reconnect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    const old = this.ws;
    this.ws = null;
    this.dropPending();
    if (old) old.close();
    this.attempt = 0;
    this.connect();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.watch !== null) {
      clearInterval(this.watch);
      window.removeEventListener("offline", this.onOffline);
      window.removeEventListener("online", this.onOnline);
      document.removeEventListener("visibilitychange", this.onVisible);
    }
    this.dropPending();
    if (this.ws) this.ws.close();
  }
}
